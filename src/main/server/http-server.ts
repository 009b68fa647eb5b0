// The headless host: the engine's contract over HTTP on 127.0.0.1 (`POST /api/<channel>`, SSE on
// `GET /api/events`), plus the built renderer. Used by `monad serve` and by the browser e2e tests.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { dispatch } from '../contract/dispatch';
import { createHandlers } from '../contract/handlers';
import type { Engine } from '../engine';
import type { McpHttpEndpoint } from '../mcp/mcp-http';
import { serveMcpRoute } from '../mcp/mcp-route';
import { DEFAULT_TIMEOUTS, deadlineOptions, requestDeadline, type ServerTimeouts } from '../http/request-deadlines';
import { admitRequest, answerClientError, applySecurityHeaders, readJsonBody, sendError, sendResult } from '../http/http-io';
import { bearerFrom, newToken, tokenMatches } from '../http/security';
import { serveStatic } from '../http/static-files';
import { MAX_ATTACHMENT_BASE64 } from '../../shared/attachments';

/** Contract inputs are small JSON… */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * …except an import, which carries a whole chat history. A Map, not an object: a channel named
 * `constructor` or `__proto__` must not find a "limit" on Object.prototype.
 */
// An attachment carries one file base64-encoded (shared/contract-attachments.ts), plus its name.
const BODY_LIMITS = new Map<string, number>([
  ['transfer.import', 512 * 1024 * 1024],
  ['attachments.add', MAX_ATTACHMENT_BASE64 + 64 * 1024],
]);
const SSE_HEARTBEAT_MS = 15_000;

export { DEFAULT_TIMEOUTS, type ServerTimeouts } from '../http/request-deadlines';

export interface ServerOptions {
  engine: Engine;
  port?: number;
  token?: string;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** DEFAULT_TIMEOUTS unless set (tests shorten them to show long responses outlive them). */
  timeouts?: Partial<ServerTimeouts>;
}

export interface RunningServer {
  port: number;
  token: string;
  url: string;
  /** The URL a person opens: the token travels in the fragment, which never reaches logs or referrers. */
  openUrl: string;
  close(): Promise<void>;
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const token = opts.token ?? newToken();
  const handlers = createHandlers(opts.engine);
  const sseClients = new Set<ServerResponse>();
  // MCP server (issue 19): loaded with the first /mcp request, so a server nobody connects to never loads the SDK.
  let mcpEndpoint: Promise<McpHttpEndpoint> | null = null;
  const mcp = () => (mcpEndpoint ??= import('../mcp/mcp-http').then((m) => new m.McpHttpEndpoint(opts.engine)));
  let port = 0;

  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };

  const server: Server = createServer(
    {
      ...deadlineOptions(timeouts),
      // Node would answer a request without Host itself, without our headers; checkOrigin refuses it.
      requireHostHeader: false,
    },
    (req, res) => {
      applySecurityHeaders(res);
      const deadline = requestDeadline(req, res, timeouts.requestMs);
      handle(req, res, deadline).catch((err) => {
        opts.engine.log('[server] request failed:', err);
        if (!res.headersSent) sendError(res, { code: 'INTERNAL', message: 'Internal error' });
        else res.destroy();
      });
    },
  );
  // Requests Node's parser refuses, or that miss a deadline, get an answer with the same headers.
  server.on('clientError', answerClientError);
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    applySecurityHeaders(res);
    sendError(res, { code: 'BAD_INPUT', message: `Expectation not supported: ${String(req.headers.expect).slice(0, 100)}` }, 417);
  });

  async function handle(req: IncomingMessage, res: ServerResponse, deadline: { extend(): void }): Promise<void> {
    const target = admitRequest(req, res, port);
    if (target === null) return;
    const path = target.raw;

    // MCP server (issue 19): the same token, Host and Origin checks as the API, then MCP's own transport.
    if (path === '/mcp') return serveMcpRoute(req, res, token, mcp);

    if (path === '/api' || path.startsWith('/api/')) {
      if (!tokenMatches(bearerFrom(req.headers), token)) {
        return sendError(res, { code: 'UNAUTHORIZED', message: 'Missing or wrong token' });
      }
      if (path === '/api/events') {
        if (req.method !== 'GET') return sendError(res, { code: 'BAD_INPUT', message: 'Use GET for events' }, 405);
        return openEventStream(req, res);
      }
      if (req.method !== 'POST') return sendError(res, { code: 'BAD_INPUT', message: 'Use POST for API calls' }, 405);
      const channel = target.decoded.slice('/api/'.length);
      // An authorised large upload gets Node's longer bound instead (DEFAULT_TIMEOUTS.largeRequestMs).
      const limit = BODY_LIMITS.get(channel);
      if (limit !== undefined) deadline.extend();
      const body = await readJsonBody(req, limit ?? MAX_BODY_BYTES);
      if (!body.ok) return sendError(res, body.error);
      const result = await dispatch(handlers, channel, body.data, { egress: opts.engine.egress });
      return sendResult(res, result);
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendError(res, { code: 'BAD_INPUT', message: 'Method not allowed' }, 405);
    }
    if (!existsSync(join(opts.staticDir, 'index.html'))) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The Monad UI is not built. Run `npm run build`, then start `monad serve` again.');
      return;
    }
    serveStatic(opts.staticDir, path, res);
  }

  function openEventStream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    res.write(': connected\n\n');
    sseClients.add(res);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), SSE_HEARTBEAT_MS);
    const unsubscribe = opts.engine.events.subscribe((event) => {
      res.write(`event: ${event.name}\ndata: ${JSON.stringify(event.payload)}\n\n`);
    });
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      sseClients.delete(res);
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    port,
    token,
    url,
    openUrl: `${url}/#token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of sseClients) c.end();
        void mcpEndpoint?.then((m) => m.close());
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Cuts off a request whose body has not fully arrived `ms` after its headers: answered 408 if nothing
 * was answered yet, and the connection closed either way, so neither a slow body on a contract call nor
 * one left unread behind an early answer (a 401, a 405) holds the socket. A complete request is never
 * touched, whatever its response is still doing.
 */

