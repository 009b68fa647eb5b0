// The headless host: the engine's contract over HTTP on 127.0.0.1 (`POST /api/<channel>`, SSE on
// `GET /api/events`), plus the built renderer. Used by `monad serve` and by the browser e2e tests.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ErrorCode, Result, WireError } from '../../shared/errors';
import { dispatch } from '../contract/dispatch';
import { createHandlers } from '../contract/handlers';
import type { Engine } from '../engine';
import { bearerFrom, checkOrigin, newToken, tokenMatches } from './security';
import { serveStatic } from './static-files';

/** Contract inputs are small JSON… */
export const MAX_BODY_BYTES = 1024 * 1024;
/** …except an import, which carries a whole chat history. */
const BODY_LIMITS: Record<string, number> = { 'transfer.import': 512 * 1024 * 1024 };
const SSE_HEARTBEAT_MS = 15_000;

export interface ServerOptions {
  engine: Engine;
  port?: number;
  token?: string;
  /** The built renderer (out/renderer). */
  staticDir: string;
}

export interface RunningServer {
  port: number;
  token: string;
  url: string;
  /** The URL a person opens: the token travels in the fragment, which never reaches logs or referrers. */
  openUrl: string;
  close(): Promise<void>;
}

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  BAD_INPUT: 400,
  UNKNOWN_CHANNEL: 404,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CONFIG_INVALID: 409,
  BUSY: 409,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  NO_MODEL: 422,
  PROVIDER_ERROR: 502,
};

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const token = opts.token ?? newToken();
  const handlers = createHandlers(opts.engine);
  const sseClients = new Set<ServerResponse>();
  let port = 0;

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error('[server] request failed:', err);
      if (!res.headersSent) sendError(res, { code: 'INTERNAL', message: 'Internal error' });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = checkOrigin(req.headers, port);
    if (!origin.ok) return sendError(res, { code: 'FORBIDDEN', message: origin.reason });
    const path = (req.url ?? '/').split('?')[0];

    if (path === '/api' || path.startsWith('/api/')) {
      if (!tokenMatches(bearerFrom(req.headers), token)) {
        return sendError(res, { code: 'UNAUTHORIZED', message: 'Missing or wrong token' });
      }
      if (path === '/api/events') {
        if (req.method !== 'GET') return sendError(res, { code: 'BAD_INPUT', message: 'Use GET for events' }, 405);
        return openEventStream(req, res);
      }
      if (req.method !== 'POST') return sendError(res, { code: 'BAD_INPUT', message: 'Use POST for API calls' }, 405);
      const channel = decodeURIComponent(path.slice('/api/'.length));
      const body = await readJsonBody(req, BODY_LIMITS[channel] ?? MAX_BODY_BYTES);
      if (!body.ok) return sendError(res, body.error);
      const result = await dispatch(handlers, channel, body.data, {
        secrets: () => opts.engine.secrets.values(),
      });
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
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
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
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readJsonBody(req: IncomingMessage, limit: number): Promise<{ ok: true; data: unknown } | { ok: false; error: WireError }> {
  const type = req.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    // Also stops "simple" cross-site form posts, which cannot send application/json.
    return { ok: false, error: { code: 'BAD_INPUT', message: 'Content-Type must be application/json' } };
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return { ok: false, error: { code: 'PAYLOAD_TOO_LARGE', message: `Request body over ${limit} bytes` } };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      return { ok: false, error: { code: 'PAYLOAD_TOO_LARGE', message: `Request body over ${limit} bytes` } };
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: true, data: {} };
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: false, error: { code: 'BAD_INPUT', message: 'Request body is not valid JSON' } };
  }
}

function sendResult(res: ServerResponse, result: Result<unknown>): void {
  if (result.ok) return sendJson(res, 200, result);
  sendError(res, result.error);
}

function sendError(res: ServerResponse, error: WireError, status?: number): void {
  sendJson(res, status ?? STATUS_BY_CODE[error.code] ?? 500, { ok: false, error });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}
