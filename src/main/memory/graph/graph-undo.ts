// The inverse of every change the graph journals, registered with the journal (one per action). Each
// runs in its own memory.sqlite transaction and goes through the same operations as a correction, so it
// appends its own entries (which the journal marks as this undo). The person asked for the undo.
import { MonadError } from '../../../shared/errors';
import type { JournalEntry } from '../../../shared/journal';
import type { MemoryJournal } from '../journal/journal';
import { stateOf, type GraphCorrections } from './graph-corrections';
import { nodeItem, quote, type By, type EdgeSnapshot, type NodeSnapshot } from './graph-journal';
import { unmergeEntities } from './graph-merge';

const UNDO: By = { actor: 'person', source: { detail: 'undo' } };

const idOf = (item: string) => Number(item.slice(item.indexOf(':') + 1));

export function registerGraphUndo(journal: MemoryJournal, c: GraphCorrections, now: () => Date): void {
  const g = c.g;
  const edgeBack = (e: JournalEntry, action: string, summary: (s: EdgeSnapshot) => string) => {
    const before = e.before as EdgeSnapshot;
    c.setEdgeState(idOf(e.item), stateOf(before), UNDO, action, summary(g.edge(idOf(e.item))));
  };

  /**
   * Why a relation cannot be brought back yet, or null. It must not point at an entity deleted since (the
   * deletion only marked wrong the relations that were current then, so it does not depend on an earlier
   * retraction and is not in its plan): left alone, it would be current between nothing — the graph hides
   * it, sync and an import drop it. Nor may it link an entity to itself (its two sides merged since). The
   * undo waits until the plan brings the entity back, or undoes the merge, first.
   */
  const whyNotBack = (e: JournalEntry, planned: readonly JournalEntry[]): string | null => {
    const edge = g.store.anyEdge(idOf(e.item));
    if (!edge) return null;
    // A merge's entry names the relations it moved, so its plan undoes that merge (item: the entity kept,
    // the loop's one end) first; History written before merges named them lands here and is refused.
    if (edge.src === edge.dst && !planned.some((p) => p.action === 'entity.merged' && p.item === nodeItem(edge.src))) {
      return `The two sides of ${quote((e.before as EdgeSnapshot).text)} were merged into ${quote(g.node(edge.src).name)} after this change: undo the merge first`;
    }
    for (const end of new Set([edge.src, edge.dst])) {
      const row = g.store.nodeRow(end);
      if (!row?.removed_at) continue;
      const back = planned.some((p) => p.item === nodeItem(end) && p.action === 'entity.deleted');
      if (!back) return `${quote(row.name)} was deleted after this change: restore it first (undo its deletion here in History)`;
    }
    return null;
  };

  // Relations.
  journal.registerUndo('relation.added', (e) =>
    g.store.db.transaction(() => {
      const id = idOf(e.item);
      if (g.store.edgeById(id)) c.retractOne(id, 'undone', UNDO, new Set());
    })(),
  );
  journal.registerUndo('relation.retracted', (e) =>
    g.store.db.transaction(() => {
      const before = e.before as EdgeSnapshot;
      // A relation the system dropped (its messages were deleted) that the person brings back stands on their word.
      const assertedBy = (e.after as EdgeSnapshot | null)?.retracted?.by === 'system' ? 'person' : before.assertedBy;
      c.setEdgeState(idOf(e.item), { ...stateOf(before), assertedBy }, UNDO, 'relation.restored', `Restored ${quote(before.text)}`);
    })(),
    whyNotBack,
  );
  journal.registerUndo('relation.restored', (e) =>
    g.store.db.transaction(() => {
      const id = idOf(e.item);
      if (g.store.edgeById(id)) c.retractOne(id, 'undone', UNDO, new Set());
    })(),
  );
  journal.registerUndo('relation.closed', (e) => g.store.db.transaction(() => edgeBack(e, 'relation.reopened', (s) => `Re-opened ${quote(s.text)}`))());
  journal.registerUndo('relation.reopened', (e) => g.store.db.transaction(() => edgeBack(e, 'relation.closed', (s) => `Ended ${quote(s.text)} again`))());
  journal.registerUndo('relation.edited', (e) => g.store.db.transaction(() => edgeBack(e, 'relation.edited', (s) => `Put back ${quote((e.before as EdgeSnapshot).text)} (was ${quote(s.text)})`))());

  // Entities.
  journal.registerUndo('entity.added', (e) =>
    g.store.db.transaction(() => {
      const id = idOf(e.item);
      if (!g.store.nodeById(id)) return;
      for (const edge of g.store.edgesOf(id)) c.retractOne(edge.id, 'undone', UNDO, new Set());
      c.removeEntity(id, UNDO, 'entity.deleted', `Removed ${quote((e.after as NodeSnapshot).name)}`);
    })(),
  );
  journal.registerUndo('entity.deleted', (e) =>
    g.store.db.transaction(() => {
      const id = idOf(e.item);
      if (g.store.nodeById(id)) return;
      c.restoreEntity(id, UNDO, e.before as { norm?: string; aliases?: string[] });
    })(),
  );
  journal.registerUndo('entity.restored', (e) =>
    g.store.db.transaction(() => {
      const id = idOf(e.item);
      if (!g.store.nodeById(id)) return;
      c.removeEntity(id, UNDO, 'entity.deleted', `Removed ${quote((e.after as NodeSnapshot).name)} again`);
    })(),
  );
  journal.registerUndo('entity.renamed', (e) =>
    g.store.db.transaction(() => {
      const before = e.before as NodeSnapshot;
      const after = e.after as { aliasAdded: string | null; aliasRemoved: string | null };
      const id = idOf(e.item);
      if (!g.store.nodeById(id)) throw new MonadError('CONFLICT', `${quote(before.name)} is no longer in the graph`);
      c.setName(id, before.name, UNDO, 'entity.renamed', `Renamed ${quote(g.node(id).name)} back to ${quote(before.name)}`, { added: after.aliasAdded, removed: after.aliasRemoved, assertedBy: before.assertedBy });
    })(),
  );
  journal.registerUndo('entity.merged', (e) => g.store.db.transaction(() => void unmergeEntities(g, e, UNDO, now().toISOString()))());
}
