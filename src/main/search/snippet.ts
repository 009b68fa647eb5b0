// Snippets: the part of a message around its densest run of matches, whitespace-collapsed, with the
// matched words' ranges so each surface (UI, CLI, tool) can mark them its own way.
import { markdownToPlain } from './plain-text';
import { matchRanges } from './text';

export interface Snippet {
  text: string;
  /** [start, end) offsets into `text`. */
  highlights: Array<[number, number]>;
}

export const SNIPPET_CHARS = 240;
const ELLIPSIS = '…';

const SPACE_RUN = /\s\s|[^\S ]/;

export function makeSnippet(content: string, stems: ReadonlySet<string>, maxChars = SNIPPET_CHARS): Snippet {
  const plain = markdownToPlain(content); // read as text, not Markdown source (issue 17)
  const text = (SPACE_RUN.test(plain) ? plain.replace(/\s+/g, ' ') : plain).trim();
  const hits = matchRanges(text, stems).map(([start, end]) => ({ start, end }));
  let start = 0;
  if (text.length > maxChars && hits.length) {
    // The window holding the most matches; it starts a little before the first of them.
    let best = 0;
    let bestCount = 0;
    for (let i = 0, j = 0; i < hits.length; i++) {
      while (j < hits.length && hits[j].end - hits[i].start <= maxChars) j++;
      if (j - i > bestCount) {
        bestCount = j - i;
        best = i;
      }
    }
    start = Math.max(0, Math.min(hits[best].start - Math.floor(maxChars / 5), text.length - maxChars));
    const space = text.lastIndexOf(' ', start);
    if (start > 0 && space >= 0 && start - space < 20) start = space + 1;
  }
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + maxChars / 2) end = space;
  }
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < text.length ? ELLIPSIS : '';
  const shift = prefix.length - start;
  const highlights = hits.filter((h) => h.start >= start && h.end <= end).map((h): [number, number] => [h.start + shift, h.end + shift]);
  return { text: prefix + text.slice(start, end) + suffix, highlights };
}

/** Renders highlights with markers, e.g. `**…**` for Markdown or ANSI bold for a terminal. */
export function markHighlights(s: Snippet, open: string, close: string): string {
  let out = '';
  let at = 0;
  for (const [a, b] of s.highlights) {
    out += s.text.slice(at, a) + open + s.text.slice(a, b) + close;
    at = b;
  }
  return out + s.text.slice(at);
}
