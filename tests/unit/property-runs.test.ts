// The property tests' shared options (tests/helpers/property-runs.ts): a failure whose shrinking would
// outlast the test is still reported, with a counterexample, before the test's own timeout.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../helpers/property-runs';

describe('propertyRuns', () => {
  it('stops a slow shrink in time and still reports the failure with a counterexample', async () => {
    // Every case fails and each check takes 40 ms, so shrinking a long array would take minutes.
    const opts = propertyRuns<[number[]]>('slow shrink', { numRuns: 100, testTimeoutMs: 21_000 });
    expect(opts.interruptAfterTimeLimit).toBe(1_000);
    const started = Date.now();
    const result = await fc.check(
      fc.asyncProperty(fc.array(fc.integer(), { minLength: 30, maxLength: 60 }), async (xs) => {
        await new Promise((r) => setTimeout(r, 40));
        return xs.length < 1;
      }),
      opts,
    );
    expect(result.failed).toBe(true);
    expect(result.counterexample?.[0].length).toBeGreaterThanOrEqual(1);
    // Shrinking had begun (a case smaller than the first failure) and was cut off by the limit.
    expect(result.numShrinks).toBeGreaterThan(0);
    expect(result.interrupted).toBe(true);
    // Stopped by the limit, long before shrinking 30+ elements one 40 ms check at a time would end.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('prints the seed it uses and honours SEED', () => {
    const before = process.env.SEED;
    process.env.SEED = '4242';
    try {
      expect(propertyRuns('seeded', { numRuns: 5, testTimeoutMs: 60_000 }).seed).toBe(4242);
    } finally {
      if (before === undefined) delete process.env.SEED;
      else process.env.SEED = before;
    }
  });
});
