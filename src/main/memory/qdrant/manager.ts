// The managed local qdrant: install on first use, clean up an orphan, pick the port, write the config,
// start and supervise the child, and report one status (not-needed / stopped / downloading with
// progress / starting / ready / failed with the reason). Layout in the home directory:
//   bin/qdrant/<version>/qdrant       the verified binary (install.ts)
//   db/qdrant/storage, snapshots/     its data
//   db/qdrant/config.yaml, api-key    written by Monad (owner-only)
//   db/qdrant/qdrant.pid              the running child, for orphan cleanup
//   logs/qdrant.log                   its output, size-capped
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { QdrantStatus } from '../../../shared/domain';
import { writeFileAtomic } from '../../fs/atomic-write';
import type { HomePaths } from '../../home';
import { CappedLog, DEFAULT_LOG_CAP_BYTES } from './capped-log';
import { installedQdrant, installQdrant, sweepPartialInstalls, type InstallProgress } from './install';
import { cleanupOrphan } from './pidfile';
import { choosePort, DEFAULT_QDRANT_PORT, LOOPBACK, QDRANT_PORT_TRIES } from './ports';
import { qdrantRelease, QDRANT_VERSION, type QdrantRelease } from './release';
import { QdrantSupervisor, type RestartPolicy, type SupervisorState } from './supervisor';

export interface QdrantOptions {
  /** false = never download or start qdrant (mem0 then runs on its local store). */
  enabled?: boolean;
  /** Use this executable instead of downloading one (tests use a stand-in). */
  binary?: string;
  releaseBaseUrl?: string;
  release?: QdrantRelease;
  fetch?: typeof fetch;
  port?: number;
  /** The port setting (memory.mem0.qdrantPort), read at each start; `port` (tests) wins over it. */
  preferredPort?: () => number | undefined;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  restart?: Partial<RestartPolicy>;
  downloadAttempts?: number;
  downloadBackoffMs?: number;
  logCapBytes?: number;
  /** Extra environment for the child (tests steer the stand-in with it). */
  env?: Record<string, string>;
}

export interface QdrantEndpoint {
  url: string;
  apiKey: string;
}

export interface QdrantLayout {
  binRoot: string;
  dir: string;
  storage: string;
  snapshots: string;
  configPath: string;
  keyPath: string;
  pidFile: string;
  logFile: string;
}

export function qdrantLayout(paths: HomePaths): QdrantLayout {
  const dir = join(paths.db, 'qdrant');
  return {
    binRoot: join(paths.bin, 'qdrant'),
    dir,
    storage: join(dir, 'storage'),
    snapshots: join(dir, 'snapshots'),
    configPath: join(dir, 'config.yaml'),
    keyPath: join(dir, 'api-key'),
    pidFile: join(dir, 'qdrant.pid'),
    logFile: join(paths.logs, 'qdrant.log'),
  };
}

/** The per-install API key: random, created once, kept in an owner-only file beside the data. */
export function ensureApiKey(path: string): string {
  try {
    const key = readFileSync(path, 'utf8').trim();
    if (key.length >= 32) return key;
  } catch {
    // Not created yet.
  }
  const key = randomBytes(32).toString('hex');
  writeFileAtomic(path, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * qdrant's config: loopback only, no gRPC, no CORS, no telemetry, storage under db/qdrant. Written as
 * JSON, which is valid YAML, so the file needs no YAML library on either side.
 */
export function qdrantConfig(layout: QdrantLayout, port: number): Record<string, unknown> {
  return {
    log_level: 'WARN',
    storage: { storage_path: layout.storage, snapshots_path: layout.snapshots },
    service: { host: LOOPBACK, http_port: port, grpc_port: null, enable_cors: false },
    telemetry_disabled: true,
  };
}

/** A start given up because qdrant was stopped while it was on its way. */
export class QdrantStoppedError extends Error {
  constructor() {
    super('qdrant was stopped before it started');
    this.name = 'QdrantStoppedError';
  }
}

export class QdrantManager {
  readonly layout: QdrantLayout;
  private supervisor: QdrantSupervisor | null = null;
  private starting: Promise<QdrantEndpoint> | null = null;
  private s: QdrantStatus;
  private apiKey: string | null = null;
  private lastProgressEmit = 0;
  /**
   * Counts stops. A start awaits (download, the orphan check, a free port) before it spawns anything; a
   * stop during those waits found no supervisor to stop, and the start then spawned a qdrant nobody would
   * ever stop (closing the app while mem0 was being switched on left one running).
   */
  private stops = 0;

  constructor(
    paths: HomePaths,
    private readonly opts: QdrantOptions = {},
    private readonly onStatus: (s: QdrantStatus) => void = () => {},
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {
    this.layout = qdrantLayout(paths);
    this.s = {
      phase: 'stopped',
      version: opts.release?.version ?? QDRANT_VERSION,
      progress: null,
      url: null,
      port: null,
      pid: null,
      restarts: 0,
      note: null,
      error: null,
      logFile: this.layout.logFile,
    };
  }

  get enabled(): boolean {
    return this.opts.enabled !== false;
  }

  status(): QdrantStatus {
    return { ...this.s };
  }

  /** The endpoint when qdrant is up right now; never starts it. */
  running(): QdrantEndpoint | null {
    return this.s.phase === 'ready' && this.s.url && this.apiKey ? { url: this.s.url, apiKey: this.apiKey } : null;
  }

  /** Installs (first use) and starts qdrant; single-flight. Rejects with the reason when it cannot. */
  ensureRunning(): Promise<QdrantEndpoint> {
    const up = this.running();
    if (up) return Promise.resolve(up);
    if (!this.enabled) return Promise.reject(new Error('The managed qdrant is turned off for this engine'));
    if (!this.starting) {
      this.starting = this.boot().finally(() => {
        this.starting = null;
      });
    }
    return this.starting;
  }

  private async boot(): Promise<QdrantEndpoint> {
    const stopsAtStart = this.stops;
    const notStopped = (): void => {
      if (this.stops !== stopsAtStart) throw new QdrantStoppedError();
    };
    try {
      const binary = this.opts.binary ?? (await this.install());
      notStopped();
      mkdirSync(this.layout.storage, { recursive: true, mode: 0o700 });
      mkdirSync(this.layout.snapshots, { recursive: true, mode: 0o700 });
      this.set({ phase: 'starting', progress: null, error: null });
      const orphan = await cleanupOrphan(this.layout.pidFile);
      if (orphan.outcome === 'killed') this.log(`[qdrant] stopped an orphaned qdrant (pid ${orphan.pid}) left by an earlier run`);
      if (orphan.outcome === 'unkillable') throw new Error(`An earlier qdrant (pid ${orphan.pid}) is still running and could not be stopped`);
      const preferred = this.opts.port ?? this.opts.preferredPort?.() ?? DEFAULT_QDRANT_PORT;
      const port = await choosePort(preferred, LOOPBACK, QDRANT_PORT_TRIES);
      notStopped(); // the last wait before the spawn: from here on a stop finds the supervisor
      const note = port === preferred ? null : `Port ${preferred} is taken by another program; qdrant uses port ${port} instead`;
      if (note) this.log(`[qdrant] ${note}`);
      this.apiKey = ensureApiKey(this.layout.keyPath);
      writeFileAtomic(this.layout.configPath, `${JSON.stringify(qdrantConfig(this.layout, port), null, 2)}\n`, { mode: 0o600 });
      const log = new CappedLog(this.layout.logFile, this.opts.logCapBytes ?? DEFAULT_LOG_CAP_BYTES);
      const supervisor = new QdrantSupervisor({
        binary,
        args: ['--config-path', this.layout.configPath],
        configPath: this.layout.configPath,
        cwd: this.layout.dir,
        env: {
          QDRANT__SERVICE__API_KEY: this.apiKey,
          QDRANT__SERVICE__HOST: LOOPBACK,
          QDRANT__SERVICE__HTTP_PORT: String(port),
          QDRANT__SERVICE__ENABLE_CORS: 'false',
          QDRANT__TELEMETRY_DISABLED: 'true',
          ...this.opts.env,
        },
        host: LOOPBACK,
        port,
        apiKey: this.apiKey,
        pidFile: this.layout.pidFile,
        log,
        readyTimeoutMs: this.opts.readyTimeoutMs,
        stopTimeoutMs: this.opts.stopTimeoutMs,
        restart: this.opts.restart,
        onChange: (st) => this.fromSupervisor(st),
      });
      this.supervisor = supervisor;
      this.set({ port, url: supervisor.url, note });
      await supervisor.start();
      return { url: supervisor.url, apiKey: this.apiKey };
    } catch (err) {
      if (err instanceof QdrantStoppedError) throw err; // the stop already set the phase
      const reason = (err as Error).message;
      this.set({ phase: 'failed', error: reason, progress: null, pid: null });
      throw err;
    }
  }

  private async install(): Promise<string> {
    const release = this.opts.release ?? qdrantRelease({ baseUrl: this.opts.releaseBaseUrl });
    if (!release) throw new Error(`qdrant publishes no binary for ${process.platform}/${process.arch}`);
    sweepPartialInstalls(this.layout.binRoot);
    const have = installedQdrant(this.layout.binRoot, release);
    if (have) return have.binary;
    this.set({ phase: 'downloading', progress: { received: 0, total: null }, error: null });
    this.log(`[qdrant] downloading qdrant ${release.version} (${release.asset})`);
    const done = await installQdrant({
      root: this.layout.binRoot,
      release,
      fetch: this.opts.fetch,
      attempts: this.opts.downloadAttempts,
      backoffMs: this.opts.downloadBackoffMs,
      onProgress: (p) => this.progress(p),
    });
    return done.binary;
  }

  private progress(p: InstallProgress): void {
    this.s = { ...this.s, progress: p };
    const now = Date.now();
    if (now - this.lastProgressEmit < 250 && p.received !== p.total) return;
    this.lastProgressEmit = now;
    this.onStatus(this.status());
  }

  private fromSupervisor(st: SupervisorState): void {
    const phase = st.phase === 'ready' ? 'ready' : st.phase === 'failed' ? 'failed' : st.phase === 'starting' || st.phase === 'backoff' ? 'starting' : 'stopped';
    this.set({ phase, pid: st.pid, restarts: st.restarts, error: st.phase === 'ready' ? null : st.error });
  }

  /** Stops qdrant (gracefully, then by force). A failure is forgotten: the next start tries afresh. */
  async stop(): Promise<void> {
    this.stops++;
    const sup = this.supervisor;
    this.supervisor = null;
    if (sup) await sup.stop();
    this.set({ phase: 'stopped', pid: null, url: null, error: null, progress: null });
  }

  stopNow(): void {
    this.stops++;
    this.supervisor?.stopNow();
    this.supervisor = null;
    if (this.s.phase !== 'failed') this.set({ phase: 'stopped', pid: null, url: null });
  }

  private set(patch: Partial<QdrantStatus>): void {
    this.s = { ...this.s, ...patch };
    this.onStatus(this.status());
  }
}
