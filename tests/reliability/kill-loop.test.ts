// Nothing lost on a crash: a child process performs acknowledged writes through the real stores
// (tests/fixtures/kill-writer.ts) and is killed with SIGKILL at random moments, RUNS times, on one home
// whose state accumulates. After every kill: both databases pass integrity_check and foreign_key_check,
// every acknowledged write is there, nothing is partial (a law set is all or nothing, an edge has its
// support, a message is whole), and every Markdown file under memory/ is one complete version.
//
// Time: a writer's start-up is some 0.3–0.4 CPU-second (Node and the bundle's modules; the sanitizer's
// first fact, once most of it, is tens of ms since its rules compile only for texts holding their
// literals), so writers are started two turns ahead and warm up while earlier ones write and their
// aftermath is checked; the checks run in SQLite where they can (message shapes) and compare plainly in the hot
// loops (expect only reports a failure). The closing line says where the time went, and which kinds of
// write the kills cut.
//
// Every choice (each writer's writes, each kill's moment) comes from one seed, printed at the start and
// named in a failure; SEED=<n> replays it (tests/helpers/seeded-random.ts).
//
// The home lives on tmpfs (/dev/shm) when there is one. A SIGKILL ends the process, not the kernel:
// the page cache survives it, so what is under test is SQLite's journaling and the atomic rename, which
// behave the same on tmpfs; fsync, which only matters for power loss, is just much faster there.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine';
import { parseFactFile } from '../../src/main/memory/facts/fact-file';
import { normalizeRelation } from '../../src/main/memory/graph/graph-normalize';
import { scopeFromFileName } from '../../src/main/memory/scope';
import { digest } from '../fixtures/kill-child';
import { FACT_SCOPES, LAW_SCOPES, WRITE_MIX, type WriteKind } from '../fixtures/kill-writer';
import { derive, loopSeed, rng, withSeed } from '../helpers/seeded-random';
import { bundleKillWriter } from './child-bundle';

const FILE = 'tests/reliability/kill-loop.test.ts';
/**
 * Kills per run of the file. What each kill can catch depends on the write it cuts, so the number is set
 * by the rarest kinds: with the writer's mix (WRITE_MIX) 80 runs cut some ten graph writes and ten law
 * sets, as 200 runs of the old mix did, and dozens of messages and fact writes, in two fifths of the time.
 * Each run of the suite draws a new seed, so the kills land elsewhere every time; MONAD_KILL_RUNS=500
 * (or more) makes a longer soak, SEED= repeats one.
 */
const RUNS = Number(process.env.MONAD_KILL_RUNS ?? 80);
/**
 * The kinds the loop must have cut at least once for its verdict to mean anything. With their share of
 * the kills (about a sixth each) and some 70 kills after READY, missing one has a chance near 1 in 100,000;
 * forgets (about 7 %) are counted but not required.
 */
const MUST_CUT: readonly WriteKind[] = ['message', 'fact', 'graph', 'laws'];
/**
 * Kills land uniformly within this window after the child says READY. The writer is warm by then (it
 * used to spend the first fact write of each window compiling the sanitizer), so it acknowledges a write
 * every millisecond or so. Which kind of write a kill cuts is set by the mix (WRITE_MIX, each kind's share
 * of the writer's time), not by the window's length: a longer window only adds acknowledged writes before
 * the cut, and it was half of the file's time (goToKill 20 of 42 s in CI at 400 ms). At 200 ms a run still
 * acknowledges some hundred writes before its kill, the home still accumulates thousands over the loop
 * (each checked again after every later kill), and the kinds cut per run of the file are as before.
 */
const KILL_WINDOW_MS = 200;
/** Every tenth run is killed at a random moment from GO instead, often during open/check/migrate. */
const EARLY_KILL_EVERY = 10;
/**
 * Writers started ahead of their turn. A writer's start-up (Node, modules, the sanitizer's first fact:
 * some 0.3–0.4 CPU-second, half a second before the sanitizer compiled its rules lazily) can take longer
 * than one run plus its checks on a loaded machine, so two are kept warming; a warm one waits on a
 * blocking read and costs nothing. (One ahead left ~0.4 s of start-up per run exposed.)
 */
const AHEAD = 2;
/** A warm writer takes some 10–40 ms from GO to READY (open, quick_check, migrations, session): most early kills land in it. */
const EARLY_WINDOW_MS = 40;

const homes: string[] = [];
let bundle: string | null = null;
/** Writers still running (waiting for GO) when a failure ends the loop early. */
const children = new Set<ChildProcess>();
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const h of homes) rmSync(h, { recursive: true, force: true });
  if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
});

function scratchHome(): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const home = mkdtempSync(join(base, 'monad-kill-'));
  homes.push(home);
  return home;
}

/**
 * One writer process, started ahead of its turn: it loads and warms up, says WARM and waits for GO
 * without touching the home. So the next writer's start-up (most of a writer's life) overlaps the checks
 * after the previous kill, and the kill window is not spent in module loading.
 */
interface Writer {
  /** Resolves when the writer is warm and waiting. */
  warm: Promise<void>;
  /**
   * Lets it write and kills it with SIGKILL at a random moment: within KILL_WINDOW_MS after READY, or
   * (early) within EARLY_WINDOW_MS after GO, i.e. mostly while it opens, checks and migrates the
   * databases. Resolves with the complete ack lines it printed.
   */
  go(early: boolean): Promise<{ lines: string[]; ready: boolean; goToReadyMs: number | null }>;
}

function startWriter(script: string, home: string, run: number, seed: number): Writer {
  // The run's choices depend only on (seed, run): the writer's operations, and where in its window the kill lands.
  const killAt = rng(derive(seed, 'kill', run))();
  const child = spawn(process.execPath, [script, 'write', home, String(run), String(derive(seed, 'writer', run))], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let warm = false;
  let ready = false;
  let goAt = 0;
  let readyAt = 0;
  let killTimer: NodeJS.Timeout | null = null;
  let onWarm: (() => void) | null = null;
  let onReady: (() => void) | null = null;
  children.add(child);
  child.on('exit', () => children.delete(child));
  const kill = () => child.kill('SIGKILL');
  child.stdin.on('error', () => {}); // EPIPE when it is killed: expected
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
    if (!warm && out.includes('WARM')) {
      warm = true;
      onWarm?.();
    }
    if (!ready && out.includes('READY')) {
      ready = true;
      readyAt = performance.now();
      onReady?.();
    }
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const warmP = new Promise<void>((resolve, reject) => {
    const guard = setTimeout(() => {
      kill();
      reject(new Error(`run ${run}: no WARM within 120 s; stderr=${err}`));
    }, 120_000);
    onWarm = () => {
      clearTimeout(guard);
      resolve();
    };
    void exited.then(({ code, signal }) => {
      clearTimeout(guard);
      if (!warm) reject(new Error(`run ${run}: the writer died before WARM (code ${code}, signal ${signal}): ${err}`));
    });
  });
  warmP.catch(() => {}); // surfaced by go()
  return {
    warm: warmP,
    async go(early) {
      await warmP;
      // The warm-up output is not an acknowledgement.
      out = '';
      goAt = performance.now();
      let timedOut = false;
      const guard = setTimeout(() => {
        timedOut = true;
        kill();
      }, 120_000);
      if (early) killTimer = setTimeout(kill, killAt * EARLY_WINDOW_MS);
      else onReady = () => (killTimer = setTimeout(kill, killAt * KILL_WINDOW_MS));
      child.stdin.write('GO\n');
      const { code, signal } = await exited;
      clearTimeout(guard);
      if (killTimer) clearTimeout(killTimer);
      if (signal !== 'SIGKILL') throw new Error(`run ${run}: the writer exited by itself (code ${code}, signal ${signal}): ${err}`);
      if (timedOut) throw new Error(`run ${run}: still running 120 s after GO (ready: ${ready}); stderr=${err}`);
      // Only complete lines count: a line cut by the kill was never an acknowledgement.
      const lines = out.split('\n');
      lines.pop();
      return { lines, ready, goToReadyMs: ready ? readyAt - goAt : null };
    },
  };
}

/** What the acks promise, accumulated over all runs. */
class Expected {
  messages = new Map<string, { digest: string; length: number }>();
  facts = new Map<string, Map<string, boolean>>(FACT_SCOPES.map((s) => [s, new Map()]));
  edges = new Map<number, { support: Set<string>; relation: string; validFrom: string; src: string; dst: string }>();
  /** Edge id → the edge that closed it (superseded it), from acknowledged supersessions. */
  closed = new Map<number, number>();
  laws = new Map<string, { run: number; n: number; fingerprint: string }>();
  acks = 0;

  apply(lines: string[]): void {
    for (const line of lines) {
      const [kind, ...f] = line.split(' ');
      switch (kind) {
        case 'READY':
        case 'W':
          continue;
        case 'M':
          this.messages.set(f[0], { digest: f[1], length: Number(f[2]) });
          break;
        case 'F+':
          this.facts.get(f[0])!.set(f[1], true);
          break;
        case 'F?':
          // A forget announced but maybe never acknowledged: either outcome is right, so stop checking it.
          this.facts.get(f[0])!.delete(f[1]);
          continue;
        case 'F-':
          this.facts.get(f[0])!.set(f[1], false);
          break;
        case 'G': {
          const id = Number(f[0]);
          const prev = this.edges.get(id);
          const support = prev?.support ?? new Set<string>();
          for (const s of f[1].split(',')) support.add(s);
          // A merge may move an edge's start earlier, never later: keep the earliest acknowledged start.
          const validFrom = prev && prev.validFrom < f[3] ? prev.validFrom : f[3];
          this.edges.set(id, { support, relation: decodeURIComponent(f[2]), validFrom, src: f[5].replace('_', ' '), dst: f[6].replace('_', ' ') });
          if (f[4] !== '-') for (const c of f[4].split(',')) this.closed.set(Number(c), id);
          break;
        }
        case 'L': {
          const [run, n] = f[1].split('-').map(Number);
          this.laws.set(f[0], { run, n, fingerprint: f[1] });
          break;
        }
        default:
          throw new Error(`unexpected output line from the writer: ${line}`);
      }
      this.acks++;
    }
  }
}

const FACT_FILE = /^---\nscope: (\S+)\nupdated: \d{4}-\d\d-\d\dT[\d:.]+Z\ncount: (\d+)\n---\n\n# Memory — (\S+)\n\n((?:- [^\n]+\n)*)$/;

/** What the checks after all kills covered, for the closing line. */
const dbChecks = { integrity: 0, foreignKeys: 0, messagesScanned: 0, markdownFiles: 0 };
/** Where the checks' time goes. */
const verifyMs = { integrity: 0, messages: 0, markdown: 0, graphAndLaws: 0 };

/** Checks the home against the expectations; returns how many acknowledged writes were checked. */
/**
 * A copy of a database as the crash left it (main file, WAL and shared memory), opened read-only. The
 * verifier never opens the home's own files: closing a read-write connection would checkpoint the WAL
 * the crash left, so the product's next open would never have to recover from it — and that recovery
 * is exactly what is under test.
 */
function crashCopy(home: string, name: string, scratch: string): BetterSqlite3.Database {
  const from = join(home, 'db', name);
  const to = join(scratch, name);
  for (const suffix of ['', '-wal', '-shm']) {
    rmSync(`${to}${suffix}`, { force: true });
    if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
  }
  return new BetterSqlite3(to, { readonly: true, fileMustExist: true });
}

function verify(home: string, exp: Expected, run: number, scratch: string): number {
  let checked = 0;
  const where = `after kill ${run}`;
  const app = crashCopy(home, 'app.sqlite', scratch);
  const mem = crashCopy(home, 'memory.sqlite', scratch);
  try {
    let lap = performance.now();
    const split = (k: keyof typeof verifyMs) => {
      const t = performance.now();
      verifyMs[k] += t - lap;
      lap = t;
    };
    for (const db of [app, mem]) {
      expect(db.pragma('integrity_check'), where).toEqual([{ integrity_check: 'ok' }]);
      expect(db.pragma('foreign_key_check'), where).toEqual([]);
      dbChecks.integrity++;
      dbChecks.foreignKeys++;
    }

    split('integrity');
    // Messages: every acked one whole; no row anywhere is a torn message. A message is
    // "run R message N" + " lorem ipsum" × k, so its head, a tail made only of " lorem ipsum" and its length
    // determine it exactly: SQLite checks the shape of every row without copying the texts into JS.
    const rows = app
      .prepare(
        `SELECT id, length(content) AS len, substr(content, 1, instr(content, ' lorem ipsum') - 1) AS head,
                instr(content, ' lorem ipsum') > 0 AND replace(substr(content, instr(content, ' lorem ipsum')), ' lorem ipsum', '') = '' AS whole
           FROM messages`,
      )
      .all() as { id: string; len: number; head: string; whole: number }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      if (r.whole !== 1 || !/^run \d+ message \d+$/.test(r.head)) expect.fail(`${where}: message ${r.id} is torn: ${JSON.stringify(app.prepare('SELECT content FROM messages WHERE id = ?').pluck().get(r.id))}`);
    }
    for (const [id, m] of exp.messages) {
      const row = byId.get(id);
      if (!row) expect.fail(`${where}: acknowledged message ${id} is missing`);
      const [, run2, n] = id.split('-');
      if (row.head !== `run ${run2} message ${n}` || row.len !== m.length) {
        const content = app.prepare('SELECT content FROM messages WHERE id = ?').pluck().get(id) as string;
        expect({ length: content.length, digest: digest(content) }, `${where}: message ${id}`).toEqual({ length: m.length, digest: m.digest });
      }
      checked++;
    }
    dbChecks.messagesScanned += rows.length;

    split('messages');
    // Memory files: each one complete (frontmatter count = bullets), parsing with no warnings.
    const present = new Map<string, Set<string>>();
    for (const name of readdirSync(join(home, 'memory'))) {
      const scope = scopeFromFileName(name);
      if (!scope) continue;
      const text = readFileSync(join(home, 'memory', name), 'utf8');
      const m = FACT_FILE.exec(text);
      expect(m, `${where}: ${name} is not one complete machine-written version:\n${text.slice(-300)}`).not.toBeNull();
      const bullets = m![4] === '' ? 0 : m![4].split('\n').length - 1;
      expect([m![1], m![3], Number(m![2])], `${where}: ${name}`).toEqual([scope, scope, bullets]);
      const parsed = parseFactFile(scope, text);
      expect(parsed.warnings, `${where}: ${name}`).toEqual([]);
      present.set(scope, new Set(parsed.facts.map((f) => f.id)));
      dbChecks.markdownFiles++;
    }
    const index = join(home, 'memory', 'index.md');
    if (existsSync(index)) {
      // Derived and rewritten after each fact write, so it may lag by one write, but never be torn.
      expect(readFileSync(index, 'utf8'), `${where}: index.md`).toMatch(/^# Memory index\n\n[^\n]+\n\n\| scope \| file \| facts \| updated \|\n\| --- \| --- \| --- \| --- \|\n(\| \S+ \| \S+\.md \| \d+ \| [^|\n]* \|\n)*$/);
    }
    // Tens of thousands of comparisons per kill: plain ones, with expect only to report a failure.
    for (const [scope, facts] of exp.facts) {
      for (const [id, shouldExist] of facts) {
        if ((present.get(scope)?.has(id) ?? false) !== shouldExist) expect.fail(`${where}: fact ${id} in ${scope} should ${shouldExist ? 'exist' : 'be forgotten'}`);
        checked++;
      }
    }

    split('markdown');
    // Graph: acked edges exist with (at least) their acked support; no edge anywhere lacks support.
    const support = new Map<number, Set<string>>();
    for (const r of mem.prepare(`SELECT edge_id, message_id FROM graph_edge_support`).all() as { edge_id: number; message_id: string }[]) {
      (support.get(r.edge_id) ?? support.set(r.edge_id, new Set()).get(r.edge_id)!).add(r.message_id);
    }
    const edgeRows = new Map(
      (
        mem
          .prepare(
            `SELECT e.id, e.relation, e.valid_from, e.valid_to, e.superseded_by, s.name AS src, d.name AS dst
               FROM graph_edge e JOIN graph_node s ON s.id = e.src JOIN graph_node d ON d.id = e.dst`,
          )
          .all() as { id: number; relation: string; valid_from: string; valid_to: string | null; superseded_by: number | null; src: string; dst: string }[]
      ).map((r) => [r.id, r]),
    );
    const edgeCount = mem.prepare(`SELECT count(*) FROM graph_edge`).pluck().get() as number;
    if (edgeCount !== edgeRows.size) expect.fail(`${where}: ${edgeCount - edgeRows.size} edges point at missing entities`);
    for (const id of edgeRows.keys()) if (!support.get(id)?.size) expect.fail(`${where}: edge ${id} has no support`);
    for (const [id, e] of exp.edges) {
      const row = edgeRows.get(id);
      if (!row) expect.fail(`${where}: acknowledged edge ${id} is missing`);
      for (const s of e.support) if (!support.get(id)?.has(s)) expect.fail(`${where}: edge ${id} lost its support ${s}`);
      // The row is the relation that was acknowledged, between the same entities, from (at latest) the acknowledged start.
      if (row.relation !== normalizeRelation(e.relation) || row.src !== e.src || row.dst !== e.dst || row.valid_from > e.validFrom) {
        expect.fail(`${where}: edge ${id} changed: ${JSON.stringify(row)} vs acknowledged ${JSON.stringify({ ...e, support: undefined })}`);
      }
      if (row.valid_to !== null && row.valid_to < row.valid_from) expect.fail(`${where}: edge ${id} ends before it starts`);
      checked++;
    }
    // Supersession: an acknowledged close stays closed, by the edge that closed it.
    for (const [id, by] of exp.closed) {
      const row = edgeRows.get(id);
      if (!row) expect.fail(`${where}: superseded edge ${id} is missing`);
      if (row.valid_to === null || row.superseded_by !== by) expect.fail(`${where}: edge ${id} should be closed by ${by}: ${JSON.stringify(row)}`);
      checked++;
    }

    // Laws: per scope one complete set (k rows of one fingerprint), its state recorded with it, never older than the last ack.
    for (const scope of LAW_SCOPES) {
      const lawRows = mem.prepare(`SELECT fingerprint, statement, support FROM graph_law WHERE scope = ? ORDER BY id`).all(scope) as { fingerprint: string; statement: string; support: string }[];
      const laws = lawRows.map((l) => l.fingerprint);
      // Content, not only presence: each law of the set is the one the writer wrote, with its support.
      for (const l of lawRows) {
        const m = /^Law (\d+) of (\S+)$/.exec(l.statement);
        if (!m || m[2] !== l.fingerprint || l.support !== JSON.stringify([`fact:${digest(`${l.fingerprint}${m[1]}`).slice(0, 12)}`])) {
          expect.fail(`${where}: law of ${scope} is not what was written: ${JSON.stringify(l)}`);
        }
      }
      if (lawRows.length) expect(lawRows.map((l) => Number(/^Law (\d+)/.exec(l.statement)![1])).sort((a, b) => a - b), `${where}: laws of ${scope}`).toEqual(lawRows.map((_, i) => i));
      const state = mem.prepare(`SELECT value FROM consolidation_state WHERE key = ?`).pluck().get(`laws:${scope}`) as string | undefined;
      const fingerprints = new Set(laws);
      expect(fingerprints.size, `${where}: laws of ${scope} mix sets ${[...fingerprints].join(' ')}`).toBeLessThanOrEqual(1);
      if (state === undefined) {
        expect(laws, `${where}: laws of ${scope} without their state`).toEqual([]);
      } else {
        expect(laws.length, `${where}: law set ${state} of ${scope} is partial`).toBe(Number(/-k(\d+)$/.exec(state)![1]));
        if (laws.length) expect(laws[0]).toBe(state);
      }
      const acked = exp.laws.get(scope);
      if (acked) {
        expect(state, `${where}: acknowledged law set ${acked.fingerprint} of ${scope}`).toBeDefined();
        const [run2, n2] = state!.split('-').map(Number);
        expect(run2 > acked.run || (run2 === acked.run && n2 >= acked.n), `${where}: ${scope} went back from ${acked.fingerprint} to ${state}`).toBe(true);
        checked++;
      }
    }
    split('graphAndLaws');
  } finally {
    app.close();
    mem.close();
  }
  return checked;
}

describe('crash safety under SIGKILL', () => {
  it(`${RUNS} random kills of a writer: integrity, every acknowledged write present, nothing partial`, async () => {
    const seed = loopSeed('kill-loop', FILE);
    await withSeed(seed, FILE, () => killLoop(seed));
  }, 20 * 60_000);
});

async function killLoop(seed: number): Promise<void> {
  bundle = await bundleKillWriter();
  const home = scratchHome();
  const scratch = scratchHome();
  let everReady = false;
  const exp = new Expected();
  let checks = 0;
  let earlyKills = 0;
  let killedBeforeReady = 0;
  // Where the time goes (reported below): waiting for a writer to be warm, GO to READY, GO to the
  // kill, and the checks after it.
  const ms = { waitWarm: 0, goToReady: 0, goToKill: 0, verify: 0 };
  /** How many kills landed during each kind of write. */
  const cutWrites = new Map<WriteKind, number>(WRITE_MIX.map(([kind]) => [kind, 0]));
  const started = Date.now();
  const queue: Writer[] = [];
  let nextRun = 1;
  const fill = () => {
    while (queue.length < AHEAD && nextRun <= RUNS) queue.push(startWriter(bundle!, home, nextRun++, seed));
  };
  fill();
  for (let run = 1; run <= RUNS; run++) {
    const writer = queue.shift()!;
    const early = run % EARLY_KILL_EVERY === 0;
    if (early) earlyKills++;
    const t0 = performance.now();
    await writer.warm;
    const t1 = performance.now();
    const result = writer.go(early);
    // The writers after it start now, so their start-up overlaps this run and the checks after it.
    fill();
    const { lines, ready, goToReadyMs } = await result;
    const t2 = performance.now();
    if (!ready) killedBeforeReady++;
    // The write the kill cut: the last one announced (a kill between an ack and the next announcement counts for the write before).
    const cut = lines.findLast((l) => l.startsWith('W '))?.slice(2) as WriteKind | undefined;
    if (cut) cutWrites.set(cut, cutWrites.get(cut)! + 1);
    exp.apply(lines);
    if (ready) everReady = true;
    // Only while no writer has ever reached READY (which means it opened both databases) may the
    // databases be missing; after that a missing file is a lost home, not a reason to skip the checks.
    if (existsSync(join(home, 'db', 'memory.sqlite')) && existsSync(join(home, 'db', 'app.sqlite'))) checks += verify(home, exp, run, scratch);
    else expect(everReady, `after kill ${run}: a database is missing although a writer had opened it`).toBe(false);
    ms.waitWarm += t1 - t0;
    ms.goToReady += goToReadyMs ?? t2 - t1;
    ms.goToKill += t2 - t1;
    ms.verify += performance.now() - t2;
  }

  // And the real engine opens the result cleanly: no recovery needed, everything readable.
  const engine = Engine.open({ home, host: 'cli' });
  try {
    expect(engine.status().notices).toEqual([]);
    expect(engine.status().db.ok).toBe(true);
    for (const scope of FACT_SCOPES) expect(engine.facts.memory.read(scope).warnings).toEqual([]);
  } finally {
    engine.close();
  }

  const facts = [...exp.facts.values()].reduce((n, m) => n + m.size, 0);
  console.log(
    `[kill-loop] seed ${seed}: ${RUNS} SIGKILL runs (${earlyKills} aimed at start-up, ${killedBeforeReady} died before READY) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `kills cut ${[...cutWrites].map(([k, n]) => `${n} ${k}`).join(', ')} writes; ${exp.acks} acknowledged writes (${exp.messages.size} messages, ${facts} fact records/forgets, ${exp.edges.size} edges, ${exp.laws.size} law scopes); ` +
      `${checks} write checks across all kills; ${dbChecks.integrity} integrity_check + ${dbChecks.foreignKeys} foreign_key_check runs, ` +
      `${dbChecks.messagesScanned} message rows and ${dbChecks.markdownFiles} Markdown files checked; home on ${home.startsWith('/dev/shm') ? 'tmpfs' : 'disk'}; ` +
      `time: ${Object.entries(ms).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')} ` +
      `(checks: ${Object.entries(verifyMs).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')})`,
  );
  expect(exp.acks).toBeGreaterThan(RUNS);
  // Only meaningful for a loop long enough to spread its kills (MONAD_KILL_RUNS may ask for a short one).
  if (RUNS >= 60) for (const kind of MUST_CUT) expect(cutWrites.get(kind), `kills that cut a ${kind} write`).toBeGreaterThan(0);
}
