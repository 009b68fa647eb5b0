// Sessions of each agent (loaded per agent, refreshed on sessions.changed), the selected session and
// the one being renamed inline.
import { create } from 'zustand';
import type { Session } from '../../../../shared/domain';
import type { ForgetOutcome } from '../../../../shared/forget';
import { attempt, invoke } from '../../lib/api';
import { recall, remember } from '../../lib/prefs';

interface SessionsState {
  byAgent: Record<string, Session[]>;
  selectedId: string | null;
  renamingId: string | null;
  /**
   * Loads an agent's sessions. Calls while a load is on its way are folded into one more load after it,
   * so a change announced during a load (its answer may predate the change) is never lost, and an older
   * answer never overwrites a newer one.
   */
  load(agentId: string): Promise<void>;
  /** Loaded, or being loaded: a change to this agent's sessions must be fetched. */
  isTracked(agentId: string): boolean;
  /** Loads an agent's sessions and makes sure the selection belongs to it. */
  showAgent(agentId: string): Promise<void>;
  create(agentId: string): Promise<Session | undefined>;
  rename(id: string, title: string): Promise<boolean>;
  /** Deletes a chat; `forget`: keys of what rested only on it (its forget preview) to forget first. */
  remove(id: string, forget?: string[]): Promise<ForgetOutcome | null | false>;
  select(id: string | null): void;
  startRename(id: string): void;
  stopRename(): void;
  forgetAgent(agentId: string): void;
}

const SELECTED_KEY = 'sessions.selected';

/** Loads on their way, per agent; `again`: another was asked for meanwhile. */
const loading = new Map<string, { again: boolean; done: Promise<void> }>();

export const useSessions = create<SessionsState>((set, get) => ({
  byAgent: {},
  selectedId: recall(SELECTED_KEY),
  renamingId: null,

  load(agentId) {
    const running = loading.get(agentId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          const sessions = await attempt(() => invoke('sessions.list', { agentId }));
          if (!sessions) return;
          set((s) => ({ byAgent: { ...s.byAgent, [agentId]: sessions } }));
          const { selectedId } = get();
          // The selected session was deleted (here or elsewhere): move to its neighbour in the list.
          if (selectedId && !Object.values(get().byAgent).some((list) => list.some((x) => x.id === selectedId))) {
            get().select(sessions[0]?.id ?? null);
          }
        } while (entry.again);
      } finally {
        loading.delete(agentId);
      }
    })();
    loading.set(agentId, entry);
    return entry.done;
  },

  isTracked(agentId) {
    return agentId in get().byAgent || loading.has(agentId);
  },

  async showAgent(agentId) {
    await get().load(agentId);
    const list = get().byAgent[agentId] ?? [];
    const { selectedId } = get();
    if (!selectedId || !list.some((x) => x.id === selectedId)) get().select(list[0]?.id ?? null);
  },

  async create(agentId) {
    const session = await attempt(() => invoke('sessions.create', { agentId }));
    if (!session) return undefined;
    set((s) => ({ byAgent: { ...s.byAgent, [agentId]: [session, ...(s.byAgent[agentId] ?? []).filter((x) => x.id !== session.id)] } }));
    get().select(session.id);
    return session;
  },

  async rename(id, title) {
    const session = await attempt(() => invoke('sessions.rename', { id, title }));
    if (!session) return false;
    set((s) => ({
      byAgent: {
        ...s.byAgent,
        [session.agentId]: (s.byAgent[session.agentId] ?? []).map((x) => (x.id === id ? session : x)),
      },
    }));
    return true;
  },

  async remove(id, forget) {
    const owner = Object.entries(get().byAgent).find(([, list]) => list.some((x) => x.id === id));
    const done = await attempt(() => invoke('sessions.delete', { id, ...(forget?.length ? { forget } : {}) }));
    if (!done) return false;
    const outcome = done.forget;
    if (owner) {
      const [agentId, list] = owner;
      const index = list.findIndex((x) => x.id === id);
      const rest = list.filter((x) => x.id !== id);
      set((s) => ({ byAgent: { ...s.byAgent, [agentId]: rest } }));
      if (get().selectedId === id) get().select(rest[Math.min(index, rest.length - 1)]?.id ?? null);
    }
    return outcome;
  },

  select(id) {
    set({ selectedId: id });
    remember(SELECTED_KEY, id);
  },

  startRename(id) {
    set({ renamingId: id });
  },

  stopRename() {
    set({ renamingId: null });
  },

  forgetAgent(agentId) {
    set((s) => {
      const { [agentId]: _gone, ...rest } = s.byAgent;
      return { byAgent: rest };
    });
  },
}));

export function findSession(byAgent: Record<string, Session[]>, id: string | null): Session | null {
  if (!id) return null;
  for (const list of Object.values(byAgent)) {
    const hit = list.find((x) => x.id === id);
    if (hit) return hit;
  }
  return null;
}
