// Tokenizing the way the index does (FTS5 `porter unicode61 remove_diacritics 2`): runs of letters,
// digits and private-use characters, case- and diacritic-folded, then Porter-stemmed. The search code
// re-tokenizes candidate messages with this to score proximity and to highlight matches.
import { porterStem } from './porter';

export interface Token {
  /** UTF-16 offsets into the original text. */
  start: number;
  end: number;
  /** Folded (lower case, no diacritics), unstemmed. */
  norm: string;
  stem: string;
}

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;
const MARKS = /\p{M}+/gu;
const ASCII_WORD = /^[a-z0-9]+$/;

/** Stems are cached: a chat vocabulary is small next to the number of tokens scored per query. */
const STEM_CACHE_MAX = 50_000;
const stemCache = new Map<string, string>();

export function fold(word: string): string {
  const lower = word.toLowerCase();
  return ASCII_WORD.test(lower) ? lower : lower.normalize('NFD').replace(MARKS, '');
}

export function stem(norm: string): string {
  let s = stemCache.get(norm);
  if (s === undefined) {
    s = porterStem(norm);
    if (stemCache.size >= STEM_CACHE_MAX) stemCache.clear();
    stemCache.set(norm, s);
  }
  return s;
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const norm = fold(m[0]);
    if (!norm) continue;
    out.push({ start: m.index, end: m.index + m[0].length, norm, stem: stem(norm) });
  }
  return out;
}

/** Just the stems, for scoring (no offsets kept). */
export function stems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const norm = fold(m[0]);
    if (norm) out.push(stem(norm));
  }
  return out;
}

/** The key a token must share with a query stem to be worth stemming (Porter keeps the first letters). */
export function stemKey(word: string): string {
  return word.slice(0, 2);
}

/**
 * The leading character codes of ASCII words worth stemming ("ca" → 0x63_61), each with the length of the
 * shortest wanted stem that starts so: ASCII words are matched without a string, and a word shorter than
 * that is passed over (Porter never lengthens a word: every rule of porter.ts removes a suffix or puts one
 * no longer in its place, and an ASCII word's lower case is as long as it).
 */
export type KeyCodes = { get(code: number): number | undefined };

export function stemKeyCodes(stems: Iterable<string>): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of stems) {
    const code = s.length > 1 ? (s.charCodeAt(0) << 8) | s.charCodeAt(1) : s.charCodeAt(0) << 8;
    const had = out.get(code);
    if (had === undefined || s.length < had) out.set(code, s.length);
  }
  return out;
}

export interface TermScan {
  /** Tokens in the text (the document length). */
  length: number;
  /** Token positions of each wanted stem found. */
  positions: Map<string, number[]>;
}

const WORD_CHAR = /[\p{L}\p{N}\p{Co}]/u;

/** a-z, 0-9 → the lower-case code; other ASCII → 0; non-ASCII → -1 (decide with WORD_CHAR). */
function asciiClass(c: number): number {
  if (c >= 97 && c <= 122) return c;
  if (c >= 65 && c <= 90) return c + 32;
  if (c >= 48 && c <= 57) return c;
  return c < 128 ? 0 : -1;
}

/**
 * Walks the words of a text with the same token rules as tokenize(), calling `visit` only for words
 * whose first two letters are those of a wanted stem (no string is made for the others). Returns the
 * number of tokens (the document length).
 */
export function walkWords(
  text: string,
  keys: ReadonlySet<string>,
  keyCodes: KeyCodes,
  visit: (word: string, pos: number, start: number, end: number) => void,
): number {
  const len = text.length;
  let n = 0;
  let i = 0;
  while (i < len) {
    // Find the next word character.
    let c = text.charCodeAt(i);
    let cls = asciiClass(c);
    let width = 1;
    if (cls < 0) {
      const cp = text.codePointAt(i)!;
      width = cp > 0xffff ? 2 : 1;
      if (!WORD_CHAR.test(String.fromCodePoint(cp))) {
        i += width;
        continue;
      }
    } else if (cls === 0) {
      i++;
      continue;
    }
    // A word: runs while word characters follow.
    const start = i;
    let ascii = cls > 0;
    const first = cls;
    let second = 0;
    i += width;
    while (i < len) {
      c = text.charCodeAt(i);
      cls = asciiClass(c);
      if (cls > 0) {
        if (!second) second = cls;
        i++;
        continue;
      }
      if (cls === 0) break;
      const cp = text.codePointAt(i)!;
      if (!WORD_CHAR.test(String.fromCodePoint(cp))) break;
      ascii = false;
      i += cp > 0xffff ? 2 : 1;
    }
    const pos = n++;
    if (ascii) {
      const shortest = keyCodes.get(second ? (first << 8) | second : first << 8);
      if (shortest !== undefined && i - start >= shortest) visit(text.slice(start, i).toLowerCase(), pos, start, i);
    } else {
      const word = fold(text.slice(start, i));
      if (keys.has(stemKey(word))) visit(word, pos, start, i);
    }
  }
  return n;
}

/** The scoring fast path: document length and where the wanted stems occur. */
export function scanTerms(text: string, wanted: ReadonlySet<string>, keys: ReadonlySet<string>, keyCodes: KeyCodes = stemKeyCodes(wanted)): TermScan {
  const positions = new Map<string, number[]>();
  const length = walkWords(text, keys, keyCodes, (word, pos) => {
    const s = stem(word);
    if (!wanted.has(s)) return;
    const list = positions.get(s);
    if (list) list.push(pos);
    else positions.set(s, [pos]);
  });
  return { length, positions };
}

/** Every word: a key set that holds everything (walkWords then visits each word). */
const EVERY: ReadonlySet<never> = { has: () => true } as unknown as ReadonlySet<never>;
/** Every ASCII word, of any length. */
const EVERY_CODE: KeyCodes = { get: () => 0 };

/** walkWords over every word of the text (no wanted stems to narrow it), for scans kept and reused. */
export function walkEveryWord(text: string, visit: (word: string, pos: number, start: number, end: number) => void): number {
  return walkWords(text, EVERY, EVERY_CODE, visit);
}

/**
 * A text's every stem with its positions, and its length: what scanTerms finds for any query, computed
 * once. For texts scored again and again against new queries (a scope's facts, at every search).
 */
export function scanAll(text: string): TermScan {
  const positions = new Map<string, number[]>();
  const length = walkEveryWord(text, (word, pos) => {
    const s = stem(word);
    const list = positions.get(s);
    if (list) list.push(pos);
    else positions.set(s, [pos]);
  });
  return { length, positions };
}

/** The part of a full scan (scanAll) that scanTerms would have found for these stems. */
export function narrowScan(all: TermScan, wanted: ReadonlySet<string>): TermScan {
  const positions = new Map<string, number[]>();
  for (const s of wanted) {
    const list = all.positions.get(s);
    if (list) positions.set(s, list);
  }
  return { length: all.length, positions };
}

/** [start, end) offsets of the words whose stem is wanted. */
export function matchRanges(text: string, wanted: ReadonlySet<string>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const keys = new Set([...wanted].map(stemKey));
  walkWords(text, keys, stemKeyCodes(wanted), (word, _pos, start, end) => {
    if (wanted.has(stem(word))) out.push([start, end]);
  });
  return out;
}
