// The learned trees in the product's ranking (issue 31, seventh pass: rank.ts `rerankTrees`): with derived
// memory the search returns its candidates in the trees' order; a words-only home keeps the words' order,
// trees or not. A hand-made tree stands in for learned ones so the test does not hang on their values.
import { describe, expect, it } from 'vitest';
import { FEATURES, rerankCandidates, type CandidateFeatures } from '../../src/main/search/candidate-features';
import type { RerankTreeNode } from '../../src/main/search/learned-trees';
import { DEFAULT_RANK_PARAMS } from '../../src/main/search/rank';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';

// One split: a candidate in the first hit's session loses 1 (of a best score of 1): the other sessions lead.
const demoteTopSession: RerankTreeNode[] = [{ f: FEATURES.indexOf('topSession'), t: 0.5, l: 1, r: 2 }, { v: 0 }, { v: -1 }];

describe('learned trees re-ranking the candidates', () => {
  it('order the hits with derived memory; a words-only home keeps its order', async () => {
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
    const off = { rerank: [], rerankTrees: [] };
    const unranked = new SearchService({ db: engine.appDb, rank: off });
    const treed = new SearchService({ db: engine.appDb, rank: { ...off, rerankTrees: [demoteTopSession] } });
    const ids = (service: SearchService) => service.search(query).messages.map((m) => m.messageId);

    // Words only: the trees are not applied (they would put the party first).
    expect(ids(treed)).toEqual(ids(unranked));
    expect(ids(treed)[0]).toBe(ripe);

    await engine.facts.record('agent:default', 'Grows tomatoes in the garden', { actor: 'agent', origin: 'typed', source: { sessionId: garden.id, messageId: ripe } });
    engine.search.search(query); // brings the derived field up to date
    let seen: CandidateFeatures[] = [];
    const before = unranked.search({ ...query, observe: (c) => (seen = c) }).messages.map((m) => m.messageId);
    expect(before[0]).toBe(ripe);
    const bySeq = new Map(engine.appDb.prepare('SELECT id, seq FROM messages').all().map((r) => [(r as { seq: number }).seq, (r as { id: string }).id]));
    const expected = rerankCandidates(seen, [], [demoteTopSession], DEFAULT_RANK_PARAMS.rerankFloor).map(([seq]) => bySeq.get(seq)!);
    // With derived memory the trees order the hits: the party's turn leads, the garden's turns follow.
    expect(expected[0]).toBe(invite);
    expect(ids(treed)).toEqual(expected.slice(0, before.length));
    expect(ids(treed).indexOf(ripe)).toBeGreaterThan(ids(treed).indexOf(invite));
    expect(ids(treed)).toContain(hose);
    // The shipped search is the shipped model's order of the same candidates.
    const shipped = rerankCandidates(seen, DEFAULT_RANK_PARAMS.rerank, DEFAULT_RANK_PARAMS.rerankTrees, DEFAULT_RANK_PARAMS.rerankFloor).map(([seq]) => bySeq.get(seq)!);
    expect(ids(engine.search)).toEqual(shipped.slice(0, before.length));
    engine.close();
  });
});
