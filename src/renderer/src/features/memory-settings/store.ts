// Settings → Memory: the engine's memory status, each agent's recent consolidation runs, and the live
// state of runs (progress from `consolidate.progress`, the summary from `consolidate.done`). Settings
// themselves live in config.json: writes go through the contract and the answer is what is shown.
import { create } from 'zustand';
import type { FactCheckMode, MemoryFreshness } from '../../../../shared/config';
import type { AgentPatch } from '../../../../shared/config';
import type { ConsolidationProgress, ConsolidationSummary, MemoryStatus } from '../../../../shared/domain';
import { ApiError, attempt, invoke } from '../../lib/api';
import { useAgents } from '../agents/store';
import { useSettings } from '../settings/store';

export type Level = 1 | 2 | 3;

export interface GlobalMemoryPatch {
  level?: Level;
  decay?: { halfLifeDays?: number; floor?: number };
  factCheck?: FactCheckMode;
  freshness?: MemoryFreshness;
  /** null: keep the history forever (the key is removed from config.json). */
  history?: { retentionDays: number | null };
}

/** Enough to see a pattern (a run failing every time), short enough to stay a glance. */
export const HISTORY_LIMIT = 6;

export interface RunState {
  /** Set from the moment "Consolidate now" is pressed until the run's summary arrives. */
  starting: boolean;
  progress: ConsolidationProgress | null;
  /** The level the run was asked for (for the stage list); null = the agent's own. */
  level: Level | null;
  cancelling: boolean;
}

interface MemorySettingsState {
  status: MemoryStatus | null;
  history: Record<string, ConsolidationSummary[]>;
  runs: Record<string, RunState>;
  /** The summary of the run that just finished here, per agent, shown until the next one starts. */
  justFinished: Record<string, ConsolidationSummary>;
  /** Set by "Open Settings → Memory" elsewhere; the section scrolls itself into view and clears it. */
  focusRequested: boolean;

  load(): Promise<void>;
  loadStatus(): Promise<void>;
  loadHistory(agentId: string): Promise<void>;
  consolidate(agentId: string, level: Level | null): Promise<ConsolidationSummary | undefined>;
  cancel(agentId: string): Promise<void>;
  onProgress(p: ConsolidationProgress): void;
  onDone(s: ConsolidationSummary): void;
  /** Writes one agent's memory settings; resolves to an error message, or null when saved. */
  updateAgent(agentId: string, memory: NonNullable<AgentPatch['memory']>): Promise<string | null>;
  /** Writes global memory settings (`memory.level`, `memory.decay.*`); an error message or null. */
  updateGlobal(memory: GlobalMemoryPatch): Promise<string | null>;
  requestFocus(): void;
  clearFocus(): void;
}

/** Run ids that have ended in this window. */
const finished = new Set<string>();

const IDLE: RunState = { starting: false, progress: null, level: null, cancelling: false };

export const useMemorySettings = create<MemorySettingsState>((set, get) => {
  function patchRun(agentId: string, patch: Partial<RunState>): void {
    set((s) => ({ runs: { ...s.runs, [agentId]: { ...(s.runs[agentId] ?? IDLE), ...patch } } }));
  }

  return {
    status: null,
    history: {},
    runs: {},
    justFinished: {},
    focusRequested: false,

    async load() {
      await get().loadStatus();
      const agents = get().status?.agents ?? [];
      await Promise.all(agents.map((a) => get().loadHistory(a.agentId)));
    },

    async loadStatus() {
      const status = await attempt(() => invoke('memory.status'));
      if (status) set({ status });
    },

    async loadHistory(agentId) {
      const history = await attempt(() => invoke('consolidate.history', { agentId, limit: HISTORY_LIMIT }));
      if (history) set((s) => ({ history: { ...s.history, [agentId]: history } }));
    },

    async consolidate(agentId, level) {
      const run = get().runs[agentId];
      if (run?.starting || run?.progress) return undefined;
      set((s) => {
        const { [agentId]: _old, ...justFinished } = s.justFinished;
        return { justFinished };
      });
      patchRun(agentId, { starting: true, progress: null, level, cancelling: false });
      const result = await attempt(() => invoke('consolidate.run', level ? { agentId, level } : { agentId }));
      const summary = result?.[0];
      // `consolidate.done` normally got here first; this covers a dropped event stream.
      if (summary) get().onDone(summary);
      else patchRun(agentId, IDLE);
      return summary;
    },

    async cancel(agentId) {
      patchRun(agentId, { cancelling: true });
      const res = await attempt(() => invoke('consolidate.cancel', { agentId }));
      // Nothing was running (it finished meanwhile): nothing to wait for.
      if (!res?.cancelled) patchRun(agentId, { cancelling: false });
    },

    onProgress(p) {
      // An event delayed past its run's end (the call's answer can overtake the event stream).
      if (finished.has(p.runId)) return;
      const run = get().runs[p.agentId] ?? IDLE;
      patchRun(p.agentId, { progress: p, starting: run.starting, level: run.level });
    },

    onDone(summary) {
      const agentId = summary.agentId;
      finished.add(summary.runId);
      set((s) => ({
        runs: { ...s.runs, [agentId]: IDLE },
        justFinished: { ...s.justFinished, [agentId]: summary },
        history: { ...s.history, [agentId]: [summary, ...(s.history[agentId] ?? []).filter((h) => h.runId !== summary.runId)].slice(0, HISTORY_LIMIT) },
      }));
      void get().loadStatus();
      void get().loadHistory(agentId);
    },

    async updateAgent(agentId, memory) {
      try {
        const agent = await invoke('agents.update', { id: agentId, patch: { memory } });
        useAgents.setState((s) => ({ agents: s.agents.map((a) => (a.id === agentId ? agent : a)) }));
        void get().loadStatus();
        return null;
      } catch (err) {
        return err instanceof ApiError ? err.message : String(err);
      }
    },

    async updateGlobal(memory) {
      try {
        const config = await invoke('config.update', { patch: { memory } });
        useSettings.getState().applyConfig(config, useSettings.getState().configError);
        void get().loadStatus();
        return null;
      } catch (err) {
        return err instanceof ApiError ? err.message : String(err);
      }
    },

    requestFocus() {
      set({ focusRequested: true });
    },

    clearFocus() {
      if (get().focusRequested) set({ focusRequested: false });
    },
  };
});
