// L1 facts benchmark (issue 4): write throughput and latency of `record` with 100 / 1,000 / 5,000 facts
// in one scope, and the recall-block build time with 1,000 facts — on a temp home under the OS temp
// dir and, when it exists, on /dev/shm (tmpfs: fsync is free there, so the gap between the two is the
// cost of durability, and the /dev/shm figures are the CPU floor of the store itself).
//
//   npx tsx bench/l1-facts.ts [--json] [--writes N] [--builds N]
//
// Each size gets a fresh home: the scope file is prefilled in MemoryDir's own format (renderFactFile),
// a few untimed records warm the caches and the JIT, then N more records are timed one by one through
// engine.facts.memory.record — the same path the memory tool, the CLI and the Memory tab take
// (sanitizer, lock, dedup, atomic write with fsync of file and directory, index regeneration).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Agent } from '../src/shared/config';
import type { Fact, Session } from '../src/shared/domain';
import { Engine } from '../src/main/engine';
import { parseFactFile, renderFactFile } from '../src/main/memory/facts/fact-file';
import { factId } from '../src/main/memory/facts/fact-id';
import { sanitizeFact } from '../src/main/memory/facts/sanitize';
import { writeFileAtomic } from '../src/main/fs/atomic-write';

/** The targets. */
export const TARGETS = { recordP95Ms: 5, recordAtFacts: 5000, recallP95Ms: 5, recallAtFacts: 1000 } as const;

export interface Latency {
  n: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  maxMs: number;
}

export interface RecordRun extends Latency {
  /** Facts in the scope before the timed writes (it grows by `n` during them). */
  facts: number;
  opsPerSec: number;
  /** Mean CPU time (user + system) of this process per write: unlike wall time, barely moved by other load. */
  cpuMsPerOp: number;
}

export interface LocationRun {
  location: 'os-tmpdir' | 'dev-shm';
  dir: string;
  /** From /proc/mounts where available (ext4, tmpfs, …). */
  fsType: string | null;
  /** writeFileAtomic of a 1 KB file (fsync of file + directory): the floor under every durable write. */
  ioFloor: Latency;
  record: RecordRun[];
  recall: Latency & { facts: number; coldMs: number; blockChars: number };
}

/** Where the time of one record goes when I/O is free (measured on the fastest location). */
export interface Breakdown {
  facts: number;
  sanitizeP50Ms: number;
  renderP50Ms: number;
  parseColdMs: number;
}

export interface L1BenchResult {
  node: string;
  platform: string;
  cpu: string;
  /** 1-minute load average before and after: on a busy machine every figure is inflated. */
  load: { before: number; after: number };
  targets: typeof TARGETS;
  runs: LocationRun[];
  breakdown: Breakdown;
  verdict: { recordP95Ms: number; recordPass: boolean; recallP95Ms: number; recallPass: boolean; location: string };
}

export interface L1BenchOptions {
  sizes?: number[];
  /** Timed records per size. */
  writes?: number;
  /** Timed recall builds. */
  builds?: number;
  /** Base directories; default the OS temp dir and /dev/shm when present. */
  locations?: { location: LocationRun['location']; dir: string }[];
  log?: (line: string) => void;
}

const DEFAULT_SIZES = [100, 1000, 5000];
const WARMUP_WRITES = 15;
const WARMUP_BUILDS = 20;

export async function runL1Bench(opts: L1BenchOptions = {}): Promise<L1BenchResult> {
  const sizes = opts.sizes ?? DEFAULT_SIZES;
  const writes = opts.writes ?? 200;
  const builds = opts.builds ?? 500;
  const log = opts.log ?? (() => undefined);
  const locations = opts.locations ?? defaultLocations();
  const loadBefore = loadavg()[0];

  const runs: LocationRun[] = [];
  for (const loc of locations) {
    const record: RecordRun[] = [];
    for (const size of sizes) {
      log(`  ${loc.location}: record at ${size.toLocaleString()} facts…`);
      record.push(await withHome(loc.dir, (engine) => benchRecord(engine, size, writes)));
    }
    log(`  ${loc.location}: recall build at ${TARGETS.recallAtFacts.toLocaleString()} facts…`);
    const recall = await withHome(loc.dir, (engine) => benchRecall(engine, TARGETS.recallAtFacts, builds));
    const ioFloor = benchIoFloor(loc.dir, writes);
    runs.push({ location: loc.location, dir: loc.dir, fsType: fsTypeOf(loc.dir), ioFloor, record, recall });
  }

  const breakdown = benchBreakdown(Math.max(...sizes));
  const durable = runs.find((r) => r.location === 'os-tmpdir') ?? runs[0];
  const atTarget = durable.record.find((r) => r.facts === TARGETS.recordAtFacts) ?? durable.record.at(-1)!;
  return {
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    load: { before: round(loadBefore, 2), after: round(loadavg()[0], 2) },
    targets: TARGETS,
    runs,
    breakdown,
    verdict: {
      location: durable.location,
      recordP95Ms: atTarget.p95Ms,
      recordPass: atTarget.p95Ms < TARGETS.recordP95Ms,
      recallP95Ms: durable.recall.p95Ms,
      recallPass: durable.recall.p95Ms < TARGETS.recallP95Ms,
    },
  };
}

function defaultLocations(): { location: LocationRun['location']; dir: string }[] {
  const out: { location: LocationRun['location']; dir: string }[] = [{ location: 'os-tmpdir', dir: tmpdir() }];
  if (existsSync('/dev/shm')) out.push({ location: 'dev-shm', dir: '/dev/shm' });
  return out;
}

async function withHome<T>(base: string, run: (engine: Engine) => T | Promise<T>): Promise<T> {
  const home = mkdtempSync(join(base, 'monad-bench-l1-'));
  const engine = Engine.open({ home, host: 'cli' });
  try {
    return await run(engine);
  } finally {
    engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** Distinct, plausible facts that pass the sanitizer (no secrets, nothing instruction-shaped). */
const SUBJECTS = ['User', "User's sister", "User's manager", 'The team lead', "User's partner", 'The landlord', "User's dentist", 'The book club'];
const VERBS = ['prefers', 'recommends', 'is learning about', 'visited', 'collects', 'writes about', 'avoids', 'talks often about'];
const OBJECTS = [
  'green tea in the afternoon',
  'the Porto office',
  'vintage maps of Lisbon',
  'Rust and small command line tools',
  'long walks by the river',
  'Japanese woodblock prints',
  'sourdough baking on Sundays',
  'the spring trip to the Azores',
  'metric units in recipes',
  'early morning meetings',
];

export function benchFact(i: number): string {
  const s = SUBJECTS[i % SUBJECTS.length];
  const v = VERBS[Math.floor(i / SUBJECTS.length) % VERBS.length];
  const o = OBJECTS[Math.floor(i / (SUBJECTS.length * VERBS.length)) % OBJECTS.length];
  return `${s} ${v} ${o}, noted in entry ${i + 1} of ${1990 + (i % 35)}.`;
}

function prefill(engine: Engine, scope: string, count: number): void {
  const facts: Fact[] = [];
  for (let i = 0; i < count; i++) {
    const text = benchFact(i);
    facts.push({ id: factId(text), scope, text });
  }
  const path = engine.facts.memory.pathOf(scope);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, renderFactFile(scope, facts, new Date().toISOString()));
}

function benchRecord(engine: Engine, size: number, writes: number): RecordRun {
  const scope = 'global';
  prefill(engine, scope, size);
  const memory = engine.facts.memory;
  if (memory.read(scope).facts.length !== size) throw new Error(`prefill of ${size} facts did not read back`);
  let next = size;
  const record = () => {
    const r = memory.record(scope, benchFact(next++));
    if (r.status !== 'recorded') throw new Error(`bench fact ${next - 1} was ${r.status}: ${r.reason ?? ''}`);
  };
  for (let i = 0; i < WARMUP_WRITES; i++) record();
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < writes; i++) {
    const t0 = performance.now();
    record();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  return { facts: size, ...stats(times), opsPerSec: round((writes / total) * 1000, 1), cpuMsPerOp: round((cpu.user + cpu.system) / 1000 / writes, 3) };
}

function benchRecall(engine: Engine, facts: number, builds: number): LocationRun['recall'] {
  prefill(engine, 'global', facts);
  prefill(engine, 'agent:default', 50);
  const agent: Agent = engine.agents.get('default');
  const session: Session = engine.sessions.create({ agentId: agent.id, title: 'bench' });
  const t0 = performance.now();
  const first = engine.facts.recall.build(session, agent);
  const coldMs = performance.now() - t0;
  if (!first.includes(benchFact(facts - 1).replace(/&/g, '&amp;'))) throw new Error('recall block does not hold the prefilled facts');
  for (let i = 0; i < WARMUP_BUILDS; i++) engine.facts.recall.build(session, agent);
  const times: number[] = [];
  for (let i = 0; i < builds; i++) {
    const b0 = performance.now();
    engine.facts.recall.build(session, agent);
    times.push(performance.now() - b0);
  }
  return { facts, ...stats(times), coldMs: round(coldMs, 3), blockChars: first.length };
}

function benchIoFloor(base: string, writes: number): Latency {
  const dir = mkdtempSync(join(base, 'monad-bench-io-'));
  try {
    const path = join(dir, 'floor.md');
    const body = `${'- a short fact line for the floor measurement\n'.repeat(22)}`;
    for (let i = 0; i < WARMUP_WRITES; i++) writeFileAtomic(path, body);
    const times: number[] = [];
    for (let i = 0; i < writes; i++) {
      const t0 = performance.now();
      writeFileAtomic(path, body);
      times.push(performance.now() - t0);
    }
    return stats(times);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU parts of one record at `facts`: the sanitizer on one fact, rendering and (cold) parsing the file. */
function benchBreakdown(facts: number): Breakdown {
  const list: Fact[] = [];
  for (let i = 0; i < facts; i++) {
    const text = benchFact(i);
    list.push({ id: factId(text), scope: 'global', text });
  }
  const san: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    sanitizeFact(benchFact(facts + i));
    san.push(performance.now() - t0);
  }
  const ren: number[] = [];
  let text = '';
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    text = renderFactFile('global', list, new Date().toISOString());
    ren.push(performance.now() - t0);
  }
  const p0 = performance.now();
  parseFactFile('global', text);
  const parseColdMs = performance.now() - p0;
  return { facts, sanitizeP50Ms: stats(san).p50Ms, renderP50Ms: stats(ren).p50Ms, parseColdMs: round(parseColdMs, 3) };
}

function stats(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return {
    n: sorted.length,
    p50Ms: round(pick(0.5), 3),
    p95Ms: round(pick(0.95), 3),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / sorted.length, 3),
    maxMs: round(sorted.at(-1)!, 3),
  };
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** The filesystem type of the mount holding `dir` (Linux only; null elsewhere). */
function fsTypeOf(dir: string): string | null {
  try {
    const real = realpathSync(dir);
    let best: { mount: string; type: string } | null = null;
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [, mount, type] = line.split(' ');
      if (!mount || !type) continue;
      const inside = real === mount || real.startsWith(mount.endsWith('/') ? mount : `${mount}/`);
      if (inside && (!best || mount.length > best.mount.length)) best = { mount, type };
    }
    return best?.type ?? null;
  } catch {
    return null;
  }
}

export function formatL1Bench(r: L1BenchResult): string {
  const ms = (x: number) => x.toFixed(2).padStart(7);
  const lines: string[] = [];
  lines.push(`L1 facts benchmark · node ${r.node} · ${r.platform} · ${r.cpu} · load avg ${r.load.before} → ${r.load.after}`);
  lines.push(
    `Targets: record p95 < ${r.targets.recordP95Ms} ms at ${r.targets.recordAtFacts.toLocaleString()} facts; recall build p95 < ${r.targets.recallP95Ms} ms at ${r.targets.recallAtFacts.toLocaleString()} facts`,
  );
  const cores = cpus().length;
  if (Math.max(r.load.before, r.load.after) > cores) {
    lines.push(`Warning: the machine was busy (load ${Math.max(r.load.before, r.load.after)} on ${cores} cores); every figure below is inflated by other work.`);
  }
  for (const run of r.runs) {
    lines.push('');
    lines.push(`${run.location} (${run.dir}, ${run.fsType ?? 'unknown fs'})`);
    lines.push(
      `  I/O floor — atomic durable write of 1 KB (fsync file + dir): p50 ${run.ioFloor.p50Ms.toFixed(2)} ms · p95 ${run.ioFloor.p95Ms.toFixed(2)} ms`,
    );
    lines.push('  record    facts   writes    ops/s   p50 ms   p95 ms  mean ms   max ms  cpu ms/op  target');
    for (const x of run.record) {
      const target = x.facts === r.targets.recordAtFacts ? (x.p95Ms < r.targets.recordP95Ms ? `PASS (< ${r.targets.recordP95Ms})` : `MISS (< ${r.targets.recordP95Ms})`) : '';
      lines.push(
        `  ${String(x.facts.toLocaleString()).padStart(11)} ${String(x.n).padStart(8)} ${x.opsPerSec.toFixed(1).padStart(8)} ${ms(x.p50Ms)}  ${ms(x.p95Ms)}  ${ms(x.meanMs)}  ${ms(x.maxMs)}    ${ms(x.cpuMsPerOp)}  ${target}`,
      );
    }
    const c = run.recall;
    lines.push(
      `  recall build at ${c.facts.toLocaleString()} facts (${c.blockChars.toLocaleString()} chars): p50 ${c.p50Ms.toFixed(3)} ms · p95 ${c.p95Ms.toFixed(3)} ms · max ${c.maxMs.toFixed(3)} ms · cold (first parse) ${c.coldMs.toFixed(2)} ms · n ${c.n}  ${c.p95Ms < r.targets.recallP95Ms ? 'PASS' : 'MISS'} (< ${r.targets.recallP95Ms})`,
    );
  }
  const b = r.breakdown;
  lines.push('');
  lines.push(
    `CPU parts at ${b.facts.toLocaleString()} facts: sanitizeFact p50 ${b.sanitizeP50Ms.toFixed(3)} ms · renderFactFile p50 ${b.renderP50Ms.toFixed(3)} ms · parseFactFile (cold) ${b.parseColdMs.toFixed(2)} ms`,
  );
  lines.push(
    `Verdict (${r.verdict.location}, durable writes): record p95 ${r.verdict.recordP95Ms.toFixed(2)} ms → ${r.verdict.recordPass ? 'PASS' : 'MISS'}; recall p95 ${r.verdict.recallP95Ms.toFixed(3)} ms → ${r.verdict.recallPass ? 'PASS' : 'MISS'}`,
  );
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const { values } = parseArgs({
    options: { json: { type: 'boolean', default: false }, writes: { type: 'string' }, builds: { type: 'string' } },
  });
  const result = await runL1Bench({
    writes: values.writes ? Number(values.writes) : undefined,
    builds: values.builds ? Number(values.builds) : undefined,
    log: values.json ? undefined : (line) => console.error(line),
  });
  console.log(values.json ? JSON.stringify(result, null, 2) : formatL1Bench(result));
}
