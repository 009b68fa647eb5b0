// `/mcp` on the headless server (and the desktop app when enabled): MCP's Streamable HTTP transport, one
// MCP session per app connection. The HTTP server checks the bearer token, Host and Origin exactly as for
// the API before a request gets here; this keeps the sessions: created on `initialize`, found again by
// the Mcp-Session-Id header, ended by DELETE, by the app going quiet for long, or when the server stops.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Engine } from '../engine';
import { filterOutgoing } from '../secrets/egress-transport';
import { createMcpConnection, type McpConnection } from './mcp-server';

/** Apps connected at once; one app holds one session, so this is generous. The idlest goes first beyond it. */
const MAX_SESSIONS = 32;
/** A session nobody used for this long is closed: the app reconnects with a fresh initialize. */
const IDLE_MS = 60 * 60_000;

interface Live {
  transport: StreamableHTTPServerTransport;
  conn: McpConnection;
  lastUsed: number;
}

export class McpHttpEndpoint {
  private readonly sessions = new Map<string, Live>();

  constructor(
    private readonly engine: Engine,
    private readonly opts: { agentId?: string; readOnly?: boolean } = {},
  ) {}

  /** `body` is the parsed JSON of a POST (the server read it with its usual limits), undefined otherwise. */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    this.sweep();
    const id = headerValue(req.headers['mcp-session-id']);
    if (id) {
      const live = this.sessions.get(id);
      if (!live) return jsonRpcError(res, 404, 'This MCP session has ended (Monad restarted or it was idle too long); connect again.');
      live.lastUsed = Date.now();
      return live.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return jsonRpcError(res, 400, 'Start with an initialize request (no Mcp-Session-Id header yet).');
    }
    this.makeRoom();
    const conn = createMcpConnection(this.engine, this.engine.mcpClients, {
      agentId: this.opts.agentId ?? 'default',
      readOnly: this.opts.readOnly ?? false,
      transport: 'http',
      log: (msg, err) => this.engine.log(msg, err),
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        this.sessions.set(sid, { transport, conn, lastUsed: Date.now() });
      },
      onsessionclosed: (sid) => {
        this.sessions.delete(sid);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    // Every message to the app passes the egress filter (issue 26 §2).
    await conn.server.connect(filterOutgoing(transport, this.engine.egress));
    await transport.handleRequest(req, res, body);
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  async close(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((l) => l.conn.server.close().catch(() => undefined)));
  }

  private sweep(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const [sid, l] of this.sessions) if (l.lastUsed < cutoff) this.drop(sid, l);
  }

  private makeRoom(): void {
    while (this.sessions.size >= MAX_SESSIONS) {
      const [sid, l] = [...this.sessions].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
      this.drop(sid, l);
    }
  }

  private drop(sid: string, l: Live): void {
    this.sessions.delete(sid);
    void l.conn.server.close().catch(() => undefined);
  }
}

function headerValue(h: string | string[] | undefined): string | undefined {
  return Array.isArray(h) ? h[0] : h;
}

function jsonRpcError(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
