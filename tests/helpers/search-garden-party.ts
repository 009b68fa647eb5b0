// One home for the tests of the search's learned re-ranking (candidate features, linear weights, trees): a
// garden session whose first turn answers the query and whose last turn shares one word with it, and a party
// session whose last turn shares the other; then a fact drawn from the first turn gives the home derived
// memory, where the re-ranking applies. The order the unranked search gives is the one each test re-ranks.
import type { CandidateFeatures } from '../../src/main/search/candidate-features';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from './temp-home';

export function gardenPartyHome() {
  const engine = openEngine();
  const garden = engine.sessions.create({ agentId: 'default', title: 'Garden' });
  const party = engine.sessions.create({ agentId: 'default', title: 'Party' });
  const say = (sessionId: string, content: string) => engine.messages.append({ sessionId, role: 'user', content }).id;
  const ripe = say(garden.id, 'The tomatoes out there are finally ripe');
  for (const t of ['We had pizza on the balcony', 'The train was late again', 'My plants need more light', 'Rain all week']) say(garden.id, t);
  const hose = say(garden.id, 'the garden hose broke again this morning');
  for (const t of ['A quiet evening', 'Cooking soup tonight']) say(party.id, t);
  const invite = say(party.id, 'garden party next week');
  const query = { query: 'tomatoes garden', agentId: 'default' };
  /** A search with no learned re-ranking: the order every re-ranking starts from. */
  const unranked = new SearchService({ db: engine.appDb, rank: { rerank: [], rerankTrees: [] } });

  return {
    engine,
    ripe,
    hose,
    invite,
    query,
    unranked,
    /** The message ids `service` returns for the query, in its order. */
    ids: (service: SearchService) => service.search(query).messages.map((m) => m.messageId),
    /** A fact drawn from the ripe-tomatoes turn: the home has derived memory from now on (brought up to date). */
    async deriveFromRipe(): Promise<void> {
      await engine.facts.record('agent:default', 'Grows tomatoes in the garden', { actor: 'agent', origin: 'typed', source: { sessionId: garden.id, messageId: ripe } });
      engine.search.search(query);
    },
    /** The unranked hits, the candidates' features the search saw for them, and each candidate's message id. */
    observed(): { before: string[]; seen: CandidateFeatures[]; idOf: (seq: number) => string } {
      let seen: CandidateFeatures[] = [];
      const before = unranked.search({ ...query, observe: (c) => (seen = c) }).messages.map((m) => m.messageId);
      const bySeq = new Map(engine.appDb.prepare('SELECT id, seq FROM messages').all().map((r) => [(r as { seq: number }).seq, (r as { id: string }).id]));
      return { before, seen, idOf: (seq) => bySeq.get(seq)! };
    },
  };
}
