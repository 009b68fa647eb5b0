// A linear re-ranking of a search's best candidates, its weights found by coordinate ascent on recall@10
// (learning to rank; Metzler & Croft's coordinate ascent, here a plain line search per weight over a
// fixed set of steps). Pure: the bench (bench/locomo-ltr.ts) collects the candidates, judges the weights
// on conversations they were not tuned on, and decides. The first weight multiplies today's score and is
// held at 1, so the weights {1, 0, …} are today's order exactly and scaling cannot hide a change.
import { featureVector, FEATURES } from '../../src/main/search/candidate-features';
import { mean, recallAt } from './stats';

export { featureVector, FEATURES };

/** One question: its candidates' features (best first, as today's ranking put them) and what answers it. */
export interface LabelledQuery {
  /** Feature vectors, one per candidate, in today's order. */
  x: number[][];
  /** The candidates' labels (what recall is counted on: LoCoMo's dia ids). */
  ids: string[];
  gold: string[];
}

/** The labels of the first k after re-ranking; ties keep today's order. */
export function rerank(q: LabelledQuery, w: readonly number[], k: number): string[] {
  const scored = q.x.map((f, i) => ({ i, s: f.reduce((a, v, j) => a + v * w[j], 0) }));
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return scored.slice(0, k).map((c) => q.ids[c.i]);
}

export function meanRecall(qs: readonly LabelledQuery[], w: readonly number[], k = 10): number {
  return mean(qs.map((q) => recallAt(rerank(q, w, k), q.gold, k)));
}

/** Today's order: the final score alone (`dims` features; more than FEATURES when a bench adds its own). */
export function identityWeights(dims: number = FEATURES.length): number[] {
  return Array.from({ length: dims }, (_, j) => (j === 0 ? 1 : 0));
}

/** The steps tried on each weight, from its current value (and 0: the feature left out). */
const STEPS = [-1, -0.5, -0.2, -0.1, -0.05, -0.02, 0.02, 0.05, 0.1, 0.2, 0.5, 1];

/**
 * Coordinate ascent from today's weights: each weight but the first in turn takes the value (current +
 * a step, or 0) that raises mean recall@10 on `train` most, until a round changes nothing or `rounds` is
 * reached. Only a strict gain is taken, so a feature that does not help keeps weight 0 and the result
 * never scores below today's order on the training queries.
 */
export function coordinateAscent(train: readonly LabelledQuery[], opts: { rounds?: number; k?: number; only?: number; dims?: number } = {}): { weights: number[]; trainRecall: number } {
  const k = opts.k ?? 10;
  const w = identityWeights(opts.dims);
  let best = meanRecall(train, w, k);
  for (let round = 0; round < (opts.rounds ?? 4); round++) {
    let changed = false;
    // `only`: the first features alone are tuned (the sixth pass's eight, to compare), the rest stay 0.
    for (let j = 1; j < Math.min(w.length, opts.only ?? w.length); j++) {
      const start = w[j];
      let bestValue = start;
      for (const v of [0, ...STEPS.map((s) => start + s)]) {
        if (v === start) continue;
        w[j] = v;
        const r = meanRecall(train, w, k);
        // A gain smaller than a rounding error is no gain: it would pick noise.
        if (r > best + 1e-9) {
          best = r;
          bestValue = v;
        }
      }
      w[j] = bestValue;
      if (bestValue !== start) changed = true;
    }
    if (!changed) break;
  }
  return { weights: w, trainRecall: best };
}
