// What the agents kind needs from this home (issue 28's clean ports): the composition root
// (engine-sync-agents.ts) builds it over the agent service the Settings screen uses.

/**
 * An agent as it travels: what describes it and how its memory behaves. Decided field by field
 * (docs/sync.md §2), against src/shared/config.ts's agentSchema:
 *   travels  — id, name, description, chat defaults (instructions too: the person's own, from their own
 *              device, as for a chat's), memory.level, memory.intervalMinutes, memory.recallBudgetChars,
 *              memory.remember, memory.holdInferred;
 *   stays    — models.chat, models.memory and memory.model (each names a provider set up on this device:
 *              a local server's models differ per machine, and a key is per device), and
 *              memory.autoConsolidate (scheduled consolidation runs on one device, issue 30 §3; a new
 *              agent arrives with it off, as an imported one does).
 * Agents hold no addresses, paths or keys: those are the providers', which do not travel.
 */
export interface SyncedAgent {
  id: string;
  name: string;
  description: string;
  chat: Record<string, unknown> | null;
  memory: {
    level: number | null;
    intervalMinutes: number;
    recallBudgetChars: number | null;
    remember: string | null;
    holdInferred: boolean | null;
  };
}

export interface AgentsSyncPort {
  /** This home's agents, in the travelling shape. */
  list(): SyncedAgent[];
  /**
   * Creates or updates an agent from another device through the Settings screen's path (the agent schema's
   * validation; name and description through the sanitizer; instructions cleaned), leaving the fields that
   * stay on each device as they are here. Says whether it was written, and what was refused (a whole agent,
   * or a part of one: a refused description is left empty, the agent still written).
   */
  write(agent: SyncedAgent, device: string): { written: boolean; refused: string[] };
  /** Removes an agent another device removed; null when done, or why not (the last agent cannot go). */
  remove(id: string, device: string): string | null;
}
