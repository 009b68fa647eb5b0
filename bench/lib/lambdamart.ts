// Gradient-boosted regression trees with LambdaMART's gradient (Burges, "From RankNet to LambdaRank to
// LambdaMART", 2010), small enough to read: no npm package does this in JavaScript, and installing one
// would change the shared dependencies for a bench. Each round computes, for every pair of a gold and a
// non-gold candidate of a query, the RankNet gradient weighted by how much swapping them would change
// NDCG@10, fits a shallow tree to those gradients (splits on binned feature values, leaves a Newton step),
// and adds it, shrunk by the learning rate, to every candidate's score. The score starts from today's
// (the first feature, the final score over the best), so no trees is today's order exactly.
import { predict, treeValue } from '../../src/main/search/candidate-features';
import type { RerankTreeNode } from '../../src/main/search/learned-trees';
import { mean, recallAt } from './stats';

export { predict, treeValue };

/** A tree as a flat array, node 0 the root (the product's type: rank.ts `rerankTrees`). */
export type Tree = RerankTreeNode[];
export type { RerankTreeNode as TreeNode };

export interface RankQuery {
  /** Feature vectors of the candidates, today's order; x[0] is today's score (over the best). */
  x: number[][];
  ids: string[];
  gold: string[];
  /** How much this query's gradients count in training (default 1); recall is never weighted. */
  weight?: number;
}

export interface BoostOptions {
  trees: number;
  depth: number;
  rate: number;
  /** Fewest candidates a leaf may hold (keeps a split from fitting one question). */
  minLeaf: number;
  /** L2 regularisation of the leaf values (XGBoost's lambda). */
  l2: number;
  /** Thresholds tried per feature: its quantiles over the training candidates. */
  bins: number;
  /** Each candidate's score before any tree (default today's, x[0]); the trees learn what to add to it. */
  start?: (x: readonly number[]) => number;
  /**
   * What a swap of two candidates is worth (ninth pass): `ndcg` (LambdaMART's, the default) or `recall10`,
   * the measured figure itself (1/min(gold, 10) when the swap moves a gold candidate across the cut at
   * 10, else nothing), with `ndcg` at `mix` beside it so pairs on one side of the cut still learn.
   */
  gain?: { kind: 'ndcg' } | { kind: 'recall10'; mix: number };
}

export const DEFAULT_BOOST: BoostOptions = { trees: 60, depth: 2, rate: 0.1, minLeaf: 200, l2: 1, bins: 24 };

/** Candidates, flattened, with their query's span and whether each is gold. */
interface Flat {
  x: number[][];
  rel: Uint8Array;
  spans: Array<[start: number, end: number]>;
  /** Each span's query weight (1 when absent). */
  weights?: Float64Array;
}

function flatten(qs: readonly RankQuery[]): Flat {
  const x: number[][] = [];
  const rel: number[] = [];
  const spans: Array<[number, number]> = [];
  for (const q of qs) {
    const gold = new Set(q.gold);
    spans.push([x.length, x.length + q.x.length]);
    q.x.forEach((f, i) => {
      x.push(f);
      rel.push(gold.has(q.ids[i]) ? 1 : 0);
    });
  }
  return { x, rel: Uint8Array.from(rel), spans, weights: Float64Array.from(qs, (q) => q.weight ?? 1) };
}

const discount = (rank: number) => (rank < 10 ? 1 / Math.log2(rank + 2) : 0);

/** LambdaMART's gradients (g, towards a better order) and second derivatives (h) for every candidate. */
export function lambdas(flat: Flat, s: Float64Array, gain: BoostOptions['gain'] = { kind: 'ndcg' }): { g: Float64Array; h: Float64Array } {
  const g = new Float64Array(s.length);
  const h = new Float64Array(s.length);
  for (const [k, [start, end]] of flat.spans.entries()) {
    const weight = flat.weights?.[k] ?? 1;
    const idx: number[] = [];
    for (let i = start; i < end; i++) idx.push(i);
    // Ties keep today's order (the index), as the re-ranking does.
    idx.sort((a, b) => s[b] - s[a] || a - b);
    const rankOf = new Map(idx.map((i, r) => [i, r]));
    const nrel = idx.filter((i) => flat.rel[i]).length;
    if (!nrel || nrel === idx.length) continue;
    let ideal = 0;
    for (let r = 0; r < Math.min(nrel, 10); r++) ideal += discount(r);
    for (const i of idx) {
      if (!flat.rel[i]) continue;
      for (const j of idx) {
        if (flat.rel[j]) continue;
        const ri = rankOf.get(i)!;
        const rj = rankOf.get(j)!;
        const ndcg = Math.abs(discount(ri) - discount(rj)) / ideal;
        const crosses = ri < 10 !== rj < 10 ? 1 / Math.min(nrel, 10) : 0;
        const delta = weight * (gain.kind === 'ndcg' ? ndcg : crosses + gain.mix * ndcg);
        if (delta === 0) continue;
        const rho = 1 / (1 + Math.exp(s[i] - s[j]));
        g[i] += delta * rho;
        g[j] -= delta * rho;
        const w = delta * rho * (1 - rho);
        h[i] += w;
        h[j] += w;
      }
    }
  }
  return { g, h };
}

/** Each feature's thresholds: distinct quantiles of its training values. */
function thresholds(x: readonly number[][], bins: number): number[][] {
  const d = x[0]?.length ?? 0;
  const out: number[][] = [];
  for (let f = 0; f < d; f++) {
    const v = x.map((r) => r[f]).sort((a, b) => a - b);
    const t = new Set<number>();
    for (let b = 1; b < bins; b++) t.add(v[Math.floor((b * v.length) / bins)]);
    t.delete(v[v.length - 1]); // a split at the maximum sends nothing right
    out.push([...t].sort((a, b) => a - b));
  }
  return out;
}

/** Each candidate's bin per feature: the first threshold its value is at or below (the count when above all). */
function binAll(x: readonly number[][], cuts: readonly number[][]): Uint8Array[] {
  return cuts.map((c, f) =>
    Uint8Array.from(x, (r) => {
      const v = r[f];
      let lo = 0;
      let hi = c.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= c[mid]) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    }),
  );
}

/** One tree fitted to the gradients: best split by G²/(H+l2), leaves the Newton step × rate. */
export function fitTree(x: readonly number[][], g: Float64Array, h: Float64Array, cuts: readonly number[][], o: BoostOptions, binned = binAll(x, cuts)): Tree {
  const tree: Tree = [];
  const leaf = (rows: number[]) => {
    let G = 0;
    let H = 0;
    for (const i of rows) {
      G += g[i];
      H += h[i];
    }
    return { v: (o.rate * G) / (H + o.l2) };
  };
  const grow = (rows: number[], depth: number): number => {
    const at = tree.length;
    tree.push(leaf(rows));
    if (depth >= o.depth || rows.length < 2 * o.minLeaf) return at;
    let G = 0;
    let H = 0;
    for (const i of rows) {
      G += g[i];
      H += h[i];
    }
    const parent = (G * G) / (H + o.l2);
    let best = { gain: 1e-12, f: -1, t: 0 };
    for (let f = 0; f < cuts.length; f++) {
      const c = cuts[f];
      if (!c.length) continue;
      // Sums per bin (values at or below each threshold), then a sweep over the thresholds.
      const bg = new Float64Array(c.length + 1);
      const bh = new Float64Array(c.length + 1);
      const bn = new Int32Array(c.length + 1);
      const bin = binned[f];
      for (const i of rows) {
        const lo = bin[i];
        bg[lo] += g[i];
        bh[lo] += h[i];
        bn[lo]++;
      }
      let lg = 0;
      let lh = 0;
      let ln = 0;
      for (let b = 0; b < c.length; b++) {
        lg += bg[b];
        lh += bh[b];
        ln += bn[b];
        if (ln < o.minLeaf || rows.length - ln < o.minLeaf) continue;
        const gain = (lg * lg) / (lh + o.l2) + ((G - lg) * (G - lg)) / (H - lh + o.l2) - parent;
        if (gain > best.gain) best = { gain, f, t: c[b] };
      }
    }
    if (best.f < 0) return at;
    const left = rows.filter((i) => x[i][best.f] <= best.t);
    const right = rows.filter((i) => x[i][best.f] > best.t);
    const l = grow(left, depth + 1);
    const r = grow(right, depth + 1);
    tree[at] = { f: best.f, t: best.t, l, r };
    return at;
  };
  grow(
    x.map((_, i) => i),
    0,
  );
  return tree;
}

/** Mean recall@10 of queries whose candidates (flattened in `flat`) have scores `s`; ties keep today's order. */
function recallOf(qs: readonly RankQuery[], flat: Flat, s: Float64Array): number {
  return mean(
    qs.map((q, k) => {
      const [start, end] = flat.spans[k];
      const order: number[] = [];
      for (let i = start; i < end; i++) order.push(i);
      order.sort((a, b) => s[b] - s[a] || a - b);
      return recallAt(
        order.slice(0, 10).map((i) => q.ids[i - start]),
        q.gold,
        10,
      );
    }),
  );
}

const startScores = (flat: Flat, start: BoostOptions['start']) => Float64Array.from(flat.x, (r) => (start ? start(r) : r[0]));

/**
 * Boosts `o.trees` trees on `train`; after each, `onTree` sees the recall@10 of `watch` (queries the trees
 * were not fitted on), so the caller can stop early. Returns the trees.
 */
export function boost(train: readonly RankQuery[], o: BoostOptions = DEFAULT_BOOST, watch?: { queries: readonly RankQuery[]; onTree: (n: number, recall: number) => void }): Tree[] {
  const flat = flatten(train);
  const cuts = thresholds(flat.x, o.bins);
  const binned = binAll(flat.x, cuts);
  const s = startScores(flat, o.start);
  const wflat = watch ? flatten(watch.queries) : null;
  const ws = wflat ? startScores(wflat, o.start) : null;
  if (watch) watch.onTree(0, recallOf(watch.queries, wflat!, ws!));
  const trees: Tree[] = [];
  for (let n = 1; n <= o.trees; n++) {
    const { g, h } = lambdas(flat, s, o.gain);
    const tree = fitTree(flat.x, g, h, cuts, o, binned);
    trees.push(tree);
    for (let i = 0; i < s.length; i++) s[i] += treeValue(tree, flat.x[i]);
    if (watch) {
      for (let i = 0; i < ws!.length; i++) ws![i] += treeValue(tree, wflat!.x[i]);
      watch.onTree(n, recallOf(watch.queries, wflat!, ws!));
    }
  }
  return trees;
}

/**
 * Early stopping on the training conversations only: each in turn is held out of the training ones, the
 * trees are boosted on the rest and scored on it after every tree, and the depth and number of trees
 * with the best mean held-out recall@10 (the fewest on a tie; 0 trees is today's order) are then boosted
 * on all the training conversations. The test conversations are never seen.
 */
export function lambdaMartEarlyStopped<Q extends RankQuery>(
  train: readonly Q[],
  groupOf: (q: Q) => number,
  o: BoostOptions = DEFAULT_BOOST,
  depths: readonly number[] = [2, 3],
): Tree[] {
  const cut = heldOutCut(train, groupOf, o, depths);
  if (!cut) return boost(train, o);
  return cut.best.trees ? boost(train, { ...o, depth: cut.best.depth, trees: cut.best.trees }) : [];
}

/**
 * The inner loop both early stopping and bagging share: for each depth, one model per training
 * conversation boosted on the others and scored on it after every tree; the depth and number of trees
 * with the best mean held-out recall@10 (the fewest on a tie), and the inner models themselves. Null
 * with fewer than two training conversations (nothing to hold out).
 */
function heldOutCut<Q extends RankQuery>(train: readonly Q[], groupOf: (q: Q) => number, o: BoostOptions, depths: readonly number[], memo?: InnerMemo) {
  const groups = [...new Set(train.map(groupOf))];
  if (groups.length < 2) return null;
  let best = { depth: o.depth, trees: 0, recall: -1 };
  const models = new Map<number, Tree[][]>();
  for (const depth of depths) {
    const curve = new Array<number>(o.trees + 1).fill(0);
    models.set(
      depth,
      groups.map((g) => {
        const fitOn = train.filter((q) => groupOf(q) !== g);
        // The same conversations boosted the same way give the same trees: across the outer splits each
        // pair of conversations is an inner training set several times, so the memo fits it once.
        const key = memo && `${memo.key}|${depth}|${[...new Set(fitOn.map(groupOf))].sort((a, b) => a - b).join(',')}`;
        let trees = key ? memo.map.get(key) : undefined;
        if (!trees) {
          trees = boost(fitOn, { ...o, depth });
          if (key) memo.map.set(key, trees);
        }
        const held = train.filter((q) => groupOf(q) === g);
        watchCurve(trees, held, o.start).forEach((r, n) => (curve[n] += r / groups.length));
        return trees;
      }),
    );
    curve.forEach((r, n) => {
      if (r > best.recall + 1e-9) best = { depth, trees: n, recall: r };
    });
  }
  return { groups, best, models };
}

/** Inner models already boosted, by variant, depth and training conversations (`key` names the variant). */
export interface InnerMemo {
  map: Map<string, Tree[]>;
  key: string;
}

/** Recall@10 of `queries` after 0, 1, … of `trees` added to their start scores. */
function watchCurve(trees: readonly Tree[], queries: readonly RankQuery[], start: BoostOptions['start']): number[] {
  const flat = flatten(queries);
  const s = startScores(flat, start);
  const out = [recallOf(queries, flat, s)];
  for (const tree of trees) {
    for (let i = 0; i < s.length; i++) s[i] += treeValue(tree, flat.x[i]);
    out.push(recallOf(queries, flat, s));
  }
  return out;
}

/**
 * Bagging across the training conversations (eighth pass): the inner models of the early stopping — each
 * boosted with one training conversation held out — cut at the depth and count best on the held-out ones,
 * averaged (every leaf divided by their number), instead of boosting once more on all of them. Steadier
 * across folds, if each model sees less. The test conversations are never seen.
 */
export function lambdaMartBagged<Q extends RankQuery>(train: readonly Q[], groupOf: (q: Q) => number, o: BoostOptions = DEFAULT_BOOST, depths: readonly number[] = [2, 3]): Tree[] {
  const cut = heldOutCut(train, groupOf, o, depths);
  if (!cut) return boost(train, o);
  const { groups, best, models } = cut;
  const scale = (t: Tree): Tree => t.map((n) => ('v' in n ? { v: n.v / groups.length } : n));
  return models.get(best.depth)!.flatMap((m) => m.slice(0, best.trees).map(scale));
}

/** One way of training the same learner: a feature subset (positions in x, starting with 0) and/or query weights. */
export interface TrainingVariant<Q extends RankQuery> {
  name: string;
  features?: readonly number[];
  weightOf?: (q: Q) => number;
  /** Boosting options of this variant (e.g. its `gain`) over the shared ones. */
  boost?: Partial<BoostOptions>;
}

/**
 * Model selection inside the nested loop (ninth pass): every variant is judged by the same inner
 * early-stopping loop on the training conversations only (each held out of the others in turn), and the
 * variant, depth and tree count with the best mean inner recall@10 are boosted on all the training
 * conversations. A variant is listed first to win ties (the fewest changes). The returned trees split on
 * positions of the full feature vector, whatever subset was chosen; the test conversations are never seen.
 */
export function lambdaMartSelected<Q extends RankQuery>(
  train: readonly Q[],
  groupOf: (q: Q) => number,
  variants: ReadonlyArray<TrainingVariant<Q>>,
  o: BoostOptions = DEFAULT_BOOST,
  depths: readonly number[] = [2, 3],
  memo?: Map<string, Tree[]>,
): { trees: Tree[]; variant: string; inner: Record<string, number> } {
  const prepared = (v: TrainingVariant<Q>): Q[] =>
    train.map((q) => ({ ...q, x: v.features ? q.x.map((r) => v.features!.map((j) => r[j])) : q.x, weight: v.weightOf ? v.weightOf(q) : q.weight }));
  const inner: Record<string, number> = {};
  let best: { v: TrainingVariant<Q>; depth: number; trees: number; recall: number } | null = null;
  for (const v of variants) {
    const cut = heldOutCut(prepared(v), groupOf, { ...o, ...v.boost }, depths, memo && { map: memo, key: v.name });
    if (!cut) return { trees: lambdaMartEarlyStopped(train, groupOf, o, depths), variant: variants[0]?.name ?? '', inner };
    inner[v.name] = cut.best.recall;
    if (!best || cut.best.recall > best.recall + 1e-9) best = { v, ...cut.best };
  }
  if (!best || !best.trees) return { trees: [], variant: best?.v.name ?? '', inner };
  const only = best.v.features;
  const trees = boost(prepared(best.v), { ...o, ...best.v.boost, depth: best.depth, trees: best.trees });
  return { trees: only ? trees.map((t) => t.map((n) => ('f' in n ? { ...n, f: only[n.f] } : n))) : trees, variant: best.v.name, inner };
}
