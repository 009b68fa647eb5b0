// A small work chat for search tests of entity links: one message about Globex's move, fillers, and one
// about Sam; in the graph Sam (renamed Samuel, so "sam" stays an alias) works at Globex, supported by
// Sam's message. A query about "Sam's company" shares no word with the Globex message: only the graph
// can link them.
import type { Engine } from '../../src/main/engine';
import { openEngine } from './temp-home';

export const GLOBEX_SCOPE = 'agent:default';

export function seedGlobex(engine: Engine = openEngine()): { engine: Engine; target: string; other: string } {
  const session = engine.sessions.create({ agentId: 'default', title: 'Work news' });
  const say = (content: string) => engine.messages.append({ sessionId: session.id, role: 'user', content }).id;
  const target = say('Globex is moving everyone to the new building in June');
  for (const filler of ['We had pizza on the balcony', 'The train was late again', 'My plants need more light', 'I finished the crossword']) say(filler);
  const other = say('I talked to Sam yesterday about the weather');
  const sam = engine.graph.store.upsertNode(GLOBEX_SCOPE, 'Sam', 'person').id;
  engine.graph.corrections.renameEntity(sam, 'Samuel', { actor: 'person' });
  const globex = engine.graph.store.upsertNode(GLOBEX_SCOPE, 'Globex', 'organization').id;
  engine.graph.store.upsertEdge({ scope: GLOBEX_SCOPE, src: sam, dst: globex, relation: 'works_at', provClass: 'user', validFrom: '2025-03-01', support: [other], supersede: false });
  return { engine, target, other };
}
