// The L2 store in db/memory.sqlite: node/edge upserts with validity windows, reconciliation against the
// live messages, and the read paths (explore, node, snapshot). Synchronous, transaction-friendly.
// Rows are never deleted here: a relation marked wrong, an entity deleted or merged keeps its row with the
// state it was left in (memory migration 9), and every read path shows only what is live.
import type { AssertedBy, ProvClass } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import { normalizeName, normalizeRelation } from './graph-normalize';
import { GraphReads } from './graph-reads';
import { freedNorm, LIVE_E, LIVE_EDGE, SOURCES_GONE, type EdgeRow } from './graph-rows';

// Kept exported from here, the store's public path, where other graph modules (and transfer) import them.
export { freedNorm, LIVE_EDGE, LIVE_NODE, SOURCES_GONE, toEdge, toNode, type EdgeRow, type NodeRow } from './graph-rows';
export { MAX_SNAPSHOT_NODES } from './graph-reads';

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
  /** When it was derived (default now): sync passes the time it was derived on its own device. */
  derivedAt?: string;
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

/**
 * How long support from another device waits for its message (its chat syncs on its own, usually in the same
 * run): long enough for a device that was away for weeks, short enough that a chat deleted elsewhere before
 * this device ever had it does not keep a relation forever.
 */
export const AWAITED_SUPPORT_DAYS = 30;

/** The L2 store: the writes (upserts, support-liveness, removal) on top of the read paths of GraphReads. */
export class GraphStore extends GraphReads {
  /** Prepared once: compiling SQL on every upsert costs more than running it. */
  private readonly stmt = this.prepareWrites();

  private prepareWrites() {
    const db = this.db;
    return {
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
      // The later of the two: a mention merged in is a derivation of its own (memory migration 16).
      edgeDerived: db.prepare(`UPDATE graph_edge SET derived_at = max(coalesce(derived_at, created_at), ?) WHERE id = ?`),
      edgeInsert: db.prepare(
        `INSERT INTO graph_edge (scope, src, dst, relation, prov_class, valid_from, valid_to, asserted_by, created_at, updated_at, derived_at)
         VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
      ),
      supportHas: db.prepare(`SELECT 1 FROM graph_edge_support WHERE edge_id = ? AND message_id = ?`),
      supportInsert: db.prepare(`INSERT OR IGNORE INTO graph_edge_support (edge_id, message_id) VALUES (?, ?)`),
      openOthers: db.prepare(
        `SELECT id, valid_from, asserted_by FROM graph_edge WHERE scope = ? AND src = ? AND relation = ? AND dst != ? AND valid_to IS NULL AND ${LIVE_EDGE}`,
      ),
      closeEdge: db.prepare(`UPDATE graph_edge SET valid_to = ?, superseded_by = ?, updated_at = ? WHERE id = ?`),
      closeOpen: db.prepare(`UPDATE graph_edge SET valid_to = ?, superseded_by = ?, updated_at = ? WHERE id = ? AND valid_to IS NULL`),
    };
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
    // Every writer checks this after resolving names, but a name can be an alias of the other end (after
    // a merge), so the store refuses it too: a relation from an entity to itself is never stored (an
    // archive carrying one would be refused on import, and export → import would lose it).
    if (input.src === input.dst) throw new MonadError('BAD_INPUT', 'A relation needs two different entities');
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
      // A new mention (support not on it yet) or the person's confirmation derives it again, now.
      if (confirmed || input.support.some((m) => !this.stmt.supportHas.get(id, m))) this.stmt.edgeDerived.run(input.derivedAt ?? at, id);
    } else {
      const res = this.stmt.edgeInsert.run(input.scope, input.src, input.dst, relation, input.provClass, input.validFrom, assertedBy, at, at, input.derivedAt ?? at);
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
    const row = this.reads.edgeRow.get(id) as EdgeRow | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No relation ${id}`);
    this.db.prepare(`UPDATE graph_edge SET retracted_at = ?, retracted_by = ?, retracted_reason = ?, updated_at = ? WHERE id = ?`).run(at, by, reason, at, id);
    const next = row.valid_to !== null && row.superseded_by !== null ? { validTo: row.valid_to, by: row.superseded_by } : { validTo: null, by: null };
    const reopened = (this.db.prepare(`SELECT id FROM graph_edge WHERE superseded_by = ? AND ${LIVE_EDGE} ORDER BY id`).pluck().all(id) as number[]).filter((c) => !skip.has(c));
    const reopen = this.db.prepare(`UPDATE graph_edge SET valid_to = ?, superseded_by = ?, updated_at = ? WHERE id = ?`);
    for (const c of reopened) reopen.run(next.validTo, next.by, at, c);
    return reopened;
  }

  /**
   * Support ids that came from another device before their messages (sync, issue 30): kept by the liveness
   * pass until the message arrives. An id already waiting keeps its first date.
   */
  awaitSupport(messageIds: string[]): void {
    const at = this.now().toISOString();
    const put = this.db.prepare(`INSERT OR IGNORE INTO graph_support_awaited (message_id, since) VALUES (?, ?)`);
    for (const m of messageIds) put.run(m, at);
  }

  /**
   * Support-liveness, step 1: drops support ids (of relations and of entities) whose message no longer
   * exists or was soft-deleted — except one still awaited from another device (awaitSupport), for at most
   * AWAITED_SUPPORT_DAYS. Returns how many relation supports were dropped.
   */
  dropDeadSupport(liveMessage: (ids: string[]) => Set<string>): number {
    const ids = this.db
      .prepare(`SELECT message_id FROM graph_edge_support UNION SELECT message_id FROM graph_node_support`)
      .pluck()
      .all() as string[];
    const live = liveMessage(ids);
    const cutoff = new Date(this.now().getTime() - AWAITED_SUPPORT_DAYS * 86_400_000).toISOString();
    const awaited = new Set(this.db.prepare(`SELECT message_id FROM graph_support_awaited WHERE since >= ?`).pluck().all(cutoff) as string[]);
    // Arrived (or given up on): no longer awaited, so a later deletion of that message drops it as usual.
    const arrived = this.db.prepare(`DELETE FROM graph_support_awaited WHERE message_id = ?`);
    for (const id of live) arrived.run(id);
    this.db.prepare(`DELETE FROM graph_support_awaited WHERE since < ?`).run(cutoff);
    const dropEdge = this.db.prepare(`DELETE FROM graph_edge_support WHERE message_id = ?`);
    const dropNode = this.db.prepare(`DELETE FROM graph_node_support WHERE message_id = ?`);
    let dropped = 0;
    for (const id of ids) {
      if (live.has(id) || awaited.has(id)) continue;
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
}
