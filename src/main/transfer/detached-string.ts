// A string from the import file, copied out of the block of text it was read from.
//
// The streaming parser cuts each value out of the block it is reading (json-stream.ts), and V8 makes such
// a cut a "sliced string": a view that keeps the whole block alive. A block with one character beyond
// Latin-1 (an emoji, a curly quote, 東京) is held as two bytes a character, so every title and message
// kept until its chat is written held 2× a whole read block with it. Held across the processing of a
// chat, those blocks outlived the young generation's collections and were promoted, filling the old
// generation with garbage only a full collection frees: the import's peak grew with the machine's load
// (issue: import memory measured 1.6× the file idle, 2.7× with both cores busy).
//
// The copy is built fresh from UTF-8, so it is also stored in the narrowest form its own characters
// allow: an ASCII title cut from a two-byte block becomes a one-byte string again, which the sanitizer's
// patterns scan without compiling a second, two-byte version of themselves.

/** With the `u` flag a surrogate range matches only a surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** A copy of `text` that shares no memory with the string it was cut from; the same characters exactly. */
export function detachedString(text: string): string {
  if (text.length === 0) return '';
  // UTF-8 cannot carry a lone surrogate (it would come back as U+FFFD): such a text (rare, and cleaned
  // later like any other) is copied through JSON, which escapes and restores it exactly.
  if (LONE_SURROGATE.test(text)) return JSON.parse(JSON.stringify(text)) as string;
  return Buffer.from(text, 'utf8').toString('utf8');
}
