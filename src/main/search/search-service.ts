// One search over past messages (FTS5), L1 facts and L2 graph entities, scoped the way the rest of
// memory is: with an agent, only that agent's sessions, and facts/entities in global + the agent's
// scope + the project scopes of its sessions. Without an agent, everything the person has.
import type { Database, Statement } from 'better-sqlite3';
import type { Fact, GraphNode } from '../../shared/domain';
import type { SearchResults } from '../../shared/search';
import { agentScope, isDurable, projectScope } from '../memory/scope';
import { rankEntities, rankFacts } from './fact-search';
import type { MessageIndex } from './message-index';
import { entityTerms, feedbackTerms, lexiconTerms, type EntityLink, type Lexicon } from './expansion';
import { reciprocalRankFusion } from './fusion';
import type { TextEmbedder } from './message-embedder';
import { MessageSearch, roleStems, type MessageSearchOptions } from './message-search';
import type { MessageVectors } from './message-vectors';
import { DF_CAP, EntryWords, memoryFeedbackTerms, type MemoryFeedbackOptions } from './memory-feedback';
import { changeCounter, KeptPostings } from './kept-postings';
import { pinChanges } from './change-counter';
import { PostingReads } from './posting-reads';
import { analyzeQuery, type AnalyzedQuery, type QueryTerm } from './query';
import { DEFAULT_RANK_PARAMS, type RankParams } from './rank';
import type { RoleNames } from './role-names';
import type { DerivedUpdater } from './derived-updater';

/**
 * Graph entities matching a query in the given scopes (null: every scope) — the one thing search needs
 * from L2, so this code does not depend on how the graph is wired.
 */
export type EntitySearch = (scopes: string[] | null, query: string, limit: number) => GraphNode[];

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
  /**
   * What the two sides of an agent's conversations are called (role-names.ts), used when a search
   * names an agent but no role names: every caller then gets the same speaker cue.
   */
  roleNames?: (agentId: string) => RoleNames;
  /** Hybrid search: message vectors and the configured embedding model (null: words only). */
  semantic?: { vectors: MessageVectors; embedder: () => TextEmbedder | null } | null;
  /** Related words for lexical expansion (WordNet); read only when rank.lexiconTerms > 0. */
  lexicon?: () => Lexicon | null;
  /** Entities of the L2 graph a query may name (null scopes: every scope); read only when rank.entityTerms > 0. */
  entityLinks?: ((scopes: string[] | null, query: string) => EntityLink[]) | null;
  /** Keeps the derived field (what memory learned from each message) in step; brought up to date before a search. */
  derived?: DerivedUpdater | null;
}

/** The query's embedding is one short request; past this, words alone answer. */
export const QUERY_EMBED_TIMEOUT_MS = 8_000;

export interface SearchInput {
  query: string;
  /** Only this agent's sessions (and its fact/graph scopes). */
  agentId?: string;
  /** Fact/graph scopes to search instead of the ones derived from the agent. */
  scopes?: string[];
  /** Only this session's messages. */
  sessionId?: string;
  /** Results per kind (default 10, at most 100). */
  k?: number;
  /**
   * What the two sides of the conversation are called (the user's name, the agent's name). A query
   * that names one side only prefers that side's messages ("what did Ana say about…").
   */
  roleNames?: Partial<Record<'user' | 'assistant', string[]>>;
  /** Leave out messages of incognito sessions (the agent's own memory never draws on them). */
  excludeIncognito?: boolean;
  /** Sees the ranking's best candidates and the parts of their scores (a bench's probe; changes nothing). */
  observe?: MessageSearchOptions['observe'];
  /** How many of the best candidates the observer sees (a bench's probe of deeper pools). */
  observeDepth?: MessageSearchOptions['observeDepth'];
}

export const DEFAULT_K = 10;
/** Typed and added words together: the first pass keeps one bit per word in a 32-bit mask. */
const MAX_TERMS = 30;
export const MAX_K = 100;
/**
 * Rowids each kept posting source holds at most (8 bytes each: ~8 MB). A search reads at most 30 words of at
 * most postingBudget rowids; at a million messages that is a few hundred searches' distinct words.
 */
const KEPT_POSTINGS = 1_000_000;

export class SearchService {
  private readonly messages: MessageSearch;
  private readonly params: RankParams;
  private readonly projectKeysStmt: Statement;
  private entities: EntitySearch | null;
  /** Derived entries' words, kept across searches (memory-feedback.ts). */
  private readonly entryWords = new EntryWords();
  /** Posting reads of the words index and of the derived field, kept while the database is unchanged (kept-postings.ts). */
  private readonly keptWords: KeptPostings;
  private readonly keptDerived: KeptPostings;

  constructor(private readonly d: SearchServiceDeps) {
    this.params = { ...DEFAULT_RANK_PARAMS, ...d.rank };
    this.messages = new MessageSearch(d.db, this.params, this.entryWords);
    // Every read a search makes is kept (the ranking's reads are at most postingBudget long, feedback's DF_CAP).
    const keep = { maxCap: Math.max(DF_CAP, this.params.postingBudget, this.params.postingFloor), maxPostings: KEPT_POSTINGS };
    this.keptWords = new KeptPostings(this.messages.index, changeCounter(d.db), keep);
    this.keptDerived = new KeptPostings(this.messages.derived, changeCounter(d.db), keep);
    this.entities = d.entities ?? null;
    this.projectKeysStmt = d.db
      .prepare(`SELECT DISTINCT project_key FROM sessions WHERE agent_id = ? AND project_key IS NOT NULL ORDER BY project_key`)
      .pluck();
  }

  get index(): MessageIndex {
    return this.messages.index;
  }

  /** The derived field's updater (issue 31), for memory's change events and the rebuild path. */
  get derived(): DerivedUpdater | null {
    return this.d.derived ?? null;
  }

  /** Plugs in (or replaces) the graph side. */
  setEntitySearch(fn: EntitySearch | null): void {
    this.entities = fn;
  }

  /**
   * Words only (BM25 and the cues of rank.ts): synchronous, no network. What the bench measures and
   * what `query` falls back to.
   */
  search(input: SearchInput): SearchResults {
    const started = performance.now();
    this.d.derived?.fresh();
    const k = clampK(input.k);
    const q = analyzeQuery(input.query);
    // The search writes nothing: what it keeps between searches asks whether the database changed once.
    return pinChanges(this.d.db, () => {
      const messages = this.lexical(q, input, k).hits;
      return { ...this.withMemory(q, input, k, messages), tookMs: elapsed(started), mode: 'words' as const };
    });
  }

  /**
   * The product's search: words only when no embedding model is configured (nothing is sent anywhere);
   * with one, the words' ranking and the nearest messages by meaning fused by reciprocal rank. A failing
   * embedding endpoint never fails the search: words answer, and `notice` says why.
   */
  async query(input: SearchInput): Promise<SearchResults> {
    const embedder = this.params.semanticWeight > 0 ? (this.d.semantic?.embedder() ?? null) : null;
    const q = analyzeQuery(input.query);
    if (!embedder || !this.d.semantic || !input.query.trim()) return this.search(input);
    const started = performance.now();
    this.d.derived?.fresh();
    const k = clampK(input.k);
    let queryVector: Float32Array;
    try {
      const [v] = await embedder.embed([input.query.slice(0, 2000)], AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS));
      if (!v?.length || v.some((x) => !Number.isFinite(x))) throw new Error('the embedding model returned no usable vector');
      queryVector = Float32Array.from(v);
    } catch (err) {
      const r = this.search(input);
      return { ...r, notice: `Searched by words only: ${embedder.label} could not embed the question (${(err as Error).message || String(err)}).` };
    }
    return pinChanges(this.d.db, () => this.fused(q, input, k, queryVector, embedder, started));
  }

  /** The hybrid ranking once the query is embedded (synchronous: one pin of the change counter). */
  private fused(q: AnalyzedQuery, input: SearchInput, k: number, queryVector: Float32Array, embedder: TextEmbedder, started: number): SearchResults {
    const semantic = this.d.semantic!;
    const depth = Math.max(this.params.fusionDepth, k);
    const words = this.lexical(q, input, depth);
    const near = semantic.vectors.nearest(embedder.key, queryVector, { agentId: input.agentId, sessionId: input.sessionId }, depth);
    const fused = reciprocalRankFusion(
      [
        { seqs: words.seqs, weight: 1 },
        { seqs: near.map(([seq]) => seq), weight: this.params.semanticWeight },
      ],
      this.params.fusionK,
    );
    // Fused scores are small (1/(k+rank)); ×100 keeps two decimals meaningful in the hits.
    const messages = this.messages.hitsFor(fused.slice(0, k * 2).map(([seq, s]) => [seq, s * 100]), q, input).slice(0, k);
    return { ...this.withMemory(q, input, k, messages), tookMs: elapsed(started), mode: 'hybrid' };
  }

  /** Messages by words: the ranking of rank.ts, then (when on) a second pass with feedback words. */
  private lexical(q: AnalyzedQuery, input: SearchInput, k: number): { hits: SearchResults['messages']; seqs: number[] } {
    const roleNames = input.roleNames ?? (input.agentId && this.d.roleNames ? this.d.roleNames(input.agentId) : undefined);
    // This search's posting reads, shared by the feedback and every ranking pass (posting-reads.ts).
    const reads = { words: new PostingReads(this.keptWords.begin()), derived: new PostingReads(this.keptDerived.begin()) };
    const lexicon = this.params.lexiconTerms > 0 ? (this.d.lexicon?.() ?? null) : null;
    if (lexicon) {
      const related = lexiconTerms(q, lexicon, { terms: this.params.lexiconTerms, weight: this.params.lexiconWeight, hypernymWeight: this.params.hypernymWeight });
      if (related.length) q = { ...q, terms: [...q.terms, ...related].slice(0, MAX_TERMS) };
    }
    if (this.params.entityTerms > 0 && this.d.entityLinks && q.terms.length) {
      const scopes = input.scopes ?? (input.agentId ? this.scopesFor(input.agentId, input.sessionId) : null);
      const links = this.d.entityLinks(scopes, q.terms.map((t) => t.norm).join(' '));
      const linked = entityTerms(q, links, { terms: this.params.entityTerms, weight: this.params.entityWeight, relatedWeight: this.params.entityRelatedWeight });
      if (linked.length) q = { ...q, terms: [...q.terms, ...linked].slice(0, MAX_TERMS) };
    }
    if (this.params.memoryPrfTerms > 0 && this.params.derivedWeight > 0) {
      // Feedback through memory's own words (rank.ts memoryPrfTerms); never a speaker's name. It needs no
      // first ranking of the messages: memory's entries are ranked instead.
      const extra = this.memoryFeedback(q, input, roleNames, reads);
      if (extra.length) q = { ...q, terms: [...q.terms, ...extra].slice(0, MAX_TERMS) };
    }
    const first = this.messages.rank(q, { ...input, k, roleNames, reads });
    if (this.params.hopTerms > 0 && first.derivedTexts.length >= 2) {
      // Second hop through what memory learned from the best hits (rank.ts hopTerms); never a speaker's name.
      const names = roleStems(roleNames);
      const hop = feedbackTerms(q, first.derivedTexts.slice(0, this.params.hopDocs), { terms: this.params.hopTerms + names.size, weight: this.params.hopWeight })
        .filter((t) => !names.has(t.stem))
        .slice(0, this.params.hopTerms);
      if (hop.length) return this.messages.rank({ ...q, terms: [...q.terms, ...hop].slice(0, MAX_TERMS) }, { ...input, k, roleNames, reads });
    }
    if (this.params.prfTerms > 0 && first.texts.length >= 2) {
      // Second pass with the words the best first results share (expansion.ts).
      const extra = feedbackTerms(q, first.texts.slice(0, this.params.prfDocs), { terms: this.params.prfTerms, weight: this.params.prfWeight });
      if (extra.length) return this.messages.rank({ ...q, terms: [...q.terms, ...extra].slice(0, MAX_TERMS) }, { ...input, k, roleNames, reads });
    }
    return first;
  }

  /**
   * Words memory uses for what the query asks (memory-feedback.ts), to add to it; none in a home with no
   * derived memory, and never from messages the search may not show.
   */
  private memoryFeedback(q: AnalyzedQuery, input: SearchInput, roleNames: SearchInput['roleNames'], reads: MemoryFeedbackOptions['reads']): QueryTerm[] {
    const p = this.params;
    const index = this.messages.index;
    let agentIdx: number | null = null;
    if (input.agentId) {
      agentIdx = index.agentIndex(input.agentId);
      if (agentIdx === null) return [];
    }
    const hidden =
      input.sessionId || input.excludeIncognito
        ? (seqs: number[]) => {
            const off = input.excludeIncognito ? index.incognitoSessions() : null;
            return new Set(index.places(seqs).filter(([, s]) => (input.sessionId && s !== input.sessionId) || off?.has(s)).map(([seq]) => seq));
          }
        : undefined;
    const cap = Math.max(p.postingFloor, Math.floor(p.postingBudget / Math.max(1, q.terms.length)));
    const o = { entries: p.memoryPrfEntries, terms: p.memoryPrfTerms, weight: p.memoryPrfWeight, minCover: p.memoryPrfCover, agentIdx, excluded: roleStems(roleNames), hidden, cap, reads, words: this.entryWords };
    return memoryFeedbackTerms(q.terms, index, this.messages.derived, o);
  }

  private withMemory(q: AnalyzedQuery, input: SearchInput, k: number, messages: SearchResults['messages']): Omit<SearchResults, 'tookMs'> {
    const scopes = input.scopes ?? (input.agentId ? this.scopesFor(input.agentId, input.sessionId) : null);
    const facts = this.d.facts && q.terms.length ? rankFacts(q, this.readFacts(scopes ?? this.scopesFor(undefined, input.sessionId)), k, this.params) : [];
    const entities = this.entities && q.terms.length && scopes?.length !== 0 ? rankEntities(q, this.entities(scopes, q.terms.map((t) => t.norm).join(' '), k * 2), k) : [];
    return { query: input.query, messages, facts, entities };
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

  /** Each scope's facts as the store hands them out (the same array while the file is unchanged). */
  private readFacts(scopes: string[]): Fact[][] {
    const out: Fact[][] = [];
    for (const scope of scopes) {
      try {
        out.push(this.d.facts!.read(scope).facts);
      } catch {
        // An unreadable scope file (too large, hand-broken) is reported by the facts views; search skips it.
      }
    }
    return out;
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

function clampK(k: number | undefined): number {
  if (k === undefined || !Number.isFinite(k)) return DEFAULT_K;
  return Math.min(MAX_K, Math.max(1, Math.floor(k)));
}
