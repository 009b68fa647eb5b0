// The sync room's port onto this home's knowledge graph (issue 30 §2–§3), built in the composition root's
// room so that src/main/sync/ never imports the graph. Rows are found by content keys (the normalised names
// and wording that define them): local row ids are random per device and stay as they are (no migration).
import { sentWording } from './engine-sync-graph-wording';
import type { AssertedBy } from '../shared/domain';
import { MonadError } from '../shared/errors';
import { statement } from './db/statements';
import { inTransaction } from './db/transactions';
import type { Engine } from './engine';
import { sanitizeFact } from './memory/facts/sanitize';
import { recordUpsert, stateOf } from './memory/graph/graph-corrections';
import { nodeItem, quote, type By } from './memory/graph/graph-journal';
import { normalizeName, normalizeRelation } from './memory/graph/graph-normalize';
import { EDGE_SELECT, LIVE_E, toEdge, type EdgeRow } from './memory/graph/graph-rows';
import { appliedHere, localEntityFixes, localRelationEdits, madeHere, reversedClose, reversedRelationEdit } from './engine-sync-graph-history';
import { entityKey, relationKey } from './engine-sync-graph-keys';
import type { GraphSyncPort, RelationPatch, SyncedEnd, SyncedRelation } from './sync/graph-ports';

const BOTH_ENDS_LIVE = `NOT EXISTS (SELECT 1 FROM graph_node n WHERE n.id IN (e.src, e.dst) AND n.removed_at IS NOT NULL)`;
const bySync = (actor: By['actor'], device: string): By => ({ actor, source: { via: 'sync', detail: `from device ${device}` } });

export function graphSyncPort(engine: Engine): GraphSyncPort {
  const { store, corrections } = engine.graph;
  const g = corrections.g;
  const db = engine.memoryDb;
  const names = (scope: string): Map<number, string> =>
    new Map((db.prepare(`SELECT id, name FROM graph_node WHERE scope = ?`).all(scope) as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  const edges = (scope: string, where: string) => (db.prepare(`${EDGE_SELECT} WHERE e.scope = ? AND ${where} ORDER BY e.id`).all(scope) as (EdgeRow & { created_at: string; updated_at: string; derived_at: string | null })[]);
  const keyOf = (n: Map<number, string>, e: EdgeRow): string => relationKey(e.scope, n.get(e.src) ?? '', e.relation, n.get(e.dst) ?? '', e.prov_class);
  /** Text from another device passes the sanitizer, as extraction's does; null when refused. */
  type Cleaned = { ok: true; text: string } | { ok: false; reason: string };
  const cleanNow = (text: string): Cleaned => {
    const r = sanitizeFact(text);
    return r.ok && r.text.trim() ? { ok: true, text: r.text.trim() } : { ok: false, reason: r.ok ? 'empty' : r.reason };
  };
  /** The ids among `ids` of messages this home holds or held (a soft-deleted one was deleted here). */
  const messagesHere = (ids: string[]): Set<string> => {
    if (!ids.length) return new Set();
    const rows = statement(engine.appDb, `SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?))`, 'pluck').all(JSON.stringify(ids)) as string[];
    return new Set(rows);
  };
  // Entities the person deleted here (by normalised name) for the length of one batch of incoming records:
  // store.personDeleted scans every entity of the scope, and asked once per incoming relation it was a quarter
  // of a whole-home pull's CPU (docs/sync.md, Figures). Only the person's corrections add to it (a delete, a
  // merge: fixEntity, undoEntityFix, which drop the memo); a relation written meanwhile can only give a name a
  // live entity again, so a name found here is checked once more against the store before a relation is held.
  let inBatch = false;
  const deletedMemo = new Map<string, Map<string, number>>();
  const deletedHere = (scope: string): Map<string, number> => {
    if (!inBatch) return store.personDeleted(scope);
    let gone = deletedMemo.get(scope);
    if (!gone) deletedMemo.set(scope, (gone = store.personDeleted(scope)));
    return gone;
  };
  // Verdicts for the length of one batch of incoming records: a relation's two names and its wording are judged
  // each time, and a whole graph arriving repeats them (a few thousand entities and wordings behind 10,000
  // relations); judged once each, a profiled first pull allocated 65 MB in findSpans instead of 286. sanitizeFact is given
  // no stored secrets here, so its verdict is a function of the text alone; the memo ends with the batch.
  const cleanedInBatch = new Map<string, Cleaned>();
  const clean = (text: string): Cleaned => {
    if (!inBatch) return cleanNow(text);
    let c = cleanedInBatch.get(text);
    if (!c) cleanedInBatch.set(text, (c = cleanNow(text)));
    return c;
  };
  const node = (scope: string, name: string, assertedBy: AssertedBy, by: By): number => {
    const found = store.resolveName(scope, name);
    if (found) return found.id;
    const r = store.upsertNode(scope, name, 'thing', '', { assertedBy });
    g.append({ action: 'entity.added', item: nodeItem(r.id), scope, by, after: g.node(r.id), summary: `${assertedBy === 'person' ? 'Added' : 'Learned of'} ${quote(name)}` });
    return r.id;
  };

  /**
   * The person undid the relation's close on another device: it holds again here, still as derived (History's
   * undo of a close, not an edit that makes it the person's). With `undo`, it is the undo of this home's entry
   * that closed it, when that is its latest change (History then offers neither); else an entry of its own.
   */
  const reopenUndone = (id: number, device: string, undo: boolean): boolean => {
    const before = g.edge(id);
    if (before.validTo === null) return false;
    const reopen = () =>
      g.group(() => corrections.setEdgeState(id, { ...stateOf(before), validTo: null, supersededBy: null }, bySync('person', device), 'relation.reopened', `Re-opened ${quote(before.text)}: its end was undone on another device`));
    const closed = undo ? reversedClose(engine.journal, before.scope, id) : null;
    if (closed === null) reopen();
    else engine.journal.asUndoOf(closed, reopen);
    return true;
  };

  return {
    keysOf: { entity: entityKey, relation: (scope, src, relation, dst, prov) => relationKey(scope, src, relation, dst, prov) },
    sendWording: sentWording(engine),
    scopes: () => store.scopes().map((s) => s.scope),
    entities: (scope) =>
      (db.prepare(`SELECT name, type, summary, asserted_by, created_at FROM graph_node WHERE scope = ? AND removed_at IS NULL ORDER BY id`).all(scope) as {
        name: string;
        type: string;
        summary: string;
        asserted_by: AssertedBy;
        created_at: string;
      }[]).map((r) => ({ key: entityKey(scope, r.name), name: r.name, type: r.type, summary: r.summary, assertedBy: r.asserted_by, at: r.created_at })),
    relations: (scope) => {
      const n = names(scope);
      return edges(scope, LIVE_E).map((row): SyncedRelation => {
        const e = toEdge(row);
        return { key: keyOf(n, row), src: n.get(e.src) ?? '', dst: n.get(e.dst) ?? '', relation: e.relation, provClass: e.provClass, validFrom: e.validFrom, validTo: e.validTo, support: e.support, assertedBy: e.assertedBy ?? 'model', at: row.derived_at ?? row.created_at };
      });
    },
    retractions: (scope) => {
      const n = names(scope);
      const live = new Set(edges(scope, LIVE_E).map((e) => keyOf(n, e)));
      const out = new Map<string, { key: string; reason: string | null; at: string }>();
      for (const e of edges(scope, `e.retracted_by = 'person' AND e.retracted_at IS NOT NULL`)) {
        const key = keyOf(n, e);
        if (!live.has(key)) out.set(key, { key, reason: e.retracted_reason, at: e.retracted_at! });
      }
      return [...out.values()];
    },
    ends: (scope) => {
      const n = names(scope);
      const out = new Map<string, SyncedEnd>();
      for (const e of edges(scope, `${LIVE_E} AND e.valid_to IS NOT NULL`)) {
        // An end on the person's relation is the person's (an end the person sets makes the relation theirs,
        // and a model's value never closes the person's relation); otherwise a newer derived value closed it.
        const end = { key: keyOf(n, e), validTo: e.valid_to!, at: e.updated_at, person: e.asserted_by === 'person' };
        const prev = out.get(end.key);
        if (!prev || end.validTo > prev.validTo) out.set(end.key, end);
      }
      return [...out.values()];
    },
    endRelation: (scope, end, device) => {
      const n = names(scope);
      const row = edges(scope, `${LIVE_E} AND e.valid_to IS NULL`).find((e) => keyOf(n, e) === end.key);
      // Nothing open here, or this home's relation starts after that end (a later holding): nothing to close.
      if (!row || row.valid_from >= end.validTo) return false;
      if (end.person) {
        corrections.editRelation(row.id, { validTo: end.validTo }, bySync('person', device));
        return true;
      }
      const before = g.edge(row.id);
      g.group(() =>
        corrections.setEdgeState(row.id, { ...before, validTo: end.validTo, supersededBy: null }, bySync('extraction', device), 'relation.edited', `${quote(before.text)} ended ${end.validTo.slice(0, 10)}, as learned on another device`),
      );
      return true;
    },
    reopenRelation: (scope, key, device) => {
      const n = names(scope);
      const row = edges(scope, `${LIVE_E} AND e.valid_to IS NOT NULL AND e.asserted_by = 'model'`).find((e) => keyOf(n, e) === key);
      if (!row) return false;
      const before = g.edge(row.id);
      g.group(() =>
        corrections.setEdgeState(row.id, { ...before, validTo: null, supersededBy: null }, bySync('extraction', device), 'relation.reopened', `Re-opened ${quote(before.text)}: derived again on another device after it ended`),
      );
      return true;
    },
    entityFixes: (scope) => localEntityFixes(db, scope),
    undoEntityFix: (scope, fix, device) => {
      deletedMemo.clear();
      const from = clean(fix.from);
      const to = fix.to === null ? null : clean(fix.to);
      // A correction this home refused was never applied here: nothing to undo.
      if (!from.ok || (to && !to.ok)) return { changed: false, reason: null };
      const id = appliedHere(db, scope, fix, from.text, to?.ok ? to.text.slice(0, 200) : null);
      if (id === null) return { changed: false, reason: null };
      try {
        return db.transaction(() => {
          // History's own undo, as the person's undo here would be; what it writes is said to come from there.
          // Only the correction itself (its group) and what came from another device may go with it: a change
          // made here since that depends on it is the person's here to decide on.
          const entry = engine.journal.get(id)!;
          const plan = engine.journal.plan(id);
          const own = plan.alsoUndoes.every((e) => (entry.groupId !== null && e.groupId === entry.groupId) || e.source?.via === 'sync');
          if (!plan.possible || !own) return { changed: false, reason: `“${fix.from}” was changed here after that correction: undo it here in Memory → History if you want it undone too` };
          const r = engine.journal.undo(id, { confirm: true });
          const source = JSON.stringify({ via: 'sync', detail: `undo, from device ${device}` });
          const mark = db.prepare(`UPDATE memory_journal SET source = ? WHERE id = ?`);
          for (const e of r.entries) mark.run(source, e.id);
          return { changed: true, reason: null };
        })();
      } catch (err) {
        if (err instanceof MonadError && (err.code === 'CONFLICT' || err.code === 'BAD_INPUT')) return { changed: false, reason: err.message };
        throw err;
      }
    },
    restoreRelation: (scope, keys, device, undo) => {
      const n = names(scope);
      const want = new Set(keys);
      if (edges(scope, LIVE_E).some((e) => want.has(keyOf(n, e)))) return false;
      // Not one whose entity is deleted here: bringing it back would leave it pointing at nothing.
      const row = edges(scope, `e.retracted_at IS NOT NULL AND e.merged_into IS NULL AND ${BOTH_ENDS_LIVE}`)
        .filter((e) => want.has(keyOf(n, e)))
        .at(-1);
      if (!row) return false;
      const before = g.edge(row.id);
      // Not an undo there: the person corrected it there after it was marked wrong (the later act stands).
      const summary = undo ? `Restored ${quote(before.text)}, as on another device` : `Restored ${quote(before.text)}: corrected on another device after it was marked wrong`;
      const restore = () => g.group(() => corrections.setEdgeState(row.id, { ...stateOf(before), retracted: null }, bySync('person', device), 'relation.restored', summary));
      // Brought back by an undo there: the undo of this home's entry for the retraction, when it has one.
      const retracted = undo ? engine.journal.lastOn(`relation:${row.id}`, scope, { changesOnly: true, actions: ['relation.retracted'] }) : null;
      if (retracted?.actor === 'person') engine.journal.asUndoOf(retracted.id, restore);
      else restore();
      return true;
    },
    relationEdits: (scope) => localRelationEdits(db, scope, names(scope)),
    editRelation: (scope, keys, patch, device, undo) => {
      const n = names(scope);
      const want = new Set(keys);
      // The relation's latest holding when several rows carry its keys (each a stretch of time).
      const row = edges(scope, LIVE_E)
        .filter((e) => want.has(keyOf(n, e)))
        .sort((x, y) => x.valid_from.localeCompare(y.valid_from) || x.id - y.id)
        .at(-1);
      if (!row) return { changed: false, reason: null };
      if (patch.closeUndone) return { changed: reopenUndone(row.id, device, undo === true), reason: null };
      const diff: RelationPatch = {};
      if (patch.relation !== undefined) {
        const wording = clean(patch.relation);
        if (!wording.ok) return { changed: false, reason: wording.reason };
        if (normalizeRelation(wording.text) !== row.relation) diff.relation = wording.text;
      }
      if (patch.validFrom !== undefined && patch.validFrom !== row.valid_from) diff.validFrom = patch.validFrom;
      if (patch.validTo !== undefined && patch.validTo !== row.valid_to) diff.validTo = patch.validTo;
      if (!Object.keys(diff).length) return { changed: false, reason: null };
      try {
        const edit = () => corrections.editRelation(row.id, diff, bySync('person', device));
        // An undo there is the undo of this home's entry for the edit it reverses, when it has one.
        const reversed = undo ? reversedRelationEdit(engine.journal, scope, row.id, diff) : null;
        if (reversed === null) edit();
        else engine.journal.asUndoOf(reversed, edit);
        return { changed: true, reason: null };
      } catch (err) {
        if (err instanceof MonadError && (err.code === 'BAD_INPUT' || err.code === 'CONFLICT')) return { changed: false, reason: err.message };
        throw err;
      }
    },
    fixEntity: (scope, fix, device) => {
      deletedMemo.clear();
      const from = clean(fix.from);
      const to = fix.to === null ? null : clean(fix.to);
      if (!from.ok) return { changed: false, reason: from.reason };
      if (to && !to.ok) return { changed: false, reason: to.reason };
      const target = to?.ok ? to.text.slice(0, 200) : null;
      // Each fix is replayed every round, oldest first: one this home made already (here, or from sync) is done,
      // or replaying Sam → Samuel after a later Samuel → Sam would rename it again.
      if (madeHere(db, scope, fix, from.text, target)) return { changed: false, reason: null };
      // Found by its old name, which stays an alias of a renamed entity.
      const node = store.resolveName(scope, from.text);
      if (!node) return { changed: false, reason: null };
      const by = bySync('person', device);
      try {
        if (fix.op === 'delete') corrections.deleteEntity(node.id, by);
        else if (fix.op === 'rename') {
          if (!target || normalizeName(target) === normalizeName(g.node(node.id).name)) return { changed: false, reason: null };
          corrections.renameEntity(node.id, target, by);
        } else {
          const keep = target ? store.resolveName(scope, target) : null;
          if (!keep || keep.id === node.id) return { changed: false, reason: null };
          corrections.mergeEntities(keep.id, node.id, by);
        }
        return { changed: true, reason: null };
      } catch (err) {
        if (err instanceof MonadError && (err.code === 'BAD_INPUT' || err.code === 'CONFLICT')) return { changed: false, reason: err.message };
        throw err;
      }
    },
    addEntity: (scope, e, device) => {
      const name = clean(e.name);
      if (!name.ok) return { id: null, reason: name.reason };
      const type = clean(e.type || 'thing');
      const summary = e.summary ? clean(e.summary) : null;
      const by = bySync(e.assertedBy === 'person' ? 'person' : 'extraction', device);
      return inTransaction(db, () =>
        g.journal.inGroup(() => {
          const r = store.upsertNode(scope, name.text.slice(0, 200), type.ok ? type.text.slice(0, 40) : 'thing', summary?.ok ? summary.text : '', { assertedBy: e.assertedBy });
          if (r.created) g.append({ action: 'entity.added', item: nodeItem(r.id), scope, by, after: g.node(r.id), summary: `${e.assertedBy === 'person' ? 'Added' : 'Learned of'} ${quote(name.text)}` });
          return { id: e.key, reason: null };
        }),
      );
    },
    addRelation: (scope, r, device) => {
      const parts = [clean(r.src), clean(r.relation), clean(r.dst)];
      const refused = parts.find((p) => !p.ok);
      if (refused && !refused.ok) return { id: null, reason: refused.reason };
      const [src, relation, dst] = parts.map((p) => (p.ok ? p.text : ''));
      const known = messagesHere(r.support);
      const by = bySync(r.assertedBy === 'person' ? 'person' : 'extraction', device);
      // A derived relation naming an entity the person deleted here does not bring it back (as extraction).
      const endNames = [normalizeName(src), normalizeName(dst)];
      const namesDeleted = (gone: Map<string, number>): boolean => gone.size > 0 && endNames.some((n) => gone.has(n));
      if (r.assertedBy !== 'person' && namesDeleted(deletedHere(scope)) && namesDeleted(store.personDeleted(scope))) return { id: null, reason: 'deleted here', held: true };
      try {
        return inTransaction(db, () =>
          g.journal.inGroup(() => {
            const s = node(scope, src.slice(0, 200), r.assertedBy, by);
            const d = node(scope, dst.slice(0, 200), r.assertedBy, by);
            if (s === d) return { id: null, reason: 'a relation needs two different entities' };
            // A record under a name this home corrected since (renamed, merged) finds its relation by the alias:
            // already here with all its support, it is nothing new (and is not counted as received every time).
            const twin = (statement(db, `${EDGE_SELECT} WHERE e.scope = ? AND e.src = ? AND e.dst = ? AND e.relation = ? AND e.prov_class = ? AND ${LIVE_E}`).all(scope, s, d, normalizeRelation(relation), r.provClass) as EdgeRow[]).map(toEdge);
            if (twin.some((t) => r.support.every((m) => t.support.includes(m)) && (t.assertedBy === 'person' || r.assertedBy !== 'person'))) return { id: null, reason: null, same: true };
            // The store's own write: it merges with the same relation here and refuses (holds) a model's relation
            // that this home's person marked wrong — the correction beats the re-derivation on this side too.
            const res = store.tryUpsertEdge({ scope, src: s, dst: d, relation, provClass: r.provClass, validFrom: r.validFrom, support: r.support, supersede: false, assertedBy: r.assertedBy, derivedAt: r.at });
            if (res.kind === 'held') return { id: null, reason: 'marked wrong here', held: true };
            recordUpsert(g, res, by);
            // Messages this home has never had (not even deleted) are on their way with their chat: the
            // liveness pass keeps their support until they arrive, whatever order the kinds sync in.
            const missing = r.support.filter((m) => !known.has(m));
            if (missing.length) store.awaitSupport(missing);
            return { id: r.key, reason: null };
          }),
        );
      } catch (err) {
        if (err instanceof MonadError && (err.code === 'BAD_INPUT' || err.code === 'CONFLICT')) return { id: null, reason: err.message };
        throw err;
      }
    },
    batch: (fn) => {
      inBatch = true;
      deletedMemo.clear();
      cleanedInBatch.clear();
      try {
        return db.transaction(fn)();
      } finally {
        inBatch = false;
        deletedMemo.clear();
        cleanedInBatch.clear();
      }
    },
    retract: (scope, key, reason, device) => {
      const n = names(scope);
      const row = edges(scope, LIVE_E).find((e) => keyOf(n, e) === key);
      if (!row) return false;
      // The person's correction made on another device: the graph's own correction path (History, undo).
      corrections.retractRelation(row.id, { reason }, bySync('person', device));
      return true;
    },
  };
}
