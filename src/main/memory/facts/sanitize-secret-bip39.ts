/**
 * Wallet recovery phrases (BIP39): 12 to 24 words from one official wordlist, which is all a thief needs
 * to empty the wallet. They are ordinary words, so a shape rule cannot see them and a label may be missing
 * ("Keep this safe!\n<24 words>"); the wordlist can. A run of at least 12 words from one list (numbered or
 * not, one per line or in columns) is a phrase when something more than chance says so:
 *
 *   - its checksum holds (the last word carries 4–8 bits of a hash of the others: a random word list
 *     passes 1 time in 16 at 12 words, 1 in 256 at 24), or
 *   - its words are numbered ("1. wave 2. unknown …"), which nobody does to a shopping list of 12, or
 *   - the sentence before it names a seed, a wallet or a recovery phrase, in any of the app's languages.
 *
 * The wordlists are the official ones, shipped by @scure/bip39 (never copied here).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { allMatches } from './sanitize-regex-scan';

// The library and its six lists are required with the index (wordIndex), not imported at start: ~40 ms of
// every process's start, for texts of 12 words or more. (Node loads these ES modules synchronously.)
const requireHere = createRequire(import.meta.url);
const LIST_NAMES = ['english', 'spanish', 'french', 'italian', 'portuguese', 'czech'] as const;
let bip39: typeof import('@scure/bip39') | null = null;

export interface PhraseSpan {
  start: number;
  end: number;
  kind: 'seed-phrase';
}

/** BIP39 allows 12, 15, 18, 21 or 24 words. */
const MIN_WORDS = 12;
const MAX_WORDS = 24;
const VALID_LENGTHS = [24, 21, 18, 15, 12];

/** Accents are optional when people copy a Spanish or French phrase by hand; BIP39 itself compares NFKD forms. */
function fold(word: string): string {
  return ASCII_WORD.test(word) ? word.toLowerCase() : word.normalize('NFKD').replace(/\p{Mn}/gu, '').toLowerCase();
}
const ASCII_WORD = /^[A-Za-z]*$/;

/**
 * fold() for a match of WORD, whose characters are all letters: then "ASCII" is "every code unit below
 * 128", which a loop tells faster than ASCII_WORD (this runs once per word of every text). Other words are
 * few and repeat ("café", "Zürich"), and their NFKD fold costs ~50 ASCII ones: they are remembered.
 */
function foldWord(word: string): string {
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) > 127) {
      let folded = foldedWords.get(word);
      if (folded === undefined) {
        if (foldedWords.size >= MAX_FOLDED_WORDS) foldedWords.clear();
        folded = fold(word);
        foldedWords.set(word, folded);
      }
      return folded;
    }
  }
  return word.toLowerCase();
}
/** A memo of a pure function, so sharing it between texts changes no result; bounded, as texts are untrusted. */
const foldedWords = new Map<string, string>();
const MAX_FOLDED_WORDS = 4096;

interface Wordlist {
  words: readonly string[];
  /** Folded form → the list's own spelling, which the checksum is computed over. */
  folded: ReadonlyMap<string, string>;
  /** Folded form → the word's 11 bits (its place in the list). */
  bits: ReadonlyMap<string, number>;
}

interface Index {
  lists: Wordlist[];
  /** Folded word → a bit per list that holds it: one lookup per word of the text, whatever the number of lists. */
  membership: ReadonlyMap<string, number>;
}

/** Built on first use: six maps of 2,048 words is work a process that never sees a phrase should not do. */
let index: Index | null = null;
function wordIndex(): Index {
  if (index) return index;
  bip39 = requireHere('@scure/bip39') as typeof import('@scure/bip39');
  const wordlists = LIST_NAMES.map((name) => (requireHere(`@scure/bip39/wordlists/${name}.js`) as { wordlist: string[] }).wordlist);
  const lists = wordlists.map((words) => ({
    words,
    folded: new Map(words.map((w) => [fold(w), w])),
    bits: new Map(words.map((w, i) => [fold(w), i])),
  }));
  const membership = new Map<string, number>();
  lists.forEach((list, i) => {
    for (const w of list.folded.keys()) membership.set(w, (membership.get(w) ?? 0) | (1 << i));
  });
  index = { lists, membership };
  return index;
}

/** A word of the Latin-script lists: 3–8 letters (accents allowed). */
const WORD = /(?<![\p{L}\p{N}_])\p{L}{3,8}(?![\p{L}\p{N}_])/gu;
/**
 * What may stand between two words of one phrase: spaces and line breaks, a number with its mark
 * ("2.", "10)", "7-"), list bullets, commas and bars. Anything else (a sentence's small words, a full stop
 * followed by prose) ends the run.
 */
const GAP = /^(?:[\s,;|•·*\-–—.()\[\]]|\d{1,2}[.):\-–]?)*$/u;
const MAX_GAP = 16;
const NUMBERED_GAP = /\d/;

/** Words in front of a phrase that say what it is (lowercase; matched on the folded sentence). */
const PHRASE_LABEL =
  /\b(?:seed|mnemonic|recovery|backup|restore|wallet|ledger|trezor|metamask|electrum|phantom|exodus|bip-?39|(?:12|15|18|24|recovery|seed|backup|secret|mnemonic|wallet|restore)[ -]?(?:words?|phrase)|frase|semilla|palabras|mots|palavras|slowa|wiederherstellung\w*|worter|kelime\w*|cuzdan\w*|kurtarma|herstel\w*|zin)\b|сид|фраз|слов|гаманц|кошел|シード|ニーモニック|復元|시드|복구|니모닉|助记词|钱包/u;
const LABEL_WINDOW = 80;

interface Token {
  start: number;
  end: number;
  word: string;
  /** Which lists hold the word (bit i = list i). */
  lists: number;
}

/** Runs of consecutive wordlist words (for one list), with whether any gap inside carried a number. */
function runsOf(text: string, tokens: Token[], bit: number): Array<{ tokens: Token[]; numbered: boolean }> {
  const runs: Array<{ tokens: Token[]; numbered: boolean }> = [];
  let current: Token[] = [];
  let numbered = false;
  const close = () => {
    if (current.length >= MIN_WORDS) runs.push({ tokens: current, numbered });
    current = [];
    numbered = false;
  };
  for (const t of tokens) {
    if (!(t.lists & bit)) {
      close();
      continue;
    }
    if (current.length > 0) {
      const gap = text.slice(current[current.length - 1].end, t.start);
      if (gap.length > MAX_GAP || !GAP.test(gap)) close();
      else if (NUMBERED_GAP.test(gap)) numbered = true;
    }
    // "1. wave": the number before the first word counts too.
    if (current.length === 0 && NUMBERED_GAP.test(text.slice(Math.max(0, t.start - 4), t.start))) numbered = true;
    current.push(t);
  }
  close();
  return runs;
}

/**
 * Checksums computed per text at most. Each is a SHA-256; a megabyte of listed words would otherwise cost
 * five per word. A phrase is 12–24 words, so a run this long is a word list, and its start and end (where a
 * pasted phrase would sit) are what gets checked.
 */
const MAX_CHECKED_WORDS = 256;

/**
 * Whether a BIP39 checksum can hold for these word numbers: the words are 11-bit numbers; the first
 * 32·n/3 bits are the entropy, and the last n/3 bits must equal the start of SHA-256(entropy).
 *
 * Why not only the library's validateMnemonic: each call re-checks the whole 2,048-word list and looks
 * every word up by linear search (~0.3 ms), and a run of listed words has hundreds of windows. A tool
 * schema with 90 descriptions of repeated ordinary words took 13 s to clean. This check costs one small
 * hash; only a window that passes it (1 in 16 to 1 in 256 by chance) is confirmed by the library.
 */
export function checksumMayHold(wordBits: readonly number[]): boolean {
  const n = wordBits.length;
  if (n % 3 !== 0 || n < MIN_WORDS || n > MAX_WORDS) return false;
  const entropyBits = (32 * n) / 3;
  const entropy = new Uint8Array(entropyBits / 8);
  const bitAt = (i: number) => (wordBits[Math.floor(i / 11)] >> (10 - (i % 11))) & 1;
  for (let i = 0; i < entropyBits; i++) if (bitAt(i)) entropy[i >> 3] |= 0x80 >> (i & 7);
  const hash = createHash('sha256').update(entropy).digest();
  for (let i = 0; i < n / 3; i++) if (((hash[i >> 3] >> (7 - (i & 7))) & 1) !== bitAt(entropyBits + i)) return false;
  return true;
}

/** A window of the run whose checksum holds, longest first, or null. */
function checksummed(run: Token[], list: Wordlist): Token[] | null {
  if (run.length > MAX_CHECKED_WORDS) return checksummed(run.slice(0, MAX_CHECKED_WORDS / 2), list) ?? checksummed(run.slice(-MAX_CHECKED_WORDS / 2), list);
  const bits = run.map((t) => list.bits.get(t.word) ?? -1);
  for (const size of VALID_LENGTHS) {
    for (let i = 0; i + size <= run.length; i++) {
      const windowBits = bits.slice(i, i + size);
      if (windowBits.includes(-1) || !checksumMayHold(windowBits)) continue;
      const window = run.slice(i, i + size);
      const phrase = window.map((t) => list.folded.get(t.word) ?? t.word).join(' ');
      if (bip39!.validateMnemonic(phrase, list.words as string[])) return window;
    }
  }
  return null;
}

function labelled(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - LABEL_WINDOW), start).toLowerCase();
  // Folding drops kana voicing marks too (シード → シート): look at the label as written and folded.
  return PHRASE_LABEL.test(before) || PHRASE_LABEL.test(fold(before));
}

/** "1. ", "01) ", "1-": the number in front of a numbered phrase's first word goes with it. */
const LEADING_NUMBER = /\d{1,2}[.):\-–]?[ \t]*$/;

/**
 * The most wordlist words in a row among the text's words (gaps not judged). A phrase needs MIN_WORDS, and
 * most texts have far fewer: this pass reads the words as plain strings (String.prototype.match finds the
 * same words as the exec loop below, without building a match object and a token for each), and stops at
 * the first run long enough.
 */
export function listedWordStreak(text: string, words: readonly string[] | null = text.match(WORD)): number {
  if (words === null) return 0;
  const { membership } = wordIndex();
  let streak = 0;
  let longest = 0;
  for (const w of words) {
    streak = membership.has(foldWord(w)) ? streak + 1 : 0;
    if (streak > longest) longest = streak;
    if (longest >= MIN_WORDS) break;
  }
  return longest;
}

/** Every recovery phrase in the text. Cheap when there is none: one scan for words, one set lookup each. */
export function findRecoveryPhrases(text: string): PhraseSpan[] {
  const words = text.match(WORD);
  // Fewer words than the shortest phrase: none, and no need to index the lists (a fresh process's first
  // fact would pay some 30 ms for them).
  if (words === null || words.length < MIN_WORDS) return [];
  // Fast path: no 12 listed words in a row (gaps not yet judged), so no phrase.
  if (listedWordStreak(text, words) < MIN_WORDS) return [];
  const { lists, membership } = wordIndex();
  const tokens: Token[] = [];
  for (const m of allMatches(WORD, text)) {
    const word = foldWord(m[0]);
    tokens.push({ start: m.index, end: m.index + m[0].length, word, lists: membership.get(word) ?? 0 });
  }
  const out: PhraseSpan[] = [];
  for (const [i, list] of lists.entries()) {
    for (const run of runsOf(text, tokens, 1 << i)) {
      const first = run.tokens[0];
      const last = run.tokens[run.tokens.length - 1];
      if (run.numbered || labelled(text, first.start)) {
        // A labelled or numbered run is the phrase as written; runs longer than a phrase are cut to one.
        const end = run.tokens.length > MAX_WORDS ? run.tokens[MAX_WORDS - 1].end : last.end;
        const number = run.numbered ? LEADING_NUMBER.exec(text.slice(Math.max(0, first.start - 6), first.start)) : null;
        out.push({ start: first.start - (number?.[0].length ?? 0), end, kind: 'seed-phrase' });
        continue;
      }
      const window = checksummed(run.tokens, list);
      if (window) out.push({ start: window[0].start, end: window[window.length - 1].end, kind: 'seed-phrase' });
    }
  }
  return out;
}
