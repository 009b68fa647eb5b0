// Entity links as query expansion (issue 20): a query that names an L2 entity — by its name or a name
// it had before a rename — also finds messages that speak of the entities it is related to.
import { describe, expect, it } from 'vitest';
import { entityLinksOf } from '../../src/main/search/entity-links';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';

const SCOPE = 'agent:default';

function setup() {
  const engine = openEngine();
  const session = engine.sessions.create({ agentId: 'default', title: 'Work news' });
  const say = (content: string) => engine.messages.append({ sessionId: session.id, role: 'user', content }).id;
  const target = say('Globex is moving everyone to the new building in June');
  for (const filler of ['We had pizza on the balcony', 'The train was late again', 'My plants need more light', 'I finished the crossword']) say(filler);
  const other = say('I talked to Sam yesterday about the weather');
  // Sam, renamed Samuel (so "sam" stays an alias), works at Globex.
  const sam = engine.graph.store.upsertNode(SCOPE, 'Sam', 'person').id;
  engine.graph.corrections.renameEntity(sam, 'Samuel', { actor: 'person' });
  const globex = engine.graph.store.upsertNode(SCOPE, 'Globex', 'organization').id;
  engine.graph.store.upsertEdge({ scope: SCOPE, src: sam, dst: globex, relation: 'works_at', provClass: 'user', validFrom: '2025-03-01', support: [other], supersede: false });
  const service = (entityTerms: number) =>
    new SearchService({
      db: engine.appDb,
      rank: { entityTerms },
      entityLinks: (scopes, query) => entityLinksOf(engine.graph.store, engine.memoryDb, scopes ?? [SCOPE], query),
    });
  return { engine, target, other, service };
}

describe('entity links from the knowledge graph', () => {
  it('reads an entity’s other names and its related entities from the graph', () => {
    const { engine } = setup();
    const links = entityLinksOf(engine.graph.store, engine.memoryDb, [SCOPE], 'sam');
    expect(links.find((l) => l.names[0] === 'Samuel')).toEqual({ names: ['Samuel', 'sam'], related: ['Globex'] });
  });

  it('a query naming Sam also finds the message about Sam’s employer; without links it does not', () => {
    const { target, other, service } = setup();
    const query = "What is happening with Sam's company?";
    const plain = service(0).search({ query, agentId: 'default' }).messages.map((m) => m.messageId);
    expect(plain).toContain(other);
    expect(plain).not.toContain(target);
    const linked = service(6).search({ query, agentId: 'default' }).messages.map((m) => m.messageId);
    expect(linked).toContain(target);
    // Sam's own message still ranks first: added names weigh less than typed words.
    expect(linked[0]).toBe(other);
  });

  it('a query that names no entity is not changed', () => {
    const { service } = setup();
    const query = 'when was the train late';
    expect(service(6).search({ query, agentId: 'default' }).messages).toEqual(service(0).search({ query, agentId: 'default' }).messages);
  });
});
