// The mem0 explorer's map never blocks the engine (issue 32 §4): the PCA runs on a worker thread,
// identical requests share one drawing, and a vector with a NaN or an infinity is left out and counted
// instead of making every point's position NaN.
import { mkdirSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { mem0Layout } from '../../src/main/memory/mem0/layout';
import { pca2d } from '../../src/main/memory/mem0/pca2d';
import { ProjectionWorkers } from '../../src/main/memory/mem0/projection-worker';
import { openEngine } from '../helpers/temp-home';

/** mem0's local store, written as mem0 writes it: Float32 vectors, JSON payloads. */
function seedLocalStore(engine: Engine, rows: { id: string; vector: number[]; agent?: string }[]): void {
  const layout = mem0Layout(engine.paths);
  mkdirSync(layout.dir, { recursive: true });
  const db = new BetterSqlite3(layout.localVectors);
  db.exec(`CREATE TABLE IF NOT EXISTS vectors (id TEXT PRIMARY KEY, vector BLOB NOT NULL, payload TEXT NOT NULL)`);
  const put = db.prepare(`INSERT INTO vectors (id, vector, payload) VALUES (?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows) put.run(r.id, Buffer.from(new Float32Array(r.vector).buffer), JSON.stringify({ data: `memory ${r.id}`, agent_id: r.agent ?? 'default', createdAt: `2026-12-01T00:00:${String(rows.indexOf(r) % 60).padStart(2, '0')}Z` }));
  })();
  db.close();
}

/** Deterministic pseudo-random vectors with a dominant direction. */
function vectors(n: number, dim: number): number[][] {
  let s = 42;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  return Array.from({ length: n }, (_, i) => Array.from({ length: dim }, (_, d) => (d === 0 ? i / n : 0) + rnd() * 0.1));
}

describe('the mem0 map', () => {
  it('a worker draws the same map as the kernel in place', async () => {
    const rows = vectors(300, 64);
    const workers = new ProjectionWorkers();
    try {
      const flat = new Float64Array(rows.flat());
      const r = await workers.run(flat, rows.length, 64);
      const here = pca2d(rows);
      expect(Array.from(r.coords.slice(0, 10))).toEqual(here.coords.slice(0, 5).flat());
      expect(r.explained).toEqual(here.explained);
    } finally {
      await workers.close();
    }
  });

  it('leaves out and counts vectors with NaN or infinity; the others keep finite positions', async () => {
    const engine = openEngine({ qdrant: { enabled: false } });
    const rows = vectors(40, 16).map((v, i) => ({ id: `m${i}`, vector: v }));
    rows[3].vector[5] = Number.NaN;
    rows[7].vector[0] = Number.POSITIVE_INFINITY;
    seedLocalStore(engine, rows);
    const r = await dispatch(createHandlers(engine), 'mem0.projection', {});
    expect(r.ok).toBe(true);
    const proj = (r as { ok: true; data: { points: { id: string; x: number; y: number }[]; notes: string[] } }).data;
    expect(proj.points).toHaveLength(38);
    expect(proj.points.map((p) => p.id)).not.toContain('m3');
    expect(proj.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
    expect(proj.notes.join(' ')).toMatch(/2 memories have vectors with broken numbers/);
  });

  it('while five maps of 2,000 × 1,536 are drawn, the engine answers other calls first', async () => {
    const engine = openEngine({ qdrant: { enabled: false } });
    seedLocalStore(engine, vectors(2000, 1536).map((v, i) => ({ id: `m${i}`, vector: v, agent: i % 2 ? 'default' : 'other' })));
    const handlers = createHandlers(engine);
    const order: string[] = [];
    const maps = [{}, {}, { agentId: 'default' }, {}, { agentId: 'default' }].map((input, i) =>
      dispatch(handlers, 'mem0.projection', input).then((r) => {
        order.push(`map ${i}`);
        return r;
      }),
    );
    // Asked at once, beside them: on the engine's thread a map's PCA would run to its end first.
    const status = await dispatch(handlers, 'app.status', {});
    order.push('status');
    expect(status.ok).toBe(true);
    const done = await Promise.all(maps);
    expect(done.every((r) => r.ok)).toBe(true);
    // The small call did not wait for the maps; identical requests shared one drawing.
    expect(order[0]).toBe('status');
    const data = done.map((r) => (r as { ok: true; data: unknown }).data);
    expect(data[0]).toBe(data[1]);
    expect(data[2]).toBe(data[4]);
  }, 120_000);
});
