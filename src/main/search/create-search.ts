// The one way search is put together: past messages (FTS), L1 facts, L2 entities and the entity links of
// query expansion, WordNet for related words, vectors when an embedding model is set. The engine, the
// LoCoMo bench and the search-quality test all build it here, so the figures they report are the
// product's search and not a look-alike missing a part (issue 28 §4).
import type { Database } from 'better-sqlite3';
import type { GraphStore } from '../memory/graph/graph-store';
import { entityLinksOf } from './entity-links';
import { derivedFromMemory } from './derived-sources';
import { DerivedStore } from './derived-store';
import { DerivedUpdater } from './derived-updater';
import type { Lexicon } from './expansion';
import type { RankParams } from './rank';
import type { RoleNames } from './role-names';
import { SearchService, type FactSource, type SearchServiceDeps } from './search-service';
import { WordNet } from './wordnet';

export interface SearchParts {
  /** app.sqlite: sessions, messages and their FTS index (and message vectors). */
  appDb: Database;
  /** memory.sqlite: the graph's aliases, read by entity links. */
  memoryDb: Database;
  graph: GraphStore;
  facts: FactSource;
  /** What the two sides of an agent's conversations are called (role-names.ts). */
  roleNames: (agentId: string) => RoleNames;
  /** Message vectors and the configured embedding model (absent: words only). */
  semantic?: SearchServiceDeps['semantic'];
  /** Ranking overrides: tuning runs only; the product runs the defaults of rank.ts. */
  rank?: Partial<RankParams>;
  /** Related words; by default WordNet, read from disk on the first search that expands, then kept. */
  lexicon?: () => Lexicon | null;
  log?: (msg: string, err?: unknown) => void;
}

export function createSearch(p: SearchParts): SearchService {
  let wordnet: WordNet | null | undefined;
  // No scopes given: every scope the graph has (a search that names no agent searches everything).
  const allScopes = () => p.graph.scopes().map((s) => s.scope);
  return new SearchService({
    db: p.appDb,
    facts: p.facts,
    entities: (scopes, query, limit) => p.graph.explore(scopes ?? allScopes(), query, limit).nodes,
    entityLinks: (scopes, query) => entityLinksOf(p.graph, p.memoryDb, scopes ?? allScopes(), query),
    semantic: p.semantic ?? null,
    lexicon: p.lexicon ?? (() => (wordnet === undefined ? (wordnet = WordNet.installed()) : wordnet)),
    roleNames: p.roleNames,
    rank: p.rank,
    // What memory learned from each message, as its second field (issue 31): recomputed from memory when
    // memory changes (the engine tells it) and at the first search of a process (the rebuild path).
    derived: new DerivedUpdater({ store: new DerivedStore(p.appDb), read: () => derivedFromMemory(p.memoryDb, p.facts), log: p.log }),
  });
}
