// Merging two entities that are one ("Sam" / "Samuel"), and undoing it exactly. The dropped entity's
// relations move to the kept one (same relation ids, so laws that cite them stay grounded); a relation
// that now duplicates one of the kept entity's is folded into it (its support joins, its window widens,
// and it reads as that one from then on); a relation between the two becomes a loop and is retracted.
// The dropped name stays an alias of the kept entity, so the next extraction does not bring it back.
// Everything needed to undo it is in the one journal entry ("entity.merged", item entity:<keep>).
import type { AssertedBy } from '../../../shared/domain';
import type { JournalEntry } from '../../../shared/journal';
import { edgeItem, nodeItem, quote, type By, type GraphJournal, type NodeSnapshot } from './graph-journal';
import { LIVE_EDGE } from './graph-store';

export interface MergeRecord {
  keep: NodeSnapshot;
  drop: NodeSnapshot;
  dropNorm: string;
  /** Every relation that pointed at the dropped entity, with its endpoints before the move. */
  moved: { id: number; src: number; dst: number }[];
  /** Duplicates folded into a relation of the kept entity, with that relation's state before. */
  folded: {
    id: number;
    into: number;
    intoBefore: { validFrom: string; validTo: string | null; assertedBy: AssertedBy };
    /** What the merge set, so an undo does not overwrite a later correction of that relation. */
    intoAfter: { validFrom: string; validTo: string | null; assertedBy: AssertedBy };
    addedSupport: string[];
  }[];
  /** Relations between the two, retracted as loops. */
  loops: number[];
  /** Relations whose "closed by" pointed at a folded duplicate, re-pointed to what it was folded into. */
  repointed: { id: number; from: number }[];
  /** Source messages of the dropped entity newly recorded on the kept one. */
  nodeSupport: string[];
  /** Aliases of the dropped entity that now name the kept one. */
  aliases: string[];
  aliasAdded: boolean;
}

interface EdgeKeyRow {
  id: number;
  scope: string;
  src: number;
  dst: number;
  relation: string;
  prov_class: string;
  valid_from: string;
  valid_to: string | null;
  asserted_by: AssertedBy;
}

/** Windows [from, to) overlap or touch (an open end is +∞). */
function overlaps(a: EdgeKeyRow, b: EdgeKeyRow): boolean {
  return (a.valid_to === null || b.valid_from <= a.valid_to) && (b.valid_to === null || a.valid_from <= b.valid_to);
}

/** Runs inside the caller's transaction and group. */
export function mergeEntities(g: GraphJournal, keepId: number, dropId: number, by: By, at: string): JournalEntry {
  const db = g.store.db;
  const keep = g.node(keepId);
  const drop = g.node(dropId);
  const dropRow = g.store.nodeRow(dropId)!;
  const rec: MergeRecord = { keep, drop, dropNorm: dropRow.norm_name!, moved: [], folded: [], loops: [], repointed: [], nodeSupport: [], aliases: [], aliasAdded: false };

  // 1. Move every relation of the dropped entity (retracted ones too, so their undo still finds them).
  const touching = db.prepare(`SELECT id, src, dst FROM graph_edge WHERE src = ? OR dst = ? ORDER BY id`).all(dropId, dropId) as { id: number; src: number; dst: number }[];
  const move = db.prepare(`UPDATE graph_edge SET src = ?, dst = ?, updated_at = ? WHERE id = ?`);
  for (const e of touching) {
    rec.moved.push(e);
    move.run(e.src === dropId ? keepId : e.src, e.dst === dropId ? keepId : e.dst, at, e.id);
  }

  // 2. A relation between the two is now a loop: it says nothing, so it leaves the graph.
  const live = (id: number) => db.prepare(`SELECT id, scope, src, dst, relation, prov_class, valid_from, valid_to, asserted_by FROM graph_edge WHERE id = ? AND ${LIVE_EDGE}`).get(id) as EdgeKeyRow | undefined;
  for (const e of rec.moved) {
    const row = live(e.id);
    if (row && row.src === keepId && row.dst === keepId) {
      db.prepare(`UPDATE graph_edge SET retracted_at = ?, retracted_by = ?, retracted_reason = ?, updated_at = ? WHERE id = ?`).run(at, by.actor, `${quote(drop.name)} and ${quote(keep.name)} were merged`, at, e.id);
      rec.loops.push(e.id);
    }
  }

  // 3. Fold duplicates: same ends, relation and provenance, windows that meet.
  const twins = db.prepare(
    `SELECT id, scope, src, dst, relation, prov_class, valid_from, valid_to, asserted_by FROM graph_edge
     WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND prov_class = ? AND id != ? AND ${LIVE_EDGE} ORDER BY id`,
  );
  for (const e of rec.moved) {
    const m = live(e.id);
    if (!m) continue;
    const into = (twins.all(m.scope, m.src, m.dst, m.relation, m.prov_class, m.id) as EdgeKeyRow[]).find((t) => overlaps(t, m));
    if (!into) continue;
    const support = db.prepare(`SELECT message_id FROM graph_edge_support WHERE edge_id = ?`).pluck().all(m.id) as string[];
    const added = support.filter((s) => db.prepare(`INSERT OR IGNORE INTO graph_edge_support (edge_id, message_id) VALUES (?, ?)`).run(into.id, s).changes > 0);
    const validFrom = m.valid_from < into.valid_from ? m.valid_from : into.valid_from;
    const validTo = m.valid_to === null || into.valid_to === null ? null : m.valid_to > into.valid_to ? m.valid_to : into.valid_to;
    const assertedBy: AssertedBy = m.asserted_by === 'person' || into.asserted_by === 'person' ? 'person' : 'model';
    db.prepare(`UPDATE graph_edge SET valid_from = ?, valid_to = ?, asserted_by = ?, updated_at = ? WHERE id = ?`).run(validFrom, validTo, assertedBy, at, into.id);
    db.prepare(`UPDATE graph_edge SET merged_into = ?, updated_at = ? WHERE id = ?`).run(into.id, at, m.id);
    for (const r of db.prepare(`SELECT id FROM graph_edge WHERE superseded_by = ?`).pluck().all(m.id) as number[]) {
      db.prepare(`UPDATE graph_edge SET superseded_by = ? WHERE id = ?`).run(into.id, r);
      rec.repointed.push({ id: r, from: m.id });
    }
    rec.folded.push({ id: m.id, into: into.id, intoBefore: { validFrom: into.valid_from, validTo: into.valid_to, assertedBy: into.asserted_by }, intoAfter: { validFrom, validTo, assertedBy }, addedSupport: added });
  }

  // 4. The kept entity takes over the dropped one's sources, names and what it lacked.
  for (const m of db.prepare(`SELECT message_id FROM graph_node_support WHERE node_id = ?`).pluck().all(dropId) as string[]) {
    if (db.prepare(`INSERT OR IGNORE INTO graph_node_support (node_id, message_id) VALUES (?, ?)`).run(keepId, m).changes) rec.nodeSupport.push(m);
  }
  rec.aliases = db.prepare(`SELECT norm_name FROM graph_node_alias WHERE node_id = ?`).pluck().all(dropId) as string[];
  db.prepare(`UPDATE graph_node_alias SET node_id = ? WHERE node_id = ?`).run(keepId, dropId);
  rec.aliasAdded = db.prepare(`INSERT OR IGNORE INTO graph_node_alias (scope, norm_name, node_id) VALUES (?, ?, ?)`).run(keep.scope, rec.dropNorm, keepId).changes > 0;
  const type = keep.type === 'thing' && drop.type !== 'thing' ? drop.type : keep.type;
  const summary = keep.summary || drop.summary;
  const assertedBy: AssertedBy = by.actor === 'person' ? 'person' : keep.assertedBy;
  db.prepare(`UPDATE graph_node SET type = ?, summary = ?, asserted_by = ?, updated_at = ? WHERE id = ?`).run(type, summary, assertedBy, at, keepId);
  g.store.removeNode(dropId, by.actor, keepId);

  const n = rec.moved.length;
  return g.append({
    action: 'entity.merged',
    item: nodeItem(keepId),
    // What the merge rewrote besides the kept entity: the dropped one and every relation it moved (each
    // then a loop marked wrong, folded, or simply re-pointed). An earlier change to one of them is then
    // undone only with this merge undone first: undoing "marked wrong" on a relation this merge made a
    // loop, alone, would make "Ana lives in Ana" current. A relation another was folded into is left out:
    // the unmerge gives back its window unless the person changed it since, and keeps a later change.
    also: [nodeItem(dropId), ...rec.moved.map((e) => edgeItem(e.id))],
    scope: keep.scope,
    by,
    before: { keep, drop },
    after: { ...rec, result: g.node(keepId) },
    summary: `Merged ${quote(drop.name)} into ${quote(keep.name)}${n ? ` (${n} relation${n === 1 ? '' : 's'} moved${rec.folded.length ? `, ${rec.folded.length} duplicate${rec.folded.length === 1 ? '' : 's'} folded` : ''})` : ''}`,
  });
}

/** Undoes a merge exactly, from its journal entry. Runs inside the caller's transaction. */
export function unmergeEntities(g: GraphJournal, entry: JournalEntry, by: By, at: string): JournalEntry {
  const db = g.store.db;
  const rec = entry.after as MergeRecord;
  const keepId = rec.keep.id;
  const dropId = rec.drop.id;
  const taken = g.store.resolveName(rec.drop.scope, rec.drop.name);
  db.prepare(`DELETE FROM graph_node_alias WHERE scope = ? AND norm_name = ? AND node_id = ?`).run(rec.drop.scope, rec.dropNorm, keepId);
  db
    .prepare(`UPDATE graph_node SET removed_at = NULL, removed_by = NULL, merged_into = NULL, norm_name = ?, updated_at = ? WHERE id = ?`)
    .run(taken && taken.id !== keepId ? `#${dropId}` : rec.dropNorm, at, dropId);
  for (const a of rec.aliases) db.prepare(`UPDATE graph_node_alias SET node_id = ? WHERE scope = ? AND norm_name = ? AND node_id = ?`).run(dropId, rec.drop.scope, a, keepId);
  for (const m of rec.nodeSupport) db.prepare(`DELETE FROM graph_node_support WHERE node_id = ? AND message_id = ?`).run(keepId, m);
  // What the merge filled in on the kept entity goes back, unless it was changed since.
  const result = (entry.after as { result?: NodeSnapshot }).result;
  const keepNow = g.node(keepId);
  if (!result || (keepNow.type === result.type && keepNow.summary === result.summary)) {
    db.prepare(`UPDATE graph_node SET type = ?, summary = ?, asserted_by = ?, updated_at = ? WHERE id = ?`).run(rec.keep.type, rec.keep.summary, rec.keep.assertedBy, at, keepId);
  }
  for (const f of [...rec.folded].reverse()) {
    db.prepare(`UPDATE graph_edge SET merged_into = NULL, updated_at = ? WHERE id = ?`).run(at, f.id);
    const now = db.prepare(`SELECT valid_from, valid_to, asserted_by FROM graph_edge WHERE id = ?`).get(f.into) as { valid_from: string; valid_to: string | null; asserted_by: AssertedBy };
    const untouched = now.valid_from === f.intoAfter.validFrom && now.valid_to === f.intoAfter.validTo && now.asserted_by === f.intoAfter.assertedBy;
    if (untouched) db.prepare(`UPDATE graph_edge SET valid_from = ?, valid_to = ?, asserted_by = ?, updated_at = ? WHERE id = ?`).run(f.intoBefore.validFrom, f.intoBefore.validTo, f.intoBefore.assertedBy, at, f.into);
    for (const s of f.addedSupport) db.prepare(`DELETE FROM graph_edge_support WHERE edge_id = ? AND message_id = ?`).run(f.into, s);
  }
  for (const r of rec.repointed) db.prepare(`UPDATE graph_edge SET superseded_by = ? WHERE id = ?`).run(r.from, r.id);
  for (const id of rec.loops) db.prepare(`UPDATE graph_edge SET retracted_at = NULL, retracted_by = NULL, retracted_reason = NULL, updated_at = ? WHERE id = ?`).run(at, id);
  for (const e of rec.moved) db.prepare(`UPDATE graph_edge SET src = ?, dst = ?, updated_at = ? WHERE id = ?`).run(e.src, e.dst, at, e.id);
  return g.append({
    action: 'entity.unmerged',
    item: nodeItem(keepId),
    scope: rec.keep.scope,
    by,
    before: entry.after,
    after: { keep: g.node(keepId), drop: g.node(dropId) },
    summary: `Separated ${quote(rec.drop.name)} from ${quote(rec.keep.name)} again`,
  });
}
