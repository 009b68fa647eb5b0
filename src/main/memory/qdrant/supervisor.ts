// Runs the qdrant child process and keeps it healthy: waits for readiness (with a time limit), proves
// the port is held by the child it started (asking the operating system, never the port) before the API
// key is sent, checks the server accepts the key, restarts it after a crash with a
// capped exponential backoff, gives up after repeated crashes and says why, and stops it gracefully
// (SIGTERM, then SIGKILL). Output goes to a size-capped log; a pidfile lets the next run clean up an
// orphan when the app itself crashed.
import { spawn, type ChildProcess } from 'node:child_process';
import type { CappedLog } from './capped-log';
import { removePidfile, writePidfile } from './pidfile';
import { portOwner } from './port-owner';

export type SupervisorPhase = 'idle' | 'starting' | 'ready' | 'backoff' | 'failed' | 'stopped';

export interface SupervisorState {
  phase: SupervisorPhase;
  pid: number | null;
  /** Crashes since the last stable run. */
  crashes: number;
  /** Restarts over the supervisor's life. */
  restarts: number;
  error: string | null;
}

export interface RestartPolicy {
  /** Give up after this many crashes in a row. */
  maxCrashes: number;
  initialDelayMs: number;
  maxDelayMs: number;
  /** A run that stays ready this long resets the crash count. */
  stableMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = { maxCrashes: 5, initialDelayMs: 500, maxDelayMs: 30_000, stableMs: 60_000 };

export interface SupervisorOptions {
  binary: string;
  args: string[];
  configPath: string;
  cwd: string;
  /** Added to a minimal inherited environment (PATH, HOME, …), never the whole parent environment. */
  env: Record<string, string>;
  host: string;
  port: number;
  apiKey: string;
  pidFile: string;
  log: CappedLog;
  readyTimeoutMs?: number;
  pollMs?: number;
  stopTimeoutMs?: number;
  restart?: Partial<RestartPolicy>;
  onChange?: (state: SupervisorState) => void;
}

/** Backoff before restart number `crashes` (1-based): doubles from the initial delay up to the cap. */
export function backoffDelay(crashes: number, policy: Pick<RestartPolicy, 'initialDelayMs' | 'maxDelayMs'>): number {
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** Math.max(0, crashes - 1));
}

const INHERITED_ENV = ['PATH', 'HOME', 'USERPROFILE', 'SystemRoot', 'TMPDIR', 'TEMP', 'TMP', 'LANG'];

export class QdrantSupervisor {
  private child: ChildProcess | null = null;
  private readonly expected = new WeakSet<ChildProcess>();
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private stableTimer: NodeJS.Timeout | null = null;
  private pending: { resolve: () => void; reject: (err: Error) => void } | null = null;
  private readonly policy: RestartPolicy;
  private s: SupervisorState = { phase: 'idle', pid: null, crashes: 0, restarts: 0, error: null };
  /** The last few exits (for status and tests). */
  readonly exits: { code: number | null; signal: NodeJS.Signals | null; at: number }[] = [];

  constructor(private readonly o: SupervisorOptions) {
    this.policy = { ...DEFAULT_RESTART, ...o.restart };
  }

  get state(): SupervisorState {
    return { ...this.s };
  }

  get url(): string {
    return `http://${this.o.host}:${this.o.port}`;
  }

  /** Resolves once the server is ready and proven ours; rejects when it times out or keeps crashing. */
  start(): Promise<void> {
    if (this.s.phase === 'ready') return Promise.resolve();
    if (this.pending) return Promise.reject(new Error('qdrant is already starting'));
    this.stopping = false;
    this.set({ crashes: 0, error: null });
    return new Promise<void>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.spawnOnce();
    });
  }

  private spawnOnce(): void {
    this.restartTimer = null;
    if (this.stopping) return;
    const env: Record<string, string> = {};
    for (const k of INHERITED_ENV) if (process.env[k] !== undefined) env[k] = process.env[k]!;
    Object.assign(env, this.o.env);
    let child: ChildProcess;
    try {
      child = spawn(this.o.binary, this.o.args, { cwd: this.o.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (err) {
      this.fail(`qdrant could not be started: ${(err as Error).message}`);
      return;
    }
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => this.o.log.write(d));
    child.stderr?.on('data', (d: Buffer) => this.o.log.write(d));
    child.once('error', (err) => {
      // Spawn failures (missing or non-executable binary) will not fix themselves: no restart loop.
      if (child !== this.child) return;
      this.child = null;
      this.o.log.line(`spawn failed: ${err.message}`);
      this.fail(`qdrant could not be started: ${err.message}`);
    });
    child.once('exit', (code, signal) => this.onExit(child, code, signal));
    if (child.pid) {
      writePidfile(this.o.pidFile, { pid: child.pid, binary: this.o.binary, configPath: this.o.configPath, port: this.o.port, startedAt: new Date().toISOString() });
      this.o.log.line(`started pid ${child.pid} on ${this.o.host}:${this.o.port}`);
    }
    this.set({ phase: 'starting', pid: child.pid ?? null });
    void this.waitReady(child);
  }

  private async waitReady(child: ChildProcess): Promise<void> {
    const timeoutMs = this.o.readyTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child !== this.child || this.stopping) return;
      // Who listens on the port, asked of the operating system (port-owner.ts): the key goes only to the
      // child this supervisor started, never to a program that took the port (issue 32 §2).
      // No pid: the spawn failed, and its 'error' event says so (a missing executable). Nothing to ask or
      // stop here; above all never signal it: a kill without a pid reaches this whole process group.
      if (!child.pid) return;
      const owner = await portOwner(this.o.port, child.pid);
      if (child !== this.child || this.stopping) return;
      if (owner.state === 'other' || owner.state === 'unknown') {
        this.expected.add(child);
        await this.terminate(child);
        const who = owner.state === 'other' ? `another program${owner.pid ? ` (pid ${owner.pid})` : ''}` : `a program Monad could not identify (${owner.reason})`;
        this.o.log.line(`port ${this.o.port} is held by ${who}; not sending it the key`);
        this.fail(`Port ${this.o.port} is held by ${who}, not by the qdrant Monad started. Monad did not send it the vector store key and does not use it; quit that program, or restart Monad to pick another port.`);
        return;
      }
      if (owner.state === 'ours' && (await this.probe('/readyz', false)) === 200) {
        if (child !== this.child || this.stopping) return;
        // Ready, and the listener proven to be our child: an authenticated call checks it took our key.
        const owned = await this.probe('/collections', true);
        if (child !== this.child || this.stopping) return;
        // No answer at all: the child is going down (its exit handler decides what next).
        if (owned === null) continue;
        if (owned !== 200) {
          this.expected.add(child);
          this.kill(child);
          this.fail(`The server on port ${this.o.port} did not accept Monad's key; refusing to use it`);
          return;
        }
        this.set({ phase: 'ready', error: null });
        this.o.log.line('ready');
        if (this.stableTimer) clearTimeout(this.stableTimer);
        this.stableTimer = setTimeout(() => this.set({ crashes: 0 }), this.policy.stableMs);
        this.stableTimer.unref();
        this.pending?.resolve();
        this.pending = null;
        return;
      }
      await new Promise((r) => setTimeout(r, this.o.pollMs ?? 100));
    }
    if (child !== this.child || this.stopping) return;
    this.o.log.line(`not ready after ${timeoutMs} ms; stopping it`);
    this.expected.add(child);
    await this.terminate(child);
    this.fail(`qdrant did not become ready within ${Math.round(timeoutMs / 1000)} s (see ${this.o.log.path})`);
  }

  /** The HTTP status, or null when nothing answered. */
  private async probe(path: string, withKey: boolean): Promise<number | null> {
    try {
      const res = await fetch(`${this.url}${path}`, {
        headers: withKey ? { 'api-key': this.o.apiKey } : {},
        // The key goes to this address only: a redirect comes back as its 3xx, i.e. "not ready".
        redirect: 'manual',
        signal: AbortSignal.timeout(2000),
      });
      await res.body?.cancel().catch(() => {});
      return res.status;
    } catch {
      return null;
    }
  }

  private onExit(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    this.exits.push({ code, signal, at: Date.now() });
    if (this.exits.length > 20) this.exits.shift();
    if (child !== this.child) return;
    this.child = null;
    removePidfile(this.o.pidFile);
    if (this.stableTimer) clearTimeout(this.stableTimer);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    this.o.log.line(`exited (${how})`);
    if (this.stopping || this.expected.has(child)) {
      this.set({ pid: null });
      return;
    }
    const crashes = this.s.crashes + 1;
    if (crashes >= this.policy.maxCrashes) {
      this.set({ crashes, pid: null });
      this.fail(`qdrant crashed ${crashes} times in a row (last exit: ${how}); gave up. See ${this.o.log.path}`);
      return;
    }
    const delay = backoffDelay(crashes, this.policy);
    this.o.log.line(`restarting in ${delay} ms (crash ${crashes} of ${this.policy.maxCrashes})`);
    this.set({ phase: 'backoff', crashes, pid: null, restarts: this.s.restarts + 1, error: `qdrant exited (${how}); restarting` });
    this.restartTimer = setTimeout(() => this.spawnOnce(), delay);
  }

  private fail(reason: string): void {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.set({ phase: 'failed', error: reason, pid: null });
    this.pending?.reject(new Error(reason));
    this.pending = null;
  }

  private kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
    // A child that never started has no pid; signalling it would signal this process's group.
    if (!child.pid) return;
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }

  /** SIGTERM, wait up to stopTimeoutMs, then SIGKILL. */
  private async terminate(child: ChildProcess): Promise<void> {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    this.kill(child, 'SIGTERM');
    const timeout = this.o.stopTimeoutMs ?? 5000;
    const graceful = await Promise.race([gone.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), timeout))]);
    if (!graceful) {
      this.o.log.line(`did not stop within ${timeout} ms; killing it`);
      this.kill(child, 'SIGKILL');
      await gone;
    }
  }

  /** Graceful stop (then force). Safe to call at any time, any number of times. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.stableTimer) clearTimeout(this.stableTimer);
    this.restartTimer = null;
    const child = this.child;
    if (child) await this.terminate(child);
    this.child = null;
    removePidfile(this.o.pidFile);
    this.pending?.reject(new Error('qdrant was stopped'));
    this.pending = null;
    if (this.s.phase !== 'failed') this.set({ phase: 'stopped', pid: null });
  }

  /**
   * For synchronous shutdown paths: SIGTERM now, SIGKILL later if it lingers. If the app exits first,
   * the pidfile stays and the next start cleans the orphan up.
   */
  stopNow(): void {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.stableTimer) clearTimeout(this.stableTimer);
    const child = this.child;
    if (!child) return;
    this.kill(child, 'SIGTERM');
    const force = setTimeout(() => this.kill(child, 'SIGKILL'), this.o.stopTimeoutMs ?? 5000);
    force.unref();
    child.once('exit', () => {
      clearTimeout(force);
      removePidfile(this.o.pidFile);
    });
    this.pending?.reject(new Error('qdrant was stopped'));
    this.pending = null;
    this.set({ phase: 'stopped', pid: null });
  }

  private set(patch: Partial<SupervisorState>): void {
    this.s = { ...this.s, ...patch };
    this.o.onChange?.(this.state);
  }
}
