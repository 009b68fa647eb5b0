/**
 * The word gate of each language: a cheap test that a text could match one of the language's rules, so a
 * language's rules run (and are compiled) only for texts holding one of its order, label or grant words.
 */
import type { Lexicon } from './sanitize-injection-lexicon';
import { alt, re, splitEntries } from './sanitize-injection-multilingual-fields';
import { normalizeWord, type ViewText } from './sanitize-injection-multilingual-view';

/** Whether a text could match one of a language's rules (false: none of them can). */
export type Gate = (text: ViewText) => boolean;

/** The fields a rule cannot match without: every rule needs one of their words (or a label, a tool, an encoding). */
const GATE_FIELDS = ['override', 'order', 'promote', 'send', 'reveal', 'roleplay', 'run', 'decode', 'unbound', 'grant', 'disabled', 'obey', 'label'] as const;
/**
 * Fields that open the gate only as whole entries: modal verbs ("is toegestaan", "ma") and claims ("jako
 * administrator") begin with words that are everywhere ("is", "als", "de"), so their first word alone would
 * let most texts through to every rule of the language.
 */
const PHRASE_GATE_FIELDS = ['modal', 'claim'] as const;
export type GateField = (typeof GATE_FIELDS)[number] | (typeof PHRASE_GATE_FIELDS)[number];

/** A set lookup per word against the first words of `entries` (plus stems and compound parts). */
function firstWordMatcher(entries: string[]): (w: string) => boolean {
  const words = new Set<string>();
  const stems: string[] = [];
  const inner: string[] = [];
  for (const entry of entries) {
    const firstToken = entry.split(/\s+/)[0];
    const first = normalizeWord(firstToken.replace(/^\*|\*$/g, ''));
    if (firstToken.startsWith('*')) inner.push(first);
    else if (firstToken.endsWith('*')) stems.push(first);
    else words.add(first);
  }
  const stemSet = new Set(stems);
  const stemLengths = [...new Set(stems.map((x) => x.length))];
  return (w: string): boolean => {
    if (words.has(w)) return true;
    for (const n of stemLengths) if (w.length >= n && stemSet.has(w.slice(0, n))) return true;
    for (const x of inner) if (w.includes(x)) return true;
    return false;
  };
}

/**
 * A cheap test that the text could match one of the language's rules. Spaced languages compare the text's
 * words with the first words of the gate fields (a set lookup per word, plus the stems); a language with
 * raw patterns or proclitics, or an unspaced one, tests one regex. Phrase fields are tested as whole
 * entries, and in spaced languages only once one of their first words is seen.
 */
export function gateOf(lex: Lexicon, field: (name: GateField) => string): Gate {
  const phraseNames = PHRASE_GATE_FIELDS.filter((n) => (lex[n] ?? '') !== '');
  let phraseRegex: RegExp | undefined;
  const phrase = (view: string): boolean => phraseNames.length > 0 && (phraseRegex ??= re(alt(...phraseNames.map(field)))).test(view);
  const entries = GATE_FIELDS.flatMap((n) => splitEntries(lex[n]));
  const tokenGate = lex.spacing === 'spaced' && entries.every((e) => !e.startsWith('re:'));
  if (!tokenGate) {
    const regex = re(alt(...GATE_FIELDS.map(field)));
    return (text) => regex.test(text.view) || phrase(text.view);
  }
  const matches = firstWordMatcher(entries);
  const phraseFirst = firstWordMatcher(phraseNames.flatMap((n) => splitEntries(lex[n] ?? '')));
  // Arabic and Hebrew write particles onto the word ("واكشف", "ותגיד"): try the word without them too.
  const proclitics = lex.proclitics ? new RegExp(`^(?:${lex.proclitics})$`, 'u') : null;
  return (text) => {
    let phraseSeen = false;
    for (const w of text.words) {
      if (matches(w)) return true;
      if (proclitics) for (let k = 1; k <= 4 && k < w.length; k++) if (proclitics.test(w.slice(0, k)) && matches(w.slice(k))) return true;
      phraseSeen ||= phraseFirst(w);
    }
    return phraseSeen && phrase(text.view);
  };
}
