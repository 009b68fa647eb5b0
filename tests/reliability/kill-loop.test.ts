// Nothing lost on a crash: a child process performs acknowledged writes through the real stores
// (tests/fixtures/kill-writer.ts) and is killed with SIGKILL at random moments, RUNS times, on one home
// whose state accumulates. After every kill: both databases pass integrity_check and foreign_key_check,
// every acknowledged write is there, nothing is partial (a law set is all or nothing, an edge has its
// support, a message is whole), and every Markdown file under memory/ is one complete version.
//
// The home lives on tmpfs (/dev/shm) when there is one. A SIGKILL ends the process, not the kernel:
// the page cache survives it, so what is under test is SQLite's journaling and the atomic rename, which
// behave the same on tmpfs; fsync, which only matters for power loss, is just much faster there.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine';
import { parseFactFile } from '../../src/main/memory/facts/fact-file';
import { scopeFromFileName } from '../../src/main/memory/scope';
import { digest, FACT_SCOPES, LAW_SCOPES } from '../fixtures/kill-writer';
import { bundleKillWriter } from './child-bundle';

const RUNS = Number(process.env.MONAD_KILL_RUNS ?? 200);
/** Kills land uniformly within this window after the child says READY. */
const KILL_WINDOW_MS = 500;
/** Every tenth run is killed at a random moment from spawn instead, often during open/sweep/migrate. */
const EARLY_KILL_EVERY = 10;

const homes: string[] = [];
let bundle: string | null = null;
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
  if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
});

function scratchHome(): string {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const home = mkdtempSync(join(base, 'monad-kill-'));
  homes.push(home);
  return home;
}

/** Spawns one writer, kills it with SIGKILL at a random moment, returns the complete ack lines it printed. */
function runAndKill(script: string, home: string, run: number, early: boolean): Promise<{ lines: string[]; ready: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, 'write', home, String(run), String(run * 7919 + 13)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let ready = false;
    let killTimer: NodeJS.Timeout | null = null;
    const kill = () => child.kill('SIGKILL');
    const guard = setTimeout(() => {
      kill();
      reject(new Error(`run ${run}: no READY within 120 s; stderr=${err}`));
    }, 120_000);
    if (early) killTimer = setTimeout(kill, Math.floor(Math.random() * 400));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (!ready && out.includes('READY')) {
        ready = true;
        if (!early) killTimer = setTimeout(kill, Math.floor(Math.random() * KILL_WINDOW_MS));
      }
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      if (killTimer) clearTimeout(killTimer);
      if (signal !== 'SIGKILL') return reject(new Error(`run ${run}: the writer exited by itself (code ${code}, signal ${signal}): ${err}`));
      // Only complete lines count: a line cut by the kill was never an acknowledgement.
      const lines = out.split('\n');
      lines.pop();
      resolve({ lines, ready });
    });
  });
}

/** What the acks promise, accumulated over all runs. */
class Expected {
  messages = new Map<string, { digest: string; length: number }>();
  facts = new Map<string, Map<string, boolean>>(FACT_SCOPES.map((s) => [s, new Map()]));
  edges = new Map<number, Set<string>>();
  laws = new Map<string, { run: number; n: number; fingerprint: string }>();
  acks = 0;

  apply(lines: string[]): void {
    for (const line of lines) {
      const [kind, ...f] = line.split(' ');
      switch (kind) {
        case 'READY':
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
          const set = this.edges.get(Number(f[0])) ?? new Set<string>();
          for (const s of f[1].split(',')) set.add(s);
          this.edges.set(Number(f[0]), set);
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

/** Checks the home against the expectations; returns how many acknowledged writes were checked. */
function verify(home: string, exp: Expected, run: number): number {
  let checked = 0;
  const where = `after kill ${run}`;
  const app = new BetterSqlite3(join(home, 'db', 'app.sqlite'));
  const mem = new BetterSqlite3(join(home, 'db', 'memory.sqlite'));
  try {
    for (const db of [app, mem]) {
      expect(db.pragma('integrity_check'), where).toEqual([{ integrity_check: 'ok' }]);
      expect(db.pragma('foreign_key_check'), where).toEqual([]);
    }

    // Messages: every acked one whole; no row anywhere is a torn message.
    const rows = app.prepare(`SELECT id, content FROM messages`).all() as { id: string; content: string }[];
    const byId = new Map(rows.map((r) => [r.id, r.content]));
    for (const r of rows) expect(r.content, `${where}: message ${r.id}`).toMatch(/^run \d+ message \d+( lorem ipsum)+$/);
    for (const [id, m] of exp.messages) {
      const content = byId.get(id);
      expect(content, `${where}: acknowledged message ${id}`).toBeDefined();
      expect({ length: content!.length, digest: digest(content!) }, `${where}: message ${id}`).toEqual({ length: m.length, digest: m.digest });
      checked++;
    }

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
    }
    const index = join(home, 'memory', 'index.md');
    if (existsSync(index)) {
      // Derived and rewritten after each fact write, so it may lag by one write, but never be torn.
      expect(readFileSync(index, 'utf8'), `${where}: index.md`).toMatch(/^# Memory index\n\n[^\n]+\n\n\| scope \| file \| facts \| updated \|\n\| --- \| --- \| --- \| --- \|\n(\| \S+ \| \S+\.md \| \d+ \| [^|\n]* \|\n)*$/);
    }
    for (const [scope, facts] of exp.facts) {
      for (const [id, shouldExist] of facts) {
        expect(present.get(scope)?.has(id) ?? false, `${where}: fact ${id} in ${scope} should ${shouldExist ? 'exist' : 'be forgotten'}`).toBe(shouldExist);
        checked++;
      }
    }

    // Graph: acked edges exist with (at least) their acked support; no edge anywhere lacks support.
    const support = new Map<number, Set<string>>();
    for (const r of mem.prepare(`SELECT edge_id, message_id FROM graph_edge_support`).all() as { edge_id: number; message_id: string }[]) {
      (support.get(r.edge_id) ?? support.set(r.edge_id, new Set()).get(r.edge_id)!).add(r.message_id);
    }
    const edgeIds = new Set(mem.prepare(`SELECT id FROM graph_edge`).pluck().all() as number[]);
    for (const id of edgeIds) expect(support.get(id)?.size ?? 0, `${where}: edge ${id} has no support`).toBeGreaterThan(0);
    for (const [id, sup] of exp.edges) {
      expect(edgeIds.has(id), `${where}: acknowledged edge ${id}`).toBe(true);
      for (const s of sup) expect(support.get(id)?.has(s), `${where}: edge ${id} support ${s}`).toBe(true);
      checked++;
    }

    // Laws: per scope one complete set (k rows of one fingerprint), its state recorded with it, never older than the last ack.
    for (const scope of LAW_SCOPES) {
      const laws = mem.prepare(`SELECT fingerprint FROM graph_law WHERE scope = ?`).pluck().all(scope) as string[];
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
  } finally {
    app.close();
    mem.close();
  }
  return checked;
}

describe('crash safety under SIGKILL', () => {
  it(`${RUNS} random kills of a writer: integrity, every acknowledged write present, nothing partial`, async () => {
    bundle = await bundleKillWriter();
    const home = scratchHome();
    const exp = new Expected();
    let checks = 0;
    let earlyKills = 0;
    let killedBeforeReady = 0;
    const started = Date.now();
    for (let run = 1; run <= RUNS; run++) {
      const early = run % EARLY_KILL_EVERY === 0;
      if (early) earlyKills++;
      const { lines, ready } = await runAndKill(bundle, home, run, early);
      if (!ready) killedBeforeReady++;
      exp.apply(lines);
      // The first writer may die before it created anything.
      if (existsSync(join(home, 'db', 'memory.sqlite'))) checks += verify(home, exp, run);
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
      `[kill-loop] ${RUNS} SIGKILL runs (${earlyKills} aimed at start-up, ${killedBeforeReady} died before READY) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${exp.acks} acknowledged writes (${exp.messages.size} messages, ${facts} fact records/forgets, ${exp.edges.size} edges, ${exp.laws.size} law scopes); ` +
        `${checks} write checks across all kills; home on ${home.startsWith('/dev/shm') ? 'tmpfs' : 'disk'}`,
    );
    expect(exp.acks).toBeGreaterThan(RUNS);
  }, 20 * 60_000);
});
