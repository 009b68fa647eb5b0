// The loaded snapshot of one scope, indexed for the view: lookups by id, the instants at which the graph
// changed (for the time control), what is visible at a moment, and entity search.
// Plain data and functions; no React, no Cytoscape.
import type { GraphView, GraphViewEdge, GraphViewNode, ProvClass } from '../../../../shared/domain';
import { capitalized, memoryLabel, PROV_ORIGIN } from '../../../../shared/memory-label';
import { relationWords } from '../../../../shared/relation-words';
import { typeColor } from './type-colors';

/**
 * A big graph's overview draws at most this many entities (the best-connected) and the relations among
 * them; the rest appear as the person zooms in, searches or selects. Cytoscape's cost is per element:
 * 1,000 nodes and the ~1,500 relations among them (of a 5,000 / 10,000 graph) draw in a few hundred
 * milliseconds; all of it took seconds, and read as a hairball anyway.
 */
export const OVERVIEW_NODES = 1000;

export interface GraphModel {
  scope: string;
  nodes: GraphViewNode[];
  edges: GraphViewEdge[];
  truncated: boolean;
  nodeById: Map<number, GraphViewNode>;
  edgeById: Map<number, GraphViewEdge>;
  /** Sorted distinct validFrom / validTo instants (ms). */
  changes: number[];
  /** Entity types by how many nodes have them, most first, each with its colour (see type-colors.ts). */
  types: { type: string; count: number; color: string }[];
  colorOf: (type: string) => string;
  /** Lower-cased, accent-free names, index-aligned with `nodes`, for search. */
  searchNames: string[];
}

export function buildModel(snapshot: GraphView): GraphModel {
  const nodeById = new Map<number, GraphViewNode>();
  for (const n of snapshot.nodes) nodeById.set(n.id, n);
  const edgeById = new Map<number, GraphViewEdge>();
  const instants = new Set<number>();
  for (const e of snapshot.edges) {
    edgeById.set(e.id, e);
    instants.add(Date.parse(e.validFrom));
    if (e.validTo) instants.add(Date.parse(e.validTo));
  }
  const changes = [...instants].filter(Number.isFinite).sort((a, b) => a - b);

  const counts = new Map<string, number>();
  for (const n of snapshot.nodes) counts.set(n.type, (counts.get(n.type) ?? 0) + 1);
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const colorOf = typeColor;

  return {
    scope: snapshot.scope,
    nodes: snapshot.nodes,
    edges: snapshot.edges,
    truncated: snapshot.truncated,
    nodeById,
    edgeById,
    changes,
    types: ranked.map(([type, count]) => ({ type, count, color: colorOf(type) })),
    colorOf,
    searchNames: snapshot.nodes.map((n) => foldText(n.name)),
  };
}

/** Case- and accent-insensitive form for matching ("Zoë" finds "zoe"). */
export function foldText(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** A relation holds at t when it started at or before t and had not ended by t. */
export function validAt(e: GraphViewEdge, t: number): boolean {
  return Date.parse(e.validFrom) <= t && (e.validTo === null || t < Date.parse(e.validTo));
}

export interface Visibility {
  /** Edges valid at t. */
  current: Set<number>;
  /** Edges that had ended by t (shown dashed when "ended relations" is on, else hidden). */
  ended: Set<number>;
  /** Nodes touched by a shown edge, and entities without relations learned by t. */
  nodes: Set<number>;
}

/** What the graph looked like at t: relations valid then, optionally those already ended, the entities they touch, and entities known then without any relation. */
export function visibleAt(model: GraphModel, t: number, includeEnded: boolean): Visibility {
  const current = new Set<number>();
  const ended = new Set<number>();
  const nodes = new Set<number>();
  for (const e of model.edges) {
    const from = Date.parse(e.validFrom);
    if (from > t) continue;
    const to = e.validTo === null ? Infinity : Date.parse(e.validTo);
    if (t < to) current.add(e.id);
    else if (includeEnded) ended.add(e.id);
    else continue;
    nodes.add(e.src);
    nodes.add(e.dst);
  }
  // An entity without relations (only those carry `since`) is shown from when it was learned.
  for (const n of model.nodes) if (n.since && Date.parse(n.since) <= t) nodes.add(n.id);
  return { current, ended, nodes };
}

/** Ids of visible nodes whose name contains the query, best first (prefix matches, then by degree). */
export function searchNodes(model: GraphModel, query: string, visible: Set<number>): number[] {
  const q = foldText(query.trim());
  if (!q) return [];
  const hits: { id: number; prefix: boolean; degree: number }[] = [];
  model.nodes.forEach((n, i) => {
    const name = model.searchNames[i];
    const at = name.indexOf(q);
    if (at < 0 || !visible.has(n.id)) return;
    hits.push({ id: n.id, prefix: at === 0 || name[at - 1] === ' ', degree: n.degree });
  });
  hits.sort((a, b) => Number(b.prefix) - Number(a.prefix) || b.degree - a.degree);
  return hits.map((h) => h.id);
}

/** "works_at" → "works at" (shared: Laws, /why and History word relations the same way). */
export const relationLabel = relationWords;

/** Who asserted a relation, in the words a fact's origin uses (shared/memory-label.ts). */
export const PROV_LABEL: Record<ProvClass, string> = {
  user: capitalized(memoryLabel({ origin: PROV_ORIGIN.user }).origin!),
  assistant: capitalized(memoryLabel({ origin: PROV_ORIGIN.assistant }).origin!),
  inferred: capitalized(memoryLabel({ origin: PROV_ORIGIN.inferred }).origin!),
};

/** The legend's short form: the recall block's words for the same origins. */
export const PROV_SHORT: Record<ProvClass, string> = {
  user: capitalized(memoryLabel({ origin: PROV_ORIGIN.user }).originShort!),
  assistant: capitalized(memoryLabel({ origin: PROV_ORIGIN.assistant }).originShort!),
  inferred: capitalized(memoryLabel({ origin: PROV_ORIGIN.inferred }).originShort!),
};

/** The instant a relation should be looked at to be visible: now if it still holds, else its start. */
export function instantShowing(e: GraphViewEdge): number | null {
  return e.validTo === null ? null : Date.parse(e.validFrom);
}
