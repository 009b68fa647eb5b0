// The learned trees in the product's ranking (issue 31, seventh pass: rank.ts `rerankTrees`): with derived
// memory the search returns its candidates in the trees' order; a words-only home keeps the words' order,
// trees or not. A hand-made tree stands in for learned ones so the test does not hang on their values.
import { describe, expect, it } from 'vitest';
import { FEATURES, rerankCandidates } from '../../src/main/search/candidate-features';
import type { RerankTreeNode } from '../../src/main/search/learned-trees';
import { DEFAULT_RANK_PARAMS } from '../../src/main/search/rank';
import { SearchService } from '../../src/main/search/search-service';
import { gardenPartyHome } from '../helpers/search-garden-party';

// One split: a candidate in the first hit's session loses 1 (of a best score of 1): the other sessions lead.
const demoteTopSession: RerankTreeNode[] = [{ f: FEATURES.indexOf('topSession'), t: 0.5, l: 1, r: 2 }, { v: 0 }, { v: -1 }];

describe('learned trees re-ranking the candidates', () => {
  it('order the hits with derived memory; a words-only home keeps its order', async () => {
    const { engine, ripe, hose, invite, unranked, ids, deriveFromRipe, observed } = gardenPartyHome();
    const treed = new SearchService({ db: engine.appDb, rank: { rerank: [], rerankTrees: [demoteTopSession] } });

    // Words only: the trees are not applied (they would put the party first).
    expect(ids(treed)).toEqual(ids(unranked));
    expect(ids(treed)[0]).toBe(ripe);

    await deriveFromRipe();
    const { before, seen, idOf } = observed();
    expect(before[0]).toBe(ripe);
    const expected = rerankCandidates(seen, [], [demoteTopSession], DEFAULT_RANK_PARAMS.rerankFloor).map(([seq]) => idOf(seq));
    // With derived memory the trees order the hits: the party's turn leads, the garden's turns follow.
    expect(expected[0]).toBe(invite);
    expect(ids(treed)).toEqual(expected.slice(0, before.length));
    expect(ids(treed).indexOf(ripe)).toBeGreaterThan(ids(treed).indexOf(invite));
    expect(ids(treed)).toContain(hose);
    // The shipped search is the shipped model's order of the same candidates.
    const shipped = rerankCandidates(seen, DEFAULT_RANK_PARAMS.rerank, DEFAULT_RANK_PARAMS.rerankTrees, DEFAULT_RANK_PARAMS.rerankFloor).map(([seq]) => idOf(seq));
    expect(ids(engine.search)).toEqual(shipped.slice(0, before.length));
    engine.close();
  });
});
