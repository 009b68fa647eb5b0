// The system prompt of a turn: the agent's own framing, then the blocks the BeforeTurn hooks supplied
// (identity files, the frozen recall block, tool nudges), in order.
import type { Agent } from '../../shared/config';

export function buildSystemPrompt(agent: Agent, blocks: string[]): string {
  const head = [`You are ${agent.name}, a helpful assistant running in Monad, a local-first chat app.`];
  if (agent.description.trim()) head.push(agent.description.trim());
  return [head.join(' '), ...blocks].join('\n\n');
}
