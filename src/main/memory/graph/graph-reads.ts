// The L2 store's read paths in db/memory.sqlite: resolving a name, exploring by words, one entity or relation,
// a scope's snapshot, relations as sentences, counts. Only what is live (see graph-rows.ts) is shown.
// GraphStore extends this with the writes; both share the database and the clock.
import type { Database } from 'better-sqlite3';
import type { AssertedBy, GraphEdge, GraphNode, GraphSnapshot } from '../../../shared/domain';
import { ftsQuery, normalizeName } from './graph-normalize';
import { relationSentence } from '../../../shared/relation-words';
import { EDGE_SELECT, LIVE_E, LIVE_EDGE, LIVE_NODE, NODE_COLS, toEdge, toNode, type EdgeRow, type NodeRow } from './graph-rows';

/** Snapshot cap: beyond this the UI would not stay usable; it says the view was truncated. */
export const MAX_SNAPSHOT_NODES = 20_000;

/**
 * How many of a query's matches (newest first, already in the caller's scopes) are ranked by bm25.
 * FTS5 scores every row it returns and has no early exit for ORDER BY rank, so a topic word that
 * names thousands of entities would cost milliseconds per thousand. Below this many matches the
 * ranking is exact; above it, the best of the newest RANK_WINDOW matches win, which bounds a query
 * at any graph size (and recent entities are the likelier subject of a question anyway).
 */
const RANK_WINDOW = 200;

export class GraphReads {
  /** Prepared once: compiling SQL on every read costs more than running it. */
  protected readonly reads: ReturnType<GraphReads['prepareReads']>;

  constructor(
    readonly db: Database,
    protected readonly now: () => Date = () => new Date(),
  ) {
    this.reads = this.prepareReads();
  }

  private prepareReads() {
    const db = this.db;
    return {
      nodeByNorm: db.prepare(`SELECT id, type, summary, asserted_by FROM graph_node WHERE scope = ? AND norm_name = ? AND ${LIVE_NODE}`),
      nodeByAlias: db.prepare(
        `SELECT n.id, n.type, n.summary, n.asserted_by FROM graph_node_alias a JOIN graph_node n ON n.id = a.node_id
         WHERE a.scope = ? AND a.norm_name = ? AND n.removed_at IS NULL`,
      ),
      // One statement per number of scopes (an agent and its project; the search box may pass all).
      ftsWindow: memoize((n: number) =>
        db.prepare(
          `SELECT n.id, n.scope, n.name, n.type, n.summary, n.asserted_by, bm25(graph_node_fts, 10.0, 1.0) AS score
           FROM graph_node_fts JOIN graph_node n ON n.id = graph_node_fts.rowid
           WHERE graph_node_fts MATCH ? AND n.scope IN (${Array(n).fill('?').join(',')}) AND n.removed_at IS NULL
           ORDER BY graph_node_fts.rowid DESC LIMIT ${RANK_WINDOW}`,
        ),
      ),
      nodesByIds: db.prepare(`SELECT ${NODE_COLS} FROM graph_node WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`),
      edgesOfNodes: memoize((n: number) =>
        db.prepare(
          `SELECT * FROM (
             ${EDGE_SELECT} WHERE e.src IN (${Array(n).fill('?').join(',')}) AND ${LIVE_E}
             UNION
             ${EDGE_SELECT} WHERE e.dst IN (${Array(n).fill('?').join(',')}) AND ${LIVE_E}
           ) ORDER BY valid_to IS NOT NULL, valid_from DESC LIMIT 100`,
        ),
      ),
      degree: db
        .prepare(
          `SELECT (SELECT count(*) FROM graph_edge WHERE src = ? AND ${LIVE_EDGE}) + (SELECT count(*) FROM graph_edge WHERE dst = ? AND ${LIVE_EDGE})`,
        )
        .pluck(),
      nodeRow: db.prepare(`SELECT ${NODE_COLS} FROM graph_node WHERE id = ?`),
      edgeRow: db.prepare(`${EDGE_SELECT} WHERE e.id = ?`),
    };
  }

  /**
   * The live entity a name stands for in a scope: by its own name, else by a name it had before a rename
   * or the name of an entity merged into it.
   */
  resolveName(scope: string, name: string): { id: number; type: string; summary: string; asserted_by: AssertedBy } | null {
    const norm = normalizeName(name);
    if (!norm) return null;
    return ((this.reads.nodeByNorm.get(scope, norm) ?? this.reads.nodeByAlias.get(scope, norm)) as
      | { id: number; type: string; summary: string; asserted_by: AssertedBy }
      | undefined) ?? null;
  }

  /** FTS entity search in the given scopes, plus the relations among the matches. */
  explore(scopes: string[], query: string, limit = 10): { nodes: GraphNode[]; edges: GraphEdge[] } {
    const q = ftsQuery(query);
    if (!q || !scopes.length) return { nodes: [], edges: [] };
    // The scope filter runs inside the FTS scan (a join on the rowid), newest match first, so the
    // window is the caller's own matches; bm25 then orders that bounded window (lower is better).
    const window = this.reads.ftsWindow(scopes.length).all(q, ...scopes) as (NodeRow & { score: number })[];
    const rows = window.sort((a, b) => a.score - b.score || b.id - a.id).slice(0, limit);
    const nodes = rows.map((r) => toNode(r, 0));
    if (!nodes.length) return { nodes, edges: [] };
    const ids = nodes.map((n) => n.id);
    const edges = (this.reads.edgesOfNodes(ids.length).all(...ids, ...ids) as EdgeRow[]).map(toEdge);
    // Include the far ends of those relations so every edge can be read as a sentence.
    // One statement for all of them: a lookup per far end cost more than the rest of the query.
    const known = new Set(ids);
    const far = [...new Set(edges.flatMap((e) => [e.src, e.dst]))].filter((id) => !known.has(id));
    if (far.length) for (const row of this.reads.nodesByIds.all(JSON.stringify(far)) as NodeRow[]) nodes.push(toNode(row, 0));
    return { nodes, edges };
  }

  findNode(scopes: string[], name: string): GraphNode | null {
    for (const scope of scopes) {
      const hit = this.resolveName(scope, name);
      if (hit) return this.nodeById(hit.id);
    }
    return null;
  }

  /** A live entity, or null when there is none (never was, deleted, or merged into another). */
  nodeById(id: number): GraphNode | null {
    const row = this.reads.nodeRow.get(id) as NodeRow | undefined;
    return row && !row.removed_at ? toNode(row, this.degree(id)) : null;
  }

  /** An entity in whatever state it is (deleted and merged ones too): for history links and undo. */
  anyNode(id: number): GraphNode | null {
    const row = this.reads.nodeRow.get(id) as NodeRow | undefined;
    return row ? toNode(row, row.removed_at ? 0 : this.degree(id)) : null;
  }

  nodeRow(id: number): NodeRow | null {
    return (this.reads.nodeRow.get(id) as NodeRow | undefined) ?? null;
  }

  /** The live relations of an entity, oldest first. */
  edgesOf(nodeId: number): GraphEdge[] {
    return (this.db.prepare(`${EDGE_SELECT} WHERE (e.src = ? OR e.dst = ?) AND ${LIVE_E} ORDER BY e.valid_from`).all(nodeId, nodeId) as EdgeRow[]).map(toEdge);
  }

  /** A live relation, or null (never was, marked wrong, or folded into a duplicate). */
  edgeById(id: number): GraphEdge | null {
    const row = this.reads.edgeRow.get(id) as EdgeRow | undefined;
    return row && row.retracted_at === null && row.merged_into === null ? toEdge(row) : null;
  }

  /** A relation in whatever state it is (marked wrong or folded too): for history links and undo. */
  anyEdge(id: number): GraphEdge | null {
    const row = this.reads.edgeRow.get(id) as EdgeRow | undefined;
    return row ? toEdge(row) : null;
  }

  snapshot(scope: string): GraphSnapshot {
    const rows = this.db
      .prepare(
        `SELECT n.id, n.scope, n.name, n.type, n.summary, n.asserted_by, n.created_at,
                (SELECT count(*) FROM graph_edge e WHERE (e.src = n.id OR e.dst = n.id) AND ${LIVE_E}) AS degree
         FROM graph_node n WHERE n.scope = ? AND n.removed_at IS NULL ORDER BY degree DESC LIMIT ?`,
      )
      .all(scope, MAX_SNAPSHOT_NODES + 1) as NodeRow[];
    const truncated = rows.length > MAX_SNAPSHOT_NODES;
    const nodes = rows.slice(0, MAX_SNAPSHOT_NODES).map((r) => toNode(r, r.degree ?? 0));
    const ids = new Set(nodes.map((n) => n.id));
    const edges = (this.db.prepare(`${EDGE_SELECT} WHERE e.scope = ? AND ${LIVE_E}`).all(scope) as EdgeRow[]).map(toEdge).filter((e) => ids.has(e.src) && ids.has(e.dst));
    return { scope, nodes, edges, truncated };
  }

  /** The scope's current relations (valid_to IS NULL) as readable lines, for law inference. */
  currentRelations(scope: string): { id: number; text: string }[] {
    const rows = this.db
      .prepare(
        `SELECT e.id, e.relation, e.valid_from, s.name AS src, d.name AS dst FROM graph_edge e
         JOIN graph_node s ON s.id = e.src JOIN graph_node d ON d.id = e.dst
         WHERE e.scope = ? AND e.valid_to IS NULL AND ${LIVE_E} ORDER BY e.id`,
      )
      .all(scope) as { id: number; relation: string; valid_from: string; src: string; dst: string }[];
    return rows.map((r) => ({ id: r.id, text: `${r.src} —${r.relation}→ ${r.dst} (since ${r.valid_from.slice(0, 10)})` }));
  }

  /**
   * One relation as a sentence, or null when it is no longer part of the graph (marked wrong, or its
   * source messages are gone). A relation folded into its duplicate by an entity merge reads as that
   * duplicate, so a law that cited it stays grounded.
   */
  relationText(id: number): { text: string; validFrom: string; validTo: string | null; support: string[] } | null {
    let row = this.reads.edgeRow.get(id) as EdgeRow | undefined;
    for (let hops = 0; row && row.merged_into !== null && hops < 20; hops++) row = this.reads.edgeRow.get(row.merged_into) as EdgeRow | undefined;
    if (!row || row.retracted_at !== null || row.merged_into !== null) return null;
    const e = toEdge(row);
    const src = this.anyNode(e.src)?.name ?? '?';
    const dst = this.anyNode(e.dst)?.name ?? '?';
    // What people read (Laws, /why): worded as the Graph tab words it.
    return { text: relationSentence(src, e.relation, dst), validFrom: e.validFrom, validTo: e.validTo, support: e.support };
  }

  scopes(): { scope: string; nodes: number; edges: number }[] {
    return this.db
      .prepare(
        `SELECT n.scope AS scope, count(*) AS nodes, (SELECT count(*) FROM graph_edge e WHERE e.scope = n.scope AND ${LIVE_E}) AS edges
         FROM graph_node n WHERE n.removed_at IS NULL GROUP BY n.scope ORDER BY n.scope`,
      )
      .all() as { scope: string; nodes: number; edges: number }[];
  }

  counts(): { nodes: number; edges: number } {
    return {
      nodes: this.db.prepare(`SELECT count(*) FROM graph_node WHERE ${LIVE_NODE}`).pluck().get() as number,
      edges: this.db.prepare(`SELECT count(*) FROM graph_edge WHERE ${LIVE_EDGE}`).pluck().get() as number,
    };
  }

  private degree(id: number): number {
    return this.reads.degree.get(id, id) as number;
  }
}

function memoize<V>(make: (n: number) => V): (n: number) => V {
  const cache = new Map<number, V>();
  return (n) => {
    let v = cache.get(n);
    if (v === undefined) cache.set(n, (v = make(n)));
    return v;
  };
}
