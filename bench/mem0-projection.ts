// Issue 32 §4's benchmark: `app.status` p99 ≤ 50 ms while five mem0 maps are drawn. A home whose mem0
// local store holds 5,000 memories of 1,536 dimensions (written as mem0 writes them), five projections
// asked at once (five agents, so none shares another's drawing), and `app.status` through the contract
// dispatcher every 10 ms until the last map is done.
// Run alone with `npx tsx bench/mem0-projection.ts`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { dispatch } from '../src/main/contract/dispatch';
import { createHandlers } from '../src/main/contract/handlers';
import { Engine } from '../src/main/engine';
import { mem0Layout } from '../src/main/memory/mem0/layout';
import { percentile, round } from './lib/stats';

export const STATUS_P99_TARGET_MS = 50;
const MEMORIES = 5000;
const DIM = 1536;
const AGENTS = ['a1', 'a2', 'a3', 'a4', 'a5'];

export interface ProjectionBenchResult {
  memories: number;
  dimension: number;
  projections: number;
  statusCalls: number;
  statusMs: { p50: number; p99: number; max: number };
  projectionsWallMs: number;
  met: boolean;
  loadAvg: number[];
}

function seed(engine: Engine): void {
  const layout = mem0Layout(engine.paths);
  mkdirSync(layout.dir, { recursive: true });
  const db = new BetterSqlite3(layout.localVectors);
  db.exec(`CREATE TABLE IF NOT EXISTS vectors (id TEXT PRIMARY KEY, vector BLOB NOT NULL, payload TEXT NOT NULL)`);
  const put = db.prepare(`INSERT INTO vectors (id, vector, payload) VALUES (?, ?, ?)`);
  let s = 7;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  db.transaction(() => {
    for (let i = 0; i < MEMORIES; i++) {
      const v = new Float32Array(DIM);
      for (let d = 0; d < DIM; d++) v[d] = rnd();
      put.run(`m${i}`, Buffer.from(v.buffer), JSON.stringify({ data: `memory ${i}`, agent_id: AGENTS[i % AGENTS.length], createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }));
    }
  })();
  db.close();
}

export async function runProjectionBench(): Promise<ProjectionBenchResult> {
  const home = mkdtempSync(join(tmpdir(), 'monad-bench-proj-'));
  try {
    const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
    try {
      engine.config.update((c) => {
        for (const id of AGENTS) c.agent.agents.push({ ...c.agent.agents[0], id, name: id });
        return c;
      });
      seed(engine);
      const handlers = createHandlers(engine);
      // Warm-up: one status call and one small map, so the first measured call pays no loading.
      await dispatch(handlers, 'app.status', {});
      const started = performance.now();
      let running = true;
      const maps = Promise.all(AGENTS.map((agentId) => dispatch(handlers, 'mem0.projection', { agentId }))).then((r) => {
        running = false;
        return r;
      });
      // Timed from when each call was due (every 10 ms), not from when the loop got round to it: a
      // person's window sees a blocked engine thread as a late answer, and so does this figure.
      const latencies: number[] = [];
      let due = performance.now();
      while (running) {
        const start = performance.now();
        await dispatch(handlers, 'app.status', {});
        const now = performance.now();
        // A timer may fire a little before its time: then the call is timed from when it really started.
        latencies.push(now - Math.min(start, due));
        due = Math.max(due + 10, now);
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
      const results = await maps;
      const wall = performance.now() - started;
      if (!results.every((r) => r.ok)) throw new Error(`a projection failed: ${JSON.stringify(results.find((r) => !r.ok))}`);
      const p99 = percentile(latencies, 99);
      return {
        memories: MEMORIES,
        dimension: DIM,
        projections: AGENTS.length,
        statusCalls: latencies.length,
        statusMs: { p50: round(percentile(latencies, 50)), p99: round(p99), max: round(Math.max(...latencies)) },
        projectionsWallMs: Math.round(wall),
        met: p99 <= STATUS_P99_TARGET_MS,
        loadAvg: loadavg(),
      };
    } finally {
      engine.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runProjectionBench().then((r) => console.log(JSON.stringify(r, null, 2)));
}
