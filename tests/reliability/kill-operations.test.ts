// Nothing lost on a crash, part two: the whole engine (tests/fixtures/kill-ops-writer.ts) writing
// config.json, saving USER.md, rewriting a scope file as consolidation does, importing transcripts, and
// staging backup restores that the next start applies — killed with SIGKILL at random moments, RUNS
// times, on one home. After every kill, on copies of the databases opened read-only (so the WAL the
// crash left is recovered by the product's next open, not by this check):
// - config.json parses, validates, and holds the last acknowledged value or the one in flight;
// - USER.md and the rewritten scope file are each one complete version: last acknowledged or in flight;
// - every import is all or nothing (a session titled "import R N kK" has exactly K messages), and every
//   acknowledged one is there;
// - both databases pass integrity_check and foreign_key_check;
// - a pending restore names a complete backup set.
// Finally the real engine opens the home without an error notice.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/shared/config';
import { Engine } from '../../src/main/engine';
import { parseFactFile } from '../../src/main/memory/facts/fact-file';
import { scopeFileName } from '../../src/main/memory/scope';
import { digest, factsDigest, REWRITE_SCOPE } from '../fixtures/kill-ops-writer';
import { derive, loopSeed, rng, withSeed } from '../helpers/seeded-random';
import { bundleChild } from './child-bundle';

const FILE = 'tests/reliability/kill-operations.test.ts';
const RUNS = Number(process.env.MONAD_KILL_OPS_RUNS ?? 20);
/**
 * Kills land uniformly within this window after READY; every fifth run is killed during the open itself.
 * What a kill can catch is set by the operation it cuts, and a warm writer goes through the operation mix
 * (a fifth of its time in each kind, imports the longest) many times a second, so where in the stream the
 * kill lands picks the kind about as its share of the time whatever the window's length. A longer window
 * only adds acknowledged operations before the cut, and it was most of the file's time: 2.5 s (1.25 s a run
 * on average, 25 of the 34 s in CI) became 1.2 s, which still sees dozens of operations a run; the closing
 * line says which kind of operation each kill cut.
 */
const KILL_WINDOW_MS = 1200;
const EARLY_EVERY = 5;
const EARLY_WINDOW_MS = 400;
/**
 * Packages the writer loads from node_modules instead of the bundle: ones that load optional parts of
 * themselves at run time (mem0), as in child-bundle.ts.
 */
const WRITER_EXTERNAL = ['mem0ai', '@qdrant/js-client-rest'];
/**
 * Writers started ahead of their turn. A writer's start-up (Node, the engine's modules, a warm-up pass in a
 * scratch home) takes about as long as a run, so with one ahead a short run waited on the next writer.
 */
const AHEAD = 2;

/** The announcement lines of tests/fixtures/kill-ops-writer.ts, named for the closing line. */
const CUT_NAMES: Record<string, string> = { 'C?': 'config', 'I?': 'identity', 'R?': 'rewrite', 'T?': 'import', 'B?': 'backup+restore' };

const dirs: string[] = [];
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function scratch(prefix: string): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const d = mkdtempSync(join(base, prefix));
  dirs.push(d);
  return d;
}

/** The last acknowledged version of one thing, and the one announced since (in doubt until acked). */
class Versions {
  acked: string | null = null;
  inFlight: string | null = null;
  announce(v: string): void {
    this.inFlight = v;
  }
  ack(v: string): void {
    this.acked = v;
    this.inFlight = null;
  }
  /** Null: nothing acknowledged yet, so any complete version (including the initial one) is right. */
  allowed(): string[] | null {
    return this.acked === null ? null : [this.acked, ...(this.inFlight ? [this.inFlight] : [])];
  }
  /** A kill ends whatever was in flight: the next run starts from what is on disk. */
  settle(onDisk: string | null): void {
    if (this.inFlight !== null && onDisk === this.inFlight) this.acked = onDisk;
    this.inFlight = null;
  }
}

interface Run {
  warm: Promise<void>;
  go(early: boolean): Promise<{ lines: string[]; ready: boolean }>;
}

/**
 * The writer, bundled once into plain ESM (child-bundle.ts): each start then costs Node and the engine's
 * modules, not compiling TypeScript through tsx (some 4 s of a loaded machine per start, more than a run).
 */
function startWriter(script: string, home: string, run: number, seed: number): Run {
  // The run's choices depend only on (seed, run): the writer's operations, and where in its window the kill lands.
  const killAt = rng(derive(seed, 'kill', run))();
  const child = spawn(process.execPath, [script, home, String(run), String(derive(seed, 'writer', run))], { stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  child.stdin.on('error', () => {});
  let out = '';
  let err = '';
  let ready = false;
  let onReady: (() => void) | null = null;
  let onWarm: (() => void) | null = null;
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
    if (onWarm && out.includes('WARM')) onWarm();
    if (!ready && out.includes('\nREADY')) {
      ready = true;
      onReady?.();
    }
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.on('exit', (code, signal) => r({ code, signal })));
  const warm = new Promise<void>((res, rej) => {
    onWarm = res;
    void exited.then(({ code }) => rej(new Error(`run ${run}: the writer died before WARM (code ${code}): ${err}`)));
  });
  warm.catch(() => {});
  return {
    warm,
    async go(early) {
      await warm;
      let timer: NodeJS.Timeout | null = null;
      const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
      if (early) timer = setTimeout(() => child.kill('SIGKILL'), killAt * EARLY_WINDOW_MS);
      else onReady = () => (timer = setTimeout(() => child.kill('SIGKILL'), killAt * KILL_WINDOW_MS));
      child.stdin.write('GO\n');
      const { code, signal } = await exited;
      clearTimeout(guard);
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL') throw new Error(`run ${run}: the writer exited by itself (code ${code}): ${err}`);
      const lines = out.split('\n');
      lines.pop(); // a line cut by the kill was never an acknowledgement
      return { lines: lines.filter((l) => !l.startsWith('WARM')), ready };
    },
  };
}

function crashCopy(home: string, name: string, into: string): BetterSqlite3.Database {
  const from = join(home, 'db', name);
  const to = join(into, name);
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(`${to}${suffix}`, { force: true });
    if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
  }
  return new BetterSqlite3(to, { readonly: true, fileMustExist: true });
}

describe('crash safety of whole-engine operations under SIGKILL', () => {
  it(`${RUNS} random kills during config writes, identity saves, consolidation rewrites, imports and restores`, async () => {
    const seed = loopSeed('kill-ops', FILE);
    await withSeed(seed, FILE, () => killOperations(seed));
  }, 20 * 60_000);
});

async function killOperations(seed: number): Promise<void> {
  const home = scratch('monad-kill-ops-');
  const copies = scratch('monad-kill-ops-copy-');
  const config = new Versions();
  const identity = new Versions();
  const rewrite = new Versions();
  const imports = { acked: new Set<string>(), inFlight: null as string | null };
  let everReady = false;
  const counts = { acks: 0, restores: 0, importsSeen: 0, earlyKills: 0, midRestore: 0 };
  const cut = new Map<string, number>();
  const started = Date.now();
  const script = await bundleChild('kill-ops-writer', WRITER_EXTERNAL);
  dirs.push(dirname(script));
  const queue: Run[] = [];
  for (let r = 1; r <= Math.min(AHEAD, RUNS); r++) queue.push(startWriter(script, home, r, seed));
  for (let run = 1; run <= RUNS; run++) {
    const writer = queue.shift()!;
    await writer.warm;
    const early = run % EARLY_EVERY === 0;
    if (early) counts.earlyKills++;
    const result = writer.go(early);
    if (run + AHEAD <= RUNS) queue.push(startWriter(script, home, run + AHEAD, seed)); // warms up while this one runs
    const { lines, ready } = await result;
    if (ready) everReady = true;
    // The operation the kill cut: the last line announces one ('C?', 'T?', …) that was never acknowledged.
    const last = lines.at(-1)?.split(' ')[0] ?? '';
    if (last.endsWith('?')) cut.set(last, (cut.get(last) ?? 0) + 1);
    for (const line of lines) {
      const [kind, ...rest] = line.split(' ');
      const v = rest.join(' ');
      switch (kind) {
        case 'READY':
        case 'B?':
          break;
        case 'C?':
          config.announce(v);
          break;
        case 'C':
          config.ack(v);
          counts.acks++;
          break;
        case 'I?':
          identity.announce(v);
          break;
        case 'I':
          identity.ack(v);
          counts.acks++;
          break;
        case 'R?':
          rewrite.announce(v);
          break;
        case 'R':
          rewrite.ack(v);
          counts.acks++;
          break;
        case 'T?':
          imports.inFlight = v;
          break;
        case 'T':
          imports.acked.add(v);
          imports.inFlight = null;
          counts.acks++;
          break;
        case 'B':
          counts.restores++;
          counts.acks++;
          break;
        default:
          throw new Error(`run ${run}: unexpected line from the writer: ${line}`);
      }
    }
    const where = `after kill ${run}`;
    // A kill inside a restore's swap (between moving the live files aside and renaming the copies in)
    // leaves a database missing; the marker is still there, so the next start repeats the restore.
    // Anywhere else a missing database after a writer opened it is a loss.
    const marker = join(home, 'backups', 'restore-pending.json');
    const missingOk = (): boolean => !everReady || existsSync(marker);

    // config.json: whole, valid, and the value acknowledged last (or the one in flight).
    const configPath = join(home, 'config.json');
    let retention: string | null = null;
    if (existsSync(configPath)) {
      const parsed = configSchema.safeParse(JSON.parse(readFileSync(configPath, 'utf8')));
      expect(parsed.success, `${where}: config.json does not validate`).toBe(true);
      retention = String(parsed.data!.memory.history.retentionDays);
      const ok = config.allowed();
      if (ok) expect(ok, `${where}: config.json retention`).toContain(retention);
    } else expect(config.acked, `${where}: config.json vanished`).toBeNull();
    config.settle(retention);

    // USER.md: one complete saved version.
    const userPath = join(home, 'core', 'USER.md');
    const user = existsSync(userPath) ? digest(readFileSync(userPath, 'utf8')) : null;
    const okUser = identity.allowed();
    if (okUser) expect(okUser, `${where}: USER.md is not a saved version`).toContain(user);
    identity.settle(user);

    // The rewritten scope: one complete machine-written version with the whole merged set.
    const scopePath = join(home, 'memory', scopeFileName(REWRITE_SCOPE));
    let facts: string | null = null;
    if (existsSync(scopePath)) {
      const parsed = parseFactFile(REWRITE_SCOPE, readFileSync(scopePath, 'utf8'));
      expect(parsed.warnings, `${where}: ${REWRITE_SCOPE} file`).toEqual([]);
      facts = factsDigest(parsed.facts.map((f) => f.text));
    }
    const okFacts = rewrite.allowed();
    if (okFacts) expect(okFacts, `${where}: the ${REWRITE_SCOPE} file is not one rewrite's version`).toContain(facts);
    rewrite.settle(facts);

    // Databases (crash copies) and imports: all or nothing.
    if (!existsSync(join(home, 'db', 'app.sqlite'))) {
      expect(missingOk(), `${where}: app.sqlite is missing although a writer had opened it and no restore is pending`).toBe(true);
      if (everReady) counts.midRestore++;
      continue;
    }
    const app = crashCopy(home, 'app.sqlite', copies);
    try {
      expect(app.pragma('integrity_check'), where).toEqual([{ integrity_check: 'ok' }]);
      expect(app.pragma('foreign_key_check'), where).toEqual([]);
      const sessions = app
        .prepare(`SELECT s.title, (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS n FROM sessions s WHERE s.title LIKE 'import %'`)
        .all() as { title: string; n: number }[];
      for (const s of sessions) {
        const k = Number(/ k(\d+)$/.exec(s.title)![1]);
        expect(s.n, `${where}: import "${s.title}" is partial`).toBe(k);
      }
      const titles = new Set(sessions.map((s) => s.title));
      for (const t of imports.acked) expect(titles.has(t), `${where}: acknowledged import "${t}" is missing`).toBe(true);
      if (imports.inFlight && titles.has(imports.inFlight)) imports.acked.add(imports.inFlight);
      imports.inFlight = null;
      counts.importsSeen = sessions.length;
    } finally {
      app.close();
    }
    if (existsSync(join(home, 'db', 'memory.sqlite'))) {
      const mem = crashCopy(home, 'memory.sqlite', copies);
      try {
        expect(mem.pragma('integrity_check'), where).toEqual([{ integrity_check: 'ok' }]);
        expect(mem.pragma('foreign_key_check'), where).toEqual([]);
      } finally {
        mem.close();
      }
    } else expect(missingOk(), `${where}: memory.sqlite is missing although a writer had opened it and no restore is pending`).toBe(true);

    // A staged restore names a backup set that is complete (its databases there, whole).
    if (existsSync(marker)) {
      const { name } = JSON.parse(readFileSync(marker, 'utf8')) as { name: string };
      for (const db of ['app.sqlite', 'memory.sqlite']) {
        const f = join(home, 'backups', name, db);
        expect(existsSync(f), `${where}: pending restore ${name} lacks ${db}`).toBe(true);
      }
    }
  }

  // The real engine opens what the kills left: a pending restore applied, nothing to report as broken.
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    expect(engine.status().notices.filter((n) => n.level === 'error')).toEqual([]);
    expect(engine.status().db.ok).toBe(true);
    expect(engine.facts.memory.read(REWRITE_SCOPE).warnings).toEqual([]);
  } finally {
    engine.close();
  }
  console.log(
    `[kill-ops] seed ${seed}: ${RUNS} SIGKILL runs (${counts.earlyKills} during start-up) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${counts.acks} acknowledged operations (${counts.restores} restores applied, ${counts.midRestore} kills inside a restore's swap), ${imports.acked.size} imports acknowledged, ${counts.importsSeen} import sessions checked whole; ` +
      `kills cut ${['C?', 'I?', 'R?', 'T?', 'B?'].map((k) => `${cut.get(k) ?? 0} ${CUT_NAMES[k]}`).join(', ')}`,
  );
  expect(counts.acks).toBeGreaterThan(RUNS / 2);
}
