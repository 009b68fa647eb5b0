// The bench's LambdaMART (bench/lib/lambdamart.ts): its gradients point the right way, a tree splits on
// the feature that tells the answers apart, boosting lifts such answers on unseen queries, and the early
// stopping keeps today's order when nothing helps.
import { describe, expect, it } from 'vitest';
import { boost, DEFAULT_BOOST, lambdaMartEarlyStopped, lambdas, predict, treeValue, type RankQuery, type Tree } from '../../bench/lib/lambdamart';

/**
 * A query of 20 candidates in today's order (x[0] today's score, falling); x[1] is 1 on the answer and on
 * one decoy in `marked` (feature 1 tells them apart only with x[2], which is 1 on the answer alone when
 * `both`), noise elsewhere.
 */
function query(answerAt: number, seed: number, both = false): RankQuery & { group: number } {
  const ids = Array.from({ length: 20 }, (_, i) => `q${seed}t${i}`);
  const x = ids.map((_, i) => [1 - i * 0.02, i === answerAt ? 1 : 0, both && i === answerAt ? 1 : ((i * 7 + seed) % 5) / 10]);
  return { x, ids, gold: [ids[answerAt]], group: seed % 3 };
}

describe('LambdaMART gradients', () => {
  it('push a gold candidate below the top 10 up and the non-gold above it down', () => {
    const q = query(12, 1);
    const flat = { x: q.x, rel: Uint8Array.from(q.ids.map((id) => (q.gold.includes(id) ? 1 : 0))), spans: [[0, 20]] as Array<[number, number]> };
    const { g, h } = lambdas(flat, Float64Array.from(q.x, (r) => r[0]));
    expect(g[12]).toBeGreaterThan(0);
    expect(g[0]).toBeLessThan(0);
    // Below the cut, swapping two non-gold candidates past rank 10 changes nothing: no gradient.
    expect(g[15]).toBe(0);
    expect(h[12]).toBeGreaterThan(0);
  });
});

describe('boosted trees', () => {
  it('a tree splits on the feature that marks the answers', () => {
    const train = [3, 5, 8, 11, 12, 13, 14, 15, 16, 17].map((a, i) => query(a, i));
    const [tree] = boost(train, { ...DEFAULT_BOOST, trees: 1, depth: 1, minLeaf: 5 });
    const root = tree[0];
    expect('f' in root && root.f).toBe(1);
    const marked = treeValue(tree, [0.5, 1, 0]);
    const unmarked = treeValue(tree, [0.5, 0, 0]);
    expect(marked).toBeGreaterThan(unmarked);
  });

  it('lift an answer below the top 10 on a query it was not trained on', () => {
    const train = Array.from({ length: 30 }, (_, i) => query(11 + (i % 8), i));
    const trees = boost(train, { ...DEFAULT_BOOST, trees: 20, minLeaf: 10 });
    const unseen = query(15, 99);
    const order = unseen.x.map((x, i) => ({ i, s: x[0] + predict(trees, x) })).sort((a, b) => b.s - a.s);
    expect(order.findIndex((o) => o.i === 15)).toBeLessThan(10);
  });

  it('with no trees, predict adds nothing (today’s order)', () => {
    const none: Tree[] = [];
    expect(predict(none, [0.3, 1, 1])).toBe(0);
  });
});

describe('early stopping on the training groups', () => {
  it('keeps today’s order (no trees) when every answer is already first', () => {
    const train = Array.from({ length: 12 }, (_, i) => query(0, i));
    expect(lambdaMartEarlyStopped(train, (q) => q.group, { ...DEFAULT_BOOST, trees: 10, minLeaf: 10 })).toEqual([]);
  });

  it('keeps trees when they help the held-out training groups', () => {
    const train = Array.from({ length: 30 }, (_, i) => query(11 + (i % 8), i));
    const trees = lambdaMartEarlyStopped(train, (q) => q.group, { ...DEFAULT_BOOST, trees: 10, minLeaf: 10 });
    expect(trees.length).toBeGreaterThan(0);
  });
});
