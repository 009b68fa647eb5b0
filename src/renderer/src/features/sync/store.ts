// The sidebar's sync line (issue 30 §5): the engine's live sync state, kept current by `sync.changed`, and
// "sync now". The engine is the truth; this only holds the last status it sent.
//
// A call's answer (`sync.status`, `sync.now`, `sync.pick`) is computed by the engine at one moment and read
// here later, on another connection than the events: a `sync.changed` pushed meanwhile may be newer than it.
// Shown over that event, the stale answer stayed on screen for good (a "3 pending" after the last
// acknowledgement, with no change left to announce the "synced" that followed). So an answer is only shown
// when no event arrived while it was on its way: the stream that delivered that event carries every later
// change too, in the engine's order, so the events shown after it end at the newest state.
import { create } from 'zustand';
import type { SyncConflictView, SyncStatus } from '../../../../shared/contract-sync';
import { attempt, invoke, on } from '../../lib/api';
import { toast } from '../toasts/store';

interface SyncStore {
  status: SyncStatus | null;
  /** `sync.changed` events applied so far: a call's answer is kept only if none arrived while it was on its way. */
  pushes: number;
  /** A "sync now" in flight. */
  running: boolean;
  /** Facts and identity files edited on both devices that wait for a pick (History). */
  conflicts: SyncConflictView[];
  /** The version being kept, while its pick is in flight. */
  picking: string | null;
  load(): Promise<void>;
  apply(status: SyncStatus): void;
  syncNow(): Promise<void>;
  loadConflicts(): Promise<void>;
  pick(conflict: SyncConflictView, versionId: string): Promise<void>;
}

export const useSync = create<SyncStore>((set, get) => ({
  status: null,
  pushes: 0,
  running: false,
  conflicts: [],
  picking: null,
  async load() {
    const pushes = get().pushes;
    const status = await attempt(() => invoke('sync.status'));
    if (status && get().pushes === pushes) set({ status });
  },
  apply(status) {
    const before = get().status?.conflicts ?? 0;
    set({ status, pushes: get().pushes + 1 });
    // A pick here or on another device, or a new conflict: the list follows the count.
    if (status.conflicts !== before || (status.conflicts === 0 && get().conflicts.length)) void get().loadConflicts();
  },
  async loadConflicts() {
    const conflicts = await attempt(() => invoke('sync.conflicts'));
    if (conflicts) set({ conflicts });
  },
  async pick(conflict, versionId) {
    if (get().picking) return;
    set({ picking: versionId });
    const pushes = get().pushes;
    const input = conflict.kind === 'identity' ? { kind: 'identity' as const, file: conflict.file, versionId } : { scope: conflict.scope, factId: conflict.factId, versionId };
    const r = await attempt(() => invoke('sync.pick', input));
    set({ picking: null });
    if (!r) return;
    if (get().pushes === pushes) set({ status: r.status });
    const kept = conflict.versions.find((v) => v.versionId === versionId);
    if (conflict.kind === 'identity') toast.success('Kept', `This version of ${conflict.file} stands on every device once they sync.`);
    else toast.success('Kept', kept?.text ? `“${kept.text}” stands on every device once they sync.` : 'The fact stays forgotten on every device once they sync.');
    await get().loadConflicts();
  },
  async syncNow() {
    if (get().running) return;
    set({ running: true });
    const pushes = get().pushes;
    const r = await attempt(() => invoke('sync.now'));
    set({ running: false });
    if (!r) return;
    if (get().pushes === pushes) set({ status: r.status });
    toast.success('Synced', r.sent || r.received ? `${r.sent} change${r.sent === 1 ? '' : 's'} sent, ${r.received} received.` : 'Nothing new on either side.');
  },
}));

/** Follows the engine's sync events; returns the unsubscribe. */
export function wireSync(): () => void {
  return on('sync.changed', (status) => useSync.getState().apply(status));
}
