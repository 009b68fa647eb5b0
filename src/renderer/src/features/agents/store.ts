// Agents (they live in config.json) and which one the sidebar has selected.
import { create } from 'zustand';
import type { Agent, AgentPatch } from '../../../../shared/config';
import { attempt, invoke } from '../../lib/api';
import { remember, recall } from '../../lib/prefs';

interface AgentsState {
  agents: Agent[];
  loaded: boolean;
  selectedId: string | null;
  load(): Promise<void>;
  /** From a config.changed event: the list as the engine now has it. */
  replace(agents: Agent[]): void;
  select(id: string): void;
  create(input: { name: string; description?: string }): Promise<Agent | undefined>;
  update(id: string, patch: AgentPatch): Promise<Agent | undefined>;
  remove(id: string): Promise<boolean>;
}

const SELECTED_KEY = 'agents.selected';

export const useAgents = create<AgentsState>((set, get) => ({
  agents: [],
  loaded: false,
  selectedId: recall(SELECTED_KEY),

  async load() {
    const agents = await attempt(() => invoke('agents.list'));
    if (agents) get().replace(agents);
  },

  replace(agents) {
    const { selectedId } = get();
    // Keep the selection when that agent still exists (an edit elsewhere may have removed it).
    const keep = selectedId !== null && agents.some((a) => a.id === selectedId);
    const next = keep ? selectedId : (agents[0]?.id ?? null);
    set({ agents, loaded: true, selectedId: next });
    if (next) remember(SELECTED_KEY, next);
  },

  select(id) {
    set({ selectedId: id });
    remember(SELECTED_KEY, id);
  },

  async create(input) {
    const agent = await attempt(() => invoke('agents.create', input));
    if (agent) {
      // The config.changed event brings the new list too; adding it now avoids a flicker.
      if (!get().agents.some((a) => a.id === agent.id)) set((s) => ({ agents: [...s.agents, agent] }));
    }
    return agent;
  },

  async update(id, patch) {
    const agent = await attempt(() => invoke('agents.update', { id, patch }));
    if (agent) set((s) => ({ agents: s.agents.map((a) => (a.id === id ? agent : a)) }));
    return agent;
  },

  async remove(id) {
    const res = await attempt(() => invoke('agents.delete', { id }));
    if (!res) return false;
    get().replace(get().agents.filter((a) => a.id !== id));
    return true;
  },
}));
