// The facts panel's reused tags (index-tags.ts): one pass's tags must never be seen by the next.
import { describe, expect, it } from 'vitest';
import { IndexTags } from '../../src/main/search/index-tags';

function drained(t: IndexTags): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  t.drain((i, tag) => out.push([i, tag]));
  return out;
}

describe('IndexTags', () => {
  it('gives each index its first tag, -1 when tagged again, in the order first tagged', () => {
    const t = new IndexTags();
    t.start(10);
    t.tag(7, 1);
    t.tag(2, 1);
    t.tag(7, 2);
    t.tag(4, 3);
    t.tag(7, 3);
    expect(drained(t)).toEqual([[7, -1], [2, 1], [4, 3]]);
  });

  it("starts every pass from nothing: the last pass's indexes are untagged", () => {
    const t = new IndexTags();
    t.start(10);
    for (const i of [1, 3, 5]) t.tag(i, 1);
    t.tag(3, 2);
    drained(t);
    t.start(10);
    t.tag(3, 4);
    t.tag(5, 4);
    expect(drained(t)).toEqual([[3, 4], [5, 4]]);
    t.start(10);
    expect(drained(t)).toEqual([]);
  });

  it('is untagged after a visit that throws, and after growing past its first size', () => {
    const t = new IndexTags();
    t.start(5);
    for (let i = 0; i < 5; i++) t.tag(i, 1);
    expect(() => t.drain((i) => { if (i === 1) throw new Error('boom'); })).toThrow('boom');
    t.start(5000);
    for (let i = 0; i < 5000; i += 7) t.tag(i, 2);
    const seen = drained(t);
    expect(seen.every(([, tag]) => tag === 2)).toBe(true);
    expect(seen).toHaveLength(715);
    t.start(5);
    t.tag(2, 9);
    expect(drained(t)).toEqual([[2, 9]]);
  });

  it('clears a pass left undrained (a throw while tagging) when the next begins', () => {
    const t = new IndexTags();
    t.start(3);
    t.tag(0, 1);
    t.tag(2, 1);
    t.start(3);
    t.tag(2, 5);
    expect(drained(t)).toEqual([[2, 5]]);
  });
});
