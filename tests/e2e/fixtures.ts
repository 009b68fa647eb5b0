// E2E fixtures: each test gets a fresh temp home and its own `monad serve` (the built CLI) on a free
// loopback port, stopped and removed after the test. Nothing touches the real Monad home. The `server`
// fixture's process is started while the previous test runs and stopped while the next one runs
// (SpareServer below): the same isolation, without the start and stop in each test's time.
import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Starting Node, opening SQLite and binding a port takes well under a second; allow for a busy CI box. */
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 5_000;

export interface MonadServer {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  token: string;
  /** The link a person opens: url + #token=… */
  openUrl: string;
  home: string;
  configPath: string;
  /** Everything the server wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** How the process ended, when it has (a test's own server never should before the test is done). */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
}

function assertBuilt(): void {
  const missing = ['out/cli/index.js', 'out/renderer/index.html'].filter((p) => !existsSync(join(ROOT, p)));
  if (missing.length > 0) {
    throw new Error(`E2E tests run against the built app, and ${missing.join(' and ')} is missing. Run \`npm run build\` first.`);
  }
}

/**
 * Starts `monad serve`. By default on a new temp home and any free port; a test that restarts the
 * server passes the previous home and port (and removes the home itself).
 */
/**
 * Where the managed qdrant is downloaded from in e2e runs: a loopback port nothing listens on, so the
 * download fails at once on every machine. (The real address fails too, but how fast depends on the
 * machine's network: a CI box that drops packets took over a minute, and a test waiting for the
 * fallback saw "Downloading" instead.)
 */
const REFUSING_MIRROR = 'http://127.0.0.1:9/qdrant-releases';

export async function startServer(opts: { home?: string; port?: number; env?: Record<string, string> } = {}): Promise<{ server: MonadServer; stop(): Promise<void> }> {
  assertBuilt();
  const ownHome = opts.home === undefined;
  const home = opts.home ?? mkdtempSync(join(tmpdir(), 'monad-e2e-'));
  // Generated titles (issue 29 §2) are a model call of their own: off unless a test turns them on (opts.env).
  const env: NodeJS.ProcessEnv = { ...process.env, MONAD_HOME: home, MEM0_TELEMETRY: 'false', MONAD_QDRANT_RELEASES_URL: REFUSING_MIRROR, MONAD_GENERATED_TITLES: 'off', ...opts.env };
  delete env.MONAD_RENDERER_DIR;
  const child = spawn(process.execPath, ['bin/monad.mjs', 'serve', '--home', home, '--port', String(opts.port ?? 0)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));

  const listening = await new Promise<{ url: string; port: number; token: string }>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no "Monad listening on" line within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`monad serve did not start: ${why}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    }
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const m = /Monad listening on (http:\/\/127\.0\.0\.1:(\d+))\/#token=(\S+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], port: Number(m[2]), token: m[3] });
      }
    });
    child.once('exit', (code, signal) => fail(`it exited (code ${code}, signal ${signal})`));
    child.once('error', (err) => fail(err.message));
  });

  let ended: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  child.once('exit', (code, signal) => (ended = { code, signal }));
  const server: MonadServer = {
    ...listening,
    openUrl: `${listening.url}/#token=${listening.token}`,
    home,
    configPath: join(home, 'config.json'),
    stderr: () => stderr,
    exit: () => ended,
  };
  return {
    server,
    stop: async () => {
      await stopChild(child);
      if (ownHome) rmSync(home, { recursive: true, force: true });
    },
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

type Started = Awaited<ReturnType<typeof startServer>>;

/**
 * A spare server for the next test. Starting `monad serve` (Node, the CLI bundle and its dependencies,
 * the engine on an empty home) costs ~0.5 CPU-s, ~0.5–1.5 s of wall time: over ~150 tests that use the
 * plain `server` fixture it was minutes of CI. The pool starts the next test's server while the current
 * test runs, so the start overlaps the current test's waits for the browser. Isolation is unchanged:
 * every test still gets its own process on its own new home, started with the same options; only the
 * moment it started moves earlier.
 */
class SpareServer {
  private spare: { started: Promise<Started>; at: number } | null = null;

  /** A running server on a new home; begins starting the one after it. */
  async take(): Promise<Started> {
    const current = this.spare;
    this.spare = null;
    let started: Promise<Started>;
    if (current && Date.now() - current.at <= SPARE_MAX_AGE_MS) {
      started = current.started;
    } else {
      // Older than the limit (see SPARE_MAX_AGE_MS): thrown away, not handed to a test.
      if (current) void current.started.then((s) => s.stop(), () => undefined);
      started = startServer();
    }
    // The next spare is started only once this one is up, so two servers never start at once.
    const server = await started;
    this.prepare();
    return server;
  }

  private prepare(): void {
    const started = startServer();
    // A spare that fails to start fails the test that takes it (with the server's stderr), not the run.
    started.catch(() => undefined);
    this.spare = { started, at: Date.now() };
  }

  private readonly stopping = new Set<Promise<void>>();
  private stopFailure: unknown = null;

  /**
   * Stops a test's server without making the next test wait for it (SIGTERM, the engine closing, the
   * home removed: ~0.1 s each). It is a different process on a different home, so nothing of it can
   * reach the next test; a failure to stop is kept and thrown when the worker ends, not lost.
   */
  retire(stop: () => Promise<void>): void {
    const done = stop().then(
      () => undefined,
      (err: unknown) => {
        this.stopFailure ??= err;
      },
    );
    this.stopping.add(done);
    void done.finally(() => this.stopping.delete(done));
  }

  async close(): Promise<void> {
    const current = this.spare;
    this.spare = null;
    if (current) await current.started.then((s) => s.stop(), () => undefined);
    await Promise.all([...this.stopping]);
    if (this.stopFailure) throw this.stopFailure;
  }
}

/**
 * The oldest a spare may be when a test takes it. The server's own first timed jobs run 60 s after it
 * starts (the backup check, the consolidation tick): a spare younger than 20 s reaches them no earlier
 * than 40 s into the test that takes it, later than any e2e test lasts, as a fresh start would.
 */
const SPARE_MAX_AGE_MS = 20_000;

export const test = base.extend<{ server: MonadServer }, { spareServer: SpareServer }>({
  spareServer: [
    async ({}, use) => {
      const pool = new SpareServer();
      try {
        await use(pool);
      } finally {
        await pool.close();
      }
    },
    { scope: 'worker' },
  ],
  // Every page must run without uncaught exceptions and without anything the CSP had to block.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused to (execute|load|apply|connect)/i.test(msg.text())) {
        problems.push(`CSP: ${msg.text()}`);
      }
    });
    await use(page);
    expect(problems, 'the page reported errors').toEqual([]);
  },
  server: async ({ spareServer }, use) => {
    const { server, stop } = await spareServer.take();
    let gone: ReturnType<MonadServer['exit']> = null;
    try {
      await use(server);
    } finally {
      gone = server.exit(); // before retire() stops it
      spareServer.retire(stop);
    }
    // A server that died under the test is a failure of its own, whatever the test then timed out on:
    // reported with the end of what the server wrote (the CI log shows nothing else of the server).
    if (gone) {
      const tail = server.stderr().trim().split('\n').slice(-15).join('\n');
      throw new Error(`monad serve exited during the test (code ${gone.code}, signal ${gone.signal})${tail ? `; the end of its stderr:\n${tail}` : ''}`);
    }
  },
});

export { expect };

/** Whether two bounding boxes (Playwright's boundingBox()) share any area. */
export function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request with exactly the given path and headers (no URL normalisation, any Host header), the way
 * an attacker's client would send it. Browsers and fetch() would rewrite `..` and refuse to set Host.
 */
export function rawRequest(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers, timeout: opts.timeoutMs ?? 5_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
          // An event stream never ends on its own: the status line and first bytes are all a test needs.
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            res.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          }
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`request to ${opts.path} timed out`)));
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** Calls one contract channel over HTTP with the server's token, as the web UI does. */
export async function api<T = unknown>(server: MonadServer, channel: string, input: unknown = {}): Promise<T> {
  const res = await rawRequest(server.port, {
    method: 'POST',
    path: `/api/${channel}`,
    headers: {
      host: `127.0.0.1:${server.port}`,
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(input),
  });
  const parsed = JSON.parse(res.body) as { ok: boolean; data?: T; error?: { code: string; message: string } };
  if (!parsed.ok) throw new Error(`${channel} failed: ${parsed.error?.code} ${parsed.error?.message}`);
  return parsed.data as T;
}
