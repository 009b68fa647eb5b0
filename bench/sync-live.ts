// The live sync (issue 30 §5) on the benchmark's facts: a relay and two paired homes on loopback, each with
// the live session the app and `monad serve` run (product defaults: 250 ms quiet time). Home A holds the
// 5,000 facts (10 scopes, the spike's texts) and pushes them live; home B starts empty and pulls them live
// (its added memory is measured); then 20 probes, a fact recorded on A timed until it is in B's Markdown
// file; then 10 s of idleness, CPU measured. That much runs in this one process (relay + two devices), so
// its idle CPU is an upper bound for one device. Last, B's home is served by the built `monad serve` in a
// process of its own, with MONAD_SYNC=off and then live: its idle CPU and resident memory each way (the
// difference is what the live sync adds to a device holding 5,000 facts).
// Run alone with `npm run bench -- sync-live` or `npx tsx bench/sync-live.ts`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Engine } from '../src/main/engine';
import { startLiveSync } from '../src/main/engine-sync-live';
import { DocStore } from '../src/main/sync/doc-store';
import { deviceStoreFile } from '../src/main/sync/live-sync-service';
import { startRelay } from '../src/main/sync/relay';
import { factsDoc, SIZE, type FactRecord } from './sync-spike/workload';
import { ROOT, serve } from './lib/serve';

export const SYNC_LIVE_TARGETS = { probeMs: 2_000, memoryMB: 200, idleCpuPct: 1 } as const;

export interface SyncLiveResult {
  facts: number;
  /** A's live push of its 5,000 facts, until the relay acknowledged them. */
  pushS: number;
  /** B's live pull of them into its Markdown files. */
  pullS: number;
  /** Growth of this process's resident memory while B started its live sync and pulled everything. */
  pullRssGrowthMB: number;
  probes: number;
  probeMs: { p50: number; p95: number; max: number };
  /** The same, into a document both devices had closed as idle (A reopens it to send, the relay tells B). */
  closedProbes: number;
  closedProbeMs: { p50: number; p95: number; max: number };
  /** CPU of this process (relay + both live devices) over 10 s of idleness, % of one core. */
  idleCpuPct: number;
  idleSeconds: number;
  /** B's home served by the built `monad serve` in a process of its own, without and with its live sync. */
  served: { off: ServedIdle; live: ServedIdle } | null;
}

export interface ServedIdle {
  /** CPU of the process over 10 s after it settled, % of one core. */
  idleCpuPct: number;
  /** Resident memory after settling. */
  rssMB: number;
}

const PROBES = 20;
const IDLE_MS = 10_000;

async function until(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const SETTLE_MS = 5_000;

/** Ticks of CPU (user + system) a process has used, from /proc (Linux). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

async function servedIdle(home: string, sync: 'on' | 'off'): Promise<ServedIdle> {
  const before = process.env.MONAD_SYNC;
  process.env.MONAD_SYNC = sync;
  const s = await serve(home);
  if (before === undefined) delete process.env.MONAD_SYNC;
  else process.env.MONAD_SYNC = before;
  try {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const pid = s.child.pid!;
    const t0 = cpuTicks(pid);
    const w0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    // USER_HZ is 100 on Linux: a tick is 10 ms.
    const idleCpuPct = (((cpuTicks(pid) - t0) * 10) / (performance.now() - w0)) * 100;
    const rssKB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
    return { idleCpuPct, rssMB: rssKB / 1024 };
  } finally {
    await s.stop();
  }
}

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Idle documents close after 60 s in the app; 3 s here, so that the closed-document probes need not wait a
// minute each (the open-document probes follow each other within a second, so theirs stays open).
const IDLE_CLOSE_MS = 3_000;
const CLOSED_PROBES = 5;

export async function runSyncLiveBench(): Promise<SyncLiveResult> {
  const root = mkdtempSync(join(tmpdir(), 'monad-sync-live-'));
  const relay = await startRelay({ dataDir: join(root, 'relay'), port: 0 });
  const open = (n: string): Engine => {
    const home = join(root, n);
    const store = new DocStore(deviceStoreFile(home));
    store.set('relay', relay.url);
    store.set('space', 'bench-live');
    store.close();
    return Engine.open({ home, host: 'server', backgroundJobs: false, qdrant: { enabled: false } });
  };
  const a = open('a');
  let b: Engine | null = null;
  try {
    for (let i = 0; i < SIZE.factScopes; i++) {
      const recs = Object.values(factsDoc(i).collections.facts) as FactRecord[];
      a.facts.memory.recordMany(recs[0].scope, recs.map((f) => f.text));
    }
    const facts = a.facts.memory.scopes().reduce((n, s) => n + s.count, 0);
    let t = performance.now();
    startLiveSync(a, { env: {}, tuning: { idleCloseMs: IDLE_CLOSE_MS } });
    await a.sync.flush(120_000);
    const pushS = (performance.now() - t) / 1000;

    if (global.gc) global.gc();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    t = performance.now();
    const home = open('b');
    b = home;
    startLiveSync(home, { env: {}, tuning: { idleCloseMs: IDLE_CLOSE_MS } });
    const count = () => home.facts.memory.scopes().reduce((n, s) => n + s.count, 0);
    await until(() => count() >= facts, 180_000, `B to hold ${facts} facts`);
    const pullS = (performance.now() - t) / 1000;
    await home.sync.flush(60_000);
    clearInterval(sampler);
    const pullRssGrowthMB = (peak - rss0) / 1e6;

    const globalFile = home.facts.memory.pathOf('global');
    const times: number[] = [];
    for (let i = 0; i < PROBES; i++) {
      const text = `Live probe ${i}: recorded on A at ${Date.now()}`;
      const t0 = performance.now();
      a.facts.ledger.as({ actor: 'person' }, () => a.facts.memory.record('global', text));
      await until(() => readFileSync(globalFile, 'utf8').includes(text), 30_000, `probe ${i} on B`);
      times.push(performance.now() - t0);
      // Settle both sides (acknowledged, nothing due) so each probe starts from the same idle state.
      await a.sync.flush(30_000);
      await home.sync.flush(30_000);
    }
    const sorted = [...times].sort((x, y) => x - y);

    const closedTimes: number[] = [];
    for (let i = 0; i < CLOSED_PROBES; i++) {
      await until(() => a.sync.openDocuments() === 1 && home.sync.openDocuments() === 1, 60_000, 'every document but the root closed on A and B');
      const text = `Closed-document probe ${i}: recorded on A at ${Date.now()}`;
      const t0 = performance.now();
      a.facts.ledger.as({ actor: 'person' }, () => a.facts.memory.record('global', text));
      await until(() => readFileSync(globalFile, 'utf8').includes(text), 30_000, `closed probe ${i} on B`);
      closedTimes.push(performance.now() - t0);
    }
    const closedSorted = [...closedTimes].sort((x, y) => x - y);

    await new Promise((r) => setTimeout(r, 1_000));
    const cpu0 = process.cpuUsage();
    const w0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - w0;
    const idleCpuPct = ((cpu.user + cpu.system) / 1000 / wall) * 100;

    // The device alone: B's home (5,000 facts, paired) served in its own process, without then with its live sync.
    await home.sync.stop();
    home.close();
    b = null;
    const served = existsSync(join(ROOT, 'out/cli/index.js')) ? { off: await servedIdle(join(root, 'b'), 'off'), live: await servedIdle(join(root, 'b'), 'on') } : null;

    return { facts, pushS, pullS, pullRssGrowthMB, probes: PROBES, probeMs: { p50: pct(sorted, 50), p95: pct(sorted, 95), max: sorted[sorted.length - 1] }, closedProbes: CLOSED_PROBES, closedProbeMs: { p50: pct(closedSorted, 50), p95: pct(closedSorted, 95), max: closedSorted[closedSorted.length - 1] }, idleCpuPct, idleSeconds: wall / 1000, served };
  } finally {
    await a.sync.stop();
    await b?.sync.stop();
    a.close();
    b?.close();
    await relay.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSyncLiveBench().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
