// The L2 store in db/memory.sqlite: node/edge upserts with validity windows, reconciliation against the
// live messages, and the read paths (explore, node, snapshot). Synchronous, transaction-friendly.
// Rows are never deleted here: a relation marked wrong, an entity deleted or merged keeps its row with the
// state it was left in (memory migration 9), and every read path shows only what is live.
import type { Database } from 'better-sqlite3';
import type { AssertedBy, GraphEdge, GraphNode, GraphSnapshot, ProvClass } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import { ftsQuery, normalizeName, normalizeRelation } from './graph-normalize';
import { relationSentence } from '../../../shared/relation-words';

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
  /** 'person' for what the person added or accepted; default 'model'. */
  assertedBy?: AssertedBy;
}

export interface EdgeUpsert {
  kind: 'added' | 'merged';
  id: number;
  closed: number[];
  /** A model's relation the person now stands behind. */
  confirmed?: boolean;
}

/**
 * A model's edge that would re-add a relation the person marked wrong, or close one the person asserted.
 * Nothing was written; the caller turns it into a proposal for the person.
 */
export interface EdgeHeld {
  kind: 'held';
  /** The same relation, marked wrong by the person. */
  retracted: number | null;
  /** The same relation, which the person said ended before this mention. */
  ended: number | null;
  /** The person's relations this one would close. */
  personEdges: number[];
}

/** Snapshot cap: beyond this the UI would not stay usable; it says the view was truncated. */
export const MAX_SNAPSHOT_NODES = 20_000;

/**
 * A relation that is part of the graph: not marked wrong and not folded into a duplicate. Every read of
 * graph_edge outside this file that means "the graph" must filter by it (and LIVE_NODE for graph_node).
 */
export const LIVE_EDGE = 'retracted_at IS NULL AND merged_into IS NULL';
export const LIVE_NODE = 'removed_at IS NULL';
const LIVE_E = 'e.retracted_at IS NULL AND e.merged_into IS NULL';

const EDGE_SELECT = `SELECT e.*, (SELECT group_concat(message_id, ' ') FROM graph_edge_support s WHERE s.edge_id = e.id) AS support FROM graph_edge e`;
const NODE_COLS = 'id, scope, name, norm_name, type, summary, asserted_by, removed_at, removed_by, merged_into, created_at';

/**
 * How many of a query's matches (newest first, already in the caller's scopes) are ranked by bm25.
 * FTS5 scores every row it returns and has no early exit for ORDER BY rank, so a topic word that
 * names thousands of entities would cost milliseconds per thousand. Below this many matches the
 * ranking is exact; above it, the best of the newest RANK_WINDOW matches win, which bounds a query
 * at any graph size (and recent entities are the likelier subject of a question anyway).
 */
const RANK_WINDOW = 200;

/**
 * The norm_name an entity gives up when it is deleted or merged, so its name is free for a new entity
 * (and for a rename). '#' never survives normalizeName, so no real name can collide with it.
 */
export function freedNorm(id: number): string {
  return `#${id}`;
}

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
      nodeByNorm: db.prepare(`SELECT id, type, summary, asserted_by FROM graph_node WHERE scope = ? AND norm_name = ? AND ${LIVE_NODE}`),
      nodeByAlias: db.prepare(
        `SELECT n.id, n.type, n.summary, n.asserted_by FROM graph_node_alias a JOIN graph_node n ON n.id = a.node_id
         WHERE a.scope = ? AND a.norm_name = ? AND n.removed_at IS NULL`,
      ),
      nodeUpdate: db.prepare(`UPDATE graph_node SET type = ?, summary = ?, updated_at = ? WHERE id = ?`),
      nodeInsert: db.prepare(
        `INSERT INTO graph_node (scope, name, norm_name, type, summary, asserted_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      nodeSupportInsert: db.prepare(`INSERT OR IGNORE INTO graph_node_support (node_id, message_id) VALUES (?, ?)`),
      edgeCandidates: db.prepare(
        `SELECT id, valid_from, valid_to, asserted_by FROM graph_edge
         WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND prov_class = ? AND ${LIVE_EDGE} ORDER BY valid_from`,
      ),
      endedByPerson: db.prepare(
        `SELECT id FROM graph_edge WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND asserted_by = 'person' AND valid_to IS NOT NULL AND valid_to <= ?
         AND ${LIVE_EDGE} ORDER BY valid_to DESC LIMIT 1`,
      ),
      retractedByPerson: db.prepare(
        `SELECT id FROM graph_edge WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND retracted_by = 'person' AND retracted_at IS NOT NULL
         ORDER BY id DESC LIMIT 1`,
      ),
      edgeSetFrom: db.prepare(`UPDATE graph_edge SET valid_from = ? WHERE id = ?`),
      edgeTouch: db.prepare(`UPDATE graph_edge SET updated_at = ? WHERE id = ?`),
      edgeMakePerson: db.prepare(`UPDATE graph_edge SET asserted_by = 'person', updated_at = ? WHERE id = ?`),
      edgeInsert: db.prepare(
        `INSERT INTO graph_edge (scope, src, dst, relation, prov_class, valid_from, valid_to, asserted_by, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
      ),
      supportInsert: db.prepare(`INSERT OR IGNORE INTO graph_edge_support (edge_id, message_id) VALUES (?, ?)`),
      openOthers: db.prepare(
        `SELECT id, valid_from, asserted_by FROM graph_edge WHERE scope = ? AND src = ? AND relation = ? AND dst != ? AND valid_to IS NULL AND ${LIVE_EDGE}`,
      ),
      closeEdge: db.prepare(`UPDATE graph_edge SET valid_to = ?, superseded_by = ?, updated_at = ? WHERE id = ?`),
      closeOpen: db.prepare(`UPDATE graph_edge SET valid_to = ?, superseded_by = ?, updated_at = ? WHERE id = ? AND valid_to IS NULL`),
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
    return ((this.stmt.nodeByNorm.get(scope, norm) ?? this.stmt.nodeByAlias.get(scope, norm)) as
      | { id: number; type: string; summary: string; asserted_by: AssertedBy }
      | undefined) ?? null;
  }

  /**
   * Finds or creates the node; a longer summary or a more specific type replaces a placeholder. On an
   * entity the person named or added, a model only fills what is still empty.
   */
  upsertNode(scope: string, name: string, type = 'thing', summary = '', opts: { assertedBy?: AssertedBy } = {}): { id: number; created: boolean } {
    const norm = normalizeName(name);
    if (!norm) throw new MonadError('BAD_INPUT', `Entity name "${name}" has no letters or digits`);
    const at = this.now().toISOString();
    const existing = this.resolveName(scope, name);
    if (existing) {
      const person = existing.asserted_by === 'person';
      const newType = existing.type === 'thing' && type !== 'thing' ? type : existing.type;
      const newSummary = person ? existing.summary || summary : summary.length > existing.summary.length ? summary : existing.summary;
      if (newType !== existing.type || newSummary !== existing.summary) {
        this.stmt.nodeUpdate.run(newType, newSummary.slice(0, 1000), at, existing.id);
      }
      return { id: existing.id, created: false };
    }
    const res = this.stmt.nodeInsert.run(scope, name.trim().slice(0, 200), norm, type.slice(0, 40), summary.slice(0, 1000), opts.assertedBy ?? 'model', at, at);
    return { id: Number(res.lastInsertRowid), created: true };
  }

  /**
   * Entities of a scope the person deleted (not merged), by normalised name, unless a live entity has that
   * name again: extraction does not bring them back on its own.
   */
  personDeleted(scope: string): Map<string, number> {
    const rows = this.db
      .prepare(`SELECT id, name FROM graph_node WHERE scope = ? AND removed_at IS NOT NULL AND removed_by = 'person' AND merged_into IS NULL ORDER BY id`)
      .all(scope) as { id: number; name: string }[];
    const out = new Map<string, number>();
    for (const r of rows) {
      const norm = normalizeName(r.name);
      if (norm && !this.resolveName(scope, r.name)) out.set(norm, r.id);
    }
    return out;
  }

  /** Records the messages an entity was extracted from: it is kept while one of them exists. */
  addNodeSupport(nodeId: number, messageIds: string[]): void {
    for (const m of messageIds) this.stmt.nodeSupportInsert.run(nodeId, m);
  }

  /**
   * Merges into the live edge with the same (scope, src, dst, relation, provClass) whose validity window
   * contains `validFrom` (an open edge contains everything after its start); otherwise adds a new edge.
   * With `supersede`, open edges of the same (src, relation) to another dst are closed at `validFrom` —
   * their history is kept, not deleted, and each remembers which edge closed it.
   *
   * A model's edge (assertedBy 'model') never acts against the person: if the person marked the same
   * relation wrong, or it would close a relation the person asserted, nothing is written and the result
   * is `held`. Merging support into a person's relation is fine, but never moves its start.
   */
  upsertEdge(input: EdgeInput): EdgeUpsert {
    const r = this.tryUpsertEdge(input);
    if (r.kind === 'held') throw new MonadError('CONFLICT', 'That relation goes against what the person asserted; it can only be proposed');
    return r;
  }

  /** As upsertEdge, but a model's edge held back by what the person asserted is returned, not thrown. */
  tryUpsertEdge(input: EdgeInput): EdgeUpsert | EdgeHeld {
    const relation = normalizeRelation(input.relation);
    const assertedBy = input.assertedBy ?? 'model';
    const model = assertedBy === 'model';
    const at = this.now().toISOString();
    const candidates = this.stmt.edgeCandidates.all(input.scope, input.src, input.dst, relation, input.provClass) as {
      id: number;
      valid_from: string;
      valid_to: string | null;
      asserted_by: AssertedBy;
    }[];
    const within = candidates.find((c) => (c.valid_to === null ? true : input.validFrom >= c.valid_from && input.validFrom < c.valid_to));

    const open = input.supersede
      ? (this.stmt.openOthers.all(input.scope, input.src, relation, input.dst) as { id: number; valid_from: string; asserted_by: AssertedBy }[])
      : [];
    if (model) {
      const retracted = within ? null : ((this.stmt.retractedByPerson.get(input.scope, input.src, input.dst, relation) as { id: number } | undefined)?.id ?? null);
      // The person said it ended; a later mention that it holds is theirs to accept.
      const ended = within || retracted !== null ? null : ((this.stmt.endedByPerson.get(input.scope, input.src, input.dst, relation, input.validFrom) as { id: number } | undefined)?.id ?? null);
      const personEdges = open.filter((o) => o.asserted_by === 'person' && o.valid_from <= input.validFrom).map((o) => o.id);
      if (retracted !== null || ended !== null || personEdges.length) return { kind: 'held', retracted, ended, personEdges };
    }

    let id: number;
    let kind: 'added' | 'merged';
    let confirmed = false;
    if (within) {
      id = within.id;
      kind = 'merged';
      if (input.validFrom < within.valid_from && within.asserted_by !== 'person') this.stmt.edgeSetFrom.run(input.validFrom, id);
      confirmed = !model && within.asserted_by !== 'person';
      if (confirmed) this.stmt.edgeMakePerson.run(at, id);
      else this.stmt.edgeTouch.run(at, id);
    } else {
      const res = this.stmt.edgeInsert.run(input.scope, input.src, input.dst, relation, input.provClass, input.validFrom, assertedBy, at, at);
      id = Number(res.lastInsertRowid);
      kind = 'added';
    }
    for (const m of input.support) this.stmt.supportInsert.run(id, m);

    const closed: number[] = [];
    if (input.supersede) {
      let newer: { id: number; valid_from: string } | null = null;
      for (const o of open) {
        if (o.valid_from > input.validFrom) {
          // The other one is newer (history extracted out of order): it stands, and ours ends there.
          if (newer === null || o.valid_from < newer.valid_from) newer = o;
          continue;
        }
        this.stmt.closeEdge.run(input.validFrom, id, at, o.id);
        closed.push(o.id);
      }
      if (newer !== null) this.stmt.closeOpen.run(newer.valid_from, newer.id, at, id);
    }
    return confirmed ? { kind, id, closed, confirmed } : { kind, id, closed };
  }

  /**
   * Support-liveness without the journal, for store-level callers (the engine reconciles through
   * GraphLayer.reconcile, which journals each change): dead support dropped, a model's unsupported
   * relations retracted by the system (re-opening what they had closed), orphaned model entities removed.
   */
  reconcile(liveMessage: (ids: string[]) => Set<string>): { droppedSupport: number; retractedEdges: number; removedNodes: number } {
    return this.db.transaction(() => {
      const droppedSupport = this.dropDeadSupport(liveMessage);
      const edges = this.unsupportedEdges();
      const skip = new Set(edges);
      for (const id of edges) this.retractEdge(id, 'system', SOURCES_GONE, skip);
      const nodes = this.orphanNodes();
      for (const id of nodes) {
        this.db.prepare(`DELETE FROM graph_node_alias WHERE node_id = ?`).run(id);
        this.removeNode(id, 'system', null);
      }
      return { droppedSupport, retractedEdges: edges.length, removedNodes: nodes.length };
    })();
  }

  /**
   * Marks a relation retracted (kept for undo) and re-opens the relations it had closed: each gets the end
   * it would have had without it — the start of whatever closed this one — or none. Relations in `skip`
   * are being retracted in the same action and stay as they are. Returns the re-opened ids.
   */
  retractEdge(id: number, by: string, reason: string | null, skip: Set<number> = new Set()): number[] {
    const at = this.now().toISOString();
    const row = this.stmt.edgeRow.get(id) as EdgeRow | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No relation ${id}`);
    this.db.prepare(`UPDATE graph_edge SET retracted_at = ?, retracted_by = ?, retracted_reason = ?, updated_at = ? WHERE id = ?`).run(at, by, reason, at, id);
    const next = row.valid_to !== null && row.superseded_by !== null ? { validTo: row.valid_to, by: row.superseded_by } : { validTo: null, by: null };
    const reopened = (this.db.prepare(`SELECT id FROM graph_edge WHERE superseded_by = ? AND ${LIVE_EDGE} ORDER BY id`).pluck().all(id) as number[]).filter((c) => !skip.has(c));
    const reopen = this.db.prepare(`UPDATE graph_edge SET valid_to = ?, superseded_by = ?, updated_at = ? WHERE id = ?`);
    for (const c of reopened) reopen.run(next.validTo, next.by, at, c);
    return reopened;
  }

  /**
   * Support-liveness, step 1: drops support ids (of relations and of entities) whose message no longer
   * exists or was soft-deleted. Returns how many relation supports were dropped.
   */
  dropDeadSupport(liveMessage: (ids: string[]) => Set<string>): number {
    const ids = this.db
      .prepare(`SELECT message_id FROM graph_edge_support UNION SELECT message_id FROM graph_node_support`)
      .pluck()
      .all() as string[];
    const live = liveMessage(ids);
    const dropEdge = this.db.prepare(`DELETE FROM graph_edge_support WHERE message_id = ?`);
    const dropNode = this.db.prepare(`DELETE FROM graph_node_support WHERE message_id = ?`);
    let dropped = 0;
    for (const id of ids) {
      if (live.has(id)) continue;
      dropped += dropEdge.run(id).changes;
      dropNode.run(id);
    }
    return dropped;
  }

  /** Step 2: a model's live relations left without any source message (the person's stand on their word). */
  unsupportedEdges(): number[] {
    return this.db
      .prepare(`SELECT id FROM graph_edge e WHERE ${LIVE_E} AND e.asserted_by = 'model' AND NOT EXISTS (SELECT 1 FROM graph_edge_support s WHERE s.edge_id = e.id) ORDER BY id`)
      .pluck()
      .all() as number[];
  }

  /**
   * Step 3: a model's live entities with no live relation and no source message left. An entity
   * extracted without a relation is kept while a message it was extracted from exists.
   */
  orphanNodes(): number[] {
    return this.db
      .prepare(
        `SELECT id FROM graph_node n WHERE n.removed_at IS NULL AND n.asserted_by = 'model'
           AND NOT EXISTS (SELECT 1 FROM graph_edge e WHERE e.src = n.id AND ${LIVE_E})
           AND NOT EXISTS (SELECT 1 FROM graph_edge e WHERE e.dst = n.id AND ${LIVE_E})
           AND NOT EXISTS (SELECT 1 FROM graph_node_support s WHERE s.node_id = n.id)
         ORDER BY id`,
      )
      .pluck()
      .all() as number[];
  }

  /** Takes an entity out of the graph, keeping its row (and freeing its name) so it can be restored. */
  removeNode(id: number, by: string, mergedInto: number | null): void {
    const at = this.now().toISOString();
    this.db
      .prepare(`UPDATE graph_node SET removed_at = ?, removed_by = ?, merged_into = ?, norm_name = ?, updated_at = ? WHERE id = ? AND removed_at IS NULL`)
      .run(at, by, mergedInto, freedNorm(id), at, id);
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
    for (const scope of scopes) {
      const hit = this.resolveName(scope, name);
      if (hit) return this.nodeById(hit.id);
    }
    return null;
  }

  /** A live entity, or null when there is none (never was, deleted, or merged into another). */
  nodeById(id: number): GraphNode | null {
    const row = this.stmt.nodeRow.get(id) as NodeRow | undefined;
    return row && !row.removed_at ? toNode(row, this.degree(id)) : null;
  }

  /** An entity in whatever state it is (deleted and merged ones too): for history links and undo. */
  anyNode(id: number): GraphNode | null {
    const row = this.stmt.nodeRow.get(id) as NodeRow | undefined;
    return row ? toNode(row, row.removed_at ? 0 : this.degree(id)) : null;
  }

  nodeRow(id: number): NodeRow | null {
    return (this.stmt.nodeRow.get(id) as NodeRow | undefined) ?? null;
  }

  /** The live relations of an entity, oldest first. */
  edgesOf(nodeId: number): GraphEdge[] {
    return (this.db.prepare(`${EDGE_SELECT} WHERE (e.src = ? OR e.dst = ?) AND ${LIVE_E} ORDER BY e.valid_from`).all(nodeId, nodeId) as EdgeRow[]).map(toEdge);
  }

  /** A live relation, or null (never was, marked wrong, or folded into a duplicate). */
  edgeById(id: number): GraphEdge | null {
    const row = this.stmt.edgeRow.get(id) as EdgeRow | undefined;
    return row && row.retracted_at === null && row.merged_into === null ? toEdge(row) : null;
  }

  /** A relation in whatever state it is (marked wrong or folded too): for history links and undo. */
  anyEdge(id: number): GraphEdge | null {
    const row = this.stmt.edgeRow.get(id) as EdgeRow | undefined;
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
    let row = this.stmt.edgeRow.get(id) as EdgeRow | undefined;
    for (let hops = 0; row && row.merged_into !== null && hops < 20; hops++) row = this.stmt.edgeRow.get(row.merged_into) as EdgeRow | undefined;
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
    return this.stmt.degree.get(id, id) as number;
  }
}

/** Why the system retracts a relation during reconciliation. */
export const SOURCES_GONE = 'the messages it was learned from were deleted';

function memoize<V>(make: (n: number) => V): (n: number) => V {
  const cache = new Map<number, V>();
  return (n) => {
    let v = cache.get(n);
    if (v === undefined) cache.set(n, (v = make(n)));
    return v;
  };
}

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
