// The sidebar's sync line (issue 30 §5): the engine's live sync state, kept current by `sync.changed`, and
// "sync now". The engine is the truth; this only holds the last status it sent.
import { create } from 'zustand';
import type { SyncStatus } from '../../../../shared/contract-sync';
import { attempt, invoke, on } from '../../lib/api';
import { toast } from '../toasts/store';

interface SyncStore {
  status: SyncStatus | null;
  /** A "sync now" in flight. */
  running: boolean;
  load(): Promise<void>;
  apply(status: SyncStatus): void;
  syncNow(): Promise<void>;
}

export const useSync = create<SyncStore>((set, get) => ({
  status: null,
  running: false,
  async load() {
    const status = await attempt(() => invoke('sync.status'));
    if (status) set({ status });
  },
  apply(status) {
    set({ status });
  },
  async syncNow() {
    if (get().running) return;
    set({ running: true });
    const r = await attempt(() => invoke('sync.now'));
    set({ running: false });
    if (!r) return;
    set({ status: r.status });
    toast.success('Synced', r.sent || r.received ? `${r.sent} change${r.sent === 1 ? '' : 's'} sent, ${r.received} received.` : 'Nothing new on either side.');
  },
}));

/** Follows the engine's sync events; returns the unsubscribe. */
export function wireSync(): () => void {
  return on('sync.changed', (status) => useSync.getState().apply(status));
}
