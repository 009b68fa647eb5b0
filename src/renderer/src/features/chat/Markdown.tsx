// Markdown as chat apps show it: GFM (tables, task lists, strikethrough, autolinks), code blocks
// highlighted by language with a copy button. Raw HTML is never rendered, and images are shown as links:
// a reply must not make the app fetch remote URLs (the CSP would refuse them anyway).
import { memo, useEffect, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './CopyButton';
import { highlighterVersion, loadHighlighter, onHighlighterLoaded, rehypePlugins, wantsHighlight } from './highlighter';

/** The hast node react-markdown passes to components, as far as this file reads it. */
interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

function textOf(node: HastNode | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function languageOf(node: HastNode | undefined): string | null {
  const code = node?.children?.find((c) => c.tagName === 'code');
  const classes = code?.properties?.className;
  if (!Array.isArray(classes)) return null;
  const lang = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return lang ? lang.slice('language-'.length) : null;
}

function CodeBlock({ node, children }: { node?: unknown; children?: ReactNode }) {
  const hast = node as HastNode | undefined;
  const language = languageOf(hast);
  return (
    <div className="md-code" data-testid="code-block" data-language={language ?? undefined}>
      <div className="md-code-head">
        <span className="md-code-lang">{language ?? 'text'}</span>
        <CopyButton text={() => textOf(hast).replace(/\n$/, '')} label="Copy code" className="md-code-copy" testId="copy-code" showLabel />
      </div>
      <pre>{children}</pre>
    </div>
  );
}

const components: Components = {
  pre: CodeBlock,
  a: ({ node: _node, href, children, ...rest }) => (
    <a {...rest} href={href} target="_blank" rel="noreferrer noopener" title={href}>
      {children}
    </a>
  ),
  img: ({ src, alt }) => (
    <a className="md-image-link" href={typeof src === 'string' ? src : undefined} target="_blank" rel="noreferrer noopener" title={typeof src === 'string' ? src : undefined}>
      {alt ? `Image: ${alt}` : 'Image'}
    </a>
  ),
  table: ({ node: _node, children, ...rest }) => (
    <div className="md-table-wrap">
      <table {...rest}>{children}</table>
    </div>
  ),
};

const remarkPlugins = [remarkGfm];

/**
 * Parsed and highlighted output by source text. A virtualised list mounts a row again each time it
 * scrolls back into view; parsing and highlighting are the expensive part, and the element tree they
 * produce is immutable, so it is kept. Bounded, oldest out first.
 */
const parsed = new Map<string, ReactElement>();
/** A few screens' worth of rows in both directions, with room for long replies. */
const PARSED_MAX = 600;

/** The highlighter version the kept trees were drawn with: they are dropped when it arrives. */
let parsedWith = highlighterVersion();

function render(text: string, cache: boolean): ReactElement {
  if (parsedWith !== highlighterVersion()) {
    parsed.clear();
    parsedWith = highlighterVersion();
  }
  const hit = cache ? parsed.get(text) : undefined;
  if (hit) return hit;
  // react-markdown's synchronous `Markdown` is a pure function of its props (no hooks).
  const tree = ReactMarkdown({ remarkPlugins, rehypePlugins: rehypePlugins(), components, children: text });
  if (cache) {
    parsed.set(text, tree);
    if (parsed.size > PARSED_MAX) parsed.delete(parsed.keys().next().value as string);
  }
  return tree;
}

/** `streaming`: the text is a reply still arriving; each version is shown once, so it is not kept. */
export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const highlights = wantsHighlight(text);
  // Only a message with a code block to colour draws again when the highlighter arrives.
  useSyncExternalStore(onHighlighterLoaded, () => (highlights ? highlighterVersion() : 0));
  useEffect(() => {
    if (highlights) loadHighlighter();
  }, [highlights]);
  return <div className="md">{render(text, !streaming)}</div>;
});
