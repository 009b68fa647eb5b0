// The L2 graph's rows as SQLite holds them, the SQL that says which rows are live, and their mapping to the
// domain records the contract carries. Shared by the store's reads and writes and by other graph modules.
import type { AssertedBy, GraphEdge, GraphNode, ProvClass } from '../../../shared/domain';

export interface NodeRow {
  id: number;
  scope: string;
  name: string;
  norm_name?: string;
  type: string;
  summary: string;
  asserted_by?: AssertedBy;
  removed_at?: string | null;
  removed_by?: string | null;
  merged_into?: number | null;
  created_at?: string;
  degree?: number;
}

export interface EdgeRow {
  id: number;
  scope: string;
  src: number;
  dst: number;
  relation: string;
  prov_class: ProvClass;
  valid_from: string;
  valid_to: string | null;
  asserted_by: AssertedBy;
  retracted_at: string | null;
  retracted_by: string | null;
  retracted_reason: string | null;
  superseded_by: number | null;
  merged_into: number | null;
  support: string | null;
  created_at?: string;
}

/**
 * A relation that is part of the graph: not marked wrong and not folded into a duplicate. Every read of
 * graph_edge outside the store (graph-store.ts, graph-reads.ts) that means "the graph" must filter by it (and LIVE_NODE for graph_node).
 */
export const LIVE_EDGE = 'retracted_at IS NULL AND merged_into IS NULL';
export const LIVE_NODE = 'removed_at IS NULL';
export const LIVE_E = 'e.retracted_at IS NULL AND e.merged_into IS NULL';

/** The store's own selects: a relation with its support ids, an entity's columns. */
export const EDGE_SELECT = `SELECT e.*, (SELECT group_concat(message_id, ' ') FROM graph_edge_support s WHERE s.edge_id = e.id) AS support FROM graph_edge e`;
export const NODE_COLS = 'id, scope, name, norm_name, type, summary, asserted_by, removed_at, removed_by, merged_into, created_at';

/**
 * The norm_name an entity gives up when it is deleted or merged, so its name is free for a new entity
 * (and for a rename). '#' never survives normalizeName, so no real name can collide with it.
 */
export function freedNorm(id: number): string {
  return `#${id}`;
}

/** Why the system retracts a relation during reconciliation. */
export const SOURCES_GONE = 'the messages it was learned from were deleted';

export function toNode(r: NodeRow, degree: number): GraphNode {
  return {
    id: r.id,
    scope: r.scope,
    name: r.name,
    type: r.type,
    summary: r.summary,
    degree,
    assertedBy: r.asserted_by ?? 'model',
    ...(r.created_at ? { since: r.created_at } : {}),
    removed: r.removed_at ? { at: r.removed_at, by: r.removed_by ?? 'person', mergedInto: r.merged_into ?? null } : null,
  };
}

export function toEdge(r: EdgeRow): GraphEdge {
  return {
    id: r.id,
    scope: r.scope,
    src: r.src,
    dst: r.dst,
    relation: r.relation,
    provClass: r.prov_class,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    support: r.support ? r.support.split(' ') : [],
    assertedBy: r.asserted_by,
    retracted: r.retracted_at ? { at: r.retracted_at, by: r.retracted_by ?? 'person', reason: r.retracted_reason } : null,
    supersededBy: r.superseded_by,
    mergedInto: r.merged_into,
    ...(r.created_at ? { addedAt: r.created_at } : {}),
  };
}
