/**
 * An NFKC view of a text with a map back to source offsets, so a secret typed in fullwidth or other
 * compatibility forms is still found and redacted in the original (sanitize-secrets.ts redactSecrets).
 *
 * The view is each code point's NFKC form, in order. Almost every character is its own NFKC form (all of
 * ASCII and the C1 controls, Latin letters with accents, CJK, emoji), so only the characters that change
 * are recorded; the runs between them map one to one. This used to record two offsets for every UTF-16
 * unit and normalise each character on its own: for a chat import that was 40 % of everything the import
 * allocated (a whole ChatGPT export's messages pass through here), which drove the young generation's
 * collections fast enough to promote live chats and grow the old generation (issue: import memory).
 */

export interface MappedView {
  view: string;
  /** Source range [start, end) for view range [start, end). */
  toSource(start: number, end: number): [number, number];
}

/** One character whose NFKC form differs from it. */
interface Change {
  /** Where its NFKC form starts in the view, and its length there. */
  view: number;
  viewLength: number;
  /** Where it starts in the source, and its length there (2 for a surrogate pair). */
  source: number;
  sourceLength: number;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;
/** Below U+00A0 (no-break space, NFKC " ") every character is its own NFKC form. */
const FIRST_CHANGEABLE = 0xa0;

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

export function nfkcView(text: string): MappedView {
  if (ASCII_ONLY.test(text)) return { view: text, toSource: (start, end) => [start, end] };
  const changes: Change[] = [];
  const parts: string[] = [];
  let copied = 0;
  let shift = 0; // view offset minus source offset after the changes so far
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    // A code point, as the string iterator yields it: a surrogate pair together, a lone surrogate alone.
    const length = isHigh(c) && i + 1 < text.length && isLow(text.charCodeAt(i + 1)) ? 2 : 1;
    if (c >= FIRST_CHANGEABLE) {
      const ch = length === 2 ? text.slice(i, i + 2) : text[i];
      const mapped = ch.normalize('NFKC');
      if (mapped !== ch) {
        parts.push(text.slice(copied, i), mapped);
        changes.push({ view: i + shift, viewLength: mapped.length, source: i, sourceLength: length });
        shift += mapped.length - length;
        copied = i + length;
      }
    }
    i += length;
  }
  if (changes.length === 0) return { view: text, toSource: codePointMap(text, changes, text.length) };
  parts.push(text.slice(copied));
  return { view: parts.join(''), toSource: codePointMap(text, changes, text.length + shift) };
}

/**
 * Maps a view range to the source: a range starts where the source character holding its first view
 * unit starts and ends where the character holding its last view unit ends (a range that starts inside
 * a surrogate pair or an expanded character takes the whole character). Outside the view, the source's end.
 */
function codePointMap(text: string, changes: readonly Change[], viewLength: number): MappedView['toSource'] {
  /** [start, end) in the source of the character holding view unit k, or null outside the view. */
  const charAt = (k: number): [number, number] | null => {
    if (!Number.isInteger(k) || k < 0 || k >= viewLength) return null;
    // The last change that starts at or before k (binary search: changes are in view order).
    let lo = 0;
    let hi = changes.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (changes[mid].view <= k) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    let p = k;
    if (found >= 0) {
      const ch = changes[found];
      if (k < ch.view + ch.viewLength) return [ch.source, ch.source + ch.sourceLength];
      p = ch.source + ch.sourceLength + (k - ch.view - ch.viewLength);
    }
    // An unchanged character: a surrogate pair is one character, from either of its halves.
    if (isLow(text.charCodeAt(p)) && p > 0 && isHigh(text.charCodeAt(p - 1))) return [p - 1, p + 1];
    if (isHigh(text.charCodeAt(p)) && p + 1 < text.length && isLow(text.charCodeAt(p + 1))) return [p, p + 2];
    return [p, p + 1];
  };
  const end = text.length;
  return (start, stop) => {
    const first = charAt(start)?.[0] ?? end;
    if (stop <= start) return [first, first];
    return [first, charAt(stop - 1)?.[1] ?? end];
  };
}
