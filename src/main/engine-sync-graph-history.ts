// What this home's History says the person corrected in the graph, for the sync port (engine-sync-graph.ts):
// entity corrections and relation edits made here (not undone, not those that came in from another device),
// whether a correction from another device was applied here already, and which edit here an undo made on
// another device reverses.
import type { ProvClass } from '../shared/domain';
import type { Engine } from './engine';
import { entityKey, relationKey } from './engine-sync-graph-keys';
import { normalizeName, normalizeRelation } from './memory/graph/graph-normalize';
import type { RelationEditField, RelationPatch, SyncedEntityFix, SyncedRelationEdit } from './sync/graph-ports';

type Db = Engine['memoryDb'];

const FIX_OPS: Record<string, SyncedEntityFix['op']> = { 'entity.renamed': 'rename', 'entity.merged': 'merge', 'entity.deleted': 'delete' };

type FixSnapshots = { before: { name?: string; keep?: { name: string }; drop?: { name: string } }; after: { name?: string } };
const snapshots = (r: { before: string | null; after: string | null }): FixSnapshots => ({
  before: r.before ? JSON.parse(r.before) : {},
  after: r.after ? JSON.parse(r.after) : {},
});

/**
 * The person's entity corrections made here, from History (the journal holds each one's names before and
 * after), each with when it was undone, if it was: the undo travels as that mark, so the other device undoes
 * the same correction through its own History. Not those that came in from another device (they are in the
 * document already), and not the entries an undo wrote (the mark says it).
 */
export function localEntityFixes(db: Db, scope: string): SyncedEntityFix[] {
  const rows = db
    .prepare(
      `SELECT j.at, j.action, j.source, j.before, j.after, u.at AS undone FROM memory_journal j LEFT JOIN memory_journal u ON u.id = j.undone_by
       WHERE j.layer = 'graph' AND j.scope = ? AND j.actor = 'person' AND j.action IN ('entity.renamed', 'entity.merged', 'entity.deleted') AND j.undoes IS NULL
       ORDER BY j.id`,
    )
    .all(scope) as { at: string; action: string; source: string | null; before: string | null; after: string | null; undone: string | null }[];
  const out: SyncedEntityFix[] = [];
  for (const r of rows) {
    if (r.source && (JSON.parse(r.source) as { via?: string }).via === 'sync') continue;
    const { before, after } = snapshots(r);
    const op = FIX_OPS[r.action];
    const from = op === 'merge' ? before.drop?.name : before.name;
    const to = op === 'merge' ? (before.keep?.name ?? null) : op === 'rename' ? (after.name ?? null) : null;
    if (!from || (op !== 'delete' && !to)) continue;
    out.push({ key: entityKey(scope, from), op, from, to, at: r.at, ...(r.undone ? { undone: r.undone } : {}), ...(op === 'rename' && to ? { toKey: entityKey(scope, to) } : {}) });
  }
  return out;
}

/** This home's History entries of that correction still standing (the person's here, or one applied from another device), newest first. */
function entriesOf(db: Db, scope: string, fix: SyncedEntityFix, from: string, to: string | null): { id: number; source: string | null }[] {
  const action = Object.keys(FIX_OPS).find((a) => FIX_OPS[a] === fix.op)!;
  const rows = db
    .prepare(`SELECT id, source, before, after FROM memory_journal WHERE layer = 'graph' AND scope = ? AND action = ? AND undone_by IS NULL AND undoes IS NULL ORDER BY id DESC`)
    .all(scope, action) as { id: number; source: string | null; before: string | null; after: string | null }[];
  const same = (a: string | undefined, b: string | null) => (a === undefined || b === null ? a === undefined && b === null : normalizeName(a) === normalizeName(b));
  return rows.filter((r) => {
    const { before, after } = snapshots(r);
    if (fix.op === 'merge') return same(before.drop?.name, from) && same(before.keep?.name, to);
    if (fix.op === 'rename') return same(before.name, from) && same(after.name, to);
    return same(before.name, from);
  });
}

/** This home's History already holds that correction, not undone (made here, or applied from another device). */
export function madeHere(db: Db, scope: string, fix: SyncedEntityFix, from: string, to: string | null): boolean {
  return entriesOf(db, scope, fix, from, to).length > 0;
}

/** The entry that applied another device's correction here (so that its undo can be applied here too). */
export function appliedHere(db: Db, scope: string, fix: SyncedEntityFix, from: string, to: string | null): number | null {
  const synced = entriesOf(db, scope, fix, from, to).find((r) => r.source && (JSON.parse(r.source) as { via?: string }).via === 'sync');
  return synced?.id ?? null;
}

/**
 * The person's edits of relations made here (wording, start, end, a relation brought back, a close undone), from History: each with the relation's key
 * before and after it. Not undone (an undo is an edit of its own, later), not from another device, and not
 * the end a retraction moved (the retraction travels, and does the same on the other device).
 */
export function localRelationEdits(db: Db, scope: string, names: Map<number, string>): SyncedRelationEdit[] {
  const rows = db
    .prepare(
      `SELECT j.at, j.action, j.item, j.source, j.before, j.after, j.undoes, e.src, e.dst, e.prov_class,
              u.action AS u_action, u.actor AS u_actor, u.before AS u_before, u.after AS u_after,
              (j.group_id IS NOT NULL AND EXISTS (SELECT 1 FROM memory_journal k WHERE k.group_id = j.group_id AND k.action = 'relation.retracted')) AS with_retraction
         FROM memory_journal j
         JOIN graph_edge e ON e.id = CAST(substr(j.item, 10) AS INTEGER)
         LEFT JOIN memory_journal u ON u.id = j.undoes
       WHERE j.layer = 'graph' AND j.scope = ? AND j.actor = 'person' AND j.action IN ('relation.edited', 'relation.restored', 'relation.reopened') AND j.undone_by IS NULL
         AND j.item LIKE 'relation:%'
       ORDER BY j.id`,
    )
    .all(scope) as (EditRow & { u_action: string | null; u_actor: string | null; u_before: string | null; u_after: string | null; with_retraction: number })[];
  const out: SyncedRelationEdit[] = [];
  for (const r of rows) {
    if (r.source && (JSON.parse(r.source) as { via?: string }).via === 'sync') continue;
    if (!r.before || !r.after) continue;
    const before = JSON.parse(r.before) as Snap;
    const after = JSON.parse(r.after) as Snap;
    const [src, dst] = [names.get(r.src) ?? '', names.get(r.dst) ?? ''];
    const key = (relation: string) => relationKey(scope, src, relation, dst, r.prov_class);
    // A close undone: by History's undo of it (a newer value's close, or an end that came from another device),
    // or because the person marked wrong the relation that had closed it. The relation holds again as derived;
    // that travels as such, even though the same act retracted the other relation (the retraction travels too).
    const undoOfClose = r.undoes !== null && isClose({ action: r.u_action, actor: r.u_actor, before: r.u_before, after: r.u_after });
    const closerRetracted = r.action === 'relation.reopened' && r.with_retraction === 1 && before.validTo !== null && after.validTo === null;
    if (undoOfClose || closerRetracted) {
      out.push({ from: key(after.relation), to: key(after.relation), relation: after.relation, validFrom: after.validFrom, validTo: null, changed: ['validTo'], at: r.at, ...(undoOfClose ? { undo: true as const } : {}), closeUndone: true });
      continue;
    }
    if (r.action === 'relation.reopened' || r.with_retraction) continue;
    const changed: RelationEditField[] = [];
    if (before.relation !== after.relation) changed.push('relation');
    if (before.validFrom !== after.validFrom) changed.push('validFrom');
    if (before.validTo !== after.validTo) changed.push('validTo');
    // Brought back after it was marked wrong (an undo): it stands again over that retraction.
    if (r.action === 'relation.restored') changed.push('restored');
    if (!changed.length) continue;
    out.push({ from: key(before.relation), to: key(after.relation), relation: after.relation, validFrom: after.validFrom, validTo: after.validTo, changed, at: r.at, ...(r.undoes !== null ? { undo: true as const } : {}) });
  }
  return out;
}

type Snap = { relation: string; validFrom: string; validTo: string | null };
type EditRow = { at: string; action: string; item: string; source: string | null; before: string | null; after: string | null; undoes: number | null; src: number; dst: number; prov_class: ProvClass };

/**
 * An entry that closed a relation which was not the person's own edit of its end: a newer value's close
 * (`relation.closed`), or an end journaled as an edit by another actor (one that came from another device).
 */
function isClose(e: { action: string | null; actor: string | null; before: unknown; after: unknown }): boolean {
  if (!e.action || !e.before || !e.after) return false;
  if (e.action !== 'relation.closed' && !(e.action === 'relation.edited' && e.actor !== 'person')) return false;
  const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Snap) : (v as Snap));
  const [before, after] = [parse(e.before), parse(e.after)];
  return before.validTo === null && after.validTo !== null && before.relation === after.relation && before.validFrom === after.validFrom;
}

/**
 * This home's History entry that closed the relation, when it is its latest change (so undoing it would leave
 * the relation open, as another device's undo of the close left it there). Null otherwise: the re-opening is
 * then an ordinary change here.
 */
export function reversedClose(journal: Engine['journal'], scope: string, edgeId: number): number | null {
  const last = journal.lastOn(`relation:${edgeId}`, scope, { changesOnly: true });
  return last && isClose(last) ? last.id : null;
}

/**
 * This home's History entry for the relation edit that another device's undo reverses: the newest edit of
 * the relation, not undone, whose state before it is what the undo sets (`patch`). Null when there is none
 * (this home never had that edit, or edited the relation again since): the undo is then an ordinary edit.
 */
export function reversedRelationEdit(journal: Engine['journal'], scope: string, edgeId: number, patch: RelationPatch): number | null {
  const last = journal.lastOn(`relation:${edgeId}`, scope, { changesOnly: true, actions: ['relation.edited'] });
  const before = last?.before as { relation?: string; validFrom?: string; validTo?: string | null } | null | undefined;
  if (!last || last.actor !== 'person' || !before) return null;
  if (patch.relation !== undefined && normalizeRelation(patch.relation) !== normalizeRelation(before.relation ?? '')) return null;
  if (patch.validFrom !== undefined && patch.validFrom !== before.validFrom) return null;
  if (patch.validTo !== undefined && patch.validTo !== (before.validTo ?? null)) return null;
  return last.id;
}
