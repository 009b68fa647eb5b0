// Issue 30 §6's initial sync through Monad's own path (not the spike's stand-in records): home A holds the
// benchmark home — 10,000 messages (200 chats × 50), 5,000 facts (10 scopes × 500) and 20,000 relations over
// 4,000 entities, each relation supported by a message — written through the engine's own stores. A pushes it
// to a relay on loopback; a fresh home B pulls everything with one `sync now` through every kind's write path
// (the message store, MemoryDir, the graph store). Figures: the pull's time (target ≤ 60 s), the memory it
// adds to the process (peak resident growth, target ≤ 200 MB), a quiet `sync now` after it, and what arrived.
// Each phase also gives its CPU seconds and the V8 heap's peak (phase-meter.ts): on a busy machine compare those.
// Run alone with `npm run bench -- sync-home` or `npx tsx bench/sync-spike/home-path.ts`;
// MONAD_BENCH_PROFILE=<dir> writes a CPU profile of the pull and of the live join (pull.cpuprofile, live.cpuprofile;
// their memory figures then count the profiler too), MONAD_BENCH_SYNC_HOME=<dir> reuses the built home A.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Engine } from '../../src/main/engine';
import { syncWith } from '../../src/main/engine-sync';
import { startLiveSync } from '../../src/main/engine-sync-live';
import { DocStore } from '../../src/main/sync/doc-store';
import { startRelay } from '../../src/main/sync/relay';
import { syncNow, type SyncReport } from '../../src/main/sync/sync-client';
import { forceGc, startMeter, type PhaseFigures } from './phase-meter';
import { profiled } from './profile-phase';
import type { DevicePull } from './device-pull';
import { chatDoc, factsDoc, graphDoc, SIZE, type FactRecord, type MessageRecord, type NodeRecord, type RelationRecord } from './workload';

export interface SyncHomeResult {
  messages: number;
  facts: number;
  relations: number;
  buildS: number;
  pushS: number;
  pullS: number;
  pullPeakRssGrowthMB: number;
  /** The pull's CPU seconds and where its peak was (phase-meter.ts): comparable between runs on a busy machine. */
  pullMeter: PhaseFigures;
  quietResyncS: number;
  received: { messages: number; facts: number; relations: number };
  refused: number;
  /**
   * A third, fresh home joining with the app's live sync: its peak, what it holds 3 s after everything
   * arrived (every document open), and once its idle documents are closed (resident and V8 heap growth).
   */
  /**
   * The same pull in a process of its own that holds only the fresh home (the relay and home A stay in this one):
   * the memory a device adds, with nothing else in its heap.
   */
  device: DevicePull;
  live: { meter: PhaseFigures; pullS: number; peakRssGrowthMB: number; settledRssGrowthMB: number; complete: boolean; openDocs: number; idle: { closeS: number; openDocs: number; rssGrowthMB: number; heapGrowthMB: number; settledHeapGrowthMB: number } };
}

/** Writes the benchmark home into an engine through its own stores; returns the counts it holds. */
function buildHome(e: Engine): { messages: number; facts: number; relations: number } {
  const messageIds = new Map<string, string>(); // the workload's message id → the store's
  let messages = 0;
  for (let s = 0; s < SIZE.sessions; s++) {
    const doc = chatDoc(s);
    const session = e.sessions.create({ agentId: 'default', title: (Object.values(doc.collections.session)[0] as { title: string }).title });
    for (const m of Object.values(doc.collections.messages) as MessageRecord[]) {
      messageIds.set(m.id, e.messages.append({ sessionId: session.id, role: m.role, content: m.content }).id);
      messages++;
    }
  }
  for (let i = 0; i < SIZE.factScopes; i++) {
    const recs = Object.values(factsDoc(i).collections.facts) as FactRecord[];
    e.facts.ledger.as({ actor: 'person', source: { via: 'app' } }, () => e.facts.memory.recordMany(recs[0].scope, recs.map((f) => f.text)));
  }
  const facts = e.facts.memory.scopes().reduce((n, s) => n + s.count, 0);
  for (let g = 0; g < SIZE.graphScopes.length; g++) {
    const { scope } = SIZE.graphScopes[g];
    const doc = graphDoc(g);
    const nodeIds = new Map<string, number>();
    for (const n of Object.values(doc.collections.nodes) as NodeRecord[]) nodeIds.set(n.id, e.graph.store.upsertNode(scope, n.name, n.type).id);
    for (const r of Object.values(doc.collections.relations) as RelationRecord[]) {
      const support = r.support.map((m) => messageIds.get(m)).filter((m): m is string => Boolean(m));
      e.graph.store.upsertEdge({ scope, src: nodeIds.get(r.src)!, dst: nodeIds.get(r.dst)!, relation: r.relation, provClass: r.provClass === 'stated' ? 'user' : 'inferred', validFrom: r.validFrom.slice(0, 10), support, supersede: false });
    }
  }
  return { messages, facts, relations: relationCount(e) };
}

function relationCount(e: Engine): number {
  return SIZE.graphScopes.reduce((n, { scope }) => n + e.graph.store.snapshot(scope).edges.length, 0);
}

function messageCount(e: Engine): number {
  return e.appDb.prepare('SELECT COUNT(*) FROM messages WHERE deleted_at IS NULL').pluck().get() as number;
}

const LIVE_IDLE_CLOSE_MS = 10_000;

/** A fresh home paired to the relay and synced by the live session the app runs; its memory while it holds the home. */
async function measureLive(c: Engine, home: string, relayUrl: string, want: { messages: number; facts: number; relations: number }): Promise<SyncHomeResult['live']> {
  const store = new DocStore(join(home, 'sync', 'device.sqlite'));
  store.set('relay', relayUrl);
  store.set('space', 'bench');
  store.close();
  forceGc();
  const rss0 = process.memoryUsage().rss;
  const heap0 = process.memoryUsage().heapUsed;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t = performance.now();
  const meter = startMeter();
  try {
    // The app's quiet time before an idle document closes is 60 s; 10 s here keeps the run short.
    startLiveSync(c, { env: {}, tuning: { idleCloseMs: LIVE_IDLE_CLOSE_MS } });
    const deadline = Date.now() + 180_000;
    const done = (): boolean => messageCount(c) === want.messages && c.facts.memory.scopes().reduce((n, s) => n + s.count, 0) === want.facts && relationCount(c) === want.relations;
    await profiled('live', async () => {
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    });
    const liveMeter = meter.stop();
    const pullS = (performance.now() - t) / 1000;
    const complete = done();
    await new Promise((r) => setTimeout(r, 3_000));
    forceGc();
    const settled = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, openDocs: c.sync.openDocuments() };
    const peakMB = (Math.max(peak, settled.rss) - rss0) / 1e6;
    const t1 = performance.now();
    const idleBy = Date.now() + LIVE_IDLE_CLOSE_MS + 60_000;
    while (c.sync.openDocuments() > 1 && Date.now() < idleBy) await new Promise((r) => setTimeout(r, 250));
    const closeS = (performance.now() - t1) / 1000;
    forceGc();
    await new Promise((r) => setTimeout(r, 2_000));
    forceGc();
    const m = process.memoryUsage();
    const idle = { closeS, openDocs: c.sync.openDocuments(), rssGrowthMB: (m.rss - rss0) / 1e6, heapGrowthMB: (m.heapUsed - heap0) / 1e6, settledHeapGrowthMB: (settled.heap - heap0) / 1e6 };
    return { meter: liveMeter, pullS, peakRssGrowthMB: peakMB, settledRssGrowthMB: (settled.rss - rss0) / 1e6, complete, openDocs: settled.openDocs, idle };
  } finally {
    clearInterval(sampler);
    await c.sync.stop();
    c.close();
  }
}

const DEVICE_PULL = fileURLToPath(new URL('./device-pull.ts', import.meta.url));

/** A fresh home pulling the whole home in a child process of its own (device-pull.ts). */
async function pullInOwnProcess(home: string, relayUrl: string): Promise<DevicePull> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', DEVICE_PULL, home, relayUrl], { maxBuffer: 1024 * 1024, timeout: 300_000 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as DevicePull;
}

export async function runSyncHomeBench(): Promise<SyncHomeResult> {
  const root = mkdtempSync(join(tmpdir(), 'monad-sync-home-'));
  // MONAD_BENCH_SYNC_HOME=<dir>: home A and the relay it pushed to, kept there after a first run and copied
  // from it by the next ones (a run then measures the pull and the live join only: building the home is the
  // longest step, and the same for every run of one checkout). Use one folder per checkout.
  const cache = process.env.MONAD_BENCH_SYNC_HOME;
  const cached = Boolean(cache && existsSync(join(cache, 'a')));
  if (cached) for (const d of ['a', 'relay']) cpSync(join(cache!, d), join(root, d), { recursive: true });
  let relay = await startRelay({ dataDir: join(root, 'relay'), port: 0 });
  const open = (n: string): Engine => Engine.open({ home: join(root, n), host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  let a = open('a');
  let b: Engine | null = null;
  const run = (e: Engine, n: string): Promise<SyncReport> => syncNow({ relayUrl: relay.url, space: 'bench', storeFile: join(root, n, 'sync', 'device.sqlite'), ...syncWith(e), timeoutMs: 120_000 });
  try {
    let t = performance.now();
    const counts = cached ? { messages: messageCount(a), facts: a.facts.memory.scopes().reduce((n, s) => n + s.count, 0), relations: relationCount(a) } : buildHome(a);
    const buildS = cached ? 0 : (performance.now() - t) / 1000;
    t = performance.now();
    if (!cached) await run(a, 'a');
    const pushS = cached ? 0 : (performance.now() - t) / 1000;
    if (cache && !cached) {
      a.close();
      await relay.close();
      for (const d of ['a', 'relay']) cpSync(join(root, d), join(cache, d), { recursive: true });
      relay = await startRelay({ dataDir: join(root, 'relay'), port: 0 });
      a = open('a');
    }

    b = open('b');
    forceGc();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    t = performance.now();
    const pullMeter = startMeter();
    const pulled = await profiled('pull', () => run(b!, 'b'));
    const pullS = (performance.now() - t) / 1000;
    const pullFigures = pullMeter.stop();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const received = { messages: messageCount(b), facts: b.facts.memory.scopes().reduce((n, s) => n + s.count, 0), relations: relationCount(b) };
    t = performance.now();
    await run(b, 'b');
    const quietResyncS = (performance.now() - t) / 1000;
    b.close();
    b = null;
    const device = await pullInOwnProcess(join(root, 'd'), relay.url);
    const live = await measureLive(open('c'), join(root, 'c'), relay.url, counts);
    return {
      device,
      live,
      ...counts,
      buildS,
      pushS,
      pullS,
      pullPeakRssGrowthMB: (peak - rss0) / 1e6,
      pullMeter: pullFigures,
      quietResyncS,
      received,
      refused: pulled.refused,
    };
  } finally {
    a.close();
    b?.close();
    await relay.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSyncHomeBench().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
