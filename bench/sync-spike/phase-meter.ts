// Figures of one phase of a sync bench that hold on a shared, noisy machine: the process's CPU seconds
// (process.cpuUsage: what the phase cost, however long others kept the cores busy) beside its wall time, and
// the peak resident growth split into the V8 heap and memory outside it (buffers, SQLite), sampled every
// 20 ms while the event loop is free (a long synchronous reconcile can hide a peak from the sampler; the
// figure is a lower bound, the same way on every commit).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface PhaseFigures {
  wallS: number;
  cpuS: number;
  peakRssGrowthMB: number;
  /** At the sampled resident peak: growth of the V8 heap in use (garbage included) and of memory outside it. */
  atPeak: { heapUsedMB: number; externalMB: number };
  /**
   * The largest growth of the V8 heap in use seen on its own (garbage included): unlike the resident set, it
   * does not depend on what an earlier phase of the same process left committed.
   */
  peakHeapUsedGrowthMB: number;
}

/**
 * A full collection, also when node was started without --expose-gc (`npm run bench` runs in-process through
 * tsx): without it, heap figures "after a collection" would count garbage not yet collected.
 */
export const forceGc: () => void = (() => {
  if (typeof global.gc === 'function') return global.gc;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

const MB = (bytes: number): number => bytes / 1e6;

export function startMeter(): { stop(): PhaseFigures } {
  const base = process.memoryUsage();
  let peak = base;
  let heapPeak = base.heapUsed;
  const sample = (): void => {
    const m = process.memoryUsage();
    if (m.rss > peak.rss) peak = m;
    heapPeak = Math.max(heapPeak, m.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  return {
    stop() {
      clearInterval(sampler);
      sample();
      const cpu = process.cpuUsage(cpu0);
      return {
        wallS: (performance.now() - t0) / 1000,
        cpuS: (cpu.user + cpu.system) / 1e6,
        peakRssGrowthMB: MB(peak.rss - base.rss),
        atPeak: { heapUsedMB: MB(peak.heapUsed - base.heapUsed), externalMB: MB(peak.external - base.external) },
        peakHeapUsedGrowthMB: MB(heapPeak - base.heapUsed),
      };
    },
  };
}
