// The facts port's edit and History halves, and the engine side of "edited on both devices" (issue 30 §3):
// built in the composition root's room, so that src/main/sync/ never imports the memory layer.
import { MonadError } from '../shared/errors';
import type { JournalActor } from '../shared/journal';
import type { Engine } from './engine';
import { openConflicts, pickFactVersion, type FactConflicts } from './sync/conflicts';
import { factsKind } from './sync/fact-bridge';
import type { FactSyncPort, ForgottenFact, IncomingEdit, SyncConflictNote, WriteOutcome } from './sync/sync-ports';

/** History's action for what a device saw when devices changed one fact apart (nothing to undo: it wrote nothing). */
export const SYNC_CONFLICT_ACTION = 'fact.sync-conflict';

const bySync = (actor: JournalActor, device: string) => ({ actor, source: { via: 'sync' as const, detail: `from device ${device}` } });

/** The journal's actions that change a fact (not History's notes about syncing it). */
const FACT_CHANGES = ['fact.recorded', 'fact.edited', 'fact.forgotten', 'fact.merged'] as const;

/** Whether this device's last change to the fact with text id `id` was the person's undo in History. */
export function factUndoneHere(engine: Engine, scope: string, id: string): boolean {
  return (engine.journal.lastOn(`fact:${id}`, scope, { actions: FACT_CHANGES })?.undoes ?? null) !== null;
}

/** The text an undo here replaced when it put an edited fact's old text back (fact-undo.ts's inverse of an edit). */
export function factEditedBack(engine: Engine, scope: string, id: string): string | null {
  const last = engine.journal.lastOn(`fact:${id}`, scope, { actions: FACT_CHANGES });
  if (!last || last.undoes === null || last.action !== 'fact.edited' || last.item === `fact:${id}`) return null;
  return last.item.slice('fact:'.length);
}

/** Pages of History read at a time when listing what a scope forgot (its widest page). */
const HISTORY_PAGE = 500;

/**
 * The facts this home forgot in `scope` by its own hand (not from another device, not undone since), newest
 * first, one per text id. Read once per scope, at its first sync (fact-bridge.ts): History is the only place a
 * forget made before then is kept, since nothing about it was ever sent.
 */
export function factsForgottenHere(engine: Engine, scope: string): ForgottenFact[] {
  const out = new Map<string, ForgottenFact>();
  const seen = new Set<string>();
  let before: string | null = null;
  do {
    const page = engine.journal.list({ layer: 'facts', scope }, { before, limit: HISTORY_PAGE });
    for (const e of page.entries) {
      if (e.action !== 'fact.forgotten' || e.undoneBy !== null || e.undoes !== null || e.source?.via === 'sync') continue;
      const id = e.item.slice('fact:'.length);
      const text = (e.before as { text?: unknown } | null)?.text;
      if (seen.has(id) || typeof text !== 'string') continue;
      seen.add(id);
      // Only while the forget is the text's last change here: recorded again and then edited or merged away,
      // it travels as that edit or merge instead.
      if (engine.journal.lastOn(e.item, scope, { actions: FACT_CHANGES })?.id === e.id) out.set(id, { id, text, actor: e.actor, at: e.at });
    }
    before = page.next;
  } while (before !== null);
  return [...out.values()];
}

/**
 * Runs a change that another device made as an undo so that History here records it as the undo of this
 * home's last change to the same fact (that entry shows undone, this one as its undo, from that device):
 * one entry, never the undo beside a new change. `reverses` are the actions such an undo can reverse (a
 * forget undoes a record or an edit, a record undoes a forget, an edit undoes an edit); when this home's
 * last change is none of them (it never journalled the original), the change is journalled as it is.
 */
export function asUndoFromSync<T>(engine: Engine, scope: string, undoOf: string | undefined, reverses: readonly string[], fn: () => T): T {
  if (undoOf === undefined) return fn();
  const last = engine.journal.lastOn(`fact:${undoOf}`, scope, { changesOnly: true, actions: FACT_CHANGES });
  return last && reverses.includes(last.action) ? engine.journal.asUndoOf(last.id, fn) : fn();
}

/** Edits made on other devices, through MemoryDir's edit path: History shows one edit "on another device". */
export function editFactsFromSync(engine: Engine, scope: string, items: readonly IncomingEdit[]): WriteOutcome[] {
  const { memory, ledger } = engine.facts;
  return items.map((it) =>
    ledger.as(bySync(it.actor, it.device), () => asUndoFromSync(engine, scope, it.undoOf, ['fact.edited', 'fact.merged'], () => {
      try {
        const r = memory.update(scope, it.fromId, it.text);
        return r.fact ? { id: r.fact.id, reason: null } : { id: null, reason: r.reason ?? r.status };
      } catch (err) {
        // Gone here since the bridge read the file: the new text is recorded instead.
        if (!(err instanceof MonadError && err.code === 'NOT_FOUND')) throw err;
        const r = memory.record(scope, it.text);
        return r.fact ? { id: r.fact.id, reason: null } : { id: null, reason: r.reason ?? r.status };
      }
    })),
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
