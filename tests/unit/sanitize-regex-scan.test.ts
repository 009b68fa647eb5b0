import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allMatches } from '../../src/main/memory/facts/sanitize-regex-scan';

const view = (ms: Iterable<RegExpMatchArray>) => [...ms].map((m) => ({ at: m.index, text: m[0], groups: [...m].slice(1), indices: (m as RegExpExecArray & { indices?: unknown }).indices }));

// The sanitizer's scans moved from matchAll to allMatches for speed: the matches must be the same ones.
describe('allMatches', () => {
  const patterns = [/a+/g, /x*/g, /(?<![A-Za-z])[a-z]{2,}(?![A-Za-z])/g, /\p{L}*/gu, /(b)(c)?/dg, /(?:)/g, /🙂|é/gu, /[\s\S]/gy];
  const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'x', ' ', 'é', '🙂', '\u0301', 'Z', '\n'), maxLength: 40 });

  it('finds what matchAll finds, in the same order, with groups and indices (empty matches and astral characters too)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...patterns), text, (re, t) => {
        expect(view(allMatches(re, t))).toEqual(view(t.matchAll(re)));
        expect(re.lastIndex).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('can be used again on the same pattern inside its own loop', () => {
    const re = /\d+/g;
    const pairs: string[] = [];
    for (const m of allMatches(re, '1 22 333')) for (const n of allMatches(re, `${m[0]}-9`)) pairs.push(`${m[0]}:${n[0]}`);
    expect(pairs).toEqual(['1:1', '1:9', '22:22', '22:9', '333:333', '333:9']);
  });

  it('refuses a pattern that is not global, as matchAll does', () => {
    expect(() => allMatches(/a/, 'aaa')).toThrow(TypeError);
  });
});
