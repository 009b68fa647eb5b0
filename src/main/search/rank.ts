// Ranking, model-free. Each signal is a small pure function; the weights live in RankParams with the
// reason each one is there. Tuned on LoCoMo (bench/locomo.ts), where each signal was kept only if it
// moved recall@10.
import type { AnalyzedQuery } from './query';

export interface RankParams {
  /** BM25 term-frequency saturation and length normalisation (the usual defaults suit chat turns). */
  k1: number;
  b: number;
  /** Bonus per query pair found within `pairWindow` tokens, as a share of the pair's lower IDF. */
  pairWeight: number;
  pairWindow: number;
  /** Multiplier growth with the share of the query's IDF mass a message covers (rewards matching more of it). */
  coverage: number;
  /** Share of the neighbouring turns' scores a turn inherits: answers sit next to their questions. */
  neighbour: number;
  /** "When…?" questions: boost for turns that carry a time expression ("yesterday", "last week"). */
  temporal: number;
  /** A month/year named in the question: boost for messages written then (or the month after). */
  dateCue: number;
  /** Candidates scored in full after the cheap first pass. */
  candidates: number;
  /** Top candidates whose neighbours are fetched (neighbours can enter the results). */
  expand: number;
  /** Posting-list reads stop at this many (newest) matches per word: bounds cost on huge histories. */
  postingCap: number;
}

export const DEFAULT_RANK_PARAMS: RankParams = {
  k1: 1.2,
  b: 0.75,
  pairWeight: 0.5,
  pairWindow: 4,
  coverage: 0.5,
  neighbour: 0.3,
  temporal: 0.3,
  dateCue: 0.3,
  candidates: 150,
  expand: 40,
  postingCap: 4000,
};

export interface TermStat {
  stem: string;
  idf: number;
  /** Query weight (repeated words count more, gently). */
  weight: number;
}

/** Robertson–Sparck Jones IDF with the +1 that keeps very common words non-negative. */
export function idf(docs: number, df: number): number {
  return Math.log(1 + (docs - df + 0.5) / (df + 0.5));
}

/** A capped posting list only says df ≥ cap; scale by the share of the history the cap window covered. */
export function estimateDf(cap: number, newestSeqRead: number, oldestSeqRead: number, maxSeq: number): number {
  const span = Math.max(1, newestSeqRead - oldestSeqRead);
  return Math.max(cap, Math.round((cap * Math.max(maxSeq, newestSeqRead)) / span));
}

export function queryWeight(count: number): number {
  return 1 + Math.log(count);
}

export interface ScoredText {
  /** BM25 with pair bonus, coverage and cue multipliers applied. */
  score: number;
  /** Query stems found. */
  matched: number;
}

/**
 * Scores one message. `stems` is its stemmed token sequence; `createdAt` drives the date cue.
 * Returns 0 when no query term occurs.
 */
export function scoreText(
  stems: readonly string[],
  terms: readonly TermStat[],
  q: Pick<AnalyzedQuery, 'pairs' | 'months' | 'years' | 'temporal'>,
  avgLength: number,
  p: RankParams,
  cues: { hasTimeExpression: boolean; createdAt: Date | null },
): ScoredText {
  const len = stems.length;
  const tf = new Map<string, number>();
  const wanted = new Map<string, number>();
  terms.forEach((t, i) => wanted.set(t.stem, i));
  const positions = new Map<string, number[]>();
  for (let i = 0; i < len; i++) {
    const s = stems[i];
    if (!wanted.has(s)) continue;
    tf.set(s, (tf.get(s) ?? 0) + 1);
    let list = positions.get(s);
    if (!list) positions.set(s, (list = []));
    list.push(i);
  }
  if (!tf.size) return { score: 0, matched: 0 };

  const norm = p.k1 * (1 - p.b + (p.b * len) / avgLength);
  let bm25 = 0;
  let covered = 0;
  let total = 0;
  const idfOf = new Map<string, number>();
  for (const t of terms) {
    total += t.idf * t.weight;
    idfOf.set(t.stem, t.idf);
    const f = tf.get(t.stem);
    if (!f) continue;
    bm25 += t.idf * t.weight * ((f * (p.k1 + 1)) / (f + norm));
    covered += t.idf * t.weight;
  }

  let pairs = 0;
  for (const [a, b] of q.pairs) {
    const pa = positions.get(a);
    const pb = positions.get(b);
    if (!pa || !pb) continue;
    if (withinWindow(pa, pb, p.pairWindow)) pairs += p.pairWeight * Math.min(idfOf.get(a) ?? 0, idfOf.get(b) ?? 0);
  }

  let score = (bm25 + pairs) * (1 + p.coverage * (total > 0 ? covered / total : 0));
  if (q.temporal && cues.hasTimeExpression) score *= 1 + p.temporal;
  if (cues.createdAt && matchesDateCue(cues.createdAt, q.months, q.years)) score *= 1 + p.dateCue;
  return { score, matched: tf.size };
}

function withinWindow(a: readonly number[], b: readonly number[], window: number): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (Math.abs(a[i] - b[j]) <= window) return true;
    if (a[i] < b[j]) i++;
    else j++;
  }
  return false;
}

/** Written in a named month (or the month after: "in June" is often told in early July), or year. */
export function matchesDateCue(at: Date, months: readonly number[], years: readonly number[]): boolean {
  if (!months.length && !years.length) return false;
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() + 1;
  if (months.length) {
    const monthOk = months.some((want) => m === want || m === (want % 12) + 1);
    if (!monthOk) return false;
    return !years.length || years.includes(y) || years.includes(m === 1 ? y - 1 : y);
  }
  return years.includes(y);
}

const TIME_WORDS =
  /\b(yesterday|today|tonight|tomorrow|ago|last (?:night|week|weekend|month|year|summer|winter|spring|fall|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|next (?:week|weekend|month|year)|this (?:morning|afternoon|evening|week|weekend|month|year|summer)|(?:few|couple of|couple|two|three) (?:days|weeks|months|years)|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|recently|lately|earlier|january|february|march|april|june|july|august|september|october|november|december|(?:19|20)\d\d)\b/i;

export function hasTimeExpression(text: string): boolean {
  return TIME_WORDS.test(text);
}

/**
 * Adds each turn's share of its neighbours' scores. `prev`/`next` give the neighbouring turn in the
 * same session (or undefined at the edges).
 */
export function withNeighbours(own: ReadonlyMap<number, number>, links: ReadonlyMap<number, { prev?: number; next?: number }>, weight: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const [seq, { prev, next }] of links) {
    const base = own.get(seq) ?? 0;
    const ctx = (prev !== undefined ? (own.get(prev) ?? 0) : 0) + (next !== undefined ? (own.get(next) ?? 0) : 0);
    out.set(seq, base + weight * ctx);
  }
  return out;
}
