/**
 * The text as the multilingual injection rules read it (sanitize-injection-multilingual.ts): folded like
 * the lexicon, so marks that spelling leaves optional and letters that differ only by keyboard do not hide
 * a word; its distinct words, for the word gates; and, for a long text, its distinct sentences.
 */
import { foldedView } from './sanitize-unicode';
import { allMatches } from './sanitize-regex-scan';

/** Marks that spelling leaves optional in these scripts: Greek tonos, Cyrillic breve/diaeresis, niqqud, harakat, hamza. */
const OPTIONAL_MARKS = /([\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Hebrew}\p{sc=Arabic}])\p{Mn}+/gu;
/** Nukta (फ़ / फ, ড় / ড): written or left out by habit. */
const NUKTA = /[\u093c\u09bc]/g;
/** Arabic-script letters that differ only by language or keyboard, folded to the Persian/Urdu forms. */
const ARABIC_VARIANTS: readonly [string, string][] = [
  ['\u064a', '\u06cc'], // ي → ی
  ['\u0649', '\u06cc'], // ى → ی
  ['\u0643', '\u06a9'], // ك → ک
  ['\u06c1', '\u0647'], // ہ → ه
  ['\u06c0', '\u0647'], // ۀ → ه
  ['\u0629', '\u0647'], // ة → ه
];
const ARABIC = /\p{sc=Arabic}/u;
const MARKED_SCRIPT = /[\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Hebrew}\p{sc=Arabic}\u093c\u09bc]/u;
const TATWEEL = /\u0640/g;
/** Persian half-spaces are spaces to a reader; joiners inside Indic words are not. */
const ZWNJ = /\u200c/g;
const ZWJ = /\u200d/g;

/** The view every multilingual rule reads, from the detector's folded (or skeleton) view. */
export function multilingualView(folded: string): string {
  // Each step only where its script occurs: on a megabyte of English they would cost more than the rules.
  let view = MARKED_SCRIPT.test(folded) ? folded.normalize('NFD').replace(OPTIONAL_MARKS, '$1').replace(NUKTA, '').normalize('NFC') : folded;
  if (ARABIC.test(view)) {
    for (const [from, to] of ARABIC_VARIANTS) view = view.replaceAll(from, to);
    view = view.replace(TATWEEL, '');
  }
  return view.replace(ZWNJ, ' ').replace(ZWJ, '');
}

/**
 * Lowercase ASCII letters, digits, apostrophes, hyphens and dots: NFKC, NFD and NFC leave them as they
 * are, folding has no case, accent, punctuation variant or whitespace to change, and the multilingual
 * view no mark, Arabic letter or joiner. So such a word is its own normal form, and most entries of
 * the Latin-script tables skip the Unicode passes (every table is folded on a fresh process's first fact).
 */
const UNCHANGED_WORD = /^[a-z0-9'.-]*$/;

/** Words recur across fields and languages (and a language's gate and rules fold the same ones). */
const normalized = new Map<string, string>();

export function normalizeWord(word: string): string {
  if (UNCHANGED_WORD.test(word)) return word;
  let n = normalized.get(word);
  if (n === undefined) normalized.set(word, (n = multilingualView(foldedView(word))));
  return n;
}

/** Sentence ends, in the scripts covered (danda, Urdu full stop, Arabic question mark, CJK full stop). */
export const SENTENCE_END = String.raw`.!?;\n。！？।॥۔؟`;

/** A text as the rules read it: the folded view and its distinct words. */
export interface ViewText {
  view: string;
  words: ReadonlySet<string>;
}

/** Entries like "dis-lui" or "l'assistente" are one word to the lexicon, and each part is a word too. */
const UNICODE_WORDS = {
  split: /[^\p{L}\p{M}\p{N}_]+/u,
  joined: /[\p{L}\p{M}\p{N}_]+(?:['’-][\p{L}\p{M}\p{N}_]+)+/gu,
  number: /^[\p{N}_]*$/u,
};
/**
 * The same patterns for a text of ASCII characters only, where a letter is A–Z or a–z, a number 0–9 and
 * there is no mark: each class holds the same characters of such a text, so the words are the same, and
 * these compile in a fraction of the time the Unicode classes take (a fresh process's first fact).
 */
const ASCII_WORDS: typeof UNICODE_WORDS = {
  split: /[^A-Za-z0-9_]+/u,
  joined: /[A-Za-z0-9_]+(?:['’-][A-Za-z0-9_]+)+/gu,
  number: /^[0-9_]*$/u,
};
const ASCII_ONLY = /^[\x00-\x7f]*$/;

export function viewText(view: string): ViewText {
  const { split, joined, number } = ASCII_ONLY.test(view) ? ASCII_WORDS : UNICODE_WORDS;
  const words = new Set<string>();
  for (const w of view.split(split)) if (!number.test(w)) words.add(w);
  for (const m of allMatches(joined, view)) words.add(m[0]);
  return { view, words };
}

/**
 * Above this length a text is judged by its distinct sentences, in order: the rules work within a sentence
 * (an authority label looks a few hundred characters on), and a megabyte of repeated lines costs no more
 * than one of them.
 */
const LONG_TEXT = 16_384;
const SENTENCE_PIECE = new RegExp(`(?<=[${SENTENCE_END}])`, 'u');

export function distinctSentences(view: string): string {
  if (view.length <= LONG_TEXT) return view;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const piece of view.split(SENTENCE_PIECE)) {
    const key = piece.trim();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(piece);
  }
  return out.join('');
}
