// Query processing: from what a person (or a model) typed to the terms worth looking up, plus the cues
// the ranker uses — adjacent word pairs, month and year mentions, and whether it asks "when".
import type { DerivedVia } from '../../shared/search';
import { isStopword } from './stopwords';
import { tokenize, type Token } from './text';

export interface QueryTerm {
  /** Folded surface form: what is sent to FTS5 (which stems it itself). */
  norm: string;
  stem: string;
  /** How often the stem occurs in the query. */
  count: number;
  /** Written capitalised mid-sentence: a name is a strong cue. */
  proper: boolean;
  /**
   * Weight relative to a word the person typed: 1 for theirs, less for words search added itself
   * (expansion.ts), so an added word can help a message up but never outweigh the query.
   */
  boost?: number;
  /**
   * A word feedback through memory added (memory-feedback.ts): the derived entry that lent it most, so a
   * message found by it can say which fact or relation it was found through.
   */
  lentBy?: DerivedVia;
}

export interface AnalyzedQuery {
  text: string;
  /** Distinct stems in query order; stopwords dropped unless nothing else is left. */
  terms: QueryTerm[];
  /** Stems of neighbouring content words ("support group"): found close together, they score more. */
  pairs: Array<readonly [string, string]>;
  /** 1–12, for "in June", "last May". */
  months: number[];
  years: number[];
  /** Full days named ("13 October", "October 13, 2023"); year null when not given. */
  days: Array<{ month: number; day: number; year: number | null }>;
  /** Asks for a time ("when did…", "what year…", "how long ago…"). */
  temporal: boolean;
}

export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_ABBR = new Map(MONTHS.map((m, i) => [m.slice(0, 3), i + 1]));
MONTH_ABBR.set('sept', 9);
/** Abbreviations that are also common words: only read as months when capitalised. */
const AMBIGUOUS_MONTHS = new Set(['may', 'mar', 'jan', 'jun', 'aug', 'dec']);
const TEMPORAL = /\b(when|what (?:date|day|year|month|time)|which (?:year|month|day)|how long ago|since when)\b/i;

/** Queries longer than this are cut: a pasted paragraph is not a search. */
export const MAX_QUERY_TERMS = 16;

export function analyzeQuery(text: string): AnalyzedQuery {
  const tokens = tokenize(text);
  const months = new Set<number>();
  const years = new Set<number>();
  for (const t of tokens) {
    const month = monthOf(t, text);
    if (month) months.add(month);
    if (/^(19|20)\d\d$/.test(t.norm)) years.add(Number(t.norm));
  }

  const content = tokens.filter((t) => !isStopword(t.norm));
  const kept = content.length ? content : tokens;
  const byStem = new Map<string, QueryTerm>();
  for (const t of kept) {
    const existing = byStem.get(t.stem);
    if (existing) existing.count++;
    else if (byStem.size < MAX_QUERY_TERMS) byStem.set(t.stem, { norm: t.norm, stem: t.stem, count: 1, proper: isProper(t, text, tokens) });
  }

  // Pairs: consecutive content words with no more than one stopword between them.
  const pairs: Array<readonly [string, string]> = [];
  const seen = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    if (isStopword(tokens[i].norm)) continue;
    for (let j = i + 1; j < tokens.length && j <= i + 2; j++) {
      if (isStopword(tokens[j].norm)) continue;
      const key = `${tokens[i].stem} ${tokens[j].stem}`;
      if (tokens[i].stem !== tokens[j].stem && !seen.has(key)) {
        seen.add(key);
        pairs.push([tokens[i].stem, tokens[j].stem]);
      }
      break;
    }
  }

  return { text, terms: [...byStem.values()], pairs, months: [...months], years: [...years], days: daysIn(text), temporal: TEMPORAL.test(text) };
}

const MONTH_NAME = `(${MONTHS.join('|')}|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\\.?)`;
const DAY_MONTH = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH_NAME}(?:,?\\s+((?:19|20)\\d\\d))?\\b`, 'gi');
const MONTH_DAY = new RegExp(`\\b${MONTH_NAME}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)(?:,?\\s+((?:19|20)\\d\\d))?`, 'gi');

function monthNumber(name: string): number {
  const n = name.toLowerCase().replace('.', '');
  const full = MONTHS.indexOf(n);
  return full >= 0 ? full + 1 : (MONTH_ABBR.get(n.slice(0, 3)) ?? 0);
}

/** "13 October", "October 13th, 2023", "the 5th of May" → month/day(/year). */
export function daysIn(text: string): AnalyzedQuery['days'] {
  const out: AnalyzedQuery['days'] = [];
  const add = (month: number, day: number, year: string | undefined) => {
    if (month && day >= 1 && day <= 31) out.push({ month, day, year: year ? Number(year) : null });
  };
  for (const m of text.matchAll(DAY_MONTH)) add(monthNumber(m[2]), Number(m[1]), m[3]);
  for (const m of text.matchAll(MONTH_DAY)) add(monthNumber(m[1]), Number(m[2]), m[3]);
  return out;
}

function monthOf(t: Token, text: string): number | null {
  const full = MONTHS.indexOf(t.norm);
  const n = full >= 0 ? full + 1 : (MONTH_ABBR.get(t.norm) ?? null);
  if (!n) return null;
  const capitalised = /^\p{Lu}/u.test(text.slice(t.start, t.end));
  if ((AMBIGUOUS_MONTHS.has(t.norm) || t.norm.length <= 4) && !capitalised) return null;
  // "May I…" at the start of a sentence is not a month.
  if (t.norm === 'may' && isSentenceStart(text, t.start)) return null;
  return n;
}

function isProper(t: Token, text: string, tokens: Token[]): boolean {
  if (!/^\p{Lu}/u.test(text.slice(t.start, t.end))) return false;
  return t !== tokens[0] && !isSentenceStart(text, t.start);
}

function isSentenceStart(text: string, at: number): boolean {
  const before = text.slice(0, at).trimEnd();
  return before === '' || /[.!?]$/.test(before);
}
