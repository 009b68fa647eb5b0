// The mem0 explorer's state: the backend's status (qdrant phase, download progress), the entries as
// stored (filtered by a search and an agent), their 2D projection, and which memory is hovered or
// selected. The engine is the truth: a delete is followed by a reload.
import { create } from 'zustand';
import type { Mem0Entries, Mem0Projection, Mem0Status } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';

interface Mem0State {
  status: Mem0Status | null;
  entries: Mem0Entries | null;
  projection: Mem0Projection | null;
  query: string;
  agentId: string | null;
  selectedId: string | null;
  hoverId: string | null;
  loading: boolean;
  /** Deleted ids stay greyed out until the reload that follows lands. */
  deleting: string | null;

  setStatus(status: Mem0Status): void;
  refresh(): Promise<void>;
  setQuery(query: string): void;
  setAgent(agentId: string | null): void;
  select(id: string | null): void;
  hover(id: string | null): void;
  remove(id: string): Promise<boolean>;
}

let loadSeq = 0;

export const useMem0 = create<Mem0State>((set, get) => ({
  status: null,
  entries: null,
  projection: null,
  query: '',
  agentId: null,
  selectedId: null,
  hoverId: null,
  loading: false,
  deleting: null,

  setStatus: (status) => set({ status }),

  refresh: async () => {
    const seq = ++loadSeq;
    set({ loading: true });
    const { query, agentId } = get();
    const filter = agentId ? { agentId } : {};
    const [status, entries, projection] = await Promise.all([
      attempt(() => invoke('mem0.status')),
      attempt(() => invoke('mem0.entries', { ...filter, ...(query.trim() ? { query: query.trim() } : {}) })),
      attempt(() => invoke('mem0.projection', filter)),
    ]);
    if (seq !== loadSeq) return; // a newer refresh is under way
    set((s) => ({
      loading: false,
      status: status ?? s.status,
      entries: entries ?? s.entries,
      projection: projection ?? s.projection,
      selectedId: s.selectedId && entries && !entries.entries.some((e) => e.id === s.selectedId) ? null : s.selectedId,
    }));
  },

  setQuery: (query) => {
    set({ query });
    void get().refresh();
  },

  setAgent: (agentId) => {
    set({ agentId, selectedId: null });
    void get().refresh();
  },

  select: (id) => set({ selectedId: id }),
  hover: (id) => set({ hoverId: id }),

  remove: async (id) => {
    set({ deleting: id });
    const done = await attempt(() => invoke('mem0.delete', { id }));
    set((s) => ({ deleting: null, selectedId: s.selectedId === id ? null : s.selectedId }));
    await get().refresh();
    return done !== undefined;
  },
}));
