// The L2 store in db/memory.sqlite: node/edge upserts with validity windows, reconciliation against the
// live messages, and the read paths (explore, node, snapshot). Synchronous, transaction-friendly.
import type { Database } from 'better-sqlite3';
import type { GraphEdge, GraphNode, GraphSnapshot, ProvClass } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import { ftsQuery, normalizeName, normalizeRelation } from './graph-normalize';

interface NodeRow {
  id: number;
  scope: string;
  name: string;
  type: string;
  summary: string;
  degree?: number;
}

interface EdgeRow {
  id: number;
  scope: string;
  src: number;
  dst: number;
  relation: string;
  prov_class: ProvClass;
  valid_from: string;
  valid_to: string | null;
  support: string | null;
}

export interface EdgeInput {
  scope: string;
  src: number;
  dst: number;
  relation: string;
  provClass: ProvClass;
  validFrom: string;
  support: string[];
  /** Close other open edges of the same (src, relation) that point elsewhere. */
  supersede: boolean;
}

export type EdgeUpsert = { kind: 'added' | 'merged'; id: number; closed: number[] };

/** Snapshot cap: beyond this the UI would not stay usable; it says the view was truncated. */
export const MAX_SNAPSHOT_NODES = 20_000;

const EDGE_SELECT = `SELECT e.*, (SELECT group_concat(message_id, ' ') FROM graph_edge_support s WHERE s.edge_id = e.id) AS support FROM graph_edge e`;

/**
 * How many of a query's matches (newest first, already in the caller's scopes) are ranked by bm25.
 * FTS5 scores every row it returns and has no early exit for ORDER BY rank, so a topic word that
 * names thousands of entities would cost milliseconds per thousand. Below this many matches the
 * ranking is exact; above it, the best of the newest RANK_WINDOW matches win, which bounds a query
 * at any graph size (and recent entities are the likelier subject of a question anyway).
 */
const RANK_WINDOW = 200;

export class GraphStore {
  /** Prepared once: compiling SQL on every upsert costs more than running it. */
  private readonly stmt: ReturnType<GraphStore['prepareAll']>;

  constructor(
    readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.stmt = this.prepareAll();
  }

  private prepareAll() {
    const db = this.db;
    return {
      nodeByNorm: db.prepare(`SELECT id, type, summary FROM graph_node WHERE scope = ? AND norm_name = ?`),
      nodeUpdate: db.prepare(`UPDATE graph_node SET type = ?, summary = ?, updated_at = ? WHERE id = ?`),
      nodeInsert: db.prepare(`INSERT INTO graph_node (scope, name, norm_name, type, summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      edgeCandidates: db.prepare(
        `SELECT id, valid_from, valid_to FROM graph_edge
         WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND prov_class = ? ORDER BY valid_from`,
      ),
      edgeSetFrom: db.prepare(`UPDATE graph_edge SET valid_from = ? WHERE id = ?`),
      edgeTouch: db.prepare(`UPDATE graph_edge SET updated_at = ? WHERE id = ?`),
      edgeInsert: db.prepare(
        `INSERT INTO graph_edge (scope, src, dst, relation, prov_class, valid_from, valid_to, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
      ),
      supportInsert: db.prepare(`INSERT OR IGNORE INTO graph_edge_support (edge_id, message_id) VALUES (?, ?)`),
      openOthers: db.prepare(`SELECT id, valid_from FROM graph_edge WHERE scope = ? AND src = ? AND relation = ? AND dst != ? AND valid_to IS NULL`),
      closeEdge: db.prepare(`UPDATE graph_edge SET valid_to = ?, updated_at = ? WHERE id = ?`),
      closeOpen: db.prepare(`UPDATE graph_edge SET valid_to = ?, updated_at = ? WHERE id = ? AND valid_to IS NULL`),
      // One statement per number of scopes (an agent and its project; the search box may pass all).
      ftsWindow: memoize((n: number) =>
        db.prepare(
          `SELECT n.id, n.scope, n.name, n.type, n.summary, bm25(graph_node_fts, 10.0, 1.0) AS score
           FROM graph_node_fts JOIN graph_node n ON n.id = graph_node_fts.rowid
           WHERE graph_node_fts MATCH ? AND n.scope IN (${Array(n).fill('?').join(',')})
           ORDER BY graph_node_fts.rowid DESC LIMIT ${RANK_WINDOW}`,
        ),
      ),
      nodesByIds: db.prepare(`SELECT id, scope, name, type, summary FROM graph_node WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`),
      edgesOfNodes: memoize((n: number) =>
        db.prepare(
          `SELECT * FROM (
             ${EDGE_SELECT} WHERE e.src IN (${Array(n).fill('?').join(',')})
             UNION
             ${EDGE_SELECT} WHERE e.dst IN (${Array(n).fill('?').join(',')})
           ) ORDER BY valid_to IS NOT NULL, valid_from DESC LIMIT 100`,
        ),
      ),
      degree: db.prepare(`SELECT (SELECT count(*) FROM graph_edge WHERE src = ?) + (SELECT count(*) FROM graph_edge WHERE dst = ?)`).pluck(),
    };
  }

  /** Finds or creates the node; a longer summary or a more specific type replaces a placeholder. */
  upsertNode(scope: string, name: string, type = 'thing', summary = ''): { id: number; created: boolean } {
    const norm = normalizeName(name);
    if (!norm) throw new MonadError('BAD_INPUT', `Entity name "${name}" has no letters or digits`);
    const at = this.now().toISOString();
    const existing = this.stmt.nodeByNorm.get(scope, norm) as
      | { id: number; type: string; summary: string }
      | undefined;
    if (existing) {
      const newType = existing.type === 'thing' && type !== 'thing' ? type : existing.type;
      const newSummary = summary.length > existing.summary.length ? summary : existing.summary;
      if (newType !== existing.type || newSummary !== existing.summary) {
        this.stmt.nodeUpdate.run(newType, newSummary, at, existing.id);
      }
      return { id: existing.id, created: false };
    }
    const res = this.stmt.nodeInsert.run(scope, name.trim().slice(0, 200), norm, type.slice(0, 40), summary.slice(0, 1000), at, at);
    return { id: Number(res.lastInsertRowid), created: true };
  }

  /**
   * Merges into the edge with the same (scope, src, dst, relation, provClass) whose validity window
   * contains `validFrom` (an open edge contains everything after its start); otherwise adds a new
   * edge. With `supersede`, open edges of the same (src, relation) to another dst are closed at
   * `validFrom` — their history is kept, not deleted.
   */
  upsertEdge(input: EdgeInput): EdgeUpsert {
    const relation = normalizeRelation(input.relation);
    const at = this.now().toISOString();
    const candidates = this.stmt.edgeCandidates.all(input.scope, input.src, input.dst, relation, input.provClass) as { id: number; valid_from: string; valid_to: string | null }[];
    const within = candidates.find((c) => (c.valid_to === null ? true : input.validFrom >= c.valid_from && input.validFrom < c.valid_to));
    let id: number;
    let kind: EdgeUpsert['kind'];
    if (within) {
      id = within.id;
      kind = 'merged';
      if (input.validFrom < within.valid_from) this.stmt.edgeSetFrom.run(input.validFrom, id);
      this.stmt.edgeTouch.run(at, id);
    } else {
      const res = this.stmt.edgeInsert.run(input.scope, input.src, input.dst, relation, input.provClass, input.validFrom, at, at);
      id = Number(res.lastInsertRowid);
      kind = 'added';
    }
    for (const m of input.support) this.stmt.supportInsert.run(id, m);

    const closed: number[] = [];
    if (input.supersede) {
      const open = this.stmt.openOthers.all(input.scope, input.src, relation, input.dst) as { id: number; valid_from: string }[];
      let newerStart: string | null = null;
      for (const o of open) {
        if (o.valid_from > input.validFrom) {
          // The other one is newer (history extracted out of order): it stands, and ours ends there.
          if (newerStart === null || o.valid_from < newerStart) newerStart = o.valid_from;
          continue;
        }
        this.stmt.closeEdge.run(input.validFrom, at, o.id);
        closed.push(o.id);
      }
      if (newerStart !== null) {
        this.stmt.closeOpen.run(newerStart, at, id);
      }
    }
    return { kind, id, closed };
  }

  /**
   * Support-liveness: drops support ids whose message no longer exists or was soft-deleted, retracts
   * edges left without support, and removes nodes left without edges.
   */
  reconcile(liveMessage: (ids: string[]) => Set<string>): { droppedSupport: number; retractedEdges: number; removedNodes: number } {
    return this.db.transaction(() => {
      const ids = (this.db.prepare(`SELECT DISTINCT message_id FROM graph_edge_support`).pluck().all() as string[]);
      const live = liveMessage(ids);
      const dead = ids.filter((id) => !live.has(id));
      const drop = this.db.prepare(`DELETE FROM graph_edge_support WHERE message_id = ?`);
      let droppedSupport = 0;
      for (const id of dead) droppedSupport += drop.run(id).changes;
      const retractedEdges = this.db.prepare(`DELETE FROM graph_edge WHERE id NOT IN (SELECT edge_id FROM graph_edge_support)`).run().changes;
      const removedNodes = this.db
        .prepare(`DELETE FROM graph_node WHERE id NOT IN (SELECT src FROM graph_edge) AND id NOT IN (SELECT dst FROM graph_edge)`)
        .run().changes;
      return { droppedSupport, retractedEdges, removedNodes };
    })();
  }

  /** FTS entity search in the given scopes, plus the relations among the matches. */
  explore(scopes: string[], query: string, limit = 10): { nodes: GraphNode[]; edges: GraphEdge[] } {
    const q = ftsQuery(query);
    if (!q || !scopes.length) return { nodes: [], edges: [] };
    // The scope filter runs inside the FTS scan (a join on the rowid), newest match first, so the
    // window is the caller's own matches; bm25 then orders that bounded window (lower is better).
    const window = this.stmt.ftsWindow(scopes.length).all(q, ...scopes) as (NodeRow & { score: number })[];
    const rows = window.sort((a, b) => a.score - b.score || b.id - a.id).slice(0, limit);
    const nodes = rows.map((r) => toNode(r, 0));
    if (!nodes.length) return { nodes, edges: [] };
    const ids = nodes.map((n) => n.id);
    const edges = (this.stmt.edgesOfNodes(ids.length).all(...ids, ...ids) as EdgeRow[]).map(toEdge);
    // Include the far ends of those relations so every edge can be read as a sentence.
    // One statement for all of them: a lookup per far end cost more than the rest of the query.
    const known = new Set(ids);
    const far = [...new Set(edges.flatMap((e) => [e.src, e.dst]))].filter((id) => !known.has(id));
    if (far.length) for (const row of this.stmt.nodesByIds.all(JSON.stringify(far)) as NodeRow[]) nodes.push(toNode(row, 0));
    return { nodes, edges };
  }

  findNode(scopes: string[], name: string): GraphNode | null {
    const norm = normalizeName(name);
    if (!norm || !scopes.length) return null;
    const row = this.db
      .prepare(`SELECT id, scope, name, type, summary FROM graph_node WHERE norm_name = ? AND scope IN (${scopes.map(() => '?').join(',')}) LIMIT 1`)
      .get(norm, ...scopes) as NodeRow | undefined;
    return row ? toNode(row, this.degree(row.id)) : null;
  }

  nodeById(id: number): GraphNode | null {
    const row = this.db.prepare(`SELECT id, scope, name, type, summary FROM graph_node WHERE id = ?`).get(id) as NodeRow | undefined;
    return row ? toNode(row, this.degree(id)) : null;
  }

  edgesOf(nodeId: number): GraphEdge[] {
    return (this.db.prepare(`${EDGE_SELECT} WHERE e.src = ? OR e.dst = ? ORDER BY e.valid_from`).all(nodeId, nodeId) as EdgeRow[]).map(toEdge);
  }

  edgeById(id: number): GraphEdge | null {
    const row = this.db.prepare(`${EDGE_SELECT} WHERE e.id = ?`).get(id) as EdgeRow | undefined;
    return row ? toEdge(row) : null;
  }

  snapshot(scope: string): GraphSnapshot {
    const rows = this.db
      .prepare(
        `SELECT n.id, n.scope, n.name, n.type, n.summary,
                (SELECT count(*) FROM graph_edge e WHERE e.src = n.id OR e.dst = n.id) AS degree
         FROM graph_node n WHERE n.scope = ? ORDER BY degree DESC LIMIT ?`,
      )
      .all(scope, MAX_SNAPSHOT_NODES + 1) as NodeRow[];
    const truncated = rows.length > MAX_SNAPSHOT_NODES;
    const nodes = rows.slice(0, MAX_SNAPSHOT_NODES).map((r) => toNode(r, r.degree ?? 0));
    const ids = new Set(nodes.map((n) => n.id));
    const edges = (this.db.prepare(`${EDGE_SELECT} WHERE e.scope = ?`).all(scope) as EdgeRow[]).map(toEdge).filter((e) => ids.has(e.src) && ids.has(e.dst));
    return { scope, nodes, edges, truncated };
  }

  /** The scope's current relations (valid_to IS NULL) as readable lines, for law inference. */
  currentRelations(scope: string): { id: number; text: string }[] {
    const rows = this.db
      .prepare(
        `SELECT e.id, e.relation, e.valid_from, s.name AS src, d.name AS dst FROM graph_edge e
         JOIN graph_node s ON s.id = e.src JOIN graph_node d ON d.id = e.dst
         WHERE e.scope = ? AND e.valid_to IS NULL ORDER BY e.id`,
      )
      .all(scope) as { id: number; relation: string; valid_from: string; src: string; dst: string }[];
    return rows.map((r) => ({ id: r.id, text: `${r.src} —${r.relation}→ ${r.dst} (since ${r.valid_from.slice(0, 10)})` }));
  }

  /** One relation as a sentence, or null when it no longer exists. */
  relationText(id: number): { text: string; validFrom: string; validTo: string | null; support: string[] } | null {
    const e = this.edgeById(id);
    if (!e) return null;
    const src = this.nodeById(e.src)?.name ?? '?';
    const dst = this.nodeById(e.dst)?.name ?? '?';
    return { text: `${src} —${e.relation}→ ${dst}`, validFrom: e.validFrom, validTo: e.validTo, support: e.support };
  }

  scopes(): { scope: string; nodes: number; edges: number }[] {
    return this.db
      .prepare(
        `SELECT n.scope AS scope, count(*) AS nodes, (SELECT count(*) FROM graph_edge e WHERE e.scope = n.scope) AS edges
         FROM graph_node n GROUP BY n.scope ORDER BY n.scope`,
      )
      .all() as { scope: string; nodes: number; edges: number }[];
  }

  counts(): { nodes: number; edges: number } {
    return {
      nodes: this.db.prepare(`SELECT count(*) FROM graph_node`).pluck().get() as number,
      edges: this.db.prepare(`SELECT count(*) FROM graph_edge`).pluck().get() as number,
    };
  }

  private degree(id: number): number {
    return this.stmt.degree.get(id, id) as number;
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

function toNode(r: NodeRow, degree: number): GraphNode {
  return { id: r.id, scope: r.scope, name: r.name, type: r.type, summary: r.summary, degree };
}

function toEdge(r: EdgeRow): GraphEdge {
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
  };
}
