// The held-out splits the LoCoMo benches share (locomo-cv, locomo-ltr, locomo-pool): a configuration, a
// weight vector or a model is tuned on some conversations and judged on the others, over every such split,
// so no figure is scored on the questions it was tuned on.

/** One split: tuned on the conversations in `tune`, judged on those in `test` (indices, ascending). */
export interface ConversationFold {
  tune: number[];
  test: number[];
}

/**
 * Every split of `n` conversations with min(3, n - 1) for tuning and the rest held out (at least one), in
 * lexicographic order of the tuning set: with LoCoMo's ten conversations, 120 splits of 3 against 7.
 */
export function conversationFolds(n: number): ConversationFold[] {
  const k = Math.min(3, n - 1);
  const folds: ConversationFold[] = [];
  const walk = (start: number, tune: number[]) => {
    if (tune.length === k) return void folds.push({ tune, test: [...Array(n).keys()].filter((i) => !tune.includes(i)) });
    for (let i = start; i < n; i++) walk(i + 1, [...tune, i]);
  };
  walk(0, []);
  return folds;
}

/** The items of `items` on the fold's tuning side and on its test side, each in the order given. */
export function splitByFold<T>(items: readonly T[], fold: ConversationFold, convOf: (item: T) => number): { tune: T[]; test: T[] } {
  return { tune: items.filter((x) => fold.tune.includes(convOf(x))), test: items.filter((x) => fold.test.includes(convOf(x))) };
}
