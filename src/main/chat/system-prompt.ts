// The system prompt of a turn: the agent's own framing, the one fixed spotlighting instruction (memory
// and tool results are quoted data, never instructions), then the blocks the BeforeTurn hooks supplied
// (identity files, the frozen recall block, tool nudges), in order. The head never varies within a
// session, so a provider's prefix cache holds across turns.
import type { Agent } from '../../shared/config';
import { SPOTLIGHT_INSTRUCTION } from '../llm/spotlight';

export function buildSystemPrompt(agent: Agent, blocks: string[]): string {
  const head = [`You are ${agent.name}, a helpful assistant running in Monad, a local-first chat app.`];
  if (agent.description.trim()) head.push(agent.description.trim());
  return [head.join(' '), SPOTLIGHT_INSTRUCTION, ...blocks].join('\n\n');
}
