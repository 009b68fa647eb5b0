// When are two law statements "the same law"? Used wherever a statement is compared with another: a
// rejected law must never come back in the same or a near-same form, a re-inferred wording of a law the
// person edited or pinned is that law (not a new one), a statement that says the opposite of a
// person-asserted law is a proposal rather than a law, and the recall block carries one line per law
// even when it was learned in several scopes.
//
// Deliberately lexical and cheap (no model call): word order, inflection, hedges ("usually", "tends to")
// and the subject ("the user") do not make a different law; a negation does ("never", "doesn't",
// "dislikes"), and so does changing one content word of a short statement ("Fridays" → "Mondays").
import { normalizeName } from '../graph/graph-normalize';

/**
 * Share of content words two statements must have in common (Dice coefficient) to be one law. 0.8 lets
 * one word differ in five ("dining out" for "eating out") but not one in four.
 */
export const NEAR_SAME_DICE = 0.8;

const STOP = new Set(
  (
    'a an the is are was were be been being am to of in on at for with and or but do does did what which who whom how when where that this these those it its ' +
    'i you he she they we my your his her their our me him them us as by from about into than then so if because while ' +
    'user users person persons people someone their themselves himself herself ' +
    // Hedges and frequency words: "usually avoids meat" is the law "avoids meat".
    'always usually often generally typically mostly mainly tend tends tended likely probably seem seems really very quite also just ' +
    'has have had will would should can could may might must'
  ).split(' '),
);

/** Words that flip a statement ("does not", "never"), in English and a few common languages. */
const NEGATORS = new Set(
  (
    'not no never none nothing nobody neither nor without cannot ' +
    'dont doesnt didnt isnt arent wasnt werent wont cant couldnt shouldnt wouldnt hasnt havent hadnt aint ' +
    'nicht kein keine keinen nie niemals pas jamais ne non nunca nada nao nem niet nooit geen'
  ).split(' '),
);

/**
 * Words that say the same in a rule about a person, after stemming, and common irregular past forms:
 * "dines out" is "eats out", "loves jazz" is "likes jazz", "ate" is "eat".
 */
const SAME_WORD: Record<string, string> = {
  din: 'eat', ate: 'eat', eaten: 'eat', drank: 'drink', drunk: 'drink', lov: 'lik', enjoy: 'lik', fond: 'lik',
  detest: 'dislik', favor: 'prefer', favour: 'prefer', purchas: 'buy', bought: 'buy', went: 'go', gon: 'go',
  ran: 'run', wrot: 'writ', written: 'writ', read: 'read', spok: 'speak', spoken: 'speak', tak: 'take', took: 'take',
};

/** Prefixes that negate the word they start ("dislikes" ↔ "likes", "unhappy" ↔ "happy"). */
const NEGATING_PREFIXES = ['dis', 'un'];

export interface Analysed {
  /** Normalised text (case, accents, punctuation and spacing folded). */
  norm: string;
  /** Stemmed content words. */
  terms: Set<string>;
  /** An odd number of negations: the statement says "not …". */
  negative: boolean;
}

/** A light English stemmer: enough that "avoids", "avoided" and "avoiding" are one word. */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  // "travell" (from travelling) and "travel" are one word.
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[aeiou]/.test(w.at(-1)!)) w = w.slice(0, -1);
  return w;
}

export function analyse(statement: string): Analysed {
  const norm = normalizeName(statement);
  const words = norm.split(' ').filter(Boolean);
  let negations = 0;
  const terms = new Set<string>();
  for (const w of words) {
    if (NEGATORS.has(w)) negations++;
    else if (!STOP.has(w) && (w.length > 1 || /\d/.test(w))) {
      const t = stem(w);
      terms.add(SAME_WORD[t] ?? t);
    }
  }
  return { norm, terms, negative: negations % 2 === 1 };
}

/**
 * How two analysed statements relate: 'same' (one law), 'opposite' (one says the other is false) or
 * 'different'. Words that differ only by a negating prefix count as shared and flip the polarity.
 */
export function relate(a: Analysed, b: Analysed): 'same' | 'opposite' | 'different' {
  if (a.norm === b.norm) return 'same';
  if (!a.terms.size || !b.terms.size) return 'different';
  let common = 0;
  let flips = 0;
  let numberDiffers = false;
  const bLeft = new Set(b.terms);
  for (const t of a.terms) {
    if (bLeft.has(t)) {
      common++;
      bLeft.delete(t);
      continue;
    }
    const partner = negatedPartner(t, bLeft);
    if (partner) {
      common++;
      flips++;
      bLeft.delete(partner);
    } else if (/\d/.test(t)) numberDiffers = true;
  }
  // "3 days a week" and "5 days a week" are different laws, however alike the rest.
  if (numberDiffers || [...bLeft].some((t) => /\d/.test(t))) return 'different';
  const small = Math.min(a.terms.size, b.terms.size) <= 2;
  const close = small ? common === a.terms.size && common === b.terms.size : (2 * common) / (a.terms.size + b.terms.size) >= NEAR_SAME_DICE;
  if (!close) return 'different';
  const flipped = (a.negative !== b.negative) !== (flips % 2 === 1);
  return flipped ? 'opposite' : 'same';
}

/** "dislik" finds "lik" in the other set (and "lik" finds "dislik"). */
function negatedPartner(term: string, others: Set<string>): string | null {
  for (const p of NEGATING_PREFIXES) {
    if (term.startsWith(p) && term.length - p.length >= 3 && others.has(term.slice(p.length))) return term.slice(p.length);
    for (const o of others) if (o === p + term) return o;
  }
  return null;
}

export function nearSame(a: string, b: string): boolean {
  return relate(analyse(a), analyse(b)) === 'same';
}

/** The first of `candidates` that is the same law as `statement`, or null. */
export function findSame<T>(statement: string, candidates: readonly T[], text: (c: T) => string | readonly string[]): T | null {
  const s = analyse(statement);
  for (const c of candidates) {
    const texts = text(c);
    for (const t of typeof texts === 'string' ? [texts] : texts) if (relate(s, analyse(t)) === 'same') return c;
  }
  return null;
}

/** Every one of `candidates` that is the same law as `statement`. */
export function findAllSame<T>(statement: string, candidates: readonly T[], text: (c: T) => string): T[] {
  const s = analyse(statement);
  return candidates.filter((c) => relate(s, analyse(text(c))) === 'same');
}

/** The first of `candidates` that says the opposite of `statement`, or null. */
export function findOpposite<T>(statement: string, candidates: readonly T[], text: (c: T) => string): T | null {
  const s = analyse(statement);
  return candidates.find((c) => relate(s, analyse(text(c))) === 'opposite') ?? null;
}

/**
 * Every pair of statements that are the same law, without comparing every pair: the recall block and the
 * Laws tab ask this of all laws at once. Prefix filtering: two sets whose Dice coefficient reaches
 * NEAR_SAME_DICE share at least 2/3 of the larger one's words, so with each statement's words ordered
 * rarest first, they share one of their first few — only those candidates are compared.
 */
export function samePairs(items: readonly Analysed[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const link = (a: number, b: number) => {
    (out.get(a) ?? out.set(a, []).get(a)!).push(b);
    (out.get(b) ?? out.set(b, []).get(b)!).push(a);
  };
  // A word and its negated form ("lik" / "dislik") share a key, so opposites are found as candidates too.
  const keysOf = items.map((a) => [...new Set([...a.terms].map(baseKey))]);
  const freq = new Map<string, number>();
  for (const keys of keysOf) for (const k of keys) freq.set(k, (freq.get(k) ?? 0) + 1);
  const postings = new Map<string, number[]>();
  const byNorm = new Map<string, number[]>();
  const minShare = NEAR_SAME_DICE / (2 - NEAR_SAME_DICE);
  items.forEach((a, i) => {
    const seen = new Set<number>();
    // Equal texts are one law even without content words ("The user is").
    for (const j of byNorm.get(a.norm) ?? []) seen.add(j);
    (byNorm.get(a.norm) ?? byNorm.set(a.norm, []).get(a.norm)!).push(i);
    const keys = keysOf[i].sort((x, y) => freq.get(x)! - freq.get(y)! || (x < y ? -1 : 1));
    const need = keys.length <= 2 ? keys.length : Math.ceil(minShare * keys.length - 1e-9);
    const prefix = keys.slice(0, Math.max(1, keys.length - need + 1));
    for (const k of prefix) for (const j of postings.get(k) ?? []) seen.add(j);
    for (const j of seen) if (relate(items[j], a) === 'same') link(j, i);
    for (const k of prefix) (postings.get(k) ?? postings.set(k, []).get(k)!).push(i);
  });
  return out;
}

function baseKey(term: string): string {
  for (const p of NEGATING_PREFIXES) if (term.startsWith(p) && term.length - p.length >= 3) return term.slice(p.length);
  return term;
}
