// The desktop app's own MCP endpoint (issue 19 §1): when the person turns on "Let other apps use Monad's
// memory" in Settings → Integrations, `/mcp` is served on 127.0.0.1 at a fixed port with the persistent
// token (mcp-http-token.ts), so Claude Desktop, Cursor or VS Code configured once keep working across
// restarts. It follows config.json: started, moved to another port or closed as the switch and the port
// change. The guards are the headless server's (security.ts: one header of each kind, Host and Origin,
// then the bearer token in constant time) and the route is the same (mcp-route.ts). No electron import:
// the desktop main process and `monad serve` start it, the CLI never does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpHttpConfig } from '../../shared/config';
import type { McpHttpStatus } from '../../shared/mcp';
import { admitRequest, answerClientError, applySecurityHeaders, sendError } from '../http/http-io';
import type { McpListenerPorts } from './mcp-ports';
import type { McpHttpEndpoint } from './mcp-http';
import { serveMcpRoute } from './mcp-route';
import { DEFAULT_TIMEOUTS, deadlineOptions, requestDeadline, type ServerTimeouts } from '../http/request-deadlines';
import type { McpHttpToken } from './mcp-http-token';


type Running = { server: Server; port: number; endpoint: Promise<McpHttpEndpoint> | null };

export class McpHttpListener {
  private running: Running | null = null;
  private hosted = false;
  private failure: { port: number; error: string } | null = null;
  /** Changes are applied one after another: a quick off-on-off in Settings ends in the last state. */
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  /** The API port's deadlines (request-deadlines.ts): a slow request is cut off at the same moment on both ports. */
  private readonly timeouts: ServerTimeouts;

  constructor(
    private readonly engine: McpListenerPorts,
    private readonly token: McpHttpToken,
    timeouts: Partial<ServerTimeouts> = {},
  ) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...timeouts };
  }

  /** Begins following the config (and listens now if the switch is on). The host calls it once. */
  start(): Promise<void> {
    if (!this.hosted) {
      this.hosted = true;
      this.unsubscribe = this.engine.config.onChange(() => void this.apply());
    }
    return this.apply();
  }

  /** Closes the port and stops following the config (the host is quitting). */
  async stop(): Promise<void> {
    this.hosted = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.apply();
  }

  /** Brings the port in line with the config; resolves once it listens, closed or failed. */
  apply(): Promise<void> {
    this.queue = this.queue.then(() => this.reconcile()).catch((err: unknown) => this.engine.log('[mcp-http] could not apply the MCP listener settings', err));
    return this.queue;
  }

  async status(): Promise<McpHttpStatus> {
    await this.queue;
    const want = this.wanted();
    const base = { enabled: want.enabled, port: want.port, tokenMask: this.token.mask() };
    if (this.running) return { ...base, state: 'listening', url: urlOf(this.running.port), error: null };
    if (!this.hosted) return { ...base, state: 'unhosted', url: null, error: null };
    if (this.failure && want.enabled) return { ...base, state: 'failed', url: null, error: this.failure.error };
    return { ...base, state: 'off', url: null, error: null };
  }

  /** The URL apps connect to, when listening now. */
  get url(): string | null {
    return this.running ? urlOf(this.running.port) : null;
  }

  private wanted(): McpHttpConfig {
    return this.engine.config.get().integrations.mcpHttp;
  }

  private async reconcile(): Promise<void> {
    const want = this.wanted();
    const on = this.hosted && want.enabled;
    if (this.running && (!on || this.running.port !== want.port)) await this.close();
    if (!on) {
      this.failure = null;
      return;
    }
    if (this.running) return;
    try {
      this.running = await this.listen(want.port);
      this.failure = null;
    } catch (err) {
      this.failure = { port: want.port, error: listenError(err, want.port) };
      this.engine.log(`[mcp-http] not listening on port ${want.port}`, err);
    }
  }

  private listen(port: number): Promise<Running> {
    const running: Running = { server: null as unknown as Server, port, endpoint: null };
    // Loaded with the first /mcp request, so a listener nobody connects to never loads the SDK.
    const endpoint = () => (running.endpoint ??= import('./mcp-http').then((m) => new m.McpHttpEndpoint(this.engine)));
    const server = createServer(
      { ...deadlineOptions(this.timeouts), requireHostHeader: false },
      (req, res) => {
        applySecurityHeaders(res);
        requestDeadline(req, res, this.timeouts.requestMs);
        const answer = async () => {
          const target = admitRequest(req, res, port);
          if (target === null) return;
          if (target.raw !== '/mcp') return sendError(res, { code: 'NOT_FOUND', message: 'This port serves only Monad\'s memory over MCP, at /mcp' });
          return serveMcpRoute(req, res, this.token.get(), endpoint);
        };
        answer().catch((err: unknown) => {
          this.engine.log('[mcp-http] request failed', err);
          if (!res.headersSent) sendError(res, { code: 'INTERNAL', message: 'Internal error' });
          else res.destroy();
        });
      },
    );
    server.on('clientError', answerClientError);
    running.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      // 127.0.0.1 only: nothing on the network can reach Monad's memory, whatever the token.
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        running.port = (server.address() as AddressInfo).port;
        resolve(running);
      });
    });
  }

  private async close(): Promise<void> {
    const r = this.running;
    this.running = null;
    if (!r) return;
    const endpoint = r.endpoint;
    await new Promise<void>((resolve) => {
      r.server.close(() => resolve());
      // Open event streams and keep-alive sockets would hold the port until they end on their own.
      r.server.closeAllConnections();
    });
    await endpoint?.then((m) => m.close()).catch(() => undefined);
  }
}

function urlOf(port: number): string {
  return `http://127.0.0.1:${port}/mcp`;
}

/** Why the port could not be opened, in words, with what to do about it. */
export function listenError(err: unknown, port: number): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${port} is already in use by another program (or another Monad), so other apps cannot reach Monad there. Choose another port above, from 1024 to 65535, then update the address in the apps you connected; or quit the program that uses ${port}.`;
  }
  if (code === 'EACCES') return `This computer does not let Monad listen on port ${port}. Choose another port above, from 1024 to 65535.`;
  return `Monad could not listen on port ${port}: ${(err as Error)?.message ?? String(err)}`;
}
