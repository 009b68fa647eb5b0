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

const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SPLIT = /[^a-z0-9]+/;
const UNICODE_SPLIT = /[^\p{L}\p{N}\p{Co}]+/u;

/** The key a token must share with a query stem to be worth stemming (Porter keeps the first letters). */
export function stemKey(word: string): string {
  return word.slice(0, 2);
}

export interface TermScan {
  /** Tokens in the text (the document length). */
  length: number;
  /** Token positions of each wanted stem found. */
  positions: Map<string, number[]>;
}

/**
 * The scoring fast path: counts tokens and records where the wanted stems occur, stemming only tokens
 * that share a stem's first two letters. Same token rules as tokenize(), without offsets.
 */
export function scanTerms(text: string, wanted: ReadonlySet<string>, keys: ReadonlySet<string>): TermScan {
  const lower = text.toLowerCase();
  const ascii = ASCII.test(lower);
  const parts = ascii ? lower.split(ASCII_SPLIT) : lower.normalize('NFD').replace(MARKS, '').split(UNICODE_SPLIT);
  const positions = new Map<string, number[]>();
  let n = 0;
  for (const part of parts) {
    if (!part) continue;
    const pos = n++;
    if (!keys.has(stemKey(part))) continue;
    const s = stem(part);
    if (!wanted.has(s)) continue;
    const list = positions.get(s);
    if (list) list.push(pos);
    else positions.set(s, [pos]);
  }
  return { length: n, positions };
}
