// A chat in which the person said where their friend Rui lives and works, the facts the agent wrote from
// that message, and the two relations it supports: the home the cross-layer correction tests start from.
// `extraFacts` adds facts recorded by the person (no source message): the negatives a correction must
// leave alone (they merely mention Rui, or say another relation between the same two).
import type { Engine } from '../../src/main/engine';

export const RUI_SCOPE = 'agent:default';

export function seedRui<K extends string = never>(engine: Engine, extraFacts: Partial<Record<K, string>> = {}) {
  const session = engine.sessions.create({ agentId: 'default', title: 'About Rui' });
  const msg = engine.messages.append({ sessionId: session.id, role: 'user', content: 'My friend Rui lives in Braga and works at Acme.' }).id;
  const fromChat = { actor: 'agent' as const, source: { sessionId: session.id, messageId: msg } };
  const fromChatFact = (text: string) => engine.facts.ledger.as(fromChat, () => engine.facts.memory.record(RUI_SCOPE, text)).fact!;
  const lives = fromChatFact('Rui lives in Braga');
  const works = fromChatFact('Rui works at Acme');
  const extra = Object.fromEntries(Object.entries(extraFacts).map(([k, text]) => [k, engine.facts.memory.record(RUI_SCOPE, text as string).fact!]));
  const facts = { lives, works, ...extra } as { lives: typeof lives; works: typeof lives } & Record<K, typeof lives>;
  const g = engine.graph.store;
  const rui = g.upsertNode(RUI_SCOPE, 'Rui', 'person').id;
  const braga = g.upsertNode(RUI_SCOPE, 'Braga', 'place').id;
  const acme = g.upsertNode(RUI_SCOPE, 'Acme', 'organization').id;
  const at = '2026-03-01T12:00:00.000Z';
  const edge = (dst: number, relation: string) =>
    g.upsertEdge({ scope: RUI_SCOPE, src: rui, dst, relation, provClass: 'user', validFrom: at, support: [msg], supersede: false }).id;
  return { session, msg, facts, nodes: { rui, braga, acme }, edges: { lives: edge(braga, 'lives_in'), works: edge(acme, 'works_at') } };
}
