// `/mcp` on the headless server (and the desktop app when enabled): MCP's Streamable HTTP transport, one
// MCP session per app connection. The HTTP server checks Host and Origin exactly as for the API, and the
// route sorts the bearer into an app key or the shared token, before a request gets here; this checks an
// app key against the stored ones (unknown: 401, revoked: 403) on every request and keeps the sessions:
// created on `initialize`, bound to the credential that made them, found again by the Mcp-Session-Id
// header, ended by DELETE, by the app going quiet for long, when the server stops, or at once when the
// person revokes, removes or re-keys the app (issue 26 §1).
import { randomUUID } from 'node:crypto';
import { unwatchFile, watchFile } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { sendError } from '../http/http-io';
import type { McpAppView } from '../../shared/mcp';
import type { McpEndpointPorts } from './mcp-ports';
import { filterOutgoing } from '../secrets/egress-transport';
import { credentialApp } from './mcp-access';
import { KEYLESS, type McpCaller } from './mcp-clients';
import { createMcpConnection, type McpConnection } from './mcp-server';

/**
 * Sessions one credential (an app's key, or the shared token of apps without one) may hold at once: an app
 * holds one, a few while it reconnects. Beyond it that credential's own idlest session goes, never another
 * app's: 33 initialize calls used to evict a live app (issue 32 §5).
 */
export const MAX_SESSIONS_PER_APP = 8;
/** All credentials together; a new session beyond it is refused (503), again without evicting anyone. */
export const MAX_SESSIONS = 64;
/** A session nobody used for this long is closed: the app reconnects with a fresh initialize. */
const IDLE_MS = 60 * 60_000;
/** How often the apps file is checked for a change made by another process (a revoke there ends sessions here). */
const FILE_POLL_MS = 1000;

interface Live {
  transport: StreamableHTTPServerTransport;
  conn: McpConnection;
  caller: McpCaller;
  /** "keyless", or the app's credential id: a session answers only requests made with the same credential. */
  owner: string;
  lastUsed: number;
}

const SETTINGS = 'Monad → Settings → Integrations';

export class McpHttpEndpoint {
  private readonly sessions = new Map<string, Live>();

  private readonly unsubscribe: () => void;

  constructor(
    private readonly engine: McpEndpointPorts,
    private readonly opts: { agentId?: string; readOnly?: boolean } = {},
  ) {
    // A change the person makes in this process (revoke, remove, new key) ends that app's sessions now.
    // One made by another Monad on the same home (the desktop app beside `monad serve`) is seen when the
    // file changes (polled: fs.watchFile works the same on every platform) and at the next request.
    const clients = engine.mcpClients;
    const unsubscribe = clients.onCredentialChange((owner) => this.revalidate(owner));
    const onFile = () => this.revalidate(null);
    watchFile(clients.path, { interval: FILE_POLL_MS, persistent: false }, onFile);
    this.unsubscribe = () => {
      unsubscribe();
      unwatchFile(clients.path, onFile);
    };
  }

  /**
   * `body` is the parsed JSON of a POST (the server read it with its usual limits), undefined otherwise;
   * `caller` is the credential the route read from the bearer.
   */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown, caller: McpCaller): Promise<void> {
    this.sweep();
    let app: McpAppView | null = null;
    if (caller.kind === 'app') {
      app = this.engine.mcpClients.byKey(caller.key);
      if (!app || app.revoked) this.revalidate(null);
      if (!app) return sendError(res, { code: 'UNAUTHORIZED', message: `Monad does not know this app key (it was replaced, or the app was removed). Add the app again in ${SETTINGS} and use its new snippet.` });
      if (app.revoked) return sendError(res, { code: 'FORBIDDEN', message: `The person revoked ${app.label}'s access to Monad's memory. They can allow it again in ${SETTINGS}.` });
    }
    const owner = app ? app.id : KEYLESS;
    const id = headerValue(req.headers['mcp-session-id']);
    if (id) {
      const live = this.sessions.get(id);
      // Another credential's session is answered as if it did not exist: a session id is not a credential.
      if (!live || live.owner !== owner) return jsonRpcError(res, 404, 'This MCP session has ended (Monad restarted, it was idle too long, or its app was revoked or given a new key); connect again.');
      live.lastUsed = Date.now();
      return live.transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return jsonRpcError(res, 400, 'Start with an initialize request (no Mcp-Session-Id header yet).');
    }
    if (!this.makeRoom(owner)) {
      return jsonRpcError(res, 503, `Monad has ${MAX_SESSIONS} MCP sessions open, the most it keeps; close another app's connection or try again later.`);
    }
    const conn = createMcpConnection(this.engine, this.engine.mcpClients, {
      agentId: this.opts.agentId ?? 'default',
      readOnly: this.opts.readOnly ?? false,
      transport: 'http',
      caller,
      log: (msg, err) => this.engine.log(msg, err),
      // Refused mid-session (revoked or re-keyed in another process): the refusal is answered, then the session ends.
      onRefused: () =>
        setImmediate(() => {
          const sid = transport.sessionId;
          const l = sid ? this.sessions.get(sid) : undefined;
          if (sid && l) this.drop(sid, l);
        }),
    });
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        this.sessions.set(sid, { transport, conn, caller, owner, lastUsed: Date.now() });
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
    this.unsubscribe();
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((l) => l.conn.server.close().catch(() => undefined)));
  }

  private sweep(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const [sid, l] of this.sessions) if (l.lastUsed < cutoff) this.drop(sid, l);
  }

  /** Room for one more session of `owner`: its own idlest goes when it is at its bound; false when all are full. */
  private makeRoom(owner: string): boolean {
    const own = [...this.sessions].filter(([, l]) => l.owner === owner).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (let i = 0; i <= own.length - MAX_SESSIONS_PER_APP; i++) this.drop(own[i][0], own[i][1]);
    return this.sessions.size < MAX_SESSIONS;
  }

  /** Ends the sessions of `owner` (every owner when null) whose credential is no longer accepted. */
  private revalidate(owner: string | null): void {
    for (const [sid, l] of this.sessions) {
      if (owner !== null && l.owner !== owner) continue;
      if (!this.stillValid(l.caller)) this.drop(sid, l);
    }
  }

  private stillValid(caller: McpCaller): boolean {
    try {
      credentialApp(this.engine.mcpClients, caller);
      return true;
    } catch {
      return false;
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
