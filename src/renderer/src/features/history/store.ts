// Memory → History: the filters, the entries loaded so far (newest first, a page at a time), the
// scopes to filter by, and undo — which, when it would change more than the entry, first holds the
// engine's plan for the person to confirm. The engine is the truth: every undo is followed by a reload.
import { create } from 'zustand';
import type { HistoryEntry, JournalActor, JournalLayer, UndoPlan } from '../../../../shared/journal';
import { attempt, invoke } from '../../lib/api';
import { notifyMemoryChanged } from '../../lib/memory-changed';
import { toast } from '../toasts/store';

export const PAGE_SIZE = 100;

export interface HistoryFilters {
  layer: JournalLayer | null;
  scope: string | null;
  actor: JournalActor | null;
}

interface HistoryState {
  filters: HistoryFilters;
  entries: HistoryEntry[];
  next: string | null;
  scopes: string[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  /** An undo waiting for the person: what it would also undo. */
  plan: UndoPlan | null;
  undoing: number | null;
  /** The entry just undone, to flash it; consumed once shown, so a later refresh does not light it again. */
  flash: { id: number; seq: number } | null;

  setFilter<K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]): void;
  /** Reloads the first page (after a filter change, an undo, or when opened). */
  load(): Promise<void>;
  /** Adds entries newer than the newest shown (a poll), keeping what is loaded below. */
  poll(): Promise<void>;
  loadMore(): Promise<void>;
  /** Undoes `entry`; when the engine answers with a plan instead, holds it in `plan`. */
  undo(entry: HistoryEntry): Promise<void>;
  confirmPlan(): Promise<void>;
  cancelPlan(): void;
  /** The entry showed the flash (issue 29 §5: it came back at every later refresh). */
  flashShown(seq: number): void;
}

let seq = 0;

function query(f: HistoryFilters) {
  return { ...(f.layer ? { layer: f.layer } : {}), ...(f.scope ? { scope: f.scope } : {}), ...(f.actor ? { actor: f.actor } : {}) };
}

export const useHistory = create<HistoryState>((set, get) => {
  async function finishUndo(id: number, confirm: boolean): Promise<void> {
    set({ undoing: id });
    const r = await attempt(() => invoke('history.undo', { id, confirm }));
    set({ undoing: null });
    if (!r) return;
    if (!r.done) {
      set({ plan: r.plan });
      return;
    }
    set({ plan: null });
    notifyMemoryChanged();
    const more = r.plan.alsoUndoes.length;
    toast.success('Undone', more ? `${r.plan.entry.summary} — and ${more} more change${more === 1 ? '' : 's'} with it.` : r.plan.entry.summary);
    await get().load();
    set({ flash: { id, seq: ++seq } });
  }

  return {
    filters: { layer: null, scope: null, actor: null },
    entries: [],
    next: null,
    scopes: [],
    status: 'idle',
    loadingMore: false,
    plan: null,
    undoing: null,
    flash: null,
    flashShown(shown) {
      if (get().flash?.seq === shown) set({ flash: null });
    },

    setFilter(key, value) {
      set((s) => ({ filters: { ...s.filters, [key]: value } }));
      void get().load();
    },

    async load() {
      const filters = get().filters;
      if (get().status !== 'ready') set({ status: 'loading' });
      const page = await attempt(() => invoke('history.list', { ...query(filters), limit: PAGE_SIZE }));
      // The filters may have changed while this page loaded: the newer request wins.
      if (get().filters !== filters) return;
      if (!page) {
        set({ status: get().status === 'ready' ? 'ready' : 'error' });
        return;
      }
      set({ entries: page.entries, next: page.next, scopes: page.scopes ?? get().scopes, status: 'ready' });
    },

    async poll() {
      const { filters, entries, status } = get();
      if (status !== 'ready') return;
      const page = await attempt(() => invoke('history.list', { ...query(filters), limit: PAGE_SIZE }));
      if (!page || get().filters !== filters) return;
      const newest = entries[0]?.id ?? 0;
      const fresh = page.entries.filter((e) => e.id > newest);
      // Entries already shown may have been undone meanwhile (elsewhere): take their new state too.
      const byId = new Map(page.entries.map((e) => [e.id, e]));
      const changed = entries.some((e) => {
        const now = byId.get(e.id);
        return now !== undefined && (now.undoneBy !== e.undoneBy || now.canUndo !== e.canUndo);
      });
      if (!fresh.length && !changed) return;
      // More new entries than a page: start over from the top rather than leave a gap.
      if (fresh.length === page.entries.length && page.next) {
        set({ entries: page.entries, next: page.next, scopes: page.scopes ?? get().scopes });
        return;
      }
      set({ entries: [...fresh, ...entries.map((e) => byId.get(e.id) ?? e)], scopes: page.scopes ?? get().scopes });
    },

    async loadMore() {
      const { filters, next, loadingMore } = get();
      if (!next || loadingMore) return;
      set({ loadingMore: true });
      const page = await attempt(() => invoke('history.list', { ...query(filters), before: next, limit: PAGE_SIZE }));
      set({ loadingMore: false });
      if (!page || get().filters !== filters) return;
      const seen = new Set(get().entries.map((e) => e.id));
      set({ entries: [...get().entries, ...page.entries.filter((e) => !seen.has(e.id))], next: page.next });
    },

    async undo(entry) {
      if (get().undoing !== null) return;
      await finishUndo(entry.id, false);
    },

    async confirmPlan() {
      const plan = get().plan;
      if (!plan || get().undoing !== null) return;
      await finishUndo(plan.entry.id, true);
    },

    cancelPlan() {
      set({ plan: null });
    },
  };
});
