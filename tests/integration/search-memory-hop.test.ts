// Memory's second hop into the candidates (issue 31, seventh pass b; rank.ts hopCandidates, off by
// default): from what memory learned from the best hits to the other messages memory learned the same
// thing from. A turn that shares no word with the question, and whose memory shares none either, comes
// into the results through a rare word its fact shares with the fact of the turn the question found;
// with the hop off (the default), or in a home with no derived memory, the results are as before.
import { describe, expect, it } from 'vitest';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';

const SCOPE = 'agent:default';

function setup() {
  const engine = openEngine();
  const spring = engine.sessions.create({ agentId: 'default', title: 'Spring' });
  const autumn = engine.sessions.create({ agentId: 'default', title: 'Autumn' });
  const say = (sessionId: string, content: string, role: 'user' | 'assistant' = 'user') => engine.messages.append({ sessionId, role, content }).id;
  // The question's words are in the first turn only; the later one speaks of the same trip in other words.
  const found = say(spring.id, 'We finally booked the camping holiday for the summer');
  for (const t of ['The weather was grey all week', 'I repainted the kitchen', 'Work has been busy lately']) say(spring.id, t, 'assistant');
  for (const t of ['My sister visited on Sunday', 'I started a pottery course']) say(autumn.id, t, 'assistant');
  const later = say(autumn.id, 'The kids still talk about the lake and the tent every day');
  for (const t of ['The train was late again', 'We ordered pizza on Friday']) say(autumn.id, t, 'assistant');
  const withHop = new SearchService({ db: engine.appDb, rank: { hopCandidates: 10 } });
  const ids = (service: { search: SearchService['search'] }, query: string) => {
    engine.search.search({ query, agentId: 'default' }); // brings the derived field up to date
    return service.search({ query, agentId: 'default' }).messages.map((m) => m.messageId);
  };
  return { engine, spring, autumn, found, later, withHop, ids };
}

describe('memory’s second hop into the candidates', () => {
  it('a turn only memory’s entries reach comes into the results; forgetting the fact undoes it', async () => {
    const { engine, spring, autumn, found, later, withHop, ids } = setup();
    expect(ids(withHop, 'camping holiday')[0]).toBe(found);
    expect(ids(withHop, 'camping holiday')).not.toContain(later);
    // Memory learned the place from both turns; neither the question nor the later turn's memory holds
    // "camping" or "holiday".
    const a = await engine.facts.record(SCOPE, 'The family booked a trip to Lake Tahoe', { actor: 'agent', origin: 'typed', source: { sessionId: spring.id, messageId: found } });
    await engine.facts.record(SCOPE, 'The kids loved the tent at Lake Tahoe', { actor: 'agent', origin: 'typed', source: { sessionId: autumn.id, messageId: later } });

    // Off (the shipped default): the later turn is not found.
    expect(ids(engine.search, 'camping holiday')).not.toContain(later);
    const hits = ids(withHop, 'camping holiday');
    expect(hits[0]).toBe(found);
    expect(hits).toContain(later);

    engine.facts.forget(SCOPE, a.fact!.id, { actor: 'person' });
    expect(ids(withHop, 'camping holiday')).not.toContain(later);
  });

  it('a home with no derived memory: the hop changes nothing', () => {
    const { engine, withHop, ids } = setup();
    for (const query of ['camping holiday', 'lake tent kids', 'train pizza', 'pottery']) expect(ids(withHop, query)).toEqual(ids(engine.search, query));
  });
});
