// fast-check options shared by the property tests. Two things every one of them needs:
// - a seed that is printed, so a failure seen once (in CI, on another machine) can be replayed with
//   SEED=… (and FC_PATH=… for the exact shrunk case fast-check prints);
// - a time limit below the test's own timeout. Shrinking a failure of a property that builds whole
//   homes can take longer than the test may run; vitest then reports a timeout and the counterexample
//   is lost. Interrupted in time, fast-check reports the failure with the smallest case found so far.
//   A run interrupted with no failure passes with the runs it made (the limit is a safety net, not a
//   speed check).
import type { Parameters as FcParameters } from 'fast-check';

/** Time left for vitest to report after fast-check stops (the last run may still be finishing). */
const MARGIN_MS = 20_000;

export function propertyRuns<T>(name: string, opts: { numRuns: number; testTimeoutMs: number }): FcParameters<T> {
  const seed = process.env.SEED ? Number(process.env.SEED) : Date.now() % 2 ** 31;
  console.log(`${name}: SEED=${seed}`);
  return {
    numRuns: Number(process.env.RUNS ?? opts.numRuns),
    seed,
    path: process.env.FC_PATH || undefined,
    interruptAfterTimeLimit: Math.max(1_000, opts.testTimeoutMs - MARGIN_MS),
    markInterruptAsFailure: false,
  };
}
