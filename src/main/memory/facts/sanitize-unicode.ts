/**
 * Unicode hygiene for L1 facts: strip what a person cannot see but a model reads, and build the
 * normalised views the secret and injection scanners look at.
 *
 * Output text stays NFC (it is what the person wrote); NFKC and the confusable skeleton are only ever
 * used for scanning, because they are lossy (ﬁ → fi, Cyrillic а → a) and would corrupt real text.
 */

/** Tag characters U+E0020..E007E mirror printable ASCII; attackers use them to hide text ("ASCII smuggling"). */
const TAG_BASE = 0xe0000;
const TAG_PRINTABLE_FIRST = 0xe0020;
const TAG_PRINTABLE_LAST = 0xe007e;
/** Subdivision flags (🏴 + tags + cancel tag U+E007F) use short codes ("gbeng"); anything longer is not a flag. */
const MAX_FLAG_TAGS = 8;
const COMBINING_KEYCAP = 0x20e3;
const ZWSP = 0x200b;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const VS15 = 0xfe0e;
const VS16 = 0xfe0f;

/** Scripts whose orthography relies on ZWJ/ZWNJ (Persian half-spaces, Indic conjuncts and half forms, chillus). */
const JOINING_SCRIPT =
  /[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Mandaic}\p{scx=Manichaean}\p{scx=Psalter_Pahlavi}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Tibetan}\p{scx=Myanmar}\p{scx=Khmer}\p{scx=Tai_Tham}\p{scx=Balinese}\p{scx=Javanese}\p{scx=Sundanese}]/u;
/** Scripts written without spaces, where ZWSP is the word-break hint. */
const ZWSP_SCRIPT = /[\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const EMOJI = /\p{Emoji}/u;
/** Bases with registered standardized/ideographic variation sequences (VS1–VS14, VS17–VS256). */
const VARIATION_BASE = /[\p{sc=Han}\p{sc=Myanmar}\p{sc=Phags_Pa}\p{sc=Manichaean}\p{sc=Egyptian_Hieroglyphs}\p{Sm}]/u;
const MONGOLIAN = /\p{sc=Mongolian}/u;

function charOf(cp: number | undefined): string {
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

function is(re: RegExp, cp: number | undefined): boolean {
  return cp !== undefined && re.test(charOf(cp));
}

/** Invisible or direction-changing code points that never carry meaning a reader can see. */
function alwaysInvisible(cp: number): boolean {
  return (
    cp === 0x00ad || // soft hyphen
    cp === 0x034f || // combining grapheme joiner
    cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0 || // Hangul fillers, used as blank "names"
    cp === 0x17b4 || cp === 0x17b5 || // Khmer inherent vowels (invisible)
    (cp >= 0x202a && cp <= 0x202e) || // LRE RLE PDF LRO RLO
    (cp >= 0x2060 && cp <= 0x206f) || // word joiner, invisible operators, LRI..PDI, deprecated format chars
    cp === 0xfeff || // BOM / zero-width no-break space
    (cp >= 0xfff0 && cp <= 0xfffb) || // interlinear annotation + unassigned specials
    (cp >= 0x1bca0 && cp <= 0x1bca3) || // shorthand format controls
    (cp >= 0x1d173 && cp <= 0x1d17a) // musical format controls
  );
}

/** Control characters and noncharacters: never text, often binary junk. Tab/newline/CR are kept. */
function isJunk(cp: number): boolean {
  if (cp === 0x09 || cp === 0x0a || cp === 0x0d) return false;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return true;
  if (cp >= 0xd800 && cp <= 0xdfff) return true; // lone surrogate (paired ones arrive as one code point)
  if (cp >= 0xfdd0 && cp <= 0xfdef) return true;
  return (cp & 0xfffe) === 0xfffe;
}

function keepZeroWidthJoiner(cp: number, prev: number | undefined, next: number | undefined): boolean {
  // Emoji ZWJ sequences: 👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻 — the joiner sits between pictographs (after an optional VS16/skin tone).
  if (cp === ZWJ) {
    const prevEmoji = prev === VS16 || is(PICTOGRAPHIC, prev) || is(EMOJI_MODIFIER, prev);
    if (prevEmoji && is(PICTOGRAPHIC, next)) return true;
  }
  // Persian/Urdu half-space, Indic half forms and explicit virama: keep inside the script, but never let a
  // joiner sit in front of a letter of another script (that is how keys and words get split invisibly).
  if (!is(JOINING_SCRIPT, prev)) return false;
  return next === undefined || is(JOINING_SCRIPT, next) || !is(LETTER_OR_DIGIT, next);
}

function keepVariationSelector(cp: number, prev: number | undefined, next: number | undefined): boolean {
  if (cp === VS15 || cp === VS16) {
    if (prev === undefined) return false;
    // Keycaps 1️⃣ #️⃣: an ASCII base only counts when the keycap mark follows.
    if (prev < 0x80) return next === COMBINING_KEYCAP && /[#*0-9]/.test(charOf(prev));
    return is(EMOJI, prev);
  }
  if (cp >= 0x180b && cp <= 0x180f) return is(MONGOLIAN, prev); // Mongolian free variation selectors
  if (cp >= 0xe0100 && cp <= 0xe01ef) return is(/\p{sc=Han}/u, prev); // ideographic variation sequences
  return is(VARIATION_BASE, prev); // VS1..VS14
}

const ALM = 0x061c;
const LRM = 0x200e;
const RLM = 0x200f;
/** Letters of the right-to-left scripts whose writers use direction marks as ordinary punctuation. */
const RTL_LETTER = /[\p{sc=Hebrew}\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}]/u;
const SPACE_OR_PUNCT = /[\s\p{P}]/u;

/**
 * LRM, RLM and ALM are how Hebrew and Arabic writers keep a Latin name or a number from dragging the
 * punctuation after it the wrong way ("David Cohen\u200f ביום…"). They only mark a direction, never reorder
 * text, so in a text that has right-to-left letters they stay where a writer puts them: next to a
 * right-to-left letter or at a word's edge. Inside a run of other characters ("sk-\u200fproj…") they can
 * only serve to split a word or a key invisibly, and go.
 */
function keepDirectionMark(prev: number | undefined, next: number | undefined, hasRtl: boolean): boolean {
  if (!hasRtl) return false;
  if (is(RTL_LETTER, prev) || is(RTL_LETTER, next)) return true;
  return prev === undefined || next === undefined || is(SPACE_OR_PUNCT, prev) || is(SPACE_OR_PUNCT, next);
}

function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x180b && cp <= 0x180f);
}

export interface StripResult {
  text: string;
  /** Code points removed (line/paragraph separators turned into newlines are not counted). */
  stripped: number;
  /** ASCII decoded from Unicode tag characters that were removed; the injection check reads it. */
  hiddenTagText: string;
  /** Bidi embeddings, overrides and isolates removed: the text displayed (partly) reversed. */
  bidiControls: number;
}

/**
 * Everything stripInvisible may touch. Matching these natively and deciding in a callback keeps a 1 MB fact
 * fast: a per-character loop in JavaScript costs ~10x more. A valid subdivision flag (🏴 + a–z/0–9 tags +
 * cancel tag, e.g. England) is matched whole first so its tags are kept.
 */
const CANDIDATES = new RegExp(
  [
    String.raw`\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,${MAX_FLAG_TAGS}}\u{E007F}`,
    String.raw`[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufdd0-\ufdef\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\ufffe\uffff]`,
    String.raw`[\u{E0000}-\u{E0FFF}\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]`,
    String.raw`[\uD800-\uDFFF]`, // with the u flag this only matches a lone surrogate
  ].join('|'),
  'gu',
);

function codePointBefore(s: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = s.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = s.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return s.codePointAt(index - 2);
  }
  return low;
}

function codePointAfter(s: string, index: number): number | undefined {
  return index < s.length ? s.codePointAt(index) : undefined;
}

function stripOnce(input: string): StripResult {
  let stripped = 0;
  let hidden = '';
  let bidi = 0;
  const hasRtl = RTL_LETTER.test(input);
  const text = input.replace(CANDIDATES, (ch: string, offset: number) => {
    if (ch.length > 2) return ch; // a whole subdivision-flag sequence
    const cp = ch.codePointAt(0) ?? 0;
    const prev = codePointBefore(input, offset);
    const next = codePointAfter(input, offset + ch.length);
    if (cp === 0x2028 || cp === 0x2029) return '\n'; // a real line break that some editors hide; make it visible
    if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) bidi++;
    let keep: boolean;
    if (cp >= TAG_BASE && cp <= 0xe0fff && !(cp >= 0xe0100 && cp <= 0xe01ef)) {
      if (cp >= TAG_PRINTABLE_FIRST && cp <= TAG_PRINTABLE_LAST) hidden += String.fromCharCode(cp - TAG_BASE);
      keep = false;
    } else if (isJunk(cp) || alwaysInvisible(cp)) keep = false;
    else if (cp === LRM || cp === RLM || cp === ALM) keep = keepDirectionMark(prev, next, hasRtl);
    else if (cp === ZWJ || cp === ZWNJ) keep = keepZeroWidthJoiner(cp, prev, next);
    else if (cp === ZWSP) keep = is(ZWSP_SCRIPT, prev) && is(ZWSP_SCRIPT, next);
    else if (isVariationSelector(cp)) keep = keepVariationSelector(cp, prev, next);
    else keep = true;
    if (keep) return ch;
    stripped++;
    return '';
  });
  return { text: text.normalize('NFC'), stripped, hiddenTagText: hidden, bidiControls: bidi };
}

/** Rounds needed in the worst case: a keep-decision can depend on a neighbour that the first round removed. */
const MAX_STRIP_ROUNDS = 4;

/**
 * Remove invisible, bidi-control, tag and junk code points, then NFC. Repeats until stable so that running it
 * on its own output changes nothing (the write path must be idempotent).
 */
export function stripInvisible(input: string): StripResult {
  let result = stripOnce(input);
  for (let round = 1; round < MAX_STRIP_ROUNDS; round++) {
    const again = stripOnce(result.text);
    if (again.text === result.text) break;
    result = {
      text: again.text,
      stripped: result.stripped + again.stripped,
      hiddenTagText: result.hiddenTagText + again.hiddenTagText,
      bidiControls: result.bidiControls + again.bidiControls,
    };
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// Scanning views
// ---------------------------------------------------------------------------------------------------------

/**
 * Letters from other scripts that render like Latin ones, mapped to the Latin letter (case kept). A compact
 * subset of the UTS #39 confusables data: only the targets that matter for reading Latin-script text, plus a
 * few small-capital and IPA lookalikes that UTS #39 maps indirectly. Fullwidth and mathematical letters need
 * no entry, NFKC folds them first. (No maintained npm package ships this; ICU's spoof checker is not exposed
 * to JavaScript.)
 */
const CONFUSABLE_PAIRS: readonly string[] = [
  // Cyrillic
  // (Letters with diacritics need no entry: the view is decomposed, so Ё arrives as Е + U+0308.)
  'АA', 'аa', 'ВB', 'вb', 'ЕE', 'еe', 'КK', 'кk', 'МM', 'мm', 'НH', 'нh', 'ОO', 'оo', 'РP', 'рp',
  'СC', 'сc', 'ТT', 'тt', 'УY', 'уy', 'ХX', 'хx', 'ЅS', 'ѕs', 'ІI', 'іi', 'ЈJ', 'јj', 'ԚQ', 'ԛq',
  'ԜW', 'ԝw', 'ҮY', 'үy', 'ҺH', 'һh', 'ӀI', 'ӏl', 'ԁd', 'ԌG', 'ԍg', 'ЬB', 'ьb', 'ԞK', 'ԟk', 'ѴV', 'ѵv',
  'ԐE', 'ԑe',
  // Greek
  'ΑA', 'αa', 'ΒB', 'βb', 'ΕE', 'εe', 'ΖZ', 'ΗH', 'ηn', 'ΙI', 'ιi', 'ΚK', 'κk', 'ΜM', 'ΝN', 'νv', 'ΟO', 'οo',
  'ΡP', 'ρp', 'ΤT', 'τt', 'ΥY', 'υu', 'ΧX', 'χx', 'γy', 'ωw', 'ϲc', 'ϹC', 'ϳj', 'ϜF', 'ϝf', 'ϒY',
  // Armenian
  'օo', 'Օo', 'ոn', 'սu', 'Սu', 'հh', 'զq', 'ցg', 'աw', 'ɑa', 'ԼL',
  // Cherokee (uppercase lookalikes)
  'ᎪA', 'ᏴB', 'ᏟC', 'ᎠD', 'ᎬE', 'ᏀG', 'ᎻH', 'ᎫJ', 'ᏦK', 'ᏞL', 'ᎷM', 'ᏢP', 'ᏒR', 'ᏚS', 'ᎢT', 'ᏙV', 'ᏔW', 'ᏃZ',
  'Ꭵi', 'Ꮃw',
  // Latin-script lookalikes: dotless i, small capitals, IPA
  'ıi', 'ȷj', 'ɡg', 'ɩi', 'ɪi', 'ʏy', 'ʟl', 'ɴn', 'ʀr', 'ᴀa', 'ᴄc', 'ᴅd', 'ᴇe', 'ᴊj', 'ᴋk', 'ᴍm', 'ᴏo', 'ᴘp', 'ᴛt',
  'ᴜu', 'ᴠv', 'ᴡw', 'ᴢz', 'ꜱs', 'ꜰf', 'ɢg', 'ʜh', 'ǀl', 'ɒa', 'ɔc', 'ƅb', 'ɓb', 'ƿp', 'ſf',
];

const CONFUSABLES: ReadonlyMap<string, string> = new Map(
  CONFUSABLE_PAIRS.map((pair) => {
    const [from, ...rest] = Array.from(pair);
    return [from, rest.join('')] as const;
  }),
);

/** Punctuation variants folded for matching ("don’t" → "don't"). */
const PUNCTUATION_FOLD: ReadonlyMap<string, string> = new Map([
  ['\u2018', "'"], ['\u2019', "'"], ['\u201a', "'"], ['\u201b', "'"], ['\u02bc', "'"], ['\u2032', "'"], ['`', "'"],
  ['\u00b4', "'"], ['\u201c', '"'], ['\u201d', '"'], ['\u201e', '"'], ['\u00ab', '"'], ['\u00bb', '"'],
  ['\u2010', '-'], ['\u2011', '-'], ['\u2012', '-'], ['\u2013', '-'], ['\u2014', '-'], ['\u2212', '-'],
]);

const LATIN_WITH_MARKS = /(\p{sc=Latin})[\u0300-\u036f]+/gu;
/** Runs of horizontal whitespace, or any single one that is not a plain space (a lone space needs no edit). */
const HORIZONTAL_SPACE = /[^\S\n]{2,}|[^\S\n ]/g;
const BLANK_LINES = /\s*\n\s*/g;

/** A replacer for single-code-point keys; a native regex scan is much faster than a JS loop on long text. */
function charMapper(table: ReadonlyMap<string, string>): (text: string) => string {
  const keys = [...table.keys()].map((k) => String.raw`\u{${(k.codePointAt(0) ?? 0).toString(16)}}`).join('');
  const re = new RegExp(`[${keys}]`, 'gu');
  return (text) => text.replace(re, (ch) => table.get(ch) ?? ch);
}

/** Lowercase, drop accents from Latin letters only (keeps Cyrillic й, Japanese dakuten), collapse whitespace. */
function fold(decomposed: string): string {
  return decomposed
    .toLowerCase()
    .replace(LATIN_WITH_MARKS, '$1')
    .normalize('NFC')
    .replace(HORIZONTAL_SPACE, ' ')
    .replace(BLANK_LINES, '\n')
    .trim();
}

/** Digits and symbols used as letters ("1gn0r3"); only for the letters-only view. */
const LEET: ReadonlyMap<string, string> = new Map([
  ['0', 'o'], ['1', 'i'], ['3', 'e'], ['4', 'a'], ['5', 's'], ['7', 't'], ['@', 'a'], ['$', 's'], ['!', 'i'],
  ['|', 'l'],
]);

export interface ScanViews {
  /** NFKC, lowercase, Latin accents removed, whitespace collapsed (newlines kept). Native-script text intact. */
  folded: string;
  /** `folded` after mapping Greek/Cyrillic/… lookalikes to Latin (UTS #39-style skeleton). */
  skeleton: string;
  /** Skeleton with leetspeak undone and everything but a–z removed: catches "I g n o r e" and "1gn0re". */
  compact: string;
}

const foldPunctuation = charMapper(PUNCTUATION_FOLD);
const unconfuse = charMapper(CONFUSABLES);
const unleet = charMapper(LEET);

export function buildScanViews(text: string): ScanViews {
  const decomposed = decompose(text);
  const folded = fold(decomposed);
  // Map before lowercasing too: Greek capital Eta looks like H, its lowercase η like n.
  const lowered = decomposed.toLowerCase();
  const unconfused = unconfuse(unconfuse(decomposed).toLowerCase());
  const skeleton = unconfused === lowered ? folded : fold(unconfused);
  const compact = unleet(skeleton).replace(/[^a-z]+/g, '');
  return { folded, skeleton, compact };
}

function decompose(text: string): string {
  return foldPunctuation(text.normalize('NFKC')).normalize('NFD');
}

/** `buildScanViews(text).folded` alone, for the word tables: the skeleton and compact views cost as much again. */
export function foldedView(text: string): string {
  return fold(decompose(text));
}

// The NFKC view with its map back to source offsets lives in sanitize-nfkc-view.ts.
export { nfkcView, type MappedView } from './sanitize-nfkc-view';
