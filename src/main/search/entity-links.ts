// What search's entity expansion (expansion.ts entityTerms) reads from the L2 graph: the entities a
// query's words match, each with its other names (aliases left by renames and merges) and the names of
// the entities at the other end of its live relations.
import type { Database } from 'better-sqlite3';
import type { GraphStore } from '../memory/graph/graph-store';
import type { EntityLink } from './expansion';

/** Entities looked at per query: expansion adds a handful of words, never a neighbourhood. */
const MAX_ENTITIES = 5;

export function entityLinksOf(store: GraphStore, memoryDb: Database, scopes: string[], query: string): EntityLink[] {
  if (!scopes.length) return [];
  const { nodes, edges } = store.explore(scopes, query, MAX_ENTITIES);
  if (!nodes.length) return [];
  const names = new Map(nodes.map((n) => [n.id, n.name]));
  // explore also returns the far ends of the matches' relations; entityTerms keeps only the entities
  // the query actually names, so every node is offered.
  const aliasStmt = memoryDb.prepare(`SELECT norm_name FROM graph_node_alias WHERE node_id = ?`).pluck();
  return nodes.map((n) => ({
    names: [n.name, ...(aliasStmt.all(n.id) as string[])],
    related: edges.flatMap((e) => (e.src === n.id ? [names.get(e.dst)] : e.dst === n.id ? [names.get(e.src)] : [])).filter((x): x is string => !!x),
  }));
}
