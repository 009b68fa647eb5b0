// The held-out splits the LoCoMo benches share (bench/lib/conversation-folds.ts): every split of n
// conversations into min(3, n - 1) for tuning and the rest for testing, each once, never overlapping.
import { describe, expect, it } from 'vitest';
import { conversationFolds, splitByFold } from '../../bench/lib/conversation-folds';

describe('conversation folds (bench)', () => {
  it('ten conversations: the 120 ways to tune on 3 and test on the other 7, in order, each once', () => {
    const folds = conversationFolds(10);
    expect(folds).toHaveLength(120);
    expect(folds[0]).toEqual({ tune: [0, 1, 2], test: [3, 4, 5, 6, 7, 8, 9] });
    expect(folds.at(-1)).toEqual({ tune: [7, 8, 9], test: [0, 1, 2, 3, 4, 5, 6] });
    expect(new Set(folds.map((f) => f.tune.join(','))).size).toBe(120);
    for (const f of folds) {
      expect([...f.tune, ...f.test].sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
      expect(f.tune).toEqual([...f.tune].sort((a, b) => a - b));
    }
  });

  it('three conversations: tune on two, test on the third, so a split always has something held out', () => {
    expect(conversationFolds(3)).toEqual([
      { tune: [0, 1], test: [2] },
      { tune: [0, 2], test: [1] },
      { tune: [1, 2], test: [0] },
    ]);
  });

  it("splitByFold puts each item on its conversation's side, keeping the order given", () => {
    const items = [{ conv: 2, q: 'a' }, { conv: 0, q: 'b' }, { conv: 1, q: 'c' }, { conv: 2, q: 'd' }];
    expect(splitByFold(items, { tune: [0, 1], test: [2] }, (x) => x.conv)).toEqual({ tune: [items[1], items[2]], test: [items[0], items[3]] });
  });
});
