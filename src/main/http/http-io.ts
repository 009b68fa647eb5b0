// What every HTTP host of the engine answers with (`monad serve`'s API and UI, the desktop app's MCP
// listener): coded JSON errors with their status, bodies read within a limit, the security headers on
// every response, and a proper answer to requests Node's parser refuses. Shared so both hosts answer alike.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ErrorCode, Result, WireError } from '../../shared/errors';
import { checkOrigin, parseRequestPath, repeatedHeader, SECURITY_HEADERS, type PathVerdict } from './security';

export const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  BAD_INPUT: 400,
  UNKNOWN_CHANNEL: 404,
  NOT_FOUND: 404,
  CONFLICT: 409,
  CONFIG_INVALID: 409,
  BUSY: 409,
  CONFIRM_REQUIRED: 409,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYLOAD_TOO_LARGE: 413,
  NO_MODEL: 422,
  PROVIDER_ERROR: 502,
  BAD_REPLY: 502,
};

/** Set first, so every answer carries them whatever path it takes (security.ts SECURITY_HEADERS). */
export function applySecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

export async function readJsonBody(req: IncomingMessage, limit: number): Promise<{ ok: true; data: unknown } | { ok: false; error: WireError }> {
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
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        return { ok: false, error: { code: 'PAYLOAD_TOO_LARGE', message: `Request body over ${limit} bytes` } };
      }
      chunks.push(chunk as Buffer);
    }
  } catch {
    // The client went away, or missed the request deadline (answered by answerClientError): not our error.
    return { ok: false, error: { code: 'BAD_INPUT', message: 'The request body was not received completely' } };
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { ok: true, data: {} };
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: false, error: { code: 'BAD_INPUT', message: 'Request body is not valid JSON' } };
  }
}

export function sendResult(res: ServerResponse, result: Result<unknown>): void {
  if (result.ok) return sendJson(res, 200, result);
  sendError(res, result.error);
}

export function sendError(res: ServerResponse, error: WireError, status?: number): void {
  sendJson(res, status ?? STATUS_BY_CODE[error.code] ?? 500, { ok: false, error });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // A client that went away (or was cut off at a deadline) gets nothing more.
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Node's own answer to a request its parser refuses (bad syntax, oversized headers) or that misses the
 * header or request deadline is a bare status line. This one is the same status with the security
 * headers and a coded error, then the connection is closed. Nothing goes to stderr: it is the client's fault.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : 400;
  const message = status === 408 ? 'The request was not received in time' : status === 400 ? 'Malformed HTTP request' : STATUS_CODES[status];
  const body = JSON.stringify({ ok: false, error: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_INPUT', message } });
  const headers = {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  // Closed once written; a client that never reads it is cut off shortly after.
  const cutoff = setTimeout(() => socket.destroy(), 1_000);
  cutoff.unref();
  socket.end(`${head}\r\n\r\n${body}`, () => {
    clearTimeout(cutoff);
    socket.destroy();
  });
}

/**
 * The checks every request to a Monad port passes before anything else (the API server's and the MCP
 * listener's alike): each security header once, our Host and Origin, a path that parses. Answers the
 * refusal itself and returns null; otherwise the parsed path (raw and decoded).
 */
export function admitRequest(req: IncomingMessage, res: ServerResponse, port: number): Extract<PathVerdict, { ok: true }> | null {
  const repeated = repeatedHeader(req.rawHeaders);
  if (repeated) {
    sendError(res, { code: 'BAD_INPUT', message: `The ${repeated} header was sent more than once` });
    return null;
  }
  const origin = checkOrigin(req.headers, port);
  if (!origin.ok) {
    sendError(res, { code: 'FORBIDDEN', message: origin.reason });
    return null;
  }
  const target = parseRequestPath(req.url);
  if (!target.ok) {
    sendError(res, { code: 'BAD_INPUT', message: target.reason });
    return null;
  }
  return target;
}
