// The seventh pass's candidate features (candidate-features.ts): the query's cover in a candidate's words
// and derived entries, its session's place and share among the candidates, its distance to the first hit,
// the question's yes/no form, and the learned trees' score.
import { describe, expect, it } from 'vitest';
import { asksYesNo, candidateFeatures, guarded, featureVector, featureVectorInto, FEATURES, learnedScore, predict, queryCover, rerankCandidates } from '../../src/main/search/candidate-features';
import type { RerankTreeNode } from '../../src/main/search/learned-trees';

const terms = [
  { stem: 'adopt', idf: 3, weight: 1 },
  { stem: 'agenc', idf: 1, weight: 1 },
];

describe('queryCover', () => {
  it("weighs each query word by IDF × weight, in the words, the best entry alone, and both together", () => {
    const words = new Map([['agenc', [0]]]);
    const entries = [new Map([['adopt', [2]]]), new Map<string, number[]>()];
    expect(queryCover(terms, words, entries)).toEqual({ words: 0.25, entry: 0.75, either: 1, mask: 0b11 });
  });

  it('the best entry is one entry, not the union of entries', () => {
    const entries = [new Map([['adopt', [0]]]), new Map([['agenc', [0]]])];
    const c = queryCover(terms, new Map(), entries);
    expect(c.entry).toBe(0.75);
    expect(c.either).toBe(1);
  });

  it('is 0 for an empty query', () => {
    expect(queryCover([], new Map([['x', [0]]]), [])).toEqual({ words: 0, entry: 0, either: 0, mask: 0 });
  });
});

describe('asksYesNo', () => {
  it.each([
    ['Would Caroline likely pursue writing as a career?', true],
    ['Is Melanie religious?', true],
    ['did they ever go camping', true],
    ['What might John do if he were rich? Probably travel', true],
    ['What books does Caroline collect?', false],
    ['When did Melanie paint a sunrise?', false],
    ['Where is the island?', false],
  ])('%s → %s', (q, yes) => expect(asksYesNo(q)).toBe(yes));
});

describe('candidateFeatures', () => {
  it("gives each candidate its session's place and share, and its distance to the first hit in its session", () => {
    const ranked: Array<[number, number]> = [
      [10, 9],
      [40, 8],
      [12, 7],
      [41, 6],
      [77, 5],
      [13, 4],
    ];
    const place = new Map([
      [10, 'a'],
      [12, 'a'],
      [13, 'a'],
      [40, 'b'],
      [41, 'b'],
      [77, 'c'],
    ]);
    const own = new Map(ranked);
    const f = candidateFeatures(ranked, place, own, null, new Set(), new Set(), new Map([[12, { words: 0.5, entry: 0.9, either: 1 }]]), true);
    expect(f.map((c) => c.sessionRank)).toEqual([0, 1, 0, 1, 2, 0]);
    expect(f.map((c) => c.sessionCount)).toEqual([3, 2, 3, 2, 1, 3]);
    expect(f.map((c) => c.distance)).toEqual([0, null, 2, null, null, 3]);
    expect(f[2]).toMatchObject({ wordsCover: 0.5, entryCover: 0.9, eitherCover: 1, yesNo: true });
    expect(f[1]).toMatchObject({ wordsCover: 0, entryCover: 0, eitherCover: 0 });
    // The feature vector carries them, one value per named feature.
    const x = featureVector(f[2], 9);
    expect(x).toHaveLength(FEATURES.length);
    expect(x[FEATURES.indexOf('entryCover')]).toBe(0.9);
    expect(x[FEATURES.indexOf('nearFirst')]).toBeCloseTo(1 / 3);
    expect(x[FEATURES.indexOf('yesNo×entryCover')]).toBe(0.9);
    expect(featureVector({ ...f[2], yesNo: false }, 9)[FEATURES.indexOf('yesNo×entryCover')]).toBe(0);
  });
});

describe('the eighth pass’s features', () => {
  // Three query words weighing 1, 2 and 1 (bits 0, 1, 2 of a cover's mask).
  const termWeights = [1, 2, 1];
  const ranked: Array<[number, number]> = [
    [10, 9], // a: holds word 0
    [11, 8], // a: the reply to the first hit; holds words 0 and 1
    [30, 7], // b: holds word 0
    [33, 6], // b: holds word 2, and nothing else of b is scored
    [14, 5], // a: holds nothing
  ];
  const place = new Map([
    [10, 'a'],
    [11, 'a'],
    [14, 'a'],
    [30, 'b'],
    [33, 'b'],
    [50, 'c'],
  ]);
  const cover = (mask: number) => ({ words: 0, entry: 0, either: 0, mask });
  // Message 50 (session c) is scored but not among the candidates: it still counts towards c only.
  const covers = new Map([
    [10, cover(0b001)],
    [11, cover(0b011)],
    [30, cover(0b001)],
    [33, cover(0b100)],
    [50, cover(0b111)],
  ]);
  const roles = new Map([
    [10, 'user'],
    [11, 'assistant'],
    [30, 'user'],
    [33, 'assistant'],
  ]);
  const features = (namedRole: string | null) =>
    candidateFeatures(ranked, place, new Map(ranked), null, new Set(), new Set(), covers, false, { roles, namedRole, termWeights });

  it('say whether the side the query names spoke the candidate (0.5 when it names none or the side is unknown)', () => {
    expect(features('assistant').map((c) => c.speaker)).toEqual([0, 1, 0, 1, 0.5]);
    expect(features(null).map((c) => c.speaker)).toEqual([0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  it("give the share of the query its session's scored messages hold together", () => {
    // a holds words 0 and 1 (3 of 4), b words 0 and 2 (2 of 4).
    expect(features(null).map((c) => c.sessionCover)).toEqual([0.75, 0.75, 0.5, 0.5, 0.75]);
  });

  it('place each candidate relative to the nearest of the best other candidates in its session', () => {
    const f = features(null);
    expect(f.map((c) => c.nearHit)).toEqual([1, 1, 3, 3, 3]);
    expect(f.map((c) => c.afterHit)).toEqual([false, true, false, true, true]);
  });

  it('count what a candidate holds of the query that the best three others do not', () => {
    // The best three hold words 0, 1 (10, 11, 30): 33 adds word 2; 11 adds word 1 over 10, 30, 33.
    expect(features(null).map((c) => c.newCover)).toEqual([0, 0.5, 0, 0.25, 0]);
    const x = featureVector(features('assistant')[3], 9);
    expect(x).toHaveLength(FEATURES.length);
    expect(x.slice(FEATURES.indexOf('speakerNamed'))).toEqual([1, 0.5, 0.25, 1, 0.25]);
  });
});

describe('the learned trees in the product', () => {
  // One split: a candidate whose best derived entry covers more than half the query gains 0.5.
  const tree: RerankTreeNode[] = [{ f: FEATURES.indexOf('entryCover'), t: 0.5, l: 1, r: 2 }, { v: 0 }, { v: 0.5 }];
  const base = { own: 0, words: 0, throughDerived: false, topSession: true, question: false, wordsCover: 0, eitherCover: 0, sessionRank: 0, distance: 0, sessionCount: 3, yesNo: false };
  const list = [
    { ...base, seq: 1, rank: 0, score: 10, entryCover: 0.2 },
    { ...base, seq: 2, rank: 1, score: 9, entryCover: 0.1 },
    { ...base, seq: 3, rank: 2, score: 8, entryCover: 0.8 },
  ];

  it('add their leaves to the score over the best, and take over from the weights when present', () => {
    expect(predict([tree], featureVector(list[2], 10))).toBe(0.5);
    expect(learnedScore(featureVector(list[2], 10), [1], [tree])).toBeCloseTo(1.3);
    expect(rerankCandidates(list, [1]).map(([seq]) => seq)).toEqual([1, 2, 3]);
    expect(rerankCandidates(list, [1], [tree]).map(([seq]) => seq)).toEqual([3, 1, 2]);
    // The scores handed on stay the first pass's, falling down the list.
    expect(rerankCandidates(list, [1], [tree]).map(([, s]) => s)).toEqual([10, 9, 8]);
  });

  it('leave candidates below the floor (a share of the best score) in the first pass’s order, below the others', () => {
    const weak = [
      { ...base, seq: 1, rank: 0, score: 10, entryCover: 0.2 },
      { ...base, seq: 2, rank: 1, score: 0.5, entryCover: 0.1 },
      { ...base, seq: 3, rank: 2, score: 0.3, entryCover: 0.8 },
    ];
    // Without a floor the tree lifts the weakest over the one above it; with a floor of 0.1 both keep their places.
    expect(rerankCandidates(weak, [1], [tree]).map(([seq]) => seq)).toEqual([1, 3, 2]);
    expect(rerankCandidates(weak, [1], [tree], 0.1).map(([seq]) => seq)).toEqual([1, 2, 3]);
    expect(guarded([0.05], 7, 0.1)).toBeLessThan(guarded([0.5], -7, 0.1));
    expect(guarded([0.5], 7, 0.1)).toBe(7);
  });
});

describe('featureVectorInto: one buffer for every candidate of a search', () => {
  const base = { rank: 0, score: 9, own: 6, words: 3, throughDerived: true, topSession: true, question: true, wordsCover: 0.4, entryCover: 0.7, eitherCover: 0.9, sessionRank: 0, distance: 0, sessionCount: 3, yesNo: true };
  it("writes every slot, so nothing of the previous candidate's vector is left in it", () => {
    const a = { ...base, seq: 1, speaker: 1, sessionCover: 0.8, nearHit: 2, afterHit: true, newCover: 0.3 };
    // The seventh pass's candidates carry none of the eighth pass's features: their defaults must be written.
    const b = { ...base, seq: 2, rank: 4, score: 2, own: 1, words: 1, throughDerived: false, topSession: false, question: false, distance: null, yesNo: false };
    const buffer = new Float64Array(FEATURES.length).fill(777);
    featureVectorInto(a, 9, buffer);
    const x = Array.from(featureVectorInto(b, 9, buffer));
    expect(x).not.toContain(777);
    expect(x).toEqual(Array.from(featureVectorInto(b, 9, new Float64Array(FEATURES.length).fill(-1))));
    expect(x[FEATURES.indexOf('speakerNamed')]).toBe(0.5);
    expect(x[FEATURES.indexOf('nearHit')]).toBe(0);
    expect(x[FEATURES.indexOf('afterHit')]).toBe(0);
    expect(x[FEATURES.indexOf('newCover')]).toBe(0);
    expect(x[FEATURES.indexOf('nearFirst')]).toBe(0);
  });

  it('rerankCandidates orders as each candidate scored on its own vector would', () => {
    const cands = Array.from({ length: 30 }, (_, i) => ({ ...base, seq: 100 + i, rank: i, score: 9 - i * 0.25, own: (i * 7) % 5, words: (i * 3) % 4, throughDerived: i % 3 === 0, topSession: i % 2 === 0, distance: i % 4 ? i : null, speaker: i % 5 ? 1 : undefined, newCover: (i % 7) / 7 }));
    const weights = FEATURES.map((_, j) => ((j * 37) % 11) / 10 - 0.5);
    const one = cands.map((c, i) => ({ seq: c.seq, s: guarded(featureVector(c, 9), learnedScore(featureVector(c, 9), weights, []), 0.05), i }));
    const expected = one.sort((p, q) => q.s - p.s || p.i - q.i).map((o) => o.seq);
    expect(rerankCandidates(cands, weights, [], 0.05).map(([seq]) => seq)).toEqual(expected);
  });
});
