// A home with something in every layer the MCP tools read: facts, a chat, a small graph, a learned rule,
// USER.md. Written through the engine's own services, then closed so another process can open the home.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../src/main/engine';

export interface McpSeed {
  home: string;
  factId: string;
  messageId: string;
}

export const SEED = {
  fact: 'The user keeps bees on the roof of the Lisbon flat',
  message: 'My beehive needs a new frame before the honey harvest',
  user: '# About me\nBeekeeper and backend engineer.',
  law: 'The user likes answers about bees to be short',
} as const;

export function seedMcpHome(home: string): McpSeed {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    const fact = engine.facts.memory.record('global', SEED.fact).fact!;
    const session = engine.sessions.create({ agentId: 'default', title: 'Honey season' });
    const message = engine.messages.append({ sessionId: session.id, role: 'user', content: SEED.message });
    engine.graph.corrections.addRelation({ scope: 'agent:default', src: 'Ana', dst: 'Lisbon Beekeepers Club', relation: 'is a member of' }, { actor: 'person' });
    engine.laws.writer.replaceDerived('global', [{ statement: SEED.law, confidence: 0.8, support: [`fact:${fact.id}`] }], 'fp', { actor: 'inference' });
    writeFileSync(join(engine.paths.core, 'USER.md'), SEED.user, { mode: 0o600 });
    return { home, factId: fact.id, messageId: message.id };
  } finally {
    engine.close();
  }
}

/** The text of a tool result's first content item. */
export function resultText(r: unknown): string {
  const content = (r as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('\n');
}
