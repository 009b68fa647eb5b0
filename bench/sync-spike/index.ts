// Issue 30 §1: both sync engines on Monad's benchmark home, relay + two devices on loopback WebSocket,
// each in a process of its own. Per engine and layout it measures:
//   - the relay taking in device A's home (A seeds, pushes; polled until the relay holds every version)
//   - the initial sync of a fresh device B (all documents in memory and on B's disk)   target ≤ 60 s
//   - a fact recorded on A visible on B, 20 probes                                      target ≤ 2 s
//   - B's memory: resident-set growth from before the sync to its high-water mark       target ≤ 200 MB
//   - CPU of each process over 10 s of idleness afterwards                              target ≈ 0
//   - bytes on disk of the relay and of device B
// Run: `npm run bench -- sync-spike`, or `npx tsx bench/sync-spike/index.ts [--engine automerge|yjs]
// [--layout split|single] [--json]`. The concurrency findings (concurrency.ts) run in this process.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from '../lib/stats';
import type { EngineName } from './worker';
import { newFact, recordCount, homeDocs, type Layout } from './workload';

export const SYNC_TARGETS = { initialSyncS: 60, changeMs: 2_000, memoryMB: 200, idleCpuPct: 1 } as const;
const PROBES = 20;
const IDLE_MS = 10_000;
const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

export interface SpikeRun {
  engine: EngineName;
  layout: Layout;
  /** Automerge only: device B drops each document from memory once it is on disk (see automerge-peer.ts). */
  evict: boolean;
  docs: number;
  records: number;
  seedS: number;
  relayIngestS: number;
  initialSyncS: number;
  initialSyncInMemoryS: number;
  changeMs: { p50: number; p95: number; max: number };
  deviceRssGrowthMB: number;
  deviceRssAfterMB: number;
  relayRssMB: number;
  relayMaxRssMB: number;
  seederMaxRssMB: number;
  idleCpuPct: { relay: number; a: number; b: number };
  diskMB: { relay: number; device: number };
  load: { before: number; after: number };
}

class Worker {
  private seq = 0;
  private waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  private seenWaiters = new Map<string, (at: number) => void>();
  private constructor(private child: ChildProcess) {
    child.on('message', (m: { id?: number; ok?: boolean; result?: unknown; error?: string; event?: string; key?: string; at?: number }) => {
      if (m.event === 'seen') this.seenWaiters.get(m.key!)?.(m.at!);
      if (m.id === undefined) return;
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.ok) w?.ok(m.result);
      else w?.fail(new Error(m.error));
    });
  }
  static start(engine: EngineName, role: 'relay' | 'device', dir: string, name: string): Promise<Worker> {
    const child = fork(WORKER, [engine, role, dir, name], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
      child.once('message', () => resolve(new Worker(child)));
    });
  }
  call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = ++this.seq;
    return new Promise<T>((ok, fail) => {
      this.waiting.set(id, { ok: ok as (v: unknown) => void, fail });
      this.child.send({ id, cmd, args });
    });
  }
  seen(key: string): Promise<number> {
    return new Promise((r) => this.seenWaiters.set(key, r));
  }
  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

function bytesUnder(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? bytesUnder(p) : statSync(p).size;
  }
  return n;
}

interface Usage {
  rssMB: number;
  maxRssMB: number;
  cpuMs: number;
}

export async function runOne(engine: EngineName, layout: Layout, evict = false): Promise<SpikeRun> {
  const root = mkdtempSync(join(tmpdir(), `monad-sync-${engine}-`));
  const workers: Worker[] = [];
  const loadBefore = loadavg()[0];
  try {
    const relay = await Worker.start(engine, 'relay', join(root, 'relay'), 'relay');
    workers.push(relay);
    const { url } = await relay.call<{ url: string }>('start');
    const a = await Worker.start(engine, 'device', join(root, 'a'), 'device-a');
    const b = await Worker.start(engine, 'device', join(root, 'b'), 'device-b');
    workers.push(a, b);
    await a.call('connect', { url });
    const seeded = await a.call<{ root: string; versions: Record<string, string>; seedMs: number; after: Usage }>('seed', { layout });

    // The relay has the home when it holds every document at the version A has.
    const total = Object.keys(seeded.versions).length;
    const t0 = performance.now();
    while ((await relay.call<number>('holds', { versions: seeded.versions })) < total) {
      if (performance.now() - t0 > 600_000) throw new Error(`${engine}/${layout}: the relay did not take in the home within 10 min`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const relayIngestS = (performance.now() - t0) / 1000;

    await b.call('connect', { url, evict });
    const synced = await b.call<{ docs: number; records: number; inMemoryMs: number; totalMs: number; before: Usage; after: Usage }>('sync', { root: seeded.root, layout });

    const lat: number[] = [];
    for (let n = 0; n < PROBES; n++) {
      const key = newFact(n, 'device-a').id;
      const seen = b.seen(key);
      await b.call('watch', { layout, key });
      const put = await a.call<{ at: number }>('put', { layout, n });
      lat.push((await seen) - put.at);
    }

    await new Promise((r) => setTimeout(r, 2_000));
    const [ir, ia, ib] = await Promise.all([relay, a, b].map((w) => w.call<{ cpuMs: number; rssMB: number }>('idle', { ms: IDLE_MS })));
    const ru = await relay.call<Usage>('usage');
    const bu = await b.call<Usage>('usage');
    const au = await a.call<Usage>('usage');
    await Promise.all([relay, a, b].map((w) => w.call('stop').catch(() => null)));
    await new Promise((r) => setTimeout(r, 300));
    const pct = (ms: number): number => (100 * ms) / IDLE_MS;
    return {
      engine,
      layout,
      evict,
      docs: synced.docs,
      records: synced.records,
      seedS: seeded.seedMs / 1000,
      relayIngestS,
      initialSyncS: synced.totalMs / 1000,
      initialSyncInMemoryS: synced.inMemoryMs / 1000,
      changeMs: { p50: percentile(lat, 50), p95: percentile(lat, 95), max: Math.max(...lat) },
      deviceRssGrowthMB: Math.max(synced.after.maxRssMB, bu.maxRssMB) - synced.before.rssMB,
      deviceRssAfterMB: bu.rssMB,
      relayRssMB: ru.rssMB,
      relayMaxRssMB: ru.maxRssMB,
      seederMaxRssMB: au.maxRssMB,
      idleCpuPct: { relay: pct(ir.cpuMs), a: pct(ia.cpuMs), b: pct(ib.cpuMs) },
      diskMB: { relay: bytesUnder(join(root, 'relay')) / 1e6, device: bytesUnder(join(root, 'b')) / 1e6 },
      load: { before: loadBefore, after: loadavg()[0] },
    };
  } finally {
    for (const w of workers) w.kill();
    rmSync(root, { recursive: true, force: true });
  }
}

export async function runSyncSpike(opts: { engines?: EngineName[]; layouts?: Layout[] } = {}): Promise<{ records: number; runs: SpikeRun[] }> {
  const runs: SpikeRun[] = [];
  for (const layout of opts.layouts ?? ['split', 'single']) {
    for (const engine of opts.engines ?? ['automerge', 'yjs']) {
      process.stderr.write(`sync-spike: ${engine}, ${layout} layout…\n`);
      runs.push(await runOne(engine, layout));
    }
  }
  // Automerge's memory is mostly documents kept loaded: the split layout lets a device drop them.
  if ((opts.engines ?? ['automerge']).includes('automerge') && (opts.layouts ?? ['split']).includes('split')) {
    process.stderr.write('sync-spike: automerge, split layout, device drops documents after sync…\n');
    runs.push(await runOne('automerge', 'split', true));
  }
  return { records: recordCount(homeDocs('split')), runs };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { engine: { type: 'string', multiple: true }, layout: { type: 'string', multiple: true }, json: { type: 'boolean', default: false } } });
  runSyncSpike({ engines: values.engine as EngineName[] | undefined, layouts: values.layout as Layout[] | undefined }).then(
    (r) => console.log(values.json ? JSON.stringify(r) : JSON.stringify(r, null, 2)),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
