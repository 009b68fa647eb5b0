// Process management of the managed qdrant, exercised with a STAND-IN executable
// (tests/fixtures/qdrant-standin/qdrant.mjs): no real qdrant binary can be downloaded here. The stand-in
// takes qdrant's command line and environment and answers its readiness endpoints; env knobs make it
// crash, hang or ignore SIGTERM. Every test name says "stand-in".
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { homePaths, ensureHome } from '../../src/main/home';
import { CappedLog } from '../../src/main/memory/qdrant/capped-log';
import { QdrantManager, type QdrantOptions } from '../../src/main/memory/qdrant/manager';
import { cleanupOrphan, isAlive, readPidfile, writePidfile } from '../../src/main/memory/qdrant/pidfile';
import { ephemeralPort } from '../../src/main/memory/qdrant/ports';
import { backoffDelay } from '../../src/main/memory/qdrant/supervisor';
import type { QdrantStatus } from '../../src/shared/domain';
import { tempHome, waitFor } from '../helpers/temp-home';

const STANDIN = resolve(__dirname, '../fixtures/qdrant-standin/qdrant.mjs');
chmodSync(STANDIN, 0o755);

const managers: QdrantManager[] = [];
const pids: number[] = [];
afterEach(async () => {
  for (const m of managers.splice(0)) await m.stop();
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

async function waitForHttp(url: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} never answered`);
}

async function standinManager(opts: QdrantOptions = {}) {
  const home = tempHome();
  const paths = homePaths(home);
  ensureHome(paths);
  const record = join(home, 'standin-record.json');
  const statuses: QdrantStatus[] = [];
  const logs: string[] = [];
  const manager = new QdrantManager(
    paths,
    { binary: STANDIN, port: opts.port ?? (await ephemeralPort()), readyTimeoutMs: 5000, stopTimeoutMs: 2000, ...opts, env: { STANDIN_RECORD: record, ...opts.env } },
    (s) => statuses.push(s),
    (m) => logs.push(m),
  );
  managers.push(manager);
  const recorded = () => JSON.parse(readFileSync(record, 'utf8'));
  return { home, paths, manager, statuses, logs, recorded, record };
}

describe('managed qdrant processes (stand-in executable)', () => {
  it('stand-in: starts loopback-only with storage under db/qdrant, a random per-install key, no telemetry, no CORS', async () => {
    const { manager, recorded, paths, statuses } = await standinManager();
    const ep = await manager.ensureRunning();
    const rec = recorded();
    expect(rec.host).toBe('127.0.0.1');
    expect(ep.url).toBe(`http://127.0.0.1:${rec.port}`);
    expect(rec.argv).toEqual(['--config-path', join(paths.db, 'qdrant', 'config.yaml')]);
    expect(rec.cwd).toBe(join(paths.db, 'qdrant'));
    expect(rec.config.storage.storage_path).toBe(join(paths.db, 'qdrant', 'storage'));
    expect(rec.config.service).toEqual({ host: '127.0.0.1', http_port: rec.port, grpc_port: null, enable_cors: false });
    expect(rec.config.telemetry_disabled).toBe(true);
    expect(rec.telemetryDisabledEnv).toBe('true');
    expect(rec.corsEnv).toBe('false');
    expect(rec.apiKey).toMatch(/^[0-9a-f]{64}$/);
    expect(rec.apiKey).toBe(ep.apiKey);
    expect(rec.inheritedSecrets).toEqual([]); // the parent's environment is not passed down
    const keyFile = join(paths.db, 'qdrant', 'api-key');
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(ep.apiKey);
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o077).toBe(0);
    expect(readPidfile(join(paths.db, 'qdrant', 'qdrant.pid'))?.pid).toBe(rec.pid);
    expect(manager.status()).toMatchObject({ phase: 'ready', pid: rec.pid, port: rec.port, error: null });
    expect(statuses.map((s) => s.phase)).toContain('starting');
    // An authenticated request with the key works; without it the server refuses.
    expect((await fetch(`${ep.url}/collections`, { headers: { 'api-key': ep.apiKey } })).status).toBe(200);
    expect((await fetch(`${ep.url}/collections`)).status).toBe(401);
    // Output is captured in logs/qdrant.log, stdout and stderr alike.
    const log = readFileSync(join(paths.logs, 'qdrant.log'), 'utf8');
    expect(log).toContain('stand-in qdrant listening');
    expect(log).toContain('this line goes to stderr');
  });

  it('stand-in: the key survives restarts of the app (one key per install)', async () => {
    const { manager, paths } = await standinManager();
    const first = await manager.ensureRunning();
    await manager.stop();
    const again = new QdrantManager(paths, { binary: STANDIN, port: await ephemeralPort(), readyTimeoutMs: 5000 });
    managers.push(again);
    expect((await again.ensureRunning()).apiKey).toBe(first.apiKey);
  });

  it('stand-in: readiness timeout stops the child and reports why', async () => {
    // The timeout is waited out in full, so it is short; long enough for the stand-in to start and write its
    // record first on a loaded machine (a Node start, well under a second). The message rounds it: "2 s".
    const { manager, recorded, paths, record } = await standinManager({ readyTimeoutMs: 1500, env: { STANDIN_MODE: 'never-ready' } });
    await expect(manager.ensureRunning()).rejects.toThrow(/did not become ready within 2 s/);
    expect(existsSync(record)).toBe(true);
    const st = manager.status();
    expect(st.phase).toBe('failed');
    expect(st.error).toMatch(/did not become ready/);
    await waitFor(() => !isAlive(recorded().pid), 3000, 'the unready child to be stopped');
    expect(existsSync(join(paths.db, 'qdrant', 'qdrant.pid'))).toBe(false);
  });

  it('stand-in: a crash is followed by restarts with a growing backoff until it runs', async () => {
    const home = tempHome();
    const state = join(home, 'runs');
    const { manager } = await standinManager({
      restart: { initialDelayMs: 150, maxDelayMs: 2000, maxCrashes: 5 },
      env: { STANDIN_CRASH_TIMES: '2', STANDIN_STATE: state },
    });
    await manager.ensureRunning();
    expect(readFileSync(state, 'utf8')).toBe('3');
    const st = manager.status();
    expect(st.phase).toBe('ready');
    expect(st.restarts).toBe(2);
    const exits = (manager as unknown as { supervisor: { exits: { at: number; code: number | null }[] } }).supervisor.exits;
    expect(exits.map((e) => e.code)).toEqual([3, 3]);
    expect(backoffDelay(1, { initialDelayMs: 150, maxDelayMs: 2000 })).toBe(150);
    expect(backoffDelay(2, { initialDelayMs: 150, maxDelayMs: 2000 })).toBe(300);
    expect(exits[1].at - exits[0].at).toBeGreaterThanOrEqual(150);
  });

  it('stand-in: a crash after it was ready is restarted, and it is ready again', async () => {
    const home = tempHome();
    const state = join(home, 'runs');
    const { manager, recorded } = await standinManager({
      restart: { initialDelayMs: 100, maxCrashes: 5 },
      // Run 1 crashes a while after it starts listening (after readiness was seen); later runs behave.
      env: { STANDIN_STATE: state, STANDIN_CRASH_AFTER_READY_RUNS: '1', STANDIN_CRASH_AFTER_MS: '1500' },
    });
    await manager.ensureRunning();
    const firstPid = recorded().pid;
    await waitFor(() => manager.status().restarts === 1 && manager.status().phase === 'ready', 5000, 'the restart');
    expect(recorded().pid).not.toBe(firstPid);
    expect(recorded().runNumber).toBe(2);
    expect(manager.running()).not.toBeNull();
  });

  it('stand-in: gives up after repeated crashes and says so', async () => {
    const { manager } = await standinManager({ restart: { initialDelayMs: 20, maxDelayMs: 50, maxCrashes: 3 }, env: { STANDIN_MODE: 'crash' } });
    await expect(manager.ensureRunning()).rejects.toThrow(/crashed 3 times in a row \(last exit: code 3\); gave up/);
    const st = manager.status();
    expect(st.phase).toBe('failed');
    expect(st.error).toMatch(/gave up\. See .*qdrant\.log/);
    expect(st.restarts).toBe(2);
  });

  it('stand-in: graceful stop sends SIGTERM and removes the pidfile', async () => {
    const { manager, recorded, paths } = await standinManager();
    await manager.ensureRunning();
    const pid = recorded().pid;
    await manager.stop();
    expect(isAlive(pid)).toBe(false);
    expect(existsSync(join(paths.db, 'qdrant', 'qdrant.pid'))).toBe(false);
    expect(manager.status().phase).toBe('stopped');
    const exits = (manager as unknown as { supervisor: unknown }).supervisor;
    expect(exits).toBeNull();
  });

  it('stand-in: a stop while a start is on its way (orphan check, port) spawns nothing, and the start says it was stopped', async () => {
    for (const stop of ['stopNow', 'stop'] as const) {
      const { manager, record, paths } = await standinManager();
      const started = manager.ensureRunning();
      // The start is now waiting (orphan check, then a free port), before any spawn.
      if (stop === 'stopNow') manager.stopNow();
      else await manager.stop();
      await expect(started, stop).rejects.toThrow(/stopped before it started/);
      // Long enough for the spawn the old start made after its waits, and for the stand-in to write its record.
      await new Promise((r) => setTimeout(r, 800));
      expect(existsSync(record), `${stop}: a stand-in qdrant was started after the stop`).toBe(false);
      expect(existsSync(join(paths.db, 'qdrant', 'qdrant.pid')), stop).toBe(false);
      expect(manager.status().phase, stop).toBe('stopped');
      // A later start is not refused by the earlier stop.
      await manager.ensureRunning();
      expect(manager.status().phase, stop).toBe('ready');
      await manager.stop();
    }
  });

  it('stand-in: a child that ignores SIGTERM is killed after the grace period', async () => {
    const { manager, recorded } = await standinManager({ stopTimeoutMs: 300, env: { STANDIN_IGNORE_SIGTERM: '1' } });
    await manager.ensureRunning();
    const pid = recorded().pid;
    const sup = (manager as unknown as { supervisor: { exits: { signal: string | null }[] } }).supervisor;
    const t0 = Date.now();
    await manager.stop();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    expect(sup.exits.at(-1)?.signal).toBe('SIGKILL');
    expect(isAlive(pid)).toBe(false);
  });

  it('stand-in: an orphan left by a crashed app is killed on the next start (its command line checked)', async () => {
    const { manager, paths, recorded, logs } = await standinManager();
    const layout = manager.layout;
    // Simulate the crashed app: a stand-in started with our config path, detached, plus our pidfile.
    const port = await ephemeralPort();
    mkdirSync(layout.dir, { recursive: true });
    writeFileSync(layout.configPath, JSON.stringify({ service: { host: '127.0.0.1', http_port: port } }));
    const orphan = spawn(STANDIN, ['--config-path', layout.configPath], { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH } });
    orphan.unref();
    pids.push(orphan.pid!);
    writePidfile(layout.pidFile, { pid: orphan.pid!, binary: STANDIN, configPath: layout.configPath, port, startedAt: new Date().toISOString() });
    await waitForHttp(`http://127.0.0.1:${port}/readyz`);

    await manager.ensureRunning();
    expect(logs.join('\n')).toContain(`stopped an orphaned qdrant (pid ${orphan.pid})`);
    await waitFor(() => !isAlive(orphan.pid!), 5000, 'the orphan to die');
    expect(recorded().pid).not.toBe(orphan.pid);
    expect(readPidfile(layout.pidFile)?.pid).toBe(recorded().pid);
    void paths;
  });

  it('stand-in: a pidfile naming somebody else\'s process (pid reuse) never gets that process killed', async () => {
    const home = tempHome();
    const pidFile = join(home, 'qdrant.pid');
    const bystander = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    pids.push(bystander.pid!);
    writePidfile(pidFile, { pid: bystander.pid!, binary: STANDIN, configPath: join(home, 'config.yaml'), port: 1, startedAt: '' });
    const r = await cleanupOrphan(pidFile, 200);
    expect(r.outcome).toBe('not-ours');
    expect(isAlive(bystander.pid!)).toBe(true);
    expect(existsSync(pidFile)).toBe(false);
    expect((await cleanupOrphan(pidFile)).outcome).toBe('none');
  });

  it('stand-in: a port taken by a foreign process is left alone; another port is chosen and reported', async () => {
    const port = await ephemeralPort();
    const foreignHits: string[] = [];
    const foreign = createServer((req, res) => {
      foreignHits.push(req.url ?? '');
      res.writeHead(200).end('ok'); // even answers like a healthy server
    });
    await new Promise<void>((r) => foreign.listen(port, '127.0.0.1', () => r()));
    try {
      const { manager, recorded, logs } = await standinManager({ port });
      const ep = await manager.ensureRunning();
      expect(recorded().port).not.toBe(port);
      expect(ep.url).toBe(`http://127.0.0.1:${recorded().port}`);
      expect(manager.status().note).toBe(`Port ${port} is taken by another program; qdrant uses port ${recorded().port} instead`);
      expect(logs.join('\n')).toContain(`Port ${port} is taken`);
      expect(foreignHits).toEqual([]); // never talked to it
    } finally {
      await new Promise((r) => foreign.close(r));
    }
  });

  it('stand-in: a program that takes the port after a crash never receives the key and is refused, by name of the port', async () => {
    const port = await ephemeralPort();
    const { manager, paths } = await standinManager({
      port,
      // A backoff long enough for the test to see the crash and take the port before the restart (an event
      // and a listen on loopback: milliseconds, or some hundreds on a loaded machine), and waited out in full.
      restart: { initialDelayMs: 1500, maxDelayMs: 1500 },
    });
    await manager.ensureRunning();
    const key = readFileSync(join(paths.db, 'qdrant', 'api-key'), 'utf8').trim();
    // The stand-in dies (killed here: a crash at a moment the test chooses); while the supervisor waits to
    // restart it, a local program takes its port and answers like qdrant.
    process.kill(manager.status().pid!, 'SIGKILL');
    await waitFor(() => /restarting/.test(manager.status().error ?? ''), 15_000, 'the crash and the backoff');
    const seen: { url: string; headers: Record<string, unknown> }[] = [];
    const squatter = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: { ...req.headers } });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":{"collections":[]},"status":"ok"}');
    });
    await new Promise<void>((r, reject) => {
      squatter.once('error', reject);
      squatter.listen(port, '127.0.0.1', () => r());
    });
    try {
      expect(squatter.listening).toBe(true);
      await waitFor(() => manager.status().phase === 'failed', 15_000, 'the restart refused');
      expect(manager.status().error).toMatch(new RegExp(`Port ${port} is held by another program, not by the qdrant Monad started`));
      // Nothing that carries the key ever reached it, in any header.
      expect(JSON.stringify(seen)).not.toContain(key);
      expect(seen.every((r) => r.headers['api-key'] === undefined)).toBe(true);
      expect(manager.running()).toBeNull();
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });

  it('stand-in: a server that does not accept our key is refused', async () => {
    const { manager } = await standinManager({ env: { QDRANT__SERVICE__API_KEY: 'somebody-elses-key' } });
    await expect(manager.ensureRunning()).rejects.toThrow(/did not accept Monad's key/);
    expect(manager.status().phase).toBe('failed');
  });

  it('stand-in: a missing executable fails at once, without a restart loop', async () => {
    const { manager } = await standinManager({ binary: '/nonexistent/qdrant' });
    await expect(manager.ensureRunning()).rejects.toThrow(/could not be started: .*ENOENT/);
    expect(manager.status().restarts).toBe(0);
  });

  it('the log is size-capped: it rotates to .1 past the cap', () => {
    const home = tempHome();
    const log = new CappedLog(join(home, 'logs', 'q.log'), 100);
    for (let i = 0; i < 30; i++) log.write(`line ${String(i).padStart(3, '0')}\n`);
    log.close();
    expect(statSync(join(home, 'logs', 'q.log')).size).toBeLessThanOrEqual(100);
    expect(statSync(join(home, 'logs', 'q.log.1')).size).toBeLessThanOrEqual(100);
    expect(readFileSync(join(home, 'logs', 'q.log'), 'utf8')).toContain('line 029');
  });
});
