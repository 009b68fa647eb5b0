// Relations learned from a branch that edit-and-resend set aside (issue 27 §4). Consolidation stops
// reading a set-aside branch, but what it had already learned from it stayed current: the person rewrote
// "I live in Braga" as "I live in Porto" and the graph still said Braga. Now, when a branch is set aside,
// a model's relation whose every source message is off the path shown (set aside, or deleted) leaves
// "current" as a deleted message's would (GraphStore.reconcile), but reversibly: it is retracted by the
// system with BRANCH_SET_ASIDE and its source rows are kept. When the branch is brought back, each such
// relation with a source message on the path again is restored as it was, re-closing what its retraction
// had re-opened. A relation also supported by a message on the path shown stays; what the person
// asserted stands on their word, as with deleted messages.
import type { Database } from 'better-sqlite3';
import type { GraphCorrections } from './graph-corrections';
import { stateOf } from './graph-corrections';
import { edgeItem, nodeItem, quote, type By, type EdgeSnapshot } from './graph-journal';
import { LIVE_EDGE } from './graph-store';

/** The reason a set-aside branch's relation is out of the graph; also how it is found again. */
export const BRANCH_SET_ASIDE = 'the messages it was learned from are on a branch set aside by editing a message';

/** The `source.detail` of the system's changes when a branch is set aside and brought back (the law cascade reads them). */
export const BRANCH_SET_ASIDE_DETAIL = 'branch set aside';
export const BRANCH_BACK_DETAIL = 'branch brought back';
const SYSTEM: By = { actor: 'system', source: { detail: BRANCH_SET_ASIDE_DETAIL } };
const BACK: By = { actor: 'system', source: { detail: BRANCH_BACK_DETAIL } };

/** What this needs of the message store: which of these ids are live and on the path shown. */
export interface BranchMessages {
  idsOf(sessionId: string): string[];
  activeIds(ids: string[]): Set<string>;
  /** Which of these ids are live messages, set aside or not. */
  liveIds(ids: string[]): Set<string>;
}

/**
 * Brings the graph in line with the path shown in one chat: relations resting only on messages off the
 * path leave, those set aside for that reason and now resting on the path again come back. One group
 * (one History entry to undo). Returns how many left and came back.
 */
export function followBranches(c: GraphCorrections, messages: BranchMessages, sessionId: string): { setAside: number; broughtBack: number } {
  const db = c.g.store.db;
  const ids = messages.idsOf(sessionId);
  if (!ids.length) return { setAside: 0, broughtBack: 0 };
  const edges = edgesSupportedBy(db, ids);
  if (!edges.length) return { setAside: 0, broughtBack: 0 };
  const supportOf = db.prepare(`SELECT message_id FROM graph_edge_support WHERE edge_id = ?`).pluck();
  const row = db.prepare(`SELECT asserted_by, retracted_at, retracted_by, retracted_reason, merged_into FROM graph_edge WHERE id = ?`);
  const leave: number[] = [];
  const back: number[] = [];
  for (const id of edges) {
    const e = row.get(id) as { asserted_by: string; retracted_at: string | null; retracted_by: string | null; retracted_reason: string | null; merged_into: number | null } | undefined;
    if (!e || e.merged_into !== null) continue;
    const support = supportOf.all(id) as string[];
    const onPath = messages.activeIds(support).size > 0;
    // Resting only on deleted messages is reconciliation's to drop (for that reason), not a branch's.
    if (e.retracted_at === null && e.asserted_by === 'model' && !onPath && messages.liveIds(support).size > 0) leave.push(id);
    else if (e.retracted_at !== null && e.retracted_by === 'system' && e.retracted_reason === BRANCH_SET_ASIDE && onPath) back.push(id);
  }
  if (!leave.length && !back.length) return { setAside: 0, broughtBack: 0 };
  c.g.group(() => {
    const skip = new Set(leave);
    for (const id of leave) c.retractOne(id, BRANCH_SET_ASIDE, SYSTEM, skip);
    for (const id of back) bringBack(c, id);
  });
  return { setAside: leave.length, broughtBack: back.length };
}

/** Live or retracted relations with a source message among `ids`. */
function edgesSupportedBy(db: Database, ids: string[]): number[] {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    const rows = db.prepare(`SELECT DISTINCT edge_id FROM graph_edge_support WHERE message_id IN (${batch.map(() => '?').join(',')})`).pluck().all(...batch) as number[];
    for (const id of rows) out.add(id);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Restores a relation as it was before the branch was set aside (its retraction entry's snapshot), and
 * closes again the relations that retraction had re-opened, when they are still open as it left them.
 */
function bringBack(c: GraphCorrections, id: number): void {
  const db = c.g.store.db;
  // Its ends: one the system dropped as left without relations comes back with it; one the person
  // deleted or merged away keeps the relation out (their correction stands).
  const ends = db.prepare(`SELECT n.id, n.name, n.removed_at, n.removed_by, n.merged_into FROM graph_edge e JOIN graph_node n ON n.id IN (e.src, e.dst) WHERE e.id = ?`).all(id) as {
    id: number;
    name: string;
    removed_at: string | null;
    removed_by: string | null;
    merged_into: number | null;
  }[];
  if (ends.some((n) => n.removed_at !== null && (n.removed_by !== 'system' || n.merged_into !== null))) return;
  for (const n of ends) if (n.removed_at !== null) c.restoreEntity(n.id, BACK, lastDeleted(db, n.id), `Brought back ${quote(n.name)}: its branch is shown again`);
  const entry = db
    .prepare(`SELECT id, before, group_id FROM memory_journal WHERE item = ? AND action = 'relation.retracted' ORDER BY id DESC LIMIT 1`)
    .get(edgeItem(id)) as { id: number; before: string | null; group_id: string | null } | undefined;
  const now = c.g.edge(id);
  const before = entry?.before ? (JSON.parse(entry.before) as EdgeSnapshot) : null;
  // Without its entry (History compacted): it comes back current, as it read when it left.
  const state = before ? stateOf(before) : { ...stateOf(now), retracted: null };
  c.setEdgeState(id, { ...state, retracted: null }, BACK, 'relation.restored', `Brought back ${quote(now.text)}: its branch is shown again`);
  if (!entry?.group_id) return;
  const reopened = db
    .prepare(`SELECT item, before, after FROM memory_journal WHERE group_id = ? AND action = 'relation.reopened' AND id > ? ORDER BY id`)
    .all(entry.group_id, entry.id) as { item: string; before: string; after: string }[];
  for (const r of reopened) {
    const was = JSON.parse(r.before) as EdgeSnapshot;
    if (was.supersededBy !== id) continue;
    const other = Number(r.item.slice(r.item.indexOf(':') + 1));
    const live = db.prepare(`SELECT valid_to FROM graph_edge WHERE id = ? AND ${LIVE_EDGE}`).get(other) as { valid_to: string | null } | undefined;
    // Changed since (ended by hand, retracted): the later change stands.
    if (!live || live.valid_to !== (JSON.parse(r.after) as EdgeSnapshot).validTo) continue;
    c.setEdgeState(other, stateOf(was), BACK, 'relation.closed', `Ended ${quote(was.text)} again: the relation that had closed it is back`);
  }
}

/** The name key and aliases an entity had when the system dropped it, from that History entry. */
function lastDeleted(db: Database, nodeId: number): { norm?: string; aliases?: string[] } | null {
  const before = db.prepare(`SELECT before FROM memory_journal WHERE item = ? AND action = 'entity.deleted' ORDER BY id DESC LIMIT 1`).pluck().get(nodeItem(nodeId)) as string | null | undefined;
  return before ? (JSON.parse(before) as { norm?: string; aliases?: string[] }) : null;
}
