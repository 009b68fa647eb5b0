// Ranking past messages, in two passes so the cost stays bounded on very large histories:
//  1. per query word, read its posting list (newest first, capped) from the index; the agent is read
//     off each rowid, so scoping costs nothing; a cheap score (sum of matched words' IDF) picks the
//     best `candidates`;
//  2. those are re-scored in full (BM25, word pairs close together, coverage, time and speaker cues),
//     then each turn also inherits part of its neighbouring turns' scores (see rank.ts).
import type { Database, Statement } from 'better-sqlite3';
import { asksYesNo, candidateFeatures, OBSERVED_CANDIDATES, queryCover, rerankCandidates, type CandidateFeatures, type QueryCover } from './candidate-features';
import type { DerivedVia, MessageHit } from '../../shared/search';
import { DerivedIndex, unionPostings } from './derived-index';
import type { DerivedEntry } from './derived-store';
import { EntryScans } from './entry-scans';
import { hopCandidates, joinHop, type EntryWordCounts } from './memory-hop';
import { MessageIndex, seqOf, type MessageRow, type Postings, type ScoringRow } from './message-index';
import { maskScore, masksByMerge, topByMask, topSeqs } from './candidate-selection';

export { masksByMerge, topByMask, topSeqs } from './candidate-selection';
import type { AnalyzedQuery, QueryTerm } from './query';
import { diversify, estimateDf, hasTimeExpression, idf, neighbourScore, queryWeight, scoreText, type DerivedField, type RankParams, type TermStat } from './rank';
import type { PostingSource } from './posting-reads';
import { makeSnippet } from './snippet';
import { scanTerms, stemKey, stemKeyCodes, stems as stemsOf, type TermScan } from './text';

export interface MessageSearchOptions {
  k: number;
  agentId?: string;
  sessionId?: string;
  excludeIncognito?: boolean;
  roleNames?: Partial<Record<'user' | 'assistant', string[]>>;
  /** The posting reads of this search so far (posting-reads.ts): a second read of a word costs nothing. */
  reads?: { words: PostingSource; derived: PostingSource };
  /**
   * Sees the best candidates of the ranking with the parts of their scores (bench/locomo-ltr.ts judges a
   * learned re-ranking with them); it changes nothing. Called once per ranking pass: the last call is the
   * pass whose hits are returned.
   */
  observe?: (candidates: CandidateFeatures[]) => void;
  /** How many of the best candidates the observer sees (OBSERVED_CANDIDATES when absent). */
  observeDepth?: number;
}

/**
 * Message texts whose scans are kept (entry-scans.ts): at most 10,000 texts and 200,000 words (~25 MB; LoCoMo's
 * five conversations are 2,760 turns of ~25 words). A text over 4,000 characters (a long reply) is scanned
 * for the query's words each time, as before, instead of taking a large share of the bound. Kept from a
 * text's second time as a candidate only (keepOnSecondSight): at a million messages most candidates are new
 * at each search, and a full scan kept for nothing cost the 1M bench's p95 (words only 7.5–8.4 → 15.9 ms).
 */
const MESSAGE_SCANS = { texts: 10_000, words: 200_000, chars: 4_000 };

/** Neighbours are looked for this many seqs away: a tool call and its result can sit between turns. */
export const NEIGHBOUR_REACH = 3;

export class MessageSearch {
  readonly index: MessageIndex;
  /** What memory learned from each message (issue 31): a second field, empty in a home with no such memory. */
  readonly derived: DerivedIndex;
  private readonly maxSeqStmt: Statement;
  /** Derived texts' scans, kept between searches: the same candidates' entries come back each time. */
  private readonly entryScans = new EntryScans();
  /**
   * Candidates' own texts scanned the same way: the ranking walked every candidate's text for the query's
   * words at every search (the largest single function of a search's profile), and the same messages are
   * candidates search after search. Keyed on the text, so an edited message is scanned afresh.
   */
  private readonly textScans = new EntryScans(MESSAGE_SCANS.texts, MESSAGE_SCANS.words, MESSAGE_SCANS.chars, true);

  constructor(
    db: Database,
    private readonly p: RankParams,
    private readonly entryWords: EntryWordCounts, // entries' words, kept across searches (the second hop reads them)
  ) {
    this.index = new MessageIndex(db);
    this.derived = new DerivedIndex(db);
    this.maxSeqStmt = db.prepare(`SELECT max(seq) FROM messages`).pluck();
  }

  search(q: AnalyzedQuery, opts: MessageSearchOptions): MessageHit[] {
    return this.rank(q, opts).hits;
  }

  /** The hits, and the full text of each in the same order (query expansion reads them). */
  rank(q: AnalyzedQuery, opts: MessageSearchOptions): { hits: MessageHit[]; texts: string[]; seqs: number[]; derivedTexts: string[] } {
    const none = { hits: [], texts: [], seqs: [], derivedTexts: [] };
    if (!q.terms.length) return none;
    const p = this.p;
    let agentIdx: number | null = null;
    if (opts.agentId) {
      agentIdx = this.index.agentIndex(opts.agentId);
      if (agentIdx === null) return none;
    }
    const { docs, avgLength } = this.index.stats();
    if (docs === 0) return none;
    // No derived memory (or turned off): none of its reads happen, and the ranking is the words' alone.
    const derivedStats = p.derivedWeight > 0 ? this.derived.stats() : null;
    const withDerived = derivedStats !== null && derivedStats.docs > 0;

    // The names of the conversation's two sides count in the words only: what memory learned from a
    // message names its speaker in nearly every sentence ("Caroline collects…"), so in the derived field
    // a name would find every message a fact was taken from; who spoke is the speaker cue's to judge.
    const nameStems = withDerived ? roleStems(opts.roleNames) : null;
    const derivedTerm = (stem: string) => withDerived && !nameStems!.has(stem);

    // Pass 1: posting lists → IDF per word, and which words each message has.
    const terms: TermStat[] = [];
    const weightByBit: number[] = [];
    const lists: number[][] = [];
    const bits: number[] = [];
    let maxSeq: number | null = null;
    const cap = Math.max(p.postingFloor, Math.floor(p.postingBudget / q.terms.length));
    const reads = opts.reads ?? { words: this.index, derived: this.derived };
    q.terms.forEach((term, bit) => {
      const words: Postings = reads.words.postings(term.norm, cap);
      const { rowids, capped } = derivedTerm(term.stem) ? unionPostings(words, reads.derived.postings(term.norm, cap), cap) : words;
      let df = rowids.length;
      if (capped) {
        maxSeq ??= (this.maxSeqStmt.get() as number | null) ?? 0;
        df = estimateDf(rowids.length, seqOf(rowids[0]), seqOf(rowids[rowids.length - 1]), maxSeq);
      }
      if (df === 0) return;
      const stat = { stem: term.stem, idf: idf(docs, Math.min(df, docs)), weight: queryWeight(term.count) * (term.boost ?? 1) };
      terms.push(stat);
      weightByBit[bit] = stat.idf * stat.weight;
      lists.push(rowids);
      bits.push(1 << bit);
    });
    if (!terms.length) return none;

    const hidden = opts.excludeIncognito ? this.index.incognitoSessions() : null;
    const visible = (sessionId: string) => (!opts.sessionId || sessionId === opts.sessionId) && !hidden?.has(sessionId);
    const rows: ScoringRow[] = (
      opts.sessionId
        ? this.index.sessionRows(opts.sessionId).filter((r) => !opts.agentId || r.agentId === opts.agentId)
        : this.index.scoringRows(topByMask(masksByMerge(lists, bits, agentIdx, p.candidates), (mask) => maskScore(mask, weightByBit), p.candidates))
    ).filter((r) => visible(r.sessionId));

    // Pass 2: full scores.
    const wanted = new Set(terms.map((t) => t.stem));
    const keys = new Set([...wanted].map(stemKey));
    const keyCodes = stemKeyCodes(wanted);
    const dated = q.months.length > 0 || q.years.length > 0 || q.days.length > 0;
    const preferredRole = namedRole(q, opts.roleNames);
    const own = new Map<number, number>();
    const throughMemory = new Set<number>();
    const place = new Map<number, string>();
    const questions = new Set<number>();
    // A question naming a day or month also finds messages that talk about it in relative words.
    const mentioned = dated ? this.index.mentionedDays(rows.map((r) => r.seq)) : null;
    const dWanted = withDerived ? new Set([...wanted].filter(derivedTerm)) : wanted;
    const dKeys = new Set([...dWanted].map(stemKey));
    const derivedOf = withDerived && dWanted.size ? this.derivedFields(rows.map((r) => r.seq), derivedStats!, (text) => this.entryScans.scan(text, dWanted, dKeys)) : null;
    // With derived memory, each message's words-only score too: what its neighbours inherit (derivedShare).
    const ownWords = withDerived && p.derivedShare < 1 ? new Map<number, number>() : null;
    // The learned re-ranking (rank.ts `rerank`) runs with derived memory only (it was learned there; a words-only
    // home keeps its ranking). Its features' query cover is read from the scans below.
    const rerank = withDerived && (p.rerank.length > 0 || p.rerankTrees.length > 0);
    const covers = opts.observe || rerank ? new Map<number, QueryCover>() : null;
    const roles = covers ? new Map<number, string>() : null; // who spoke each candidate (the eighth pass's speaker feature)
    // One cues object and one list of entry scans for every candidate (scoreText and queryCover keep neither).
    const cues: { hasTimeExpression: boolean; createdAt: Date | null; mentionedDays?: readonly string[] } = { hasTimeExpression: false, createdAt: null, mentionedDays: undefined };
    const entryPositions: Array<ReadonlyMap<string, unknown>> = [];
    for (const row of rows) {
      const created = dated ? new Date(row.createdAt) : null;
      const scan = this.textScans.scan(row.content, wanted, keys);
      cues.hasTimeExpression = q.temporal && hasTimeExpression(row.content);
      cues.createdAt = created && !Number.isNaN(created.getTime()) ? created : null;
      cues.mentionedDays = mentioned?.get(row.seq);
      const fields = derivedOf?.get(row.seq);
      const words = !fields || ownWords ? scoreText(scan, terms, q, avgLength, p, cues) : null;
      // A message with several derived entries scored one by one takes its best (rank.ts derivedEntries).
      let scored = words ?? { score: 0, matched: 0 };
      for (const field of fields ?? []) {
        const s = scoreText(scan, terms, q, avgLength, p, cues, field);
        if (s.score > scored.score) scored = s;
      }
      const roleBoost = preferredRole && row.role === preferredRole ? 1 + p.speaker : 1;
      if (ownWords && words && words.score > 0) ownWords.set(row.seq, words.score * roleBoost);
      if (scored.score <= 0) continue;
      own.set(row.seq, scored.score * roleBoost);
      if (scored.throughDerived) throughMemory.add(row.seq);
      if (covers) {
        entryPositions.length = 0;
        if (fields) for (const f of fields) entryPositions.push(f.scan.positions);
        covers.set(row.seq, queryCover(terms, scan.positions, entryPositions));
      }
      place.set(row.seq, row.sessionId);
      roles?.set(row.seq, row.role);
      if (row.content.includes('?')) questions.add(row.seq);
    }
    // The neighbourhoods of the best are looked up (neighbours can enter on their neighbours' strength), and
    // those of the best by words alone: with derivedShare, their neighbours score differently.
    const top = (m: ReadonlyMap<number, number>) => topSeqs(m, Math.max(p.expand, opts.k));
    const expanded = new Set(top(own));
    if (ownWords) for (const seq of top(ownWords)) expanded.add(seq);
    const around: number[] = [];
    for (const seq of expanded) for (let d = -NEIGHBOUR_REACH; d <= NEIGHBOUR_REACH; d++) if (d && !place.has(seq + d)) around.push(seq + d);
    for (const [seq, sessionId, role] of this.index.places(around)) if (visible(sessionId)) void (place.set(seq, sessionId), roles?.set(seq, role));
    // What neighbours inherit: a message's words' score and `derivedShare` of what memory added to it. Then
    // memory's second hop (rank.ts hopCandidates; off by default), with derived memory only; then the learned
    // re-ranking of the best candidates, the observer seeing them before it (deeper when a bench asks).
    // Read through, not copied into a map of its own: it is asked of a few hundred seqs at most.
    const shares: Shares = ownWords
      ? {
          get: (seq) => {
            const s = own.get(seq);
            if (s === undefined) return undefined;
            return (ownWords.get(seq) ?? 0) + p.derivedShare * (s - (ownWords.get(seq) ?? 0));
          },
        }
      : own;
    let ranked = scoreWithNeighbours(place, own, questions, expanded, p, shares)
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1] || b[0] - a[0]);
    if (withDerived && p.hopCandidates > 0) ranked = this.withHop(ranked, place, visible, agentIdx, new Set([...wanted, ...nameStems!]), reads.derived);
    const featuresOf = (n: number) => candidateFeatures(ranked.slice(0, n), place, own, ownWords, throughMemory, questions, covers!, asksYesNo(q.text), { roles: roles!, namedRole: preferredRole, termWeights: terms.map((t) => t.idf * t.weight) });
    const features = covers ? featuresOf(OBSERVED_CANDIDATES) : null;
    if (opts.observe) opts.observe((opts.observeDepth ?? 0) > OBSERVED_CANDIDATES ? featuresOf(opts.observeDepth!) : features!);
    if (rerank) ranked.splice(0, features!.length, ...rerankCandidates(features!, p.rerank, p.rerankTrees, p.rerankFloor));
    const best = diversify(
      ranked.map(([seq, score]) => ({ seq, score, session: place.get(seq)! })),
      p.clusterMax,
      p.clusterReach,
    )
      .slice(0, opts.k)
      .map((r) => [r.seq, r.score] as [number, number]);
    const full = new Map(this.index.rows(best.map(([seq]) => seq)).map((r) => [r.seq, r]));
    const kept = best.filter(([seq]) => full.has(seq));
    // Only the hits whose scoring found a query word in their derived text alone are asked why.
    let vias = throughMemory.size ? this.vias(kept.filter(([seq]) => throughMemory.has(seq)).map(([seq]) => full.get(seq)!), dWanted) : null;
    // A hit found by words memory lent the query (feedback through memory) and by none of the others says
    // which entry lent them, though that entry was learned from another message.
    if (q.terms.some((t) => t.lentBy)) {
      for (const [seq] of kept) {
        if (vias?.has(seq)) continue;
        const via = lentVia(full.get(seq)!.content, q.terms);
        if (via) (vias ?? (vias = new Map())).set(seq, via);
      }
    }
    return {
      hits: kept.map(([seq, score]) => toHit(full.get(seq)!, score, wanted, vias?.get(seq))),
      texts: kept.map(([seq]) => full.get(seq)!.content),
      seqs: kept.map(([seq]) => seq),
      // What memory learned from the hits, best first (the second hop reads it); none without derived memory.
      derivedTexts: withDerived && p.hopTerms > 0 ? this.derivedTextsOf(kept.map(([seq]) => seq)) : [],
    };
  }

  /** Hits for messages ranked elsewhere (fusion), in the given order; gone or hidden ones are left out. */
  hitsFor(ranked: ReadonlyArray<[seq: number, score: number]>, q: AnalyzedQuery, opts: Pick<MessageSearchOptions, 'excludeIncognito'>): MessageHit[] {
    const wanted = new Set(q.terms.map((t) => t.stem));
    const full = new Map(this.index.rows(ranked.map(([seq]) => seq)).map((r) => [r.seq, r]));
    const kept = ranked.filter(([seq]) => full.has(seq) && !(opts.excludeIncognito && full.get(seq)!.incognito));
    const vias = this.p.derivedWeight > 0 && this.derived.stats().docs > 0 ? this.vias(kept.map(([seq]) => full.get(seq)!), wanted) : null;
    return kept.map(([seq, score]) => toHit(full.get(seq)!, score, wanted, vias?.get(seq)));
  }

  /**
   * The derived field(s) of each of `seqs` that has one, scanned for the query: one field of all its
   * entries, or each entry as a field of its own against the entries' mean length (rank.ts derivedEntries).
   */
  private derivedFields(seqs: number[], stats: { avgLength: number }, scan: (text: string) => TermScan): Map<number, DerivedField[]> {
    const out = new Map<number, DerivedField[]>();
    if (!this.p.derivedEntries) {
      for (const [seq, body] of this.derived.bodies(seqs)) out.set(seq, [{ scan: scan(body), avgLength: stats.avgLength }]);
      return out;
    }
    const avgLength = this.derived.entryAvgLength();
    for (const [seq, entries] of this.derived.entries(seqs)) out.set(seq, entries.map((e) => ({ scan: scan(e.text), avgLength })));
    return out;
  }

  /** The ranking with the messages memory's second hop reaches from its best (memory-hop.ts); their places are noted. */
  private withHop(ranked: Array<[number, number]>, place: Map<number, string>, visible: (s: string) => boolean, agentIdx: number | null, excluded: Set<string>, reads: PostingSource) {
    const hop = hopCandidates(ranked.map(([seq]) => seq), this.derived, this.entryWords, { from: this.p.hopFrom, words: this.p.hopWords, limit: this.p.hopCandidates, cap: 200, agentIdx, excluded, reads });
    for (const [seq, sessionId] of this.index.places(hop.filter((h) => !place.has(h.seq)).map((h) => h.seq))) if (visible(sessionId)) place.set(seq, sessionId);
    return joinHop(ranked, hop.filter((h) => place.has(h.seq)), this.p.hopShare);
  }

  /** The derived texts of `seqs` that have one, in the order of `seqs`. */
  private derivedTextsOf(seqs: number[]): string[] {
    const bodies = this.derived.bodies(seqs);
    return seqs.flatMap((seq) => (bodies.has(seq) ? [bodies.get(seq)!] : []));
  }

  /**
   * Why each message was found, where memory explains it: the derived entry holding the most query words
   * the message's own text lacks. A message its words found on their own gets none.
   */
  private vias(rows: MessageRow[], wanted: ReadonlySet<string>): Map<number, DerivedVia> {
    const out = new Map<number, DerivedVia>();
    const entries = this.derived.entries(rows.map((r) => r.seq));
    if (!entries.size) return out;
    const keys = new Set([...wanted].map(stemKey));
    const keyCodes = stemKeyCodes(wanted);
    for (const row of rows) {
      const list = entries.get(row.seq);
      if (!list) continue;
      const own = scanTerms(row.content, wanted, keys, keyCodes).positions;
      const best = bestEntry(list, (e) => {
        let n = 0;
        for (const stem of scanTerms(e.text, wanted, keys, keyCodes).positions.keys()) if (!own.has(stem)) n++;
        return n;
      });
      if (best) out.set(row.seq, { kind: best.kind, text: best.text });
    }
    return out;
  }
}

/** The stems of every name either side of the conversation goes by. */
export function roleStems(names: MessageSearchOptions['roleNames']): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(names ?? {})) for (const n of list ?? []) for (const s of stemsOf(n)) out.add(s);
  return out;
}

/** The one side of the conversation the query names, if it names exactly one. */
export function namedRole(q: AnalyzedQuery, names: MessageSearchOptions['roleNames']): 'user' | 'assistant' | null {
  if (!names) return null;
  const stems = new Set(q.terms.map((t) => t.stem));
  const named = (['user', 'assistant'] as const).filter((role) => (names[role] ?? []).some((n) => stemsOf(n).some((s) => stems.has(s))));
  return named.length === 1 ? named[0] : null;
}

/** What a message passes on to its neighbours, by seq (undefined: nothing). */
export type Shares = { get(seq: number): number | undefined };

/**
 * Final scores of every located message: its own plus its neighbours' shares. Neighbours are the
 * nearest located messages of the same session, and only where nothing unseen can lie between them:
 * adjacent seqs, or one of the two had its whole neighbourhood looked up (`expanded`).
 */
export function scoreWithNeighbours(
  place: ReadonlyMap<number, string>,
  own: ReadonlyMap<number, number>,
  questions: ReadonlySet<number>,
  expanded: ReadonlySet<number>,
  p: RankParams,
  /** What each message passes on to its neighbours (default: its own score). */
  shares: Shares = own,
): Array<[seq: number, score: number]> {
  const seqs = Array.from(place.keys()).sort((a, b) => a - b);
  const sessions = seqs.map((seq) => place.get(seq));
  const adjacent = (a: number, b: number) => b - a === 1 || (b - a <= NEIGHBOUR_REACH && (expanded.has(a) || expanded.has(b)));
  const prevOf = (i: number): number => {
    for (let j = i - 1; j >= 0 && seqs[i] - seqs[j] <= NEIGHBOUR_REACH; j--) if (sessions[j] === sessions[i]) return adjacent(seqs[j], seqs[i]) ? j : -1;
    return -1;
  };
  const nextOf = (i: number): number => {
    for (let j = i + 1; j < seqs.length && seqs[j] - seqs[i] <= NEIGHBOUR_REACH; j++) if (sessions[j] === sessions[i]) return adjacent(seqs[i], seqs[j]) ? j : -1;
    return -1;
  };
  const ownAt = (i: number) => (i < 0 ? 0 : (own.get(seqs[i]) ?? 0));
  const shareAt = (i: number) => (i < 0 ? 0 : (shares.get(seqs[i]) ?? 0));
  const out: Array<[number, number]> = [];
  for (let i = 0; i < seqs.length; i++) {
    const prev = prevOf(i);
    const next = nextOf(i);
    const score = neighbourScore(
      ownAt(i),
      {
        prev: shareAt(prev),
        prevIsQuestion: prev >= 0 && questions.has(seqs[prev]),
        next: shareAt(next),
        prev2: prev >= 0 ? shareAt(prevOf(prev)) : 0,
        next2: next >= 0 ? shareAt(nextOf(next)) : 0,
      },
      p,
    );
    out.push([seqs[i], score]);
  }
  return out;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The entry with the highest positive count (the first on a tie), or null when none counts. */
function bestEntry(list: readonly DerivedEntry[], count: (e: DerivedEntry) => number): DerivedEntry | null {
  let best: DerivedEntry | null = null;
  let most = 0;
  for (const e of list) {
    const n = count(e);
    if (n > most) {
      most = n;
      best = e;
    }
  }
  return best;
}

/**
 * The entry that lent a message the query words it holds, when it holds lent words only: the one that
 * lent most of them (the weightier word's on a tie). Null when a word of the person's own is there too
 * (the words found it on their own) or no lent word is.
 */
export function lentVia(content: string, terms: readonly QueryTerm[]): DerivedVia | null {
  const stems = new Set(terms.map((t) => t.stem));
  const found = scanTerms(content, stems, new Set([...stems].map(stemKey)), stemKeyCodes(stems)).positions;
  const byLender = new Map<string, { via: DerivedVia; n: number; first: number }>();
  let at = 0;
  for (const t of [...terms].sort((a, b) => (b.boost ?? 1) - (a.boost ?? 1))) {
    at++;
    if (!found.has(t.stem)) continue;
    if (!t.lentBy) return null;
    const key = `${t.lentBy.kind}\u0000${t.lentBy.text}`;
    const had = byLender.get(key) ?? { via: t.lentBy, n: 0, first: at };
    had.n++;
    byLender.set(key, had);
  }
  let best: { via: DerivedVia; n: number; first: number } | null = null;
  for (const l of byLender.values()) if (!best || l.n > best.n || (l.n === best.n && l.first < best.first)) best = l;
  return best ? { kind: best.via.kind, text: best.via.text } : null;
}

function toHit(row: MessageRow, score: number, stems: ReadonlySet<string>, via?: DerivedVia): MessageHit {
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
    ...(via ? { via } : {}),
  };
}
