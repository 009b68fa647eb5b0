// Ranking past messages, in two passes so the cost stays bounded on very large histories:
//  1. per query word, read its posting list (newest first, capped) from the index; the agent is read
//     off each rowid, so scoping costs nothing; a cheap score (sum of matched words' IDF) picks the
//     best `candidates`;
//  2. those are re-scored in full (BM25, word pairs close together, coverage, time and speaker cues),
//     then each turn also inherits part of its neighbouring turns' scores (see rank.ts).
import type { Database, Statement } from 'better-sqlite3';
import type { MessageHit } from '../../shared/search';
import { agentIdxOf, MessageIndex, seqOf, type MessageRow, type ScoringRow } from './message-index';
import type { AnalyzedQuery } from './query';
import {
  estimateDf,
  hasTimeExpression,
  idf,
  queryWeight,
  scoreText,
  withNeighbours,
  type NeighbourLinks,
  type RankParams,
  type TermStat,
} from './rank';
import { makeSnippet } from './snippet';
import { scanTerms, stemKey, stemKeyCodes, stems as stemsOf } from './text';

export interface MessageSearchOptions {
  k: number;
  agentId?: string;
  sessionId?: string;
  excludeIncognito?: boolean;
  roleNames?: Partial<Record<'user' | 'assistant', string[]>>;
}

/** Neighbours are looked for this many seqs away: a tool call and its result can sit between turns. */
export const NEIGHBOUR_REACH = 3;

export class MessageSearch {
  readonly index: MessageIndex;
  private readonly maxSeqStmt: Statement;

  constructor(
    db: Database,
    private readonly p: RankParams,
  ) {
    this.index = new MessageIndex(db);
    this.maxSeqStmt = db.prepare(`SELECT max(seq) FROM messages`).pluck();
  }

  search(q: AnalyzedQuery, opts: MessageSearchOptions): MessageHit[] {
    if (!q.terms.length) return [];
    const p = this.p;
    let agentIdx: number | null = null;
    if (opts.agentId) {
      agentIdx = this.index.agentIndex(opts.agentId);
      if (agentIdx === null) return [];
    }
    const { docs, avgLength } = this.index.stats();
    if (docs === 0) return [];

    // Pass 1: posting lists → IDF per word and which words each message has.
    const terms: TermStat[] = [];
    const weightByBit: number[] = [];
    const masks = new Map<number, number>();
    let maxSeq: number | null = null;
    const cap = Math.max(p.postingFloor, Math.floor(p.postingBudget / q.terms.length));
    q.terms.forEach((term, bit) => {
      const { rowids, capped } = this.index.postings(term.norm, cap);
      let df = rowids.length;
      if (capped) {
        maxSeq ??= (this.maxSeqStmt.get() as number | null) ?? 0;
        df = estimateDf(rowids.length, seqOf(rowids[0]), seqOf(rowids[rowids.length - 1]), maxSeq);
      }
      if (df === 0) return;
      const stat = { stem: term.stem, idf: idf(docs, df), weight: queryWeight(term.count) };
      terms.push(stat);
      weightByBit[bit] = stat.idf * stat.weight;
      if (opts.sessionId) return; // a session is read whole below
      const flag = 1 << bit;
      for (const rowid of rowids) {
        if (agentIdx !== null && agentIdxOf(rowid) !== agentIdx) continue;
        const seq = seqOf(rowid);
        masks.set(seq, (masks.get(seq) ?? 0) | flag);
      }
    });
    if (!terms.length) return [];

    const hidden = opts.excludeIncognito ? this.index.incognitoSessions() : null;
    const visible = (sessionId: string) => (!opts.sessionId || sessionId === opts.sessionId) && !hidden?.has(sessionId);
    const rows: ScoringRow[] = (
      opts.sessionId
        ? this.index.sessionRows(opts.sessionId).filter((r) => !opts.agentId || r.agentId === opts.agentId)
        : this.index.scoringRows(topByMask(masks, (mask) => maskScore(mask, weightByBit), p.candidates))
    ).filter((r) => visible(r.sessionId));

    // Pass 2: full scores.
    const wanted = new Set(terms.map((t) => t.stem));
    const keys = new Set([...wanted].map(stemKey));
    const keyCodes = stemKeyCodes(wanted);
    const dated = q.months.length > 0 || q.years.length > 0 || q.days.length > 0;
    const preferredRole = namedRole(q, opts.roleNames);
    const own = new Map<number, number>();
    const place = new Map<number, string>();
    const questions = new Set<number>();
    for (const row of rows) {
      const created = dated ? new Date(row.createdAt) : null;
      const scored = scoreText(scanTerms(row.content, wanted, keys, keyCodes), terms, q, avgLength, p, {
        hasTimeExpression: q.temporal && hasTimeExpression(row.content),
        createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
      });
      if (scored.score <= 0) continue;
      own.set(row.seq, preferredRole && row.role === preferredRole ? scored.score * (1 + p.speaker) : scored.score);
      place.set(row.seq, row.sessionId);
      if (row.content.includes('?')) questions.add(row.seq);
    }

    // The neighbourhoods of the best are looked up; neighbours can enter the results on their
    // neighbours' strength.
    const expanded = new Set([...own.entries()].sort((a, b) => b[1] - a[1]).slice(0, p.expand).map(([seq]) => seq));
    const around = new Set<number>();
    for (const seq of expanded) for (let d = -NEIGHBOUR_REACH; d <= NEIGHBOUR_REACH; d++) if (d && !place.has(seq + d)) around.add(seq + d);
    for (const [seq, sessionId] of this.index.places([...around])) if (visible(sessionId)) place.set(seq, sessionId);
    const final = withNeighbours(own, neighbourLinks(place, expanded), questions, p);

    const best = [...final.entries()]
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1] || b[0] - a[0])
      .slice(0, opts.k);
    const full = new Map(this.index.rows(best.map(([seq]) => seq)).map((r) => [r.seq, r]));
    return best.filter(([seq]) => full.has(seq)).map(([seq, score]) => toHit(full.get(seq)!, score, wanted));
  }
}

/** The one side of the conversation the query names, if it names exactly one. */
export function namedRole(q: AnalyzedQuery, names: MessageSearchOptions['roleNames']): 'user' | 'assistant' | null {
  if (!names) return null;
  const stems = new Set(q.terms.map((t) => t.stem));
  const named = (['user', 'assistant'] as const).filter((role) => (names[role] ?? []).some((n) => stemsOf(n).some((s) => stems.has(s))));
  return named.length === 1 ? named[0] : null;
}

function maskScore(mask: number, weightByBit: readonly number[]): number {
  let s = 0;
  for (let bit = 0; mask >> bit; bit++) if ((mask >> bit) & 1) s += weightByBit[bit] ?? 0;
  return s;
}

/**
 * The `limit` best seqs by mask score, newest first among equals. Scores depend only on the mask, so
 * messages are bucketed by mask and only the last bucket taken needs sorting.
 */
export function topByMask(masks: ReadonlyMap<number, number>, score: (mask: number) => number, limit: number): number[] {
  const buckets = new Map<number, number[]>();
  for (const [seq, mask] of masks) {
    let b = buckets.get(mask);
    if (!b) buckets.set(mask, (b = []));
    b.push(seq);
  }
  const order = [...buckets.keys()].sort((a, b) => score(b) - score(a));
  const out: number[] = [];
  for (const mask of order) {
    const seqs = buckets.get(mask)!;
    if (out.length + seqs.length <= limit) out.push(...seqs);
    else {
      seqs.sort((a, b) => b - a);
      out.push(...seqs.slice(0, limit - out.length));
    }
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Previous/next live message of the same session among those located. Two located messages a few
 * seqs apart are neighbours only when nothing unseen can lie between them: adjacent seqs, or one of
 * them had its whole neighbourhood looked up (`expanded`).
 */
export function neighbourLinks(place: ReadonlyMap<number, string>, expanded: ReadonlySet<number>): Map<number, NeighbourLinks> {
  const bySession = new Map<string, number[]>();
  for (const [seq, sessionId] of place) {
    let list = bySession.get(sessionId);
    if (!list) bySession.set(sessionId, (list = []));
    list.push(seq);
  }
  const adjacent = (a: number, b: number) => b - a === 1 || (b - a <= NEIGHBOUR_REACH && (expanded.has(a) || expanded.has(b)));
  const links = new Map<number, NeighbourLinks>();
  for (const seqs of bySession.values()) {
    seqs.sort((a, b) => a - b);
    seqs.forEach((seq, i) => {
      const prev = i > 0 && adjacent(seqs[i - 1], seq) ? seqs[i - 1] : undefined;
      const next = i + 1 < seqs.length && adjacent(seq, seqs[i + 1]) ? seqs[i + 1] : undefined;
      const prev2 = prev !== undefined && i > 1 && adjacent(seqs[i - 2], seqs[i - 1]) ? seqs[i - 2] : undefined;
      const next2 = next !== undefined && i + 2 < seqs.length && adjacent(seqs[i + 1], seqs[i + 2]) ? seqs[i + 2] : undefined;
      links.set(seq, { prev, next, prev2, next2 });
    });
  }
  return links;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function toHit(row: MessageRow, score: number, stems: ReadonlySet<string>): MessageHit {
  const snippet = makeSnippet(row.content, stems);
  return {
    messageId: row.id,
    sessionId: row.sessionId,
    sessionTitle: row.sessionTitle,
    agentId: row.agentId,
    role: row.role,
    createdAt: row.createdAt,
    snippet: snippet.text,
    highlights: snippet.highlights,
    score: round2(score),
  };
}
