// CodeMirror with Markdown highlighting, themed from the app's CSS variables so it follows light/dark
// without being rebuilt (only the `dark` flag, for CodeMirror's own panels, tracks <html data-theme>).
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import CodeMirror, { EditorView, keymap, Prec, type Extension, type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, useState } from 'react';

const markdownHighlight = HighlightStyle.define([
  { tag: t.heading1, fontWeight: '700', fontSize: '1.16em', color: 'var(--md-heading)' },
  { tag: t.heading2, fontWeight: '700', fontSize: '1.08em', color: 'var(--md-heading)' },
  { tag: [t.heading3, t.heading4, t.heading5, t.heading6], fontWeight: '650', color: 'var(--md-heading)' },
  { tag: t.strong, fontWeight: '700' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: [t.link, t.labelName], color: 'var(--md-link)' },
  { tag: t.url, color: 'var(--md-url)', textDecoration: 'underline' },
  { tag: t.monospace, color: 'var(--md-code)' },
  { tag: t.quote, color: 'var(--md-quote)', fontStyle: 'italic' },
  // The markup itself (#, *, -, >, ```, [](…)) recedes so the words read first.
  { tag: [t.processingInstruction, t.contentSeparator, t.meta], color: 'var(--md-mark)' },
  { tag: t.comment, color: 'var(--text-faint)' },
]);

function editorTheme(dark: boolean): Extension {
  return EditorView.theme(
    {
      '&': { height: '100%', backgroundColor: 'var(--surface)', color: 'var(--text)', fontSize: '13.5px' },
      '&.cm-focused': { outline: 'none' },
      '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6' },
      '.cm-content': { padding: '14px 0 40px', caretColor: 'var(--accent)' },
      '.cm-line': { padding: '0 18px 0 12px' },
      '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--text-faint)', borderRight: '1px solid var(--border)' },
      '.cm-lineNumbers .cm-gutterElement': { padding: '0 10px 0 14px', minWidth: '42px' },
      '.cm-activeLine': { backgroundColor: 'var(--md-active-line)' },
      '.cm-activeLineGutter': { backgroundColor: 'var(--md-active-line)', color: 'var(--text-muted)' },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)', borderLeftWidth: '2px' },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
        backgroundColor: 'var(--md-selection) !important',
      },
      '.cm-selectionMatch': { backgroundColor: 'var(--accent-soft)' },
      '.cm-placeholder': { color: 'var(--text-faint)' },
      '.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)', borderColor: 'var(--border)' },
      '.cm-searchMatch': { backgroundColor: 'var(--warn-soft)', outline: '1px solid var(--warn-border)' },
    },
    { dark },
  );
}

/** Follows <html data-theme>, which the shell sets from the OS or config. */
function useDarkTheme(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.dataset.theme === 'dark');
  useEffect(() => {
    const root = document.documentElement;
    const observer = new MutationObserver(() => setDark(root.dataset.theme === 'dark'));
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

export function MarkdownEditor(props: {
  value: string;
  readOnly: boolean;
  placeholder: string;
  label: string;
  onChange(value: string): void;
  onSave(): void;
  /** Put the cursor at the start of this 1-based line and focus the editor; `seq` repeats a request for the same line. */
  focusLine?: { line: number; seq: number } | null;
}) {
  const dark = useDarkTheme();
  const cm = useRef<ReactCodeMirrorRef>(null);
  useEffect(() => {
    const view = cm.current?.view;
    if (!props.focusLine || !view) return;
    const n = Math.min(Math.max(1, props.focusLine.line), view.state.doc.lines);
    view.dispatch({ selection: { anchor: view.state.doc.line(n).from }, scrollIntoView: true });
    view.focus();
  }, [props.focusLine]);
  // The save callback changes every render; the keymap reads it through a ref so the editor is not rebuilt.
  const onSave = useRef(props.onSave);
  onSave.current = props.onSave;

  const extensions = useMemo(
    () => [
      markdown({ base: markdownLanguage }),
      syntaxHighlighting(markdownHighlight),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': props.label }),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-s',
            preventDefault: true,
            run: () => {
              onSave.current();
              return true;
            },
          },
        ]),
      ),
    ],
    [props.label],
  );
  const theme = useMemo(() => editorTheme(dark), [dark]);

  return (
    <CodeMirror
      ref={cm}
      className="md-editor"
      data-testid="core-editor"
      value={props.value}
      height="100%"
      theme={theme}
      extensions={extensions}
      editable={!props.readOnly}
      readOnly={props.readOnly}
      placeholder={props.placeholder}
      basicSetup={{
        lineNumbers: true,
        foldGutter: false,
        highlightActiveLine: true,
        highlightActiveLineGutter: true,
        autocompletion: false,
        bracketMatching: false,
        closeBrackets: false,
        syntaxHighlighting: false,
        searchKeymap: true,
      }}
      onChange={props.onChange}
    />
  );
}
