// Corrections of the graph by the person (Graph tab, CLI) and by the actions built on them ("forget
// everything about X", undo): rename, merge and delete entities; mark a relation wrong, edit it, add one
// by hand. Each change is one journal entry (or one group, for a change of many items), written in the
// same memory.sqlite transaction as the change, and each can be undone (graph-undo.ts).
// What the person asserted outranks what a model derived: another actor may not change it here.
import type { AssertedBy, GraphCorrectionResult, GraphEdge, GraphNode } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { JournalEntry } from '../../../shared/journal';
import { parseScope } from '../scope';
import { normalizeName, normalizeRelation } from './graph-normalize';
import { relationWords } from '../../../shared/relation-words';
import { edgeItem, nodeItem, quote, type By, type EdgeSnapshot, type GraphJournal, type NodeSnapshot } from './graph-journal';
import { freedNorm, LIVE_EDGE, SOURCES_GONE, type EdgeUpsert } from './graph-store';
import { cleanTyped, isoInstant } from './graph-text';
import { mergeEntities } from './graph-merge';

/** An entity by id, or by name (found in the scope, else created). */
export type EntityRef = number | string;

export interface AddRelationInput {
  scope: string;
  src: EntityRef;
  dst: EntityRef;
  relation: string;
  /** ISO instant or date; default now. */
  validFrom?: string;
  /** Close the other current values of (src, relation): "moved to Porto" ends "lives in Lisbon". */
  supersede?: boolean;
}

export interface EditRelationPatch {
  relation?: string;
  validFrom?: string;
  /** An end date, or null: it still holds. */
  validTo?: string | null;
}

/** The columns of a relation an undo puts back. */
export type EdgeState = Pick<EdgeSnapshot, 'relation' | 'validFrom' | 'validTo' | 'assertedBy' | 'supersededBy' | 'retracted'>;

export class GraphCorrections {
  constructor(
    readonly g: GraphJournal,
    private readonly now: () => Date,
  ) {}

  private get store() {
    return this.g.store;
  }

  private get db() {
    return this.g.store.db;
  }

  // ---- entities ----

  renameEntity(id: number, name: string, by: By): GraphCorrectionResult {
    const node = this.liveNode(id);
    guard(node.assertedBy, by, `“${node.name}”`);
    const clean = cleanTyped(name, 'entity name').slice(0, 200);
    const norm = normalizeName(clean);
    if (!norm) throw new MonadError('BAD_INPUT', `Entity name "${clean}" has no letters or digits`);
    if (clean === node.name) return { journalId: null, node };
    return this.g.group(() => {
      const entry = this.setName(id, clean, by, 'entity.renamed', `Renamed ${quote(node.name)} to ${quote(clean)}`);
      return { journalId: entry.id, node: this.store.nodeById(id)! };
    });
  }

  /**
   * Sets an entity's name. Its previous name stays an alias of it (so the next extraction that says
   * "Sam" finds "Samuel"); a name that is another entity's is refused: merge them instead.
   */
  setName(id: number, name: string, by: By, action: string, summary: string, undo?: { added: string | null; removed: string | null; assertedBy: AssertedBy }): JournalEntry {
    const row = this.store.nodeRow(id)!;
    const before = this.g.node(id);
    const oldNorm = row.norm_name!;
    const norm = normalizeName(name);
    let aliasAdded: string | null = null;
    let aliasRemoved: string | null = null;
    if (norm !== oldNorm) {
      const other = this.store.resolveName(row.scope, name);
      if (other && other.id !== id) {
        throw new MonadError('CONFLICT', `There is already an entity named “${name}” here: merge the two instead`, { existingId: other.id });
      }
      aliasRemoved = (this.db.prepare(`DELETE FROM graph_node_alias WHERE scope = ? AND norm_name = ? AND node_id = ?`).run(row.scope, norm, id).changes ? norm : null);
      if (!undo && this.db.prepare(`INSERT OR IGNORE INTO graph_node_alias (scope, norm_name, node_id) VALUES (?, ?, ?)`).run(row.scope, oldNorm, id).changes) {
        aliasAdded = oldNorm;
      }
    }
    if (undo) {
      // Undoing a rename: the alias it added goes, the one it consumed comes back.
      if (undo.added) this.db.prepare(`DELETE FROM graph_node_alias WHERE scope = ? AND norm_name = ? AND node_id = ?`).run(row.scope, undo.added, id);
      if (undo.removed) this.db.prepare(`INSERT OR IGNORE INTO graph_node_alias (scope, norm_name, node_id) VALUES (?, ?, ?)`).run(row.scope, undo.removed, id);
    }
    const at = this.now().toISOString();
    this.db.prepare(`UPDATE graph_node SET name = ?, norm_name = ?, asserted_by = ?, updated_at = ? WHERE id = ?`).run(name, norm, undo?.assertedBy ?? assertedAfter(before.assertedBy, by), at, id);
    return this.g.append({ action, item: nodeItem(id), scope: row.scope, by, before: { ...before, norm: oldNorm }, after: { ...this.g.node(id), norm, aliasAdded, aliasRemoved }, summary });
  }

  /** Folds `dropId` into `keepId` (duplicates such as "Sam" / "Samuel"): one entry, one undo. */
  mergeEntities(keepId: number, dropId: number, by: By): GraphCorrectionResult {
    const keep = this.liveNode(keepId);
    const drop = this.liveNode(dropId);
    if (keepId === dropId) throw new MonadError('BAD_INPUT', 'An entity cannot be merged into itself');
    if (keep.scope !== drop.scope) throw new MonadError('BAD_INPUT', `“${drop.name}” and “${keep.name}” are in different scopes (${drop.scope}, ${keep.scope})`);
    guard(keep.assertedBy, by, `“${keep.name}”`);
    guard(drop.assertedBy, by, `“${drop.name}”`);
    return this.g.group(() => {
      const entry = mergeEntities(this.g, keepId, dropId, by, this.now().toISOString());
      return { journalId: entry.id, node: this.store.nodeById(keepId)! };
    });
  }

  /** Deletes an entity: its relations are marked wrong with it (each re-opening what it had closed). */
  deleteEntity(id: number, by: By): GraphCorrectionResult {
    const node = this.liveNode(id);
    guard(node.assertedBy, by, `“${node.name}”`);
    return this.g.group(() => {
      const edges = this.store.edgesOf(id);
      for (const e of edges) guard(e.assertedBy, by, 'a relation the person asserted');
      const skip = new Set(edges.map((e) => e.id));
      let first: number | null = null;
      const reopened: number[] = [];
      for (const e of edges) {
        const r = this.retractOne(e.id, `${quote(node.name)} was deleted`, by, skip);
        first ??= r.entry.id;
        reopened.push(...r.reopened);
      }
      const entry = this.removeEntity(id, by, 'entity.deleted', `Deleted ${quote(node.name)}${edges.length ? ` and its ${edges.length} relation${edges.length === 1 ? '' : 's'}` : ''}`);
      return { journalId: first ?? entry.id, node: this.store.anyNode(id)!, retracted: edges.map((e) => e.id), reopened };
    });
  }

  /** Takes an entity out (its relations must already be out): the row stays, its name and aliases are freed. */
  removeEntity(id: number, by: By, action: string, summary: string): JournalEntry {
    const before = this.g.node(id);
    const row = this.store.nodeRow(id)!;
    const aliases = this.db.prepare(`SELECT norm_name FROM graph_node_alias WHERE node_id = ?`).pluck().all(id) as string[];
    this.db.prepare(`DELETE FROM graph_node_alias WHERE node_id = ?`).run(id);
    this.store.removeNode(id, by.actor, null);
    return this.g.append({ action, item: nodeItem(id), scope: row.scope, by, before: { ...before, norm: row.norm_name, aliases }, after: this.g.node(id), summary });
  }

  /** Brings a deleted entity back with its name and aliases (unless a newer entity took the name meanwhile). */
  restoreEntity(id: number, by: By, snapshot: { norm?: string; aliases?: string[] } | null, summary?: string): JournalEntry {
    const row = this.store.nodeRow(id);
    if (!row) throw new MonadError('NOT_FOUND', `No entity ${id}`);
    if (!row.removed_at) throw new MonadError('CONFLICT', `“${row.name}” is not deleted`);
    const before = this.g.node(id);
    const norm = snapshot?.norm ?? normalizeName(row.name);
    // A new entity of the same name may exist by now: then this one comes back under its old name but
    // without claiming it (the person sees both and can merge them).
    const taken = this.store.resolveName(row.scope, row.name) !== null;
    const at = this.now().toISOString();
    this.db
      .prepare(`UPDATE graph_node SET removed_at = NULL, removed_by = NULL, merged_into = NULL, norm_name = ?, updated_at = ? WHERE id = ?`)
      .run(taken ? freedNorm(id) : norm, at, id);
    for (const a of snapshot?.aliases ?? []) this.db.prepare(`INSERT OR IGNORE INTO graph_node_alias (scope, norm_name, node_id) VALUES (?, ?, ?)`).run(row.scope, a, id);
    return this.g.append({ action: 'entity.restored', item: nodeItem(id), scope: row.scope, by, before, after: this.g.node(id), summary: summary ?? `Restored ${quote(row.name)}` });
  }

  // ---- relations ----

  /** "This is wrong": the relation leaves the graph (kept, for undo); what it had closed is re-opened. */
  retractRelation(id: number, opts: { reason?: string | null }, by: By): GraphCorrectionResult {
    const edge = this.liveEdge(id);
    guard(edge.assertedBy, by, 'a relation the person asserted');
    const reason = opts.reason?.trim() ? cleanTyped(opts.reason, 'reason').slice(0, 500) : null;
    return this.g.group(() => {
      const r = this.retractOne(id, reason, by, new Set());
      return { journalId: r.entry.id, edge: this.store.anyEdge(id)!, reopened: r.reopened };
    });
  }

  /**
   * Marks one relation retracted and re-opens the relations it had closed (GraphStore.retractEdge), each
   * change journaled. Relations in `skip` are being retracted in the same action and are not re-opened.
   */
  retractOne(id: number, reason: string | null, by: By, skip: Set<number>): { entry: JournalEntry; reopened: number[] } {
    const before = this.g.edge(id);
    const closedByIt = (this.db.prepare(`SELECT id FROM graph_edge WHERE superseded_by = ? AND ${LIVE_EDGE} ORDER BY id`).pluck().all(id) as number[])
      .filter((c) => !skip.has(c))
      .map((c) => this.g.edge(c));
    const reopened = this.store.retractEdge(id, by.actor, reason, skip);
    const summary = by.actor === 'system' ? `Dropped ${quote(before.text)}: ${reason ?? SOURCES_GONE}` : `Marked ${quote(before.text)} as wrong${reason ? ` (${reason})` : ''}`;
    const entry = this.g.append({ action: 'relation.retracted', item: edgeItem(id), scope: before.scope, by, before, after: this.g.edge(id), summary });
    for (const cb of closedByIt) {
      const after = this.g.edge(cb.id);
      const open = after.validTo === null;
      this.g.append({
        action: open ? 'relation.reopened' : 'relation.edited',
        item: edgeItem(cb.id),
        scope: cb.scope,
        by,
        before: cb,
        after,
        summary: open ? `Re-opened ${quote(cb.text)}: the relation that had closed it was retracted` : `${quote(cb.text)} now ends where the retracted relation did`,
      });
    }
    return { entry, reopened };
  }

  /** Corrects a relation: its wording, its start, or its end (null: it still holds). It becomes the person's. */
  editRelation(id: number, patch: EditRelationPatch, by: By): GraphCorrectionResult {
    const edge = this.liveEdge(id);
    guard(edge.assertedBy, by, 'a relation the person asserted');
    const relation = patch.relation === undefined ? edge.relation : normalizeRelation(cleanTyped(patch.relation, 'relation'));
    const validFrom = patch.validFrom === undefined ? edge.validFrom : isoInstant(patch.validFrom, 'start date');
    const validTo = patch.validTo === undefined ? edge.validTo : patch.validTo === null ? null : isoInstant(patch.validTo, 'end date');
    if (validTo !== null && validTo <= validFrom) throw new MonadError('BAD_INPUT', 'The end date must be after the start date');
    const person = assertedAfter(edge.assertedBy ?? 'model', by);
    if (relation === edge.relation && validFrom === edge.validFrom && validTo === edge.validTo && person === edge.assertedBy) return { journalId: null, edge };
    return this.g.group(() => {
      const before = this.g.edge(id);
      // An end the person sets is theirs: it is no longer "the start of the relation that closed it".
      const supersededBy = validTo === edge.validTo ? before.supersededBy : null;
      const parts = [
        relation !== edge.relation ? `to ${quote(relationWords(relation))}` : '',
        validFrom !== edge.validFrom ? `start ${validFrom.slice(0, 10)}` : '',
        validTo !== edge.validTo ? (validTo === null ? 'still holds' : `ended ${validTo.slice(0, 10)}`) : '',
      ].filter(Boolean);
      const entry = this.setEdgeState(id, { relation, validFrom, validTo, assertedBy: person, supersededBy, retracted: before.retracted }, by, 'relation.edited', `Corrected ${quote(before.text)}${parts.length ? `: ${parts.join(', ')}` : ''}`);
      return { journalId: entry.id, edge: this.store.edgeById(id)! };
    });
  }

  /** Writes a relation's state columns and journals the change under `action`. */
  setEdgeState(id: number, s: EdgeState, by: By, action: string, summary: string): JournalEntry {
    const before = this.g.edge(id);
    const at = this.now().toISOString();
    this.db
      .prepare(
        `UPDATE graph_edge SET relation = ?, valid_from = ?, valid_to = ?, asserted_by = ?, superseded_by = ?,
           retracted_at = ?, retracted_by = ?, retracted_reason = ?, updated_at = ? WHERE id = ?`,
      )
      .run(s.relation, s.validFrom, s.validTo, s.assertedBy, s.supersededBy, s.retracted?.at ?? null, s.retracted?.by ?? null, s.retracted?.reason ?? null, at, id);
    return this.g.append({ action, item: edgeItem(id), scope: before.scope, by, before, after: this.g.edge(id), summary });
  }

  /**
   * A relation by hand. Endpoints are entity ids or names (found in the scope, else created). The same
   * relation already in the graph is confirmed (it becomes the person's) rather than duplicated.
   */
  addRelation(input: AddRelationInput, by: By): GraphCorrectionResult {
    parseScope(input.scope);
    const relation = normalizeRelation(cleanTyped(input.relation, 'relation'));
    const validFrom = input.validFrom ? isoInstant(input.validFrom, 'start date') : this.now().toISOString();
    return this.g.group(() => {
      let first: number | null = null;
      const note = (e: JournalEntry | null) => {
        if (e) first ??= e.id;
      };
      const src = this.entity(input.scope, input.src, by, note);
      const dst = this.entity(input.scope, input.dst, by, note);
      if (src === dst) throw new MonadError('BAD_INPUT', 'A relation needs two different entities');
      const assertedBy: AssertedBy = by.actor === 'person' ? 'person' : 'model';
      const res = this.store.upsertEdge({ scope: input.scope, src, dst, relation, provClass: 'user', validFrom, support: [], supersede: input.supersede ?? false, assertedBy });
      for (const e of recordUpsert(this.g, res, by)) note(e);
      return { journalId: first, edge: this.store.edgeById(res.id)! };
    });
  }

  /**
   * An entity by name (an import of another memory's graph): the live entity of that name in the scope,
   * its type filled in when it had none, or a new one, journaled. Returns its id and whether it is new.
   */
  addEntity(scope: string, name: string, type: string, by: By): { id: number; created: boolean } {
    parseScope(scope);
    const clean = cleanTyped(name, 'entity name').slice(0, 200);
    const kind = cleanTyped(type || 'thing', 'entity type').slice(0, 40);
    return this.g.group(() => {
      const r = this.store.upsertNode(scope, clean, kind, '', { assertedBy: by.actor === 'person' ? 'person' : 'model' });
      if (r.created) this.g.append({ action: 'entity.added', item: nodeItem(r.id), scope, by, after: this.g.node(r.id), summary: `Added ${quote(clean)}` });
      return r;
    });
  }

  /** Resolves an endpoint: a live entity of the scope by id, or by name (created when new). */
  private entity(scope: string, ref: EntityRef, by: By, note: (e: JournalEntry | null) => void): number {
    if (typeof ref === 'number') {
      const n = this.liveNode(ref);
      if (n.scope !== scope) throw new MonadError('BAD_INPUT', `“${n.name}” is in ${n.scope}, not ${scope}`);
      return n.id;
    }
    const name = cleanTyped(ref, 'entity name').slice(0, 200);
    const found = this.store.resolveName(scope, name);
    if (found) return found.id;
    const r = this.store.upsertNode(scope, name, 'thing', '', { assertedBy: by.actor === 'person' ? 'person' : 'model' });
    note(this.g.append({ action: 'entity.added', item: nodeItem(r.id), scope, by, after: this.g.node(r.id), summary: `Added ${quote(name)}` }));
    return r.id;
  }

  liveNode(id: number): GraphNode {
    const n = this.store.nodeById(id);
    if (n) return n;
    const any = this.store.anyNode(id);
    if (any?.removed) throw new MonadError('CONFLICT', `“${any.name}” was ${any.removed.mergedInto ? 'merged into another entity' : 'deleted'}`);
    throw new MonadError('NOT_FOUND', `No entity ${id}`);
  }

  liveEdge(id: number): GraphEdge {
    const e = this.store.edgeById(id);
    if (e) return e;
    const any = this.store.anyEdge(id);
    if (any?.retracted) throw new MonadError('CONFLICT', `Relation ${id} was already marked wrong`);
    if (any?.mergedInto) throw new MonadError('CONFLICT', `Relation ${id} was folded into relation ${any.mergedInto} by a merge`);
    throw new MonadError('NOT_FOUND', `No relation ${id}`);
  }
}

/**
 * Journals what an upsert did: a new relation (or a model's relation the person confirmed) and each
 * relation it closed. Called in the upsert's transaction; returns the entries.
 */
export function recordUpsert(g: GraphJournal, res: EdgeUpsert, by: By): JournalEntry[] {
  const out: JournalEntry[] = [];
  const after = g.edge(res.id);
  if (res.kind === 'added') {
    out.push(g.append({ action: 'relation.added', item: edgeItem(res.id), scope: after.scope, by, after, summary: `${by.actor === 'person' ? 'Added' : 'Learned'} ${quote(after.text)}` }));
  } else if (res.confirmed) {
    out.push(g.append({ action: 'relation.edited', item: edgeItem(res.id), scope: after.scope, by, before: { ...after, assertedBy: 'model' }, after, summary: `Confirmed ${quote(after.text)}` }));
  }
  for (const c of res.closed) {
    const snap = g.edge(c);
    out.push(
      g.append({
        action: 'relation.closed',
        item: edgeItem(c),
        scope: snap.scope,
        by,
        before: { ...snap, validTo: null, supersededBy: null },
        after: snap,
        summary: `Ended ${quote(snap.text)}: ${quote(after.text)} replaced it`,
      }),
    );
  }
  return out;
}

export function stateOf(s: EdgeSnapshot): EdgeState {
  return { relation: s.relation, validFrom: s.validFrom, validTo: s.validTo, assertedBy: s.assertedBy, supersededBy: s.supersededBy, retracted: s.retracted };
}

/** Only the person changes what the person asserted; any other actor proposes instead. */
function guard(assertedBy: AssertedBy | undefined, by: By, what: string): void {
  if (assertedBy === 'person' && by.actor !== 'person') {
    throw new MonadError('CONFLICT', `${what} was asserted by the person; ${by.actor} may only propose a change to it`);
  }
}

function assertedAfter(current: AssertedBy, by: By): AssertedBy {
  return by.actor === 'person' ? 'person' : current;
}

export type { NodeSnapshot };
