// What a memory switch will do next, in words (issue 27 §4). "Turn on graph memory" used to raise the
// level and leave the agent on "Manual only", so the graph never grew by itself and nothing said so.
// Turning a layer on now also sets when it runs (or the person chooses "only when I ask"), and the app
// says what will happen and roughly what it costs in model calls.
import type { Agent } from '../../../../shared/config';

export type Layer = 'graph' | 'rules';

/** The level a layer needs: the graph is level 2, learned rules level 3 (which also builds the graph). */
export const LAYER_LEVEL: Record<Layer, 2 | 3> = { graph: 2, rules: 3 };

/**
 * One extraction call reads at most this many characters of new chat (main/memory/graph/transcript.ts
 * CHUNK_CHARS). Said here in words, not imported: the renderer never imports the engine.
 */
export const CHARS_PER_EXTRACTION_CALL = 12_000;

export type Schedule = 'background' | 'manual';

/** The settings a switch writes: the layer's level (never lowering one already higher) and the schedule. */
export function turnOnPatch(agent: Pick<Agent, 'memory'>, layer: Layer, schedule: Schedule, globalLevel: number): { level: 1 | 2 | 3; autoConsolidate: boolean } {
  const current = agent.memory.level ?? globalLevel;
  return { level: Math.max(current, LAYER_LEVEL[layer]) as 1 | 2 | 3, autoConsolidate: schedule === 'background' };
}

/** "every 30 minutes", "every hour", "every 2 hours", "every day". */
export function everyText(minutes: number): string {
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? 'every day' : `every ${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}

/** Roughly what one run costs in model calls at a level. */
export function callsText(level: number): string {
  const graph = `about one model call per ${CHARS_PER_EXTRACTION_CALL.toLocaleString('en')} characters of new chat`;
  if (level >= 3) return `${graph}, plus a few to infer rules from what changed`;
  if (level >= 2) return graph;
  return 'one model call when there are duplicate facts to merge';
}

/** What happens next with an agent's memory at this level and schedule, in one or two sentences. */
export function nextStepText(name: string, level: number, auto: boolean, intervalMinutes: number): string {
  const what =
    level >= 3
      ? 'reads its new chats into its knowledge graph and infers learned rules from its facts and graph'
      : level >= 2
        ? 'reads its new chats and adds the people, places and relations in them to its knowledge graph'
        : 'merges duplicate facts';
  if (!auto) return `Manual only: ${name} ${what} only when you press “Consolidate now”; nothing runs by itself.`;
  return `${capital(everyText(intervalMinutes))}, ${name} ${what} (${callsText(level)}). Messages you set aside by editing and resending are not read.`;
}

function capital(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
