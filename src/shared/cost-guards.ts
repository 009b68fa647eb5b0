// Defaults of the cost guards (issue 18 §5), beside the config schema that makes them settable. Pure data:
// the renderer shows them as placeholders, the engine applies them when a field is absent.
import type { Agent, Config } from './config';

/** The frozen recall block's budget in characters (per agent: agent.memory.recallBudgetChars). */
export const DEFAULT_RECALL_BUDGET_CHARS = 8000;
/** One automatic consolidation per scope at most this often (memory.autoConsolidation.cooldownMinutes). */
export const DEFAULT_AUTO_CONSOLIDATE_COOLDOWN_MINUTES = 10;
/**
 * The fact text one automatic pass sends at most (memory.autoConsolidation.maxInputChars): a bit over the
 * ~2,000-char trigger times three, so a normal scope goes whole and a 4 MB one costs no more than this.
 */
export const DEFAULT_AUTO_CONSOLIDATE_MAX_INPUT_CHARS = 6000;
/** The managed qdrant's first choice of port (memory.mem0.qdrantPort); the next free one above it otherwise. */
export const DEFAULT_QDRANT_PORT = 6333;

export function recallBudgetOf(agent: Pick<Agent, 'memory'>): number {
  return agent.memory.recallBudgetChars ?? DEFAULT_RECALL_BUDGET_CHARS;
}

export function autoConsolidationOf(config: Config): { cooldownMs: number; maxInputChars: number } {
  const a = config.memory.autoConsolidation;
  return {
    cooldownMs: (a?.cooldownMinutes ?? DEFAULT_AUTO_CONSOLIDATE_COOLDOWN_MINUTES) * 60_000,
    maxInputChars: a?.maxInputChars ?? DEFAULT_AUTO_CONSOLIDATE_MAX_INPUT_CHARS,
  };
}
