// The facts port's edit and History halves, and the engine side of "edited on both devices" (issue 30 §3):
// built in the composition root's room, so that src/main/sync/ never imports the memory layer.
import { MonadError } from '../shared/errors';
import type { JournalActor } from '../shared/journal';
import type { Engine } from './engine';
import { openConflicts, pickFactVersion, type FactConflicts } from './sync/conflicts';
import { factsKind } from './sync/fact-bridge';
import type { FactSyncPort, IncomingEdit, SyncConflictNote, WriteOutcome } from './sync/sync-ports';

/** History's action for what a device saw when devices changed one fact apart (nothing to undo: it wrote nothing). */
export const SYNC_CONFLICT_ACTION = 'fact.sync-conflict';

const bySync = (actor: JournalActor, device: string) => ({ actor, source: { via: 'sync' as const, detail: `from device ${device}` } });

/** Edits made on other devices, through MemoryDir's edit path: History shows one edit "on another device". */
export function editFactsFromSync(engine: Engine, scope: string, items: readonly IncomingEdit[]): WriteOutcome[] {
  const { memory, ledger } = engine.facts;
  return items.map((it) =>
    ledger.as(bySync(it.actor, it.device), () => {
      try {
        const r = memory.update(scope, it.fromId, it.text);
        return r.fact ? { id: r.fact.id, reason: null } : { id: null, reason: r.reason ?? r.status };
      } catch (err) {
        // Gone here since the bridge read the file: the new text is recorded instead.
        if (!(err instanceof MonadError && err.code === 'NOT_FOUND')) throw err;
        const r = memory.record(scope, it.text);
        return r.fact ? { id: r.fact.id, reason: null } : { id: null, reason: r.reason ?? r.status };
      }
    }),
  );
}

/** One History entry per fact the devices changed apart; it names the versions so History can offer the pick. */
export function noteFactConflict(engine: Engine, scope: string, note: SyncConflictNote): void {
  engine.journal.append({
    layer: 'facts',
    action: SYNC_CONFLICT_ACTION,
    scope,
    item: `fact:${note.keptId ?? note.factId}`,
    also: note.keptId && note.keptId !== note.factId ? [`fact:${note.factId}`] : [],
    actor: 'system',
    source: { via: 'sync' },
    after: note,
    summary: note.summary,
  });
}

/** `FactConflicts` for this home (its device store file: `<home>/sync/device.sqlite`). */
export function factConflicts(facts: FactSyncPort, storeFile: string): FactConflicts {
  return {
    openConflicts: () => openConflicts(storeFile),
    pickFactVersion: (scope, factId, versionId) =>
      pickFactVersion({
        storeFile,
        scope,
        factId,
        versionId,
        // factsKind's own reconcile, with the same memory keys, so the next `sync now` carries on from here.
        reconcile: (key, doc, memory, device, now) => factsKind(facts).reconcile(key, doc, { device, now, memory }),
      }),
  };
}
