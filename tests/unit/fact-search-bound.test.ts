// The facts panel skips facts whose one query word cannot lift them into the k best (fact-search.ts
// singleWordBound): its answers must be exactly those of scoring every fact, and the bound must hold for
// every fact it is used on.
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../src/shared/domain';
import { rankFacts, singleWordBound } from '../../src/main/search/fact-search';
import { analyzeQuery } from '../../src/main/search/query';
import { DEFAULT_RANK_PARAMS, queryWeight, scoreText, type RankParams } from '../../src/main/search/rank';
import { narrowScan, scanAll } from '../../src/main/search/text';
import { rng as random } from '../helpers/seeded-random';
import { rankFactsAfresh } from '../helpers/rank-facts-afresh';

// A speaker's name in most facts, as LoCoMo's observations have it, and a vocabulary of rarer words.
const VOCAB = ['pottery', 'kiln', 'adoption', 'agency', 'painting', 'lake', 'sunset', 'charity', 'race', 'hiking', 'camping', 'guitar', 'violin', 'school', 'book', 'reading', 'garden', 'dog', 'cat', 'trip'];

function factsOf(rand: () => number, n: number, scope: string): Fact[] {
  return Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 2 + Math.floor(rand() * 9) }, () => VOCAB[Math.floor(rand() * VOCAB.length)]);
    if (rand() < 0.85) words.splice(Math.floor(rand() * words.length), 0, 'Caroline');
    if (rand() < 0.2) words.push('Caroline');
    return { id: `${scope}-${i}`, scope, text: `${words.join(' ')}.` } as Fact;
  });
}

function queryOf(rand: () => number): string {
  const words = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => VOCAB[Math.floor(rand() * VOCAB.length)]);
  if (rand() < 0.8) words.unshift('What did Caroline');
  if (rand() < 0.1) words.push('Caroline Caroline');
  return `${words.join(' ')}?`;
}

const PARAMS: Array<Partial<RankParams>> = [{}, { coverage: 0 }, { coverage: 2, pairWeight: 2 }, { b: 0, k1: 0.5 }, { b: 1, k1: 3 }];

describe('the facts panel’s bound on facts holding one query word (fact-search.ts)', () => {
  it('ranks exactly as scoring every fact, over 600 random queries, scopes, k and parameters', () => {
    const rand = random(31);
    for (let round = 0; round < 600; round++) {
      const groups = [factsOf(rand, 1 + Math.floor(rand() * 120), 'agent:a'), ...(rand() < 0.5 ? [factsOf(rand, Math.floor(rand() * 60), 'global')] : [])];
      const query = queryOf(rand);
      const k = [1, 3, 10, 25][Math.floor(rand() * 4)];
      const p = { ...DEFAULT_RANK_PARAMS, ...PARAMS[round % PARAMS.length] };
      expect(rankFacts(analyzeQuery(query), groups, k, p), `${query} k=${k} round ${round}`).toEqual(rankFactsAfresh(query, groups.flat(), k, p));
    }
  });

  it('is never below the score of a fact holding only that word', () => {
    const rand = random(7);
    let checked = 0;
    for (let round = 0; round < 300; round++) {
      const p = { ...DEFAULT_RANK_PARAMS, ...PARAMS[round % PARAMS.length] };
      const q = analyzeQuery(queryOf(rand));
      const terms = q.terms.map((t) => ({ stem: t.stem, idf: 0.01 + rand() * 5, weight: queryWeight(t.count) }));
      for (const f of factsOf(rand, 40, 'agent:a')) {
        const scan = narrowScan(scanAll(f.text), new Set(terms.map((t) => t.stem)));
        if (scan.positions.size !== 1) continue;
        const [stem] = scan.positions.keys();
        const score = scoreText(scan, terms, q, 1 + rand() * 12, p, { hasTimeExpression: false, createdAt: null }).score;
        expect(score).toBeLessThan(singleWordBound(stem, terms, q.pairs, p));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('skips nothing where it cannot bound the score (k1 < 0, b outside 0..1)', () => {
    const q = analyzeQuery('Caroline pottery');
    const terms = q.terms.map((t) => ({ stem: t.stem, idf: 1, weight: 1 }));
    expect(singleWordBound('carolin', terms, q.pairs, { ...DEFAULT_RANK_PARAMS, b: 1.5 })).toBe(Infinity);
    expect(singleWordBound('carolin', terms, q.pairs, { ...DEFAULT_RANK_PARAMS, k1: -1 })).toBe(Infinity);
  });
});
