// The model self-test in Settings → Models ("Check memory tasks", issue 18 §3): the kept reports per
// model, the run in progress, and a focus request from the "memory task keeps failing" notice.
import { create } from 'zustand';
import type { ModelCheckReport } from '../../../../shared/memory-tasks';
import { attempt, invoke } from '../../lib/api';

interface ModelCheckState {
  reports: ModelCheckReport[];
  loaded: boolean;
  running: boolean;
  /** The report of the run just made here: its details open by themselves. */
  fresh: string | null;
  focusRequested: boolean;
  load(): Promise<void>;
  run(): Promise<void>;
  requestFocus(): void;
  clearFocus(): void;
}

export const reportKey = (r: { providerId: string; model: string }) => `${r.providerId}\u0000${r.model}`;

export const useModelCheck = create<ModelCheckState>((set, get) => ({
  reports: [],
  loaded: false,
  running: false,
  fresh: null,
  focusRequested: false,

  async load() {
    const reports = await attempt(() => invoke('models.checks'));
    if (reports) set({ reports, loaded: true });
  },

  async run() {
    if (get().running) return;
    set({ running: true });
    try {
      const report = await attempt(() => invoke('models.check', {}));
      if (report) set((s) => ({ reports: [report, ...s.reports.filter((r) => reportKey(r) !== reportKey(report))], fresh: reportKey(report) }));
    } finally {
      set({ running: false });
    }
  },

  requestFocus() {
    set({ focusRequested: true });
  },

  clearFocus() {
    if (get().focusRequested) set({ focusRequested: false });
  },
}));
