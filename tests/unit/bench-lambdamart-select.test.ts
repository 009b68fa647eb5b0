// The bench's model selection inside the nested loop (bench/lib/lambdamart.ts `lambdaMartSelected`, issue 31
// ninth pass): the variant (feature subset, query weights) is chosen on the training groups alone, the
// trees it returns split on positions of the full feature vector, a query's weight scales its gradients,
// and the memo of inner models changes no result.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOST, lambdaMartSelected, lambdas, type RankQuery, type Tree } from '../../bench/lib/lambdamart';

/** A fixed pseudo-random value in [0, 1) per candidate (a multiplicative hash: no relation to the answer's place). */
const noise = (seed: number, i: number) => ((Math.imul(seed * 20 + i + 1, 2654435761) >>> 0) % 1000) / 1000;

/** 40 candidates in today's order; x[1] marks the answer, x[2] is noise. */
function query(answerAt: number, seed: number): RankQuery & { group: number } {
  const ids = Array.from({ length: 40 }, (_, i) => `q${seed}t${i}`);
  const x = ids.map((_, i) => [1 - i * 0.02, i === answerAt ? 1 : 0, noise(seed, i)]);
  return { x, ids, gold: [ids[answerAt]], group: seed % 3 };
}

// Answers spread over ranks 11–40, so no cut on today's score alone brings them into the top 10.
const train = Array.from({ length: 30 }, (_, i) => query(10 + ((i * 7) % 30), i));
const opts = { ...DEFAULT_BOOST, trees: 10, minLeaf: 10 };
const splitFeatures = (trees: Tree[]) => new Set(trees.flatMap((t) => t.flatMap((n) => ('f' in n ? [n.f] : []))));

describe('model selection inside the nested loop', () => {
  it('chooses the feature subset that helps the held-out training groups, even listed second', () => {
    const r = lambdaMartSelected(train, (q) => q.group, [
      { name: 'noise only', features: [0, 2] },
      { name: 'marker', features: [0, 1] },
    ], opts);
    expect(r.variant).toBe('marker');
    expect(r.inner.marker).toBeGreaterThan(r.inner['noise only']);
    expect(r.trees.length).toBeGreaterThan(0);
  });

  it('returns trees that split on the full vector’s positions, whatever the subset’s order', () => {
    // Position 2 of the subset [0, 2, 1] is feature 1 of the full vector: the marker.
    const r = lambdaMartSelected(train, (q) => q.group, [{ name: 'reordered', features: [0, 2, 1] }], opts);
    const root = r.trees[0][0];
    expect('f' in root && root.f).toBe(1);
    expect([...splitFeatures(r.trees)].every((f) => f >= 0 && f <= 2)).toBe(true);
  });

  it('gives the same trees with the memo of inner models as without, and fits each inner set once', () => {
    const variants = [{ name: 'all' }, { name: 'marker', features: [0, 1] }];
    const memo = new Map<string, Tree[]>();
    const without = lambdaMartSelected(train, (q) => q.group, variants, opts);
    const withMemo = lambdaMartSelected(train, (q) => q.group, variants, opts, [2, 3], memo);
    expect(withMemo).toEqual(without);
    // 2 variants × 2 depths × 3 inner training sets (each group held out of the other two once).
    expect(memo.size).toBe(12);
    const again = lambdaMartSelected(train, (q) => q.group, variants, opts, [2, 3], memo);
    expect(again).toEqual(without);
    expect(memo.size).toBe(12);
  });
});

describe('query weights', () => {
  it('scale a query’s gradients and second derivatives, and only that query’s', () => {
    const a = query(12, 1);
    const b = query(14, 2);
    const n = a.x.length;
    const flatOf = (weights?: Float64Array) => ({
      x: [...a.x, ...b.x],
      rel: Uint8Array.from([...a.ids, ...b.ids].map((id) => (id === a.gold[0] || id === b.gold[0] ? 1 : 0))),
      spans: [[0, n], [n, 2 * n]] as Array<[number, number]>,
      weights,
    });
    const s = Float64Array.from([...a.x, ...b.x], (r) => r[0]);
    const plain = lambdas(flatOf(), s);
    const weighted = lambdas(flatOf(Float64Array.from([2.5, 1])), s);
    for (let i = 0; i < n; i++) {
      expect(weighted.g[i]).toBeCloseTo(2.5 * plain.g[i], 12);
      expect(weighted.h[i]).toBeCloseTo(2.5 * plain.h[i], 12);
    }
    for (let i = n; i < 2 * n; i++) expect(weighted.g[i]).toBe(plain.g[i]);
    expect(plain.g[12]).toBeGreaterThan(0);
  });
});

describe('the recall@10 gain', () => {
  const q = query(12, 1);
  const flat = { x: q.x, rel: Uint8Array.from(q.ids.map((id) => (q.gold.includes(id) ? 1 : 0))), spans: [[0, q.x.length]] as Array<[number, number]> };
  const s = Float64Array.from(q.x, (r) => r[0]);

  it('moves a gold candidate below the cut up and only the candidates above the cut down', () => {
    const { g } = lambdas(flat, s, { kind: 'recall10', mix: 0 });
    expect(g[12]).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) expect(g[i]).toBeLessThan(0);
    // A non-gold candidate below the cut, like the gold one, gains nothing from a swap with it.
    for (let i = 10; i < q.x.length; i++) if (i !== 12) expect(g[i]).toBe(0);
  });

  it('leaves the order inside the top 10 alone without the ndcg share, and not with it', () => {
    const inside = query(4, 2);
    const f = { ...flat, x: inside.x, rel: Uint8Array.from(inside.ids.map((id) => (inside.gold.includes(id) ? 1 : 0))) };
    const si = Float64Array.from(inside.x, (r) => r[0]);
    const { g } = lambdas(f, si, { kind: 'recall10', mix: 0 });
    // The gold candidate at 4 is still held above those below the cut; those above it inside feel nothing.
    expect(g.slice(0, 10).every((v, i) => (i === 4 ? v > 0 : v === 0))).toBe(true);
    expect(g[15]).toBeLessThan(0);
    expect(lambdas(f, si, { kind: 'recall10', mix: 0.5 }).g[0]).toBeLessThan(0);
  });
});
