// The observation stand-in (issue 31 §2). LoCoMo ships, per session, `observation` entries: sentences its
// authors had an LLM write about the conversation, each citing the turns it came from. They STAND IN for
// what Monad's consolidation would derive from those turns, so the bench can measure "search through
// memory to its source" without a model. They go through the product's own path: each is recorded as an
// L1 fact of the conversation's agent (MemoryDir: the sanitizer, the Markdown file), with a fact_origin
// row naming each turn it cites as its source, exactly as a consolidated fact names its message; the
// search's derived updater then indexes each turn with the facts whose source it is.
import type { Engine } from '../../src/main/engine';
import { agentScope } from '../../src/main/memory/scope';
import type { LocomoConversation } from './locomo-data';

/** What every report of a run with the stand-in says about it. */
export const OBSERVATIONS_LABEL =
  'derived: LoCoMo observations (written by LoCoMo\'s authors with an LLM, standing in for what consolidation would derive; recorded as facts with their cited turns as source)';

export type DerivedMode = 'none' | 'observations';

export function parseDerivedMode(value: string | undefined): DerivedMode {
  if (value === undefined || value === 'none') return 'none';
  if (value === 'observations') return 'observations';
  throw new Error(`--derived takes "observations" (LoCoMo's observation stand-in) or "none", not "${value}"`);
}

export interface StandInReport {
  /** Observations recorded (or found already recorded: the same sentence twice in one conversation). */
  recorded: number;
  /** Refused by the fact sanitizer, as the product would refuse them. */
  refused: number;
  /** Turns that carry at least one observation. */
  turns: number;
}

/**
 * Records every conversation's observations as facts of its agent, each with its cited turns as sources.
 * `messageOf(conversationIndex, diaId)` names the message a turn was ingested as.
 */
export function recordObservations(
  engine: Engine,
  conversations: readonly LocomoConversation[],
  agentOf: (conversationIndex: number) => string,
  messageOf: (conversationIndex: number, diaId: string) => { messageId: string; sessionId: string } | undefined,
): StandInReport {
  let recorded = 0;
  let refused = 0;
  const turns = new Set<string>();
  conversations.forEach((conv, ci) => {
    if (!conv.observations.length) return;
    const scope = agentScope(agentOf(ci));
    const results = engine.facts.memory.recordMany(scope, conv.observations.map((o) => o.text));
    results.forEach((r, i) => {
      if (!r.fact || (r.status !== 'recorded' && r.status !== 'duplicate')) {
        refused++;
        return;
      }
      recorded++;
      for (const dia of conv.observations[i].diaIds) {
        const m = messageOf(ci, dia);
        if (!m) continue;
        turns.add(m.messageId);
        engine.facts.origins.record({ scope, factId: r.fact.id, origin: 'consolidated', event: r.status, sessionId: m.sessionId, messageId: m.messageId, detail: 'LoCoMo observation (bench stand-in)' });
      }
    });
  });
  return { recorded, refused, turns: turns.size };
}
