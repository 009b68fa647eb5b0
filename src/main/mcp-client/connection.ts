// One MCP server, supervised: connected on first use (a stdio server's process is started then), its
// stderr kept in a size-capped file under logs/, restarted with a doubling delay when it dies, given up on
// (until the next use) after repeated quick crashes, and stopped when Monad closes or its settings change.
// Built on the SDK's own Client and transports; nothing here speaks JSON-RPC by hand.
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '../../shared/config';
import { MonadError } from '../../shared/errors';
import type { McpServerPhase } from '../../shared/mcp';
import { CappedLog } from '../memory/qdrant/capped-log';
import { trackServerProcess, untrackServerProcess } from './child-reaper';
import { checkWorkingDir, NeutralWorkDir } from './launch';
import { refuseRedirects } from '../net/no-redirect-fetch';
import type { ResolvedSecrets } from './server-secrets';

/** A server's stderr log is kept to this size (then rotated once), so a chatty server cannot fill the disk. */
export const MCP_LOG_CAP_BYTES = 1024 * 1024;
/** How long connecting (spawn + initialize) may take before the server counts as not answering. */
export const CONNECT_TIMEOUT_MS = 20_000;
/** A tool call that sends nothing (no result, no progress) this long is abandoned with a clear error. */
export const CALL_TIMEOUT_MS = 60_000;
/** Even with progress notifications, no call runs longer than this. */
export const CALL_MAX_TOTAL_MS = 10 * 60_000;
/** More tools than this from one server are not offered (a model handles a few dozen tools well). */
export const MAX_TOOLS_PER_SERVER = 128;

export interface RestartPolicy {
  initialDelayMs: number;
  maxDelayMs: number;
  /** Crashes in a row (each within `stableMs` of its start) before giving up until the next use. */
  maxCrashes: number;
  /** Up this long, a server's crash counter starts again from zero. */
  stableMs: number;
}

export const DEFAULT_RESTART: RestartPolicy = { initialDelayMs: 1000, maxDelayMs: 30_000, maxCrashes: 5, stableMs: 60_000 };

export function restartDelay(crashes: number, p: RestartPolicy): number {
  return Math.min(p.maxDelayMs, p.initialDelayMs * 2 ** Math.max(0, crashes - 1));
}

export interface ConnectionDeps {
  secrets: (server: McpServer) => ResolvedSecrets;
  logsDir: string;
  /** Monad's home: a stdio server never runs inside it (it names no folder: it gets a fresh empty one). */
  homeRoot: string;
  restart: RestartPolicy;
  connectTimeoutMs: number;
  callTimeoutMs: number;
  onStatus: () => void;
  log: (msg: string, err?: unknown) => void;
}

/**
 * The SDK's client side, loaded with the first connection: most starts of Monad (every CLI command, a
 * server with no tool server configured) never connect, and loading it (with its own zod) cost ~100 ms
 * of each start.
 */
type ClientSdk = Awaited<ReturnType<typeof loadClientSdk>>;
let clientSdk: Promise<ClientSdk> | null = null;

async function loadClientSdk() {
  const [client, stdio, http, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    getDefaultEnvironment: stdio.getDefaultEnvironment,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    ToolListChangedNotificationSchema: types.ToolListChangedNotificationSchema,
  };
}

export class McpConnection {
  phase: McpServerPhase = 'stopped';
  error: string | null = null;
  restarts = 0;
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private tools: Tool[] | null = null;
  private crashes = 0;
  private startedAt = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private stopping = false;
  /** The transport of a start in progress (until initialize is answered or fails). */
  private starting: { transport: Transport; pid: number | null } | null = null;
  private closed = false;
  private readonly stderrLog: CappedLog | null;
  private readonly workDir: NeutralWorkDir;

  constructor(
    readonly server: McpServer,
    private readonly d: ConnectionDeps,
  ) {
    this.stderrLog = server.transport.kind === 'stdio' ? new CappedLog(logFileOf(d.logsDir, server.id), MCP_LOG_CAP_BYTES) : null;
    this.workDir = new NeutralWorkDir(d.homeRoot);
  }

  get logFile(): string | null {
    return this.stderrLog?.path ?? null;
  }

  /** The connected client, connecting first if needed (first use, or after it failed). */
  async connect(): Promise<Client> {
    if (this.closed) throw new MonadError('CONFLICT', `The tool server "${this.server.name}" has been stopped`);
    if (this.client) return this.client;
    if (!this.connecting) {
      this.connecting = this.open().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  async listTools(): Promise<Tool[]> {
    const client = await this.connect();
    if (this.tools) return this.tools;
    const tools: Tool[] = [];
    let cursor: string | undefined;
    // Pages are followed until the cap: a server that pages forever cannot keep a turn from starting.
    for (let page = 0; page < 20 && tools.length < MAX_TOOLS_PER_SERVER; page++) {
      const res = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.d.connectTimeoutMs });
      tools.push(...res.tools);
      cursor = res.nextCursor;
      if (!cursor) break;
    }
    this.tools = tools.slice(0, MAX_TOOLS_PER_SERVER);
    return this.tools;
  }

  async callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    const client = await this.connect();
    try {
      const res = await client.callTool({ name, arguments: args }, undefined, {
        signal,
        // Asking for progress makes the server send it, and each notification restarts the silence timeout:
        // a long job that reports progress runs on, a server that went quiet is abandoned.
        onprogress: () => {},
        timeout: this.d.callTimeoutMs,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: CALL_MAX_TOTAL_MS,
      });
      return res as CallToolResult;
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new MonadError('CONFLICT', this.callFailure(name, err));
    }
  }

  /** The last tool listing, if there is one (the settings view reads it without starting anything). */
  cachedTools(): Tool[] | null {
    return this.tools;
  }

  /** Server name and version from its initialize answer. */
  serverVersion(): { name: string; version: string } | null {
    const v = this.client?.getServerVersion();
    return v ? { name: v.name, version: v.version } : null;
  }

  /** Stops the server for good (Monad closing, the server removed or changed). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    // A server still starting (it may never answer initialize) is stopped too, not left to its timeout.
    if (this.starting) await closeTransport(this.starting.transport, this.starting.pid);
    await this.shutdown();
    this.phase = 'stopped';
    this.stderrLog?.close();
    try {
      this.workDir.dispose();
    } catch (err) {
      this.d.log(`[mcp] removing the working folder of ${this.server.id} failed`, err);
    }
    this.d.onStatus();
  }

  private async open(): Promise<Client> {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.set('starting', null);
    const sdk = await (clientSdk ??= loadClientSdk());
    // Closed while the SDK loaded: nothing was started, so there is nothing to stop.
    if (this.closed) throw new MonadError('CONFLICT', `The tool server "${this.server.name}" has been stopped`);
    let transport: Transport;
    try {
      transport = this.transport(sdk);
    } catch (err) {
      // Refused before anything started (a working directory inside the home): not a crash to retry.
      const message = errText(err);
      this.set('failed', message);
      throw err instanceof MonadError ? err : new MonadError('CONFLICT', message);
    }
    const client = new sdk.Client({ name: 'Monad', version: '1' }, { capabilities: {} });
    client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => {
      this.tools = null;
    });
    client.onclose = () => this.closedUnderUs(client, pid);
    client.onerror = (err) => this.stderrLog?.line(`transport error: ${err.message}`);
    // Kept from the start: once the process has exited the transport no longer knows its pid, and a pid
    // left tracked would be killed at exit after the system gave it to another program.
    let pid: number | null = null;
    try {
      const connecting = client.connect(transport, { timeout: this.d.connectTimeoutMs });
      // Spawned by now (connect starts the transport first). Kept here: a failed connect closes the
      // transport itself, which forgets the pid while the process may still be running.
      pid = pidOf(transport);
      this.starting = { transport, pid };
      trackServerProcess(pid);
      await connecting;
    } catch (err) {
      await closeTransport(transport, pid);
      const message = this.startFailure(err);
      this.crashed(message);
      throw new MonadError('CONFLICT', message);
    } finally {
      this.starting = null;
    }
    if (this.closed) {
      await client.close().catch(() => undefined);
      throw new MonadError('CONFLICT', `The tool server "${this.server.name}" has been stopped`);
    }
    this.client = client;
    this.tools = null;
    this.startedAt = Date.now();
    this.set('ready', null);
    return client;
  }

  private transport(sdk: ClientSdk): Transport {
    const secrets = this.d.secrets(this.server);
    const t = this.server.transport;
    if (t.kind === 'stdio') {
      const env: Record<string, string> = { ...sdk.getDefaultEnvironment() };
      for (const v of t.env) if (!v.secret) env[v.name] = v.value;
      Object.assign(env, secrets.env);
      // Checked here too, not only on save: config.json may have been edited by hand.
      checkWorkingDir(t.cwd, this.d.homeRoot, this.server.name);
      const transport = new sdk.StdioClientTransport({ command: t.command, args: t.args, env, cwd: t.cwd ?? this.workDir.get(), stderr: 'pipe' });
      this.stderrLog?.line(`starting ${t.command} ${t.args.join(' ')}`);
      transport.stderr?.on('data', (chunk: Buffer) => this.stderrLog?.write(chunk));
      return transport;
    }
    const headers: Record<string, string> = { ...secrets.headers };
    if (secrets.token) headers.Authorization = `Bearer ${secrets.token}`;
    return new sdk.StreamableHTTPClientTransport(new URL(t.url), { requestInit: { headers }, fetch: toolServerFetch(this.server.name) });
  }

  /** The connection ended without us closing it: the process died or the HTTP session went away. */
  private closedUnderUs(client: Client, pid: number | null): void {
    untrackServerProcess(pid ?? pidOf(client.transport));
    if (this.client !== client) return;
    this.client = null;
    this.tools = null;
    if (this.stopping || this.closed) return;
    this.stderrLog?.line('the server stopped');
    if (Date.now() - this.startedAt > this.d.restart.stableMs) this.crashes = 0;
    this.crashed(`The tool server "${this.server.name}" stopped unexpectedly`);
  }

  /** Counts a crash and schedules the restart, or gives up until the next use after too many in a row. */
  private crashed(message: string): void {
    this.crashes++;
    if (this.crashes >= this.d.restart.maxCrashes) {
      this.set('failed', `${message}. It failed ${this.crashes} times in a row; it will be tried again the next time its tools are used.`);
      this.crashes = 0;
      return;
    }
    const delay = restartDelay(this.crashes, this.d.restart);
    this.set('backoff', `${message}; restarting in ${Math.ceil(delay / 1000)} s`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.restarts++;
      this.connect().catch(() => undefined); // the failure is recorded in the status by open()
    }, delay);
    this.restartTimer.unref();
  }

  private async shutdown(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.tools = null;
    if (!client) return;
    this.stopping = true;
    const pid = pidOf(client.transport);
    try {
      await client.close();
      untrackServerProcess(pid);
    } catch (err) {
      this.d.log(`[mcp] closing ${this.server.id} failed`, err);
    } finally {
      this.stopping = false;
    }
  }

  private set(phase: McpServerPhase, error: string | null): void {
    this.phase = phase;
    this.error = error;
    this.d.onStatus();
  }

  private startFailure(err: unknown): string {
    // Monad's own refusals (a redirect) already say what happened and what to do.
    if (err instanceof MonadError) return err.message;
    const detail = errText(err);
    const where = this.server.transport.kind === 'stdio' ? `Could not start the tool server "${this.server.name}"` : `Could not connect to the tool server "${this.server.name}"`;
    if (/timed? ?out/i.test(detail)) return `${where}: it did not answer within ${Math.round(this.d.connectTimeoutMs / 1000)} s`;
    if (/ENOENT/.test(detail)) return `${where}: the command was not found`;
    return `${where}: ${detail}`;
  }

  private callFailure(tool: string, err: unknown): string {
    const detail = errText(err);
    if (/timed? ?out/i.test(detail)) return `The tool "${tool}" of "${this.server.name}" did not answer within ${Math.round(this.d.callTimeoutMs / 1000)} s, so Monad stopped waiting.`;
    if (/connection closed/i.test(detail)) return `The tool server "${this.server.name}" stopped while running "${tool}"; Monad restarts it.`;
    return `The tool "${tool}" of "${this.server.name}" failed: ${detail}`;
  }
}

export function logFileOf(logsDir: string, serverId: string): string {
  return join(logsDir, `mcp-${serverId}.log`);
}

function errText(err: unknown): string {
  const s = err instanceof Error ? err.message : String(err);
  return s.replace(/^MCP error -?\d+:\s*/, '').slice(0, 500);
}

/** The process of a stdio transport (an HTTP one has none). */
function pidOf(transport: Transport | undefined): number | null {
  const pid = (transport as Partial<Pick<StdioClientTransport, 'pid'>> | undefined)?.pid;
  return typeof pid === 'number' ? pid : null;
}

/**
 * Stops a server that never finished starting, and forgets its process. It has not answered initialize,
 * so there is nothing to close politely: the process is killed at once, not after the SDK's 2 s grace
 * for a closed stdin (a Monad exiting meanwhile would leave it running).
 */
async function closeTransport(transport: Transport, pid: number | null): Promise<void> {
  if (pid) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await transport.close().catch(() => undefined);
  untrackServerProcess(pid);
}

/**
 * The fetch an HTTP tool server's transport uses. Its requests carry the server's bearer token and header
 * values, saved for one address: a redirect is never followed (to another port, host or path alike), so
 * nothing the server answers sends them anywhere else (issue 26 §4). The SDK's own default follows
 * redirects within the origin; this is stricter and does not depend on the SDK version's default.
 */
function toolServerFetch(serverName: string): typeof fetch {
  return refuseRedirects({
    name: `The tool server "${serverName}"`,
    carries: 'credentials',
    code: 'CONFLICT',
    fix: 'If the server has moved, put its new address in Settings → Tools and enter its token again.',
  });
}
