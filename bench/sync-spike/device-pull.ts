// The initial sync as a device lives it: a process holding one fresh home and nothing else (no relay, no home A,
// none of what building the benchmark home left in the heap), pulling everything with one `sync now` from the
// relay the parent runs. Its figures are the device's own: the pull's time and the resident memory the pull adds
// over what the opened, empty home held (peak, sampled every 20 ms, and the kernel's high-water mark).
// Started by home-path.ts as `tsx device-pull.ts <home> <relayUrl>`; prints one JSON line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Engine } from '../../src/main/engine';
import { syncWith } from '../../src/main/engine-sync';
import { syncNow } from '../../src/main/sync/sync-client';
import { forceGc } from './phase-meter';

export interface DevicePull {
  pullS: number;
  /** Peak resident growth over the opened, empty home (sampled). */
  peakRssGrowthMB: number;
  /** The same from the kernel's high-water mark (VmHWM), which no sampling interval can miss. */
  hwmGrowthMB: number;
  baseRssMB: number;
  /** Peak growth of what makes up the resident set, sampled with it: the V8 heap in use (garbage included) and memory outside it (buffers, SQLite's). */
  peakHeapUsedGrowthMB: number;
  peakExternalGrowthMB: number;
  messages: number;
  refused: number;
}

/** The kernel's high-water mark of this process's resident memory, in bytes (Linux); null elsewhere. */
function highWaterMark(): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function main(home: string, relayUrl: string): Promise<DevicePull> {
  const e = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  try {
    forceGc();
    const rss0 = process.memoryUsage().rss;
    const hwm0 = highWaterMark() ?? rss0;
    const m0 = process.memoryUsage();
    let peak = rss0;
    let heapPeak = m0.heapUsed;
    let externalPeak = m0.external;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
      externalPeak = Math.max(externalPeak, m.external);
    }, 20);
    const t = performance.now();
    const report = await syncNow({ relayUrl, space: 'bench', storeFile: join(home, 'sync', 'device.sqlite'), ...syncWith(e), timeoutMs: 120_000 });
    const pullS = (performance.now() - t) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const hwm = highWaterMark() ?? peak;
    const messages = e.appDb.prepare('SELECT COUNT(*) FROM messages WHERE deleted_at IS NULL').pluck().get() as number;
    // The high-water mark before the pull may already exceed the baseline (opening the home): count only above both.
    return { pullS, peakRssGrowthMB: (peak - rss0) / 1e6, hwmGrowthMB: (hwm - Math.max(rss0, hwm0)) / 1e6, baseRssMB: rss0 / 1e6, peakHeapUsedGrowthMB: (heapPeak - m0.heapUsed) / 1e6, peakExternalGrowthMB: (externalPeak - m0.external) / 1e6, messages, refused: report.refused };
  } finally {
    e.close();
  }
}

const [home, relayUrl] = process.argv.slice(2);
main(home, relayUrl).then(
  (r) => console.log(JSON.stringify(r)),
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);
