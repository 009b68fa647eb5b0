// Nothing lost on a crash, part three: the move of mem0's local store into the managed qdrant
// (Mem0Layer.moveLocalIntoQdrant), killed with SIGKILL at random moments. qdrant is the STAND-IN
// executable (tests/fixtures/qdrant-standin): no real qdrant binary can be downloaded here.
// A home's mem0 local stores (memories and entities) are seeded with points in mem0's own table layout;
// a child (tests/fixtures/kill-mem0-mover.ts) opens the engine with mem0 on, which starts the stand-in
// and moves the points; the child is killed at a random moment of the move, then the stand-in it left
// running is killed too (as a crash of the whole machine would), so the next run starts clean. After
// every kill:
// - both local stores open and pass integrity_check;
// - every seeded point is in the local store or in the stand-in's storage (or both), its payload and
//   vector unchanged, and nothing else is in either.
// A run that finishes the move before its kill gets the local store seeded again (the points are then
// in both, as after a crash between qdrant's write and the local delete), so every run has a move to do.
// Finally one run finishes and closes: every point is in qdrant exactly once, the local stores are empty.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine';
import { MEM0_COLLECTION } from '../../src/main/memory/mem0/layout';
import { vectorToBase64, writeLocalRaw } from '../../src/main/memory/mem0/stores';
import { readPidfile } from '../../src/main/memory/qdrant/pidfile';
import { ephemeralPort } from '../../src/main/memory/qdrant/ports';
import { STANDIN } from '../fixtures/kill-mem0-mover';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { derive, loopSeed, rng, seededUuid, withSeed } from '../helpers/seeded-random';
import { bundleChild } from './child-bundle';

const FILE = 'tests/reliability/kill-mem0-move.test.ts';
const RUNS = Number(process.env.MONAD_KILL_MEM0_RUNS ?? 10);
const DIM = 256;
/** Enough points that the move (one upsert of all of them, then the local delete) takes a while to kill into. */
const MEMORIES = 400;
const ENTITIES = 100;
/** The child, bundled once (plain Node starts it in a fraction of tsx's time); mem0 loads from node_modules. */
let script: string;
/** How long a child may take to reach a line under load: generous, it only bounds a hung run. */
const LINE_TIMEOUT_MS = 60_000;

chmodSync(STANDIN, 0o755);

const dirs: string[] = [];
const children = new Set<ChildProcess>();
let llm: ScriptedLlm;
beforeAll(async () => {
  script = await bundleChild('kill-mem0-mover', ['mem0ai', '@qdrant/js-client-rest']);
  dirs.push(dirname(script));
}, 120_000);
beforeEach(async () => {
  llm = await startScriptedLlm({ embeddingDim: DIM });
});
afterEach(async () => {
  await llm.close();
});
afterAll(() => {
  for (const c of children) killGroup(c);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function scratch(prefix: string): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const d = mkdtempSync(join(base, prefix));
  dirs.push(d);
  return d;
}

interface Seed {
  id: string;
  vector: string; // base64 of the float32 bytes, as mem0's local store keeps it
  payload: Record<string, unknown>;
}

interface Files {
  memories: string;
  entities: string;
  qdrantStorage: string;
  pidFile: string;
}

function filesOf(home: string): Files {
  const mem0 = join(home, 'memory', 'mem0');
  return {
    memories: join(mem0, 'vector_store.db'),
    entities: join(mem0, 'vector_store_entities.db'),
    qdrantStorage: join(home, 'db', 'qdrant', 'storage', 'standin-collections.json'),
    pidFile: join(home, 'db', 'qdrant', 'qdrant.pid'),
  };
}

function seeds(kind: 'memory' | 'entity', n: number, seed: number): Seed[] {
  const rand = rng(derive(seed, 'points', kind));
  return Array.from({ length: n }, (_, i) => {
    const vector = Array.from({ length: DIM }, () => Math.fround(rand() * 2 - 1));
    const at = new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString();
    const payload =
      kind === 'memory'
        ? { data: `Seeded memory ${i}: the user likes item ${i}`, hash: seededUuid(rand).replace(/-/g, ''), user_id: 'local', agent_id: 'default', createdAt: at, updatedAt: at, session_id: `s${i % 7}` }
        : { data: `item ${i}`, entity_type: 'thing', user_id: 'local', agent_id: 'default', createdAt: at };
    return { id: seededUuid(rand), vector: vectorToBase64(vector), payload };
  });
}

function seedLocal(file: string, points: Seed[]): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  for (const p of points) writeLocalRaw(file, p);
}

/** A home with mem0 on, the scripted LLM as its memory and embedding models, and qdrant never run yet. */
function setUpHome(memories: Seed[], entities: Seed[]): string {
  const home = scratch('monad-kill-mem0-');
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  useScriptedModel(engine, llm, { roles: ['memory', 'embedding'] });
  engine.config.update((c) => {
    c.memory.backend = 'mem0';
    return c;
  });
  engine.close();
  const f = filesOf(home);
  seedLocal(f.memories, memories);
  seedLocal(f.entities, entities);
  return home;
}

function isStandin(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('qdrant.mjs');
  } catch {
    return false;
  }
}

/** Gone, or a zombie nobody has reaped yet (it holds no port and writes nothing). */
function gone(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

async function until(what: string, cond: () => boolean, timeoutMs = LINE_TIMEOUT_MS): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

interface Mover {
  child: ChildProcess;
  lines: string[];
  /** When each line arrived here (ms, performance.now()). */
  at: number[];
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  has(prefix: string): boolean;
  stderr(): string;
}

function startMover(home: string, port: number): Mover {
  // Its own process group: a stand-in it spawned before writing the pidfile is still found and killed.
  const child = spawn(process.execPath, [script, home, llm.url, String(port), STANDIN], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  children.add(child);
  const lines: string[] = [];
  const at: number[] = [];
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString('utf8');
    const parts = out.split('\n');
    out = parts.pop()!;
    lines.push(...parts);
    const now = performance.now();
    at.push(...parts.map(() => now));
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString('utf8')));
  child.stdin!.on('error', () => {});
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      r({ code, signal });
    }),
  );
  return { child, lines, at, closed, has: (p) => lines.some((l) => l.startsWith(p)), stderr: () => err };
}

async function waitLine(m: Mover, prefix: string): Promise<void> {
  let ended = false;
  void m.closed.then(() => (ended = true));
  await until(`"${prefix}" from the child`, () => m.has(prefix) || ended);
  if (!m.has(prefix)) throw new Error(`the child ended before "${prefix}" (lines: ${m.lines.join(' | ')}): ${m.stderr()}`);
  if (m.has('FAILED')) throw new Error(`the move failed: ${m.lines.find((l) => l.startsWith('FAILED'))}`);
}

/** Kills the stand-in the dead child left running (pidfile, the pid it reported, its process group). */
async function killStandin(home: string, m: Mover): Promise<void> {
  const pids = new Set<number>();
  const rec = readPidfile(filesOf(home).pidFile);
  if (rec) pids.add(rec.pid);
  const reported = m.lines.find((l) => l.startsWith('QREADY '));
  if (reported) pids.add(Number(reported.split(' ')[1]));
  for (const pid of pids) {
    // Only a stand-in: a pid from an older pidfile may belong to something else by now.
    if (!isStandin(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  killGroup(m.child);
  await until('the stand-in to die', () => [...pids].every(gone), 10_000);
}

interface Observed {
  local: Map<string, Seed>;
  qdrant: Map<string, Seed>;
  qdrantCount: number;
}

/** One local store as the next open finds it: opened read-write (a hot journal is rolled back), checked, read raw. */
function readLocal(file: string): Map<string, Seed> {
  const out = new Map<string, Seed>();
  if (!existsSync(file)) return out;
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    expect(db.pragma('integrity_check', { simple: true }), `integrity of ${file}`).toBe('ok');
    const rows = db.prepare(`SELECT id, vector, payload FROM vectors`).all() as { id: string; vector: Buffer; payload: string }[];
    for (const r of rows) out.set(r.id, { id: r.id, vector: r.vector.toString('base64'), payload: JSON.parse(r.payload) as Record<string, unknown> });
  } finally {
    db.close();
  }
  return out;
}

/** One collection of the stand-in's storage, vectors back in mem0's float32 bytes. */
function readStandin(file: string, collection: string): { points: Map<string, Seed>; count: number } {
  const points = new Map<string, Seed>();
  if (!existsSync(file)) return { points, count: 0 };
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { points: { id: string; vector: number[]; payload: Record<string, unknown> }[] }>;
  const c = all[collection];
  for (const p of c?.points ?? []) points.set(String(p.id), { id: String(p.id), vector: vectorToBase64(p.vector), payload: p.payload });
  return { points, count: c?.points.length ?? 0 };
}

function observe(home: string): { memories: Observed; entities: Observed } {
  const f = filesOf(home);
  const q = readStandin(f.qdrantStorage, MEM0_COLLECTION);
  const qe = readStandin(f.qdrantStorage, `${MEM0_COLLECTION}_entities`);
  return {
    memories: { local: readLocal(f.memories), qdrant: q.points, qdrantCount: q.count },
    entities: { local: readLocal(f.entities), qdrant: qe.points, qdrantCount: qe.count },
  };
}

/** Every seeded point in one store or the other (or both), unchanged; nothing else anywhere. */
function expectAllKept(what: string, seeded: Seed[], o: Observed): void {
  const ids = new Set(seeded.map((s) => s.id));
  expect([...o.local.keys()].filter((id) => !ids.has(id)), `${what}: unknown points in the local store`).toEqual([]);
  expect([...o.qdrant.keys()].filter((id) => !ids.has(id)), `${what}: unknown points in qdrant`).toEqual([]);
  expect(o.qdrantCount, `${what}: a point twice in qdrant`).toBe(o.qdrant.size);
  const lost = seeded.filter((s) => !o.local.has(s.id) && !o.qdrant.has(s.id)).map((s) => s.id);
  expect(lost, `${what}: points in neither store`).toEqual([]);
  for (const s of seeded) {
    for (const [where, got] of [
      ['local', o.local.get(s.id)],
      ['qdrant', o.qdrant.get(s.id)],
    ] as const) {
      if (!got) continue;
      expect(got.vector, `${what}: vector of ${s.id} in ${where}`).toBe(s.vector);
      expect(got.payload, `${what}: payload of ${s.id} in ${where}`).toEqual(s.payload);
    }
  }
}

/** From the child's "qdrant is ready" to its "moved", as seen here. */
function moveTime(m: Mover): number {
  const ready = m.lines.findIndex((l) => l.startsWith('QREADY'));
  const moved = m.lines.findIndex((l) => l.startsWith('MOVED'));
  return Math.max(1, Math.round(m.at[moved] - m.at[ready]));
}

type Landed = 'before the move' | 'during the move' | 'after the move';

describe('crash safety of the mem0 local-store → qdrant move under SIGKILL (stand-in qdrant)', () => {
  it(`stand-in: ${RUNS} kills during the move lose, duplicate and change no point; a finished move leaves each in qdrant once`, async () => {
    const seed = loopSeed('kill-mem0-move', FILE);
    await withSeed(seed, FILE, () => killMoves(seed));
  }, 240_000);
});

async function killMoves(seed: number): Promise<void> {
  const memories = seeds('memory', MEMORIES, seed);
  const entities = seeds('entity', ENTITIES, seed);
  const home = setUpHome(memories, entities);

  // How long the move takes here, now: measured once on a copy, so the kills spread over it.
  const calibration = scratch('monad-kill-mem0-cal-');
  cpSync(home, calibration, { recursive: true });
  const cal = startMover(calibration, await ephemeralPort());
  await waitLine(cal, 'QREADY');
  await waitLine(cal, 'MOVED');
  // The move's length, re-measured on every run that finishes it before its kill: the first one also
  // creates the collections, so later ones are shorter.
  let moveMs = moveTime(cal);
  const measured = [moveMs];
  cal.child.stdin!.end();
  expect((await cal.closed).code).toBe(0);
  expect(observe(calibration).memories.local.size).toBe(0);

  /** What the kills left on disk (how many points where), for the log: which steps the kills split. */
  const states = new Map<string, number>();
  const landed: Record<Landed, number> = { 'before the move': 0, 'during the move': 0, 'after the move': 0 };
  for (let run = 1; run <= RUNS; run++) {
    const m = startMover(home, await ephemeralPort());
    await waitLine(m, 'QREADY');
    // Uniform over the measured move and a tenth beyond it: most kills land inside, a few just after.
    const delay = rng(derive(seed, 'kill', run))() * moveMs * 1.1;
    const timer = setTimeout(() => m.child.kill('SIGKILL'), delay);
    const { signal } = await m.closed;
    clearTimeout(timer);
    expect(signal, `run ${run} ended by itself: ${m.stderr()}`).toBe('SIGKILL');
    expect(m.has('FAILED'), `run ${run}: ${m.lines.join(' | ')}`).toBe(false);
    landed[m.has('MOVED') ? 'after the move' : m.has('MOVING') ? 'during the move' : 'before the move']++;
    await killStandin(home, m);

    const o = observe(home);
    const state = `memories ${o.memories.local.size} local/${o.memories.qdrant.size} qdrant, entities ${o.entities.local.size}/${o.entities.qdrant.size}`;
    states.set(state, (states.get(state) ?? 0) + 1);
    expectAllKept(`run ${run} memories`, memories, o.memories);
    expectAllKept(`run ${run} entities`, entities, o.entities);
    // A move that finished leaves nothing to move: the points go back, so the next run moves again.
    if (m.has('MOVED')) {
      moveMs = moveTime(m);
      measured.push(moveMs);
      expect(o.memories.local.size + o.entities.local.size, `run ${run}: the finished move emptied the local stores`).toBe(0);
      seedLocal(filesOf(home).memories, memories);
      seedLocal(filesOf(home).entities, entities);
    }
  }
  expect(landed['during the move'], JSON.stringify({ measured, landed })).toBeGreaterThan(0);

  // One run that finishes, and closes the engine (which stops the stand-in).
  const last = startMover(home, await ephemeralPort());
  await waitLine(last, 'MOVED');
  last.child.stdin!.end();
  expect((await last.closed).code, last.stderr()).toBe(0);
  const end = observe(home);
  for (const [what, seeded, o] of [
    ['memories', memories, end.memories],
    ['entities', entities, end.entities],
  ] as const) {
    expect(o.local.size, `${what} left in the local store`).toBe(0);
    expect(o.qdrantCount, `${what} in qdrant`).toBe(seeded.length);
    expectAllKept(`final ${what}`, seeded, o);
  }
  console.log(`kill-mem0-move: seed ${seed}; moves measured ${measured.join(', ')} ms; kills ${JSON.stringify(landed)}; left after kills ${JSON.stringify(Object.fromEntries(states))}`);
}
