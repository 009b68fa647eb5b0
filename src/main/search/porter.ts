// The Porter (1980) stemmer, in the variant SQLite's FTS5 `porter` tokenizer uses (step 2 maps
// "bli"→"ble" and "logi"→"log"). The index stems with FTS5; this copy lets the search code find the
// same stems in candidate text (features, highlighting) without asking SQLite once per word.

/** FTS5 leaves tokens shorter than 3 or longer than 64 characters unstemmed. */
const MIN_LEN = 3;
const MAX_LEN = 64;

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** m in [C](VC)^m[V], over w[0, end). */
function measure(w: string, end: number): number {
  let m = 0;
  let i = 0;
  while (i < end && isConsonant(w, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(w, i)) i++;
    if (i >= end) break;
    while (i < end && isConsonant(w, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(w, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string, end: number): boolean {
  return end >= 2 && w[end - 1] === w[end - 2] && isConsonant(w, end - 1);
}

/** *o: the stem ends consonant-vowel-consonant and the last consonant is not w, x or y. */
function endsCvc(w: string, end: number): boolean {
  if (end < 3) return false;
  if (!isConsonant(w, end - 3) || isConsonant(w, end - 2) || !isConsonant(w, end - 1)) return false;
  const c = w[end - 1];
  return c !== 'w' && c !== 'x' && c !== 'y';
}

type Rule = readonly [suffix: string, replacement: string];

/** Applies the first rule whose suffix matches, when the stem before it has measure > min. */
function replaceIfMeasure(w: string, rules: readonly Rule[], min: number): string {
  for (const [suffix, rep] of rules) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.length - suffix.length;
    return measure(w, stem) > min ? w.slice(0, stem) + rep : w;
  }
  return w;
}

const STEP2: readonly Rule[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['logi', 'log'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
];

const STEP3: readonly Rule[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

// Longest first where one suffix ends another ("ement" before "ment" before "ent").
const STEP4 = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'];

function step1ab(w: string): string {
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = w.slice(0, -2);
  else if (!w.endsWith('ss') && w.endsWith('s')) w = w.slice(0, -1);

  if (w.endsWith('eed')) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
    return w;
  }
  let stem = -1;
  if (w.endsWith('ed') && hasVowel(w, w.length - 2)) stem = w.length - 2;
  else if (w.endsWith('ing') && hasVowel(w, w.length - 3)) stem = w.length - 3;
  if (stem < 0) return w;
  w = w.slice(0, stem);
  if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) return `${w}e`;
  if (endsDoubleConsonant(w, w.length)) {
    const c = w[w.length - 1];
    return c === 'l' || c === 's' || c === 'z' ? w : w.slice(0, -1);
  }
  if (measure(w, w.length) === 1 && endsCvc(w, w.length)) return `${w}e`;
  return w;
}

function step1c(w: string): string {
  return w.endsWith('y') && hasVowel(w, w.length - 1) ? `${w.slice(0, -1)}i` : w;
}

function step4(w: string): string {
  // The longest matching suffix decides; a shorter one is not tried when its condition fails.
  let best = '';
  for (const s of STEP4) if (s.length > best.length && w.endsWith(s)) best = s;
  if (!best) return w;
  const stem = w.length - best.length;
  if (measure(w, stem) <= 1) return w;
  if (best === 'ion' && !(w[stem - 1] === 's' || w[stem - 1] === 't')) return w;
  return w.slice(0, stem);
}

function step5(w: string): string {
  if (w.endsWith('e')) {
    const m = measure(w, w.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(w, w.length - 1))) w = w.slice(0, -1);
  }
  if (w.endsWith('ll') && measure(w, w.length) > 1) w = w.slice(0, -1);
  return w;
}

/** Stems one lower-case token the way FTS5's porter tokenizer does. */
export function porterStem(token: string): string {
  if (token.length < MIN_LEN || token.length > MAX_LEN) return token;
  let w = step1ab(token);
  w = step1c(w);
  w = replaceIfMeasure(w, STEP2, 0);
  w = replaceIfMeasure(w, STEP3, 0);
  w = step4(w);
  return step5(w);
}
