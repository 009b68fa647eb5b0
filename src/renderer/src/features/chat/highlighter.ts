// rehype-highlight and highlight.js's ~40 languages (160 kB, a seventh of the first screen's script)
// are fetched only once a message with a fenced code block is shown. Until then such a block is
// drawn plain, with the same text and size; when the highlighter arrives, those messages draw again.
import type { Pluggable } from 'unified';

/** A fence opening a code block that names its language: only those are highlighted (detect: false). */
const LANGUAGE_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*[^\s`~]/m;

export function wantsHighlight(text: string): boolean {
  return LANGUAGE_FENCE.test(text);
}

let plugins: Pluggable[] = [];
let version = 0;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** The rehype plugins to render with now: none until the highlighter has loaded. */
export function rehypePlugins(): Pluggable[] {
  return plugins;
}

/** Changes once, when the highlighter has loaded (for useSyncExternalStore). */
export function highlighterVersion(): number {
  return version;
}

export function onHighlighterLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts loading the highlighter (once). A failed load leaves code blocks plain and is tried again by
 * the next message that asks, so a brief network hiccup does not cost highlighting for good.
 */
export function loadHighlighter(): void {
  if (loading || version > 0) return;
  loading = import('rehype-highlight').then(
    ({ default: rehypeHighlight }) => {
      // react-markdown builds a new processor on every render, which runs each plugin's setup again; for
      // rehype-highlight that setup registers ~40 languages (about 15 ms a message). Set it up once and
      // hand the same transformer to every processor. Guessing a language is slow and often wrong.
      const highlight = rehypeHighlight({ detect: false });
      plugins = [() => highlight];
      version += 1;
      for (const listener of listeners) listener();
    },
    () => {
      loading = null;
    },
  );
}
