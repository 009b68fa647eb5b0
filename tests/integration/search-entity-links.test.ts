// Entity links as query expansion (issue 20): a query that names an L2 entity — by its name or a name
// it had before a rename — also finds messages that speak of the entities it is related to.
import { describe, expect, it } from 'vitest';
import { entityLinksOf } from '../../src/main/search/entity-links';
import { SearchService } from '../../src/main/search/search-service';
import { GLOBEX_SCOPE as SCOPE, seedGlobex } from '../helpers/seed-globex';

function setup() {
  const { engine, target, other } = seedGlobex();
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
