import { describe, expect, it } from 'vitest';
import { DEFAULT_RANK_PARAMS } from '../../src/main/search/rank';
import { rerankCandidates } from '../../src/main/search/candidate-features';
import { coordinateAscent, featureVector, identityWeights, meanRecall, rerank, type LabelledQuery } from '../../bench/lib/linear-rerank';

// The seventh pass's features, left neutral where a test is about the sixth pass's.
const rest = { wordsCover: 0, entryCover: 0, eitherCover: 0, sessionRank: 0, distance: null, sessionCount: 1, yesNo: false };

// Candidates in today's order; the answer sits 11th but is the only one in the top hit's session.
function query(answerAt: number): LabelledQuery {
  const ids = Array.from({ length: 20 }, (_, i) => `t${i}`);
  const x = ids.map((_, rank) =>
    featureVector({ seq: rank, rank, score: 10 - rank * 0.1, own: 10 - rank * 0.1, words: 10 - rank * 0.1, throughDerived: false, topSession: rank === 0 || rank === answerAt, question: false, ...rest }, 10),
  );
  return { x, ids, gold: [ids[answerAt]] };
}

describe('linear re-ranking by coordinate ascent (bench)', () => {
  it("today's weights keep today's order", () => {
    const q = query(11);
    expect(rerank(q, identityWeights(), 20)).toEqual(q.ids);
    expect(meanRecall([q], identityWeights())).toBe(0);
  });

  it('finds a weight that lifts a feature the answers share, and it carries to unseen queries', () => {
    const train = [query(11), query(12), query(14)];
    const { weights, trainRecall } = coordinateAscent(train);
    expect(trainRecall).toBe(1);
    expect(weights[5]).toBeGreaterThan(0); // topSession
    expect(meanRecall([query(13)], weights)).toBe(1);
  });

  it('leaves every weight at 0 when no feature helps (never below today on the training queries)', () => {
    const q: LabelledQuery = { ...query(0) };
    const { weights, trainRecall } = coordinateAscent([q]);
    expect(weights).toEqual(identityWeights());
    expect(trainRecall).toBe(1);
  });
});

describe('the product re-ranking (candidate-features.ts rerankCandidates)', () => {
  const c = (seq: number, rank: number, score: number, topSession: boolean) => ({ seq, rank, score, own: score, words: score, throughDerived: false, topSession, question: false, ...rest });
  it("today's weights keep today's order; the shipped weights lift a near candidate of the first hit's session", () => {
    const list = [c(1, 0, 10, true), c(7, 1, 6.2, false), c(2, 2, 6.0, true)];
    expect(rerankCandidates(list, identityWeights()).map(([seq]) => seq)).toEqual([1, 7, 2]);
    expect(rerankCandidates(list, DEFAULT_RANK_PARAMS.rerank).map(([seq]) => seq)).toEqual([1, 2, 7]);
  });
});
