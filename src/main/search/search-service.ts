// One search over past messages (FTS5), L1 facts and L2 graph entities, scoped the way the rest of
// memory is: with an agent, only that agent's sessions, and facts/entities in global + the agent's
// scope + the project scopes of its sessions.
//
// Messages are ranked in two passes so the cost stays bounded on very large histories:
//  1. per query word, read its posting list (newest first, capped) from the index; the agent is read
//     off each rowid, so scoping costs nothing; a cheap score (sum of matched words' IDF) picks the
//     best `candidates`;
//  2. those are re-scored in full (BM25, word pairs close together, coverage, time cues), then each
//     turn also inherits part of its neighbouring turns' scores.
import type { Database, Statement } from 'better-sqlite3';
import type { Fact, GraphNode } from '../../shared/domain';
import type { EntityHit, FactHit, MessageHit, SearchResults } from '../../shared/search';
import { agentScope, isDurable, projectScope } from '../memory/scope';
import { agentIdxOf, MessageIndex, seqOf, type MessageRow } from './message-index';
import { analyzeQuery, type AnalyzedQuery } from './query';
import {
  DEFAULT_RANK_PARAMS,
  estimateDf,
  hasTimeExpression,
  idf,
  queryWeight,
  scoreText,
  withNeighbours,
  type RankParams,
  type TermStat,
} from './rank';
import { makeSnippet } from './snippet';
import { scanTerms, stemKey, stems as stemsOf, tokenize } from './text';

/** Graph entities matching a query in the given scopes: the one thing search needs from L2. */
export type EntitySearch = (scopes: string[], query: string, limit: number) => GraphNode[];

/** The read side of the L1 store that search uses (MemoryDir satisfies it). */
export interface FactSource {
  read(scope: string): { facts: Fact[] };
  scopes(): Array<{ scope: string }>;
}

export interface SearchServiceDeps {
  db: Database;
  facts?: FactSource | null;
  entities?: EntitySearch | null;
  rank?: Partial<RankParams>;
}

export interface SearchInput {
  query: string;
  /** Only this agent's sessions (and its fact/graph scopes). */
  agentId?: string;
  /** Fact/graph scopes to search instead of the ones derived from the agent. */
  scopes?: string[];
  /** Only this session's messages. */
  sessionId?: string;
  /** Results per kind. */
  k?: number;
  /** Leave out messages of incognito sessions (the agent's own memory never draws on them). */
  excludeIncognito?: boolean;
}

export const DEFAULT_K = 10;
export const MAX_K = 100;
/** Neighbours are looked for this many seqs away: a tool call and its result can sit between turns. */
const NEIGHBOUR_REACH = 3;

export class SearchService {
  readonly index: MessageIndex;
  private readonly params: RankParams;
  private readonly projectKeysStmt: Statement;
  private readonly maxSeqStmt: Statement;
  private entities: EntitySearch | null;

  constructor(private readonly d: SearchServiceDeps) {
    this.index = new MessageIndex(d.db);
    this.params = { ...DEFAULT_RANK_PARAMS, ...d.rank };
    this.entities = d.entities ?? null;
    this.projectKeysStmt = d.db.prepare(`SELECT DISTINCT project_key FROM sessions WHERE agent_id = ? AND project_key IS NOT NULL ORDER BY project_key`).pluck();
    this.maxSeqStmt = d.db.prepare(`SELECT max(seq) FROM messages`).pluck();
  }

  /** Plugs in the graph side (the engine does this once L2 is open). */
  setEntitySearch(fn: EntitySearch | null): void {
    this.entities = fn;
  }

  search(input: SearchInput): SearchResults {
    const started = performance.now();
    const k = clampK(input.k);
    const q = analyzeQuery(input.query);
    const scopes = input.scopes ?? this.scopesFor(input.agentId, input.sessionId);
    const messages = this.searchMessages(q, { ...input, k });
    const facts = this.searchFacts(q, scopes, k);
    const entities = this.searchEntities(q, scopes, k);
    return { query: input.query, messages, facts, entities, tookMs: round2(performance.now() - started) };
  }

  /** Fact and graph scopes: global, the agent's own, and the projects its sessions work in. */
  scopesFor(agentId?: string, sessionId?: string): string[] {
    const session = sessionId ? [`session:${sessionId}`] : [];
    if (!agentId) {
      const all = (this.d.facts?.scopes() ?? []).map((s) => s.scope).filter(isDurable);
      return [...new Set(['global', ...all, ...session])];
    }
    const projects = (this.projectKeysStmt.all(agentId) as string[]).map(projectScope);
    return ['global', agentScope(agentId), ...projects, ...session];
  }

  searchMessages(q: AnalyzedQuery, opts: Omit<SearchInput, 'query'> & { k: number }): MessageHit[] {
    if (!q.terms.length) return [];
    const p = this.params;
    let agentIdx: number | null = null;
    if (opts.agentId) {
      agentIdx = this.index.agentIndex(opts.agentId);
      if (agentIdx === null) return [];
    }
    const { docs, avgLength } = this.index.stats();
    if (docs === 0) return [];

    // Pass 1: posting lists → IDF per word and a cheap score per message (which words it has).
    const terms: TermStat[] = [];
    const bitIdf: number[] = [];
    const masks = new Map<number, number>();
    let maxSeq: number | null = null;
    q.terms.forEach((term, bit) => {
      const { rowids, capped } = this.index.postings(term.norm, p.postingCap);
      let df = rowids.length;
      if (capped) {
        maxSeq ??= (this.maxSeqStmt.get() as number | null) ?? 0;
        df = estimateDf(rowids.length, seqOf(rowids[0]), seqOf(rowids[rowids.length - 1]), maxSeq);
      }
      if (df === 0) return;
      const stat = { stem: term.stem, idf: idf(docs, df), weight: queryWeight(term.count) };
      terms.push(stat);
      bitIdf[bit] = stat.idf * stat.weight;
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
    const rows = (
      opts.sessionId ? this.index.sessionRows(opts.sessionId) : this.index.scoringRows(topByMask(masks, (mask) => maskScore(mask, bitIdf), p.candidates))
    ).filter((r) => visible(r.sessionId));

    // Pass 2: full scores.
    const wanted = new Set(terms.map((t) => t.stem));
    const keys = new Set([...wanted].map(stemKey));
    const own = new Map<number, number>();
    const place = new Map<number, string>();
    const questions = new Set<number>();
    for (const row of rows) {
      const created = q.months.length || q.years.length || q.days.length ? new Date(row.createdAt) : null;
      const scored = scoreText(scanTerms(row.content, wanted, keys), terms, q, avgLength, p, {
        hasTimeExpression: q.temporal && hasTimeExpression(row.content),
        createdAt: created && !Number.isNaN(created.getTime()) ? created : null,
      });
      if (scored.score <= 0) continue;
      own.set(row.seq, scored.score);
      place.set(row.seq, row.sessionId);
      if (row.content.includes('?')) questions.add(row.seq);
    }

    // Neighbours of the best: linked, and allowed into the results on their neighbours' strength.
    const top = [...own.entries()].sort((a, b) => b[1] - a[1]).slice(0, p.expand);
    const around = new Set<number>();
    for (const [seq] of top) for (let d = -NEIGHBOUR_REACH; d <= NEIGHBOUR_REACH; d++) if (d && !place.has(seq + d)) around.add(seq + d);
    for (const r of this.index.places([...around])) if (visible(r.sessionId)) place.set(r.seq, r.sessionId);
    const final = withNeighbours(own, neighbourLinks(place), questions, p);

    const best = [...final.entries()]
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1] || b[0] - a[0])
      .slice(0, opts.k);
    const full = new Map(this.index.rows(best.map(([seq]) => seq)).map((r) => [r.seq, r]));
    return best.filter(([seq]) => full.has(seq)).map(([seq, score]) => toHit(full.get(seq)!, score, wanted));
  }

  searchFacts(q: AnalyzedQuery, scopes: string[], k: number): FactHit[] {
    if (!this.d.facts || !q.terms.length) return [];
    const facts: Fact[] = [];
    for (const scope of scopes) {
      try {
        facts.push(...this.d.facts.read(scope).facts);
      } catch {
        // An unreadable scope file (too large, hand-broken) is reported by the facts views; search skips it.
      }
    }
    if (!facts.length) return [];
    const wanted = new Set(q.terms.map((t) => t.stem));
    const keys = new Set([...wanted].map(stemKey));
    const scans = facts.map((f) => scanTerms(f.text, wanted, keys));
    const df = new Map<string, number>();
    for (const scan of scans) for (const stem of scan.positions.keys()) df.set(stem, (df.get(stem) ?? 0) + 1);
    const terms: TermStat[] = q.terms.map((t) => ({ stem: t.stem, idf: idf(facts.length, df.get(t.stem) ?? 0), weight: queryWeight(t.count) }));
    const avg = scans.reduce((n, s) => n + s.length, 0) / facts.length || 1;
    const stemSet = wanted;
    return facts
      .map((f, i) => ({ f, score: scoreText(scans[i], terms, q, avg, this.params, { hasTimeExpression: false, createdAt: null }).score }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
      .map(({ f, score }) => ({
        factId: f.id,
        scope: f.scope,
        text: f.text,
        highlights: tokenize(f.text)
          .filter((t) => stemSet.has(t.stem))
          .map((t): [number, number] => [t.start, t.end]),
        score: round2(score),
      }));
  }

  searchEntities(q: AnalyzedQuery, scopes: string[], k: number): EntityHit[] {
    if (!this.entities || !q.terms.length || !scopes.length) return [];
    const nodes = this.entities(scopes, q.terms.map((t) => t.norm).join(' '), k * 2);
    const stemSet = new Set(q.terms.map((t) => t.stem));
    // The graph's own search matches word prefixes and adds related entities; keep the ones that
    // really mention a query word, names counting double.
    return nodes
      .map((n) => ({ n, score: 2 * overlap(stemsOf(n.name), stemSet) + overlap(stemsOf(n.summary), stemSet) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, k)
      .map(({ n, score }) => ({ nodeId: n.id, scope: n.scope, name: n.name, type: n.type, summary: n.summary, score }));
  }
}

function clampK(k: number | undefined): number {
  if (k === undefined || !Number.isFinite(k)) return DEFAULT_K;
  return Math.min(MAX_K, Math.max(1, Math.floor(k)));
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
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

/** Previous/next searchable message of the same session among the messages we located. */
function neighbourLinks(place: ReadonlyMap<number, string>): Map<number, { prev?: number; next?: number }> {
  const bySession = new Map<string, number[]>();
  for (const [seq, sessionId] of place) {
    let list = bySession.get(sessionId);
    if (!list) bySession.set(sessionId, (list = []));
    list.push(seq);
  }
  const links = new Map<number, { prev?: number; next?: number }>();
  for (const seqs of bySession.values()) {
    seqs.sort((a, b) => a - b);
    seqs.forEach((seq, i) => {
      const prev = i > 0 && seq - seqs[i - 1] <= NEIGHBOUR_REACH ? seqs[i - 1] : undefined;
      const next = i + 1 < seqs.length && seqs[i + 1] - seq <= NEIGHBOUR_REACH ? seqs[i + 1] : undefined;
      links.set(seq, { prev, next });
    });
  }
  return links;
}

function overlap(stems: string[], wanted: ReadonlySet<string>): number {
  return new Set(stems.filter((s) => wanted.has(s))).size;
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
