// The selected scope's facts, each with its source under it. Keyboard: ↑/↓ (Home/End) move between
// facts, Enter or F2 (or a double-click) edits inline (Enter saves, Escape cancels), Delete forgets (undo
// in the bar below), Tab reaches the focused fact's source link. Read-only when showing a past moment.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Fact, FactView } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { FactSourceLine } from './FactSourceLine';
import { OriginChip } from './OriginChip';
import { FactText } from './FactText';
import { Glyph } from './Glyph';
import { useFacts } from './store';

/** How long a highlighted fact (just written, or opened from a link) stays lit. */
const FLASH_MS = 2400;
/** A flash not shown within this long (its list was not on screen) is old news: never shown later. */
export const FLASH_FRESH_MS = 8000;

export function FactList({ facts, query, emptyText, readOnly = false }: { facts: FactView[]; query: string; emptyText: string; readOnly?: boolean }) {
  const listRef = useRef<HTMLDivElement>(null);
  const flash = useFacts((s) => s.flash);
  const [lit, setLit] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);

  // Scroll to and light up the flashed fact once it is rendered (once per flash: a later reload of the
  // list must not scroll back to it).
  const handled = useRef(0);
  useEffect(() => {
    if (!flash || flash.seq === handled.current) return;
    if (Date.now() - flash.at > FLASH_FRESH_MS) {
      useFacts.getState().flashShown(flash.seq);
      return;
    }
    const row = listRef.current?.querySelector<HTMLElement>(`[data-fact-id="${CSS.escape(flash.id)}"]`);
    if (!row) return;
    handled.current = flash.seq;
    // Consumed: a later mount of this list (another view, the tab again) does not light it up again.
    useFacts.getState().flashShown(flash.seq);
    row.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    setLit(flash.id);
    setFocusId(flash.id);
  }, [flash, facts]);
  useEffect(() => {
    if (!lit) return;
    const timer = setTimeout(() => setLit(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [lit]);

  function focusFact(id: string) {
    setFocusId(id);
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-fact-id="${CSS.escape(id)}"]`);
      // Already there (the person got to it first, or is typing in its editor): moving focus to the
      // row now would blur that editor, and a blurred editor closes.
      if (!row || row.contains(document.activeElement)) return;
      row.focus();
    });
  }

  if (facts.length === 0) {
    return (
      <div className="facts-empty" data-testid="facts-empty">
        {emptyText}
      </div>
    );
  }

  const tabStop = facts.some((f) => f.id === focusId) ? focusId : facts[0].id;
  return (
    <div className="fact-list" role="list" aria-label="Facts" ref={listRef} data-testid="fact-list">
      {facts.map((fact, index) => (
        <FactRow
          key={fact.id}
          fact={fact}
          query={query}
          readOnly={readOnly}
          lit={lit === fact.id}
          tabbable={fact.id === tabStop}
          onFocusSelf={() => setFocusId(fact.id)}
          onMove={(delta) => {
            const next = delta === 'first' ? facts[0] : delta === 'last' ? facts.at(-1) : facts[index + delta];
            if (next) focusFact(next.id);
          }}
          onForgotten={() => {
            const neighbour = facts[index + 1] ?? facts[index - 1];
            if (neighbour) focusFact(neighbour.id);
          }}
          onEdited={(id) => focusFact(id)}
        />
      ))}
    </div>
  );
}

function FactRow(props: {
  fact: FactView;
  query: string;
  readOnly: boolean;
  lit: boolean;
  tabbable: boolean;
  onFocusSelf(): void;
  onMove(delta: 1 | -1 | 'first' | 'last'): void;
  onForgotten(): void;
  onEdited(id: string): void;
}) {
  const { fact, query, lit, tabbable, readOnly } = props;
  const editing = useFacts((s) => s.editingId === fact.id) && !readOnly;
  const { startEdit, forget } = useFacts.getState();

  async function doForget() {
    if (await forget(fact)) props.onForgotten();
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (editing || e.target !== e.currentTarget) return;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        props.onMove(1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        props.onMove(-1);
        break;
      case 'Home':
        e.preventDefault();
        props.onMove('first');
        break;
      case 'End':
        e.preventDefault();
        props.onMove('last');
        break;
      case 'Enter':
      case 'F2':
        if (readOnly) break;
        e.preventDefault();
        startEdit(fact.id);
        break;
      case 'Delete':
      case 'Backspace':
        if (readOnly) break;
        e.preventDefault();
        void doForget();
        break;
    }
  }

  return (
    <div
      role="listitem"
      tabIndex={tabbable ? 0 : -1}
      className={`fact-row${editing ? ' is-editing' : ''}${lit ? ' is-lit' : ''}`}
      data-testid="fact"
      data-fact-id={fact.id}
      title={editing || readOnly ? undefined : 'Double-click or Enter to edit · Delete to forget'}
      aria-keyshortcuts={editing || readOnly ? undefined : 'Enter Delete'}
      onFocus={(e) => e.target === e.currentTarget && props.onFocusSelf()}
      onKeyDown={onKeyDown}
      onDoubleClick={() => !editing && !readOnly && startEdit(fact.id)}
    >
      <span className="fact-bullet" aria-hidden="true" />
      {editing ? (
        <FactEditor fact={fact} onDone={props.onEdited} />
      ) : (
        <>
          <div className="fact-main">
            <div className="fact-text selectable" data-testid="fact-text">
              <FactText text={fact.text} query={query} />
            </div>
            <div className="fact-origin-row">
              <OriginChip originClass={fact.originClass} app={fact.source.actor === 'mcp' ? fact.source.detail : null} />
              <FactSourceLine source={fact.source} linkable={tabbable} />
            </div>
          </div>
          <FactId id={fact.id} />
          {/* Visible, labelled and reachable by Tab from the fact in focus (issue 29 §5: they were icons
              reachable only by Enter/Delete, explained only in a tooltip). */}
          {readOnly ? null : (
            <span className="fact-actions">
              <FactAction tabbable={tabbable} label={`Edit “${fact.text}”`} keys="Enter" title="Edit (Enter on the fact)" testId="fact-edit" icon="pencil" onClick={() => startEdit(fact.id)}>
                Edit
              </FactAction>
              <FactAction danger tabbable={tabbable} label={`Forget “${fact.text}”`} keys="Delete" title="Forget (Delete on the fact) — can be undone" testId="fact-forget" icon="trash" onClick={() => void doForget()}>
                Forget
              </FactAction>
            </span>
          )}
        </>
      )}
    </div>
  );
}

/** The id, small and monospace; a click copies it. */
function FactId({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1400);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={`fact-id mono selectable${copied ? ' is-copied' : ''}`}
      tabIndex={-1}
      title={copied ? 'Copied' : 'Fact id (a hash of its text) — click to copy'}
      aria-label={`Copy fact id ${id}`}
      data-testid="fact-id"
      onClick={(e) => {
        e.stopPropagation();
        void copyText(id).then(setCopied);
      }}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      {copied ? <Icon name="check" size={11} /> : <Glyph name="copy" size={11} />}
      {id}
    </button>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (an insecure context): the id is selectable text, so it can still be copied by hand.
    return false;
  }
}

function FactEditor({ fact, onDone }: { fact: Fact; onDone(id: string): void }) {
  const [value, setValue] = useState(fact.text);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);
  const settled = useRef(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  async function commit() {
    if (settled.current || saving) return;
    const text = value.trim();
    if (text === '' || text === fact.text) return cancel();
    settled.current = true;
    setSaving(true);
    const result = await useFacts.getState().edit(fact.id, text);
    setSaving(false);
    if (!result || result.status === 'rejected' || result.status === 'refused') {
      // Kept open with the reason beside it, so the text can be fixed rather than retyped.
      settled.current = false;
      setError(result?.reason ?? 'Not saved.');
      ref.current?.focus();
      return;
    }
    onDone(result.fact?.id ?? fact.id);
  }

  function cancel() {
    settled.current = true;
    useFacts.getState().stopEdit();
    onDone(fact.id);
  }

  return (
    <div className="fact-editor">
      <textarea
        ref={ref}
        className={`input textarea fact-edit-input${error ? ' is-invalid' : ''}`}
        data-testid="fact-edit-input"
        aria-label="Fact text"
        aria-invalid={error ? true : undefined}
        rows={1}
        maxLength={4000}
        value={value}
        disabled={saving}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            void commit();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            cancel();
          }
        }}
        onBlur={() => {
          // Leaving the field saves (like renaming a session); a rejected edit stays open instead.
          if (!error) void commit();
        }}
      />
      {error ? (
        <div className="fact-edit-error" role="alert" data-testid="fact-edit-error">
          {error}
        </div>
      ) : (
        <div className="fact-edit-hint">Enter saves · Esc cancels · a fact is one line</div>
      )}
    </div>
  );
}

/** A fact's visible action: a labelled button, reachable by Tab only from the fact in focus. */
function FactAction(props: { tabbable: boolean; label: string; keys: string; title: string; testId: string; icon: 'pencil' | 'trash'; danger?: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      className={`button button-small button-quiet${props.danger ? ' button-danger-text' : ''} fact-action`}
      tabIndex={props.tabbable ? 0 : -1}
      aria-label={props.label}
      aria-keyshortcuts={props.keys}
      title={props.title}
      data-testid={props.testId}
      onClick={props.onClick}
    >
      <Icon name={props.icon} size={13} />
      {props.children}
    </button>
  );
}
