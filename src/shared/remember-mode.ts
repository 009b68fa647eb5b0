// Per-agent remember mode and the "hold inferred facts" switch (issue 16 §3, §5): optional in config, so
// an agent written before them reads as today's behaviour (writes save at once, nothing held back).
import type { Agent } from './config';

export type RememberMode = 'auto' | 'ask' | 'never';

export const REMEMBER_MODES: readonly { mode: RememberMode; label: string; detail: string }[] = [
  { mode: 'auto', label: 'Remember automatically', detail: 'What the agent decides to remember is saved at once.' },
  { mode: 'ask', label: 'Ask me first', detail: 'What the agent wants to remember waits in the Inbox for you.' },
  { mode: 'never', label: 'Never', detail: 'The agent can read memory but not write to it.' },
];

export function rememberModeOf(agent: Pick<Agent, 'memory'>): RememberMode {
  return agent.memory.remember ?? 'auto';
}

export function holdsInferred(agent: Pick<Agent, 'memory'>): boolean {
  return agent.memory.holdInferred === true;
}
