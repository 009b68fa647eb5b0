// One search over past messages (FTS5), L1 facts and L2 graph entities, scoped the way the rest of
// memory is: with an agent, only that agent's sessions, and facts/entities in global + the agent's
// scope + the project scopes of its sessions. Without an agent, everything the person has.
import type { Database, Statement } from 'better-sqlite3';
import type { Fact, GraphNode } from '../../shared/domain';
import type { SearchResults } from '../../shared/search';
import { agentScope, isDurable, projectScope } from '../memory/scope';
import { rankEntities, rankFacts } from './fact-search';
import type { MessageIndex } from './message-index';
import { feedbackTerms } from './expansion';
import { MessageSearch } from './message-search';
import { analyzeQuery } from './query';
import { DEFAULT_RANK_PARAMS, type RankParams } from './rank';
import type { RoleNames } from './role-names';

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
}

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
}

export const DEFAULT_K = 10;
export const MAX_K = 100;

export class SearchService {
  private readonly messages: MessageSearch;
  private readonly params: RankParams;
  private readonly projectKeysStmt: Statement;
  private entities: EntitySearch | null;

  constructor(private readonly d: SearchServiceDeps) {
    this.params = { ...DEFAULT_RANK_PARAMS, ...d.rank };
    this.messages = new MessageSearch(d.db, this.params);
    this.entities = d.entities ?? null;
    this.projectKeysStmt = d.db
      .prepare(`SELECT DISTINCT project_key FROM sessions WHERE agent_id = ? AND project_key IS NOT NULL ORDER BY project_key`)
      .pluck();
  }

  get index(): MessageIndex {
    return this.messages.index;
  }

  /** Plugs in (or replaces) the graph side. */
  setEntitySearch(fn: EntitySearch | null): void {
    this.entities = fn;
  }

  search(input: SearchInput): SearchResults {
    const started = performance.now();
    const k = clampK(input.k);
    const q = analyzeQuery(input.query);
    const scopes = input.scopes ?? (input.agentId ? this.scopesFor(input.agentId, input.sessionId) : null);
    const roleNames = input.roleNames ?? (input.agentId && this.d.roleNames ? this.d.roleNames(input.agentId) : undefined);
    const first = this.messages.rank(q, { ...input, k, roleNames });
    let messages = first.hits;
    if (this.params.prfTerms > 0 && first.texts.length >= 2) {
      // Second pass with the words the best first results share (expansion.ts).
      const extra = feedbackTerms(q, first.texts.slice(0, this.params.prfDocs), { terms: this.params.prfTerms, weight: this.params.prfWeight });
      if (extra.length) messages = this.messages.search({ ...q, terms: [...q.terms, ...extra] }, { ...input, k, roleNames });
    }
    const facts = this.d.facts && q.terms.length ? rankFacts(q, this.readFacts(scopes ?? this.scopesFor(undefined, input.sessionId)), k, this.params) : [];
    const entities = this.entities && q.terms.length && scopes?.length !== 0 ? rankEntities(q, this.entities(scopes, q.terms.map((t) => t.norm).join(' '), k * 2), k) : [];
    return { query: input.query, messages, facts, entities, tookMs: Math.round((performance.now() - started) * 100) / 100 };
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

  private readFacts(scopes: string[]): Fact[] {
    const out: Fact[] = [];
    for (const scope of scopes) {
      try {
        out.push(...this.d.facts!.read(scope).facts);
      } catch {
        // An unreadable scope file (too large, hand-broken) is reported by the facts views; search skips it.
      }
    }
    return out;
  }
}

function clampK(k: number | undefined): number {
  if (k === undefined || !Number.isFinite(k)) return DEFAULT_K;
  return Math.min(MAX_K, Math.max(1, Math.floor(k)));
}
