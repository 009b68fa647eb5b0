// The request deadlines of both of Monad's ports (issue 32 §5): the API server (`monad serve`) and the
// desktop app's MCP listener answer the same clients on the same machine, so a slow or half-sent request
// is cut off at the same moment on either: a request that holds a socket for a minute on one port and
// five seconds on the other is a door left ajar.
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import { sendError } from './http-io';

/**
 * How long a client may take to *send* a request. Only the request: a response takes as long as it needs
 * (the event stream stays open for hours, a chat turn for minutes), so these never cut one short.
 */
export interface ServerTimeouts {
  /** The request line and headers. Node's default (60 s) let a half-sent header hold a socket a minute. */
  headersMs: number;
  /** The whole request, body included: a contract input is at most 1 MB, over loopback. */
  requestMs: number;
  /**
   * The whole request for an authorised channel that takes a large body (an import of up to 512 MB,
   * which may be parsed while it arrives). Also Node's own bound on every request.
   */
  largeRequestMs: number;
  /** How long an idle keep-alive connection is kept between requests. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<ServerTimeouts> = { headersMs: 5_000, requestMs: 5_000, largeRequestMs: 10 * 60_000, keepAliveMs: 5_000 };
/** How often Node checks the header and request deadlines; its default (30 s) would stretch a 5 s deadline to 35. */
export const DEADLINE_CHECK_MS = 1_000;

/** Node's own deadlines for a server with these timeouts (the per-request one is `requestDeadline`). */
export function deadlineOptions(timeouts: ServerTimeouts): Pick<ServerOptions, 'headersTimeout' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'> {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: Math.max(timeouts.largeRequestMs, timeouts.headersMs),
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: DEADLINE_CHECK_MS,
  };
}

/**
 * The whole request (body included) must arrive within `ms`, else 408 and the socket closes; `extend()`
 * lifts the bound for a request allowed to be large (Node's `requestTimeout` still applies).
 */
export function requestDeadline(req: IncomingMessage, res: ServerResponse, ms: number): { extend(): void } {
  const cutOff = () => {
    if (req.complete || req.socket.destroyed) return;
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    // With Connection: close, Node closes the socket once the answer is written.
    res.setHeader('connection', 'close');
    sendError(res, { code: 'BAD_INPUT', message: 'The request was not received in time' }, 408);
  };
  // Timers run before pending I/O in an event-loop turn: after a stall of the loop (a long synchronous
  // task, a loaded machine) the timer would fire before the body that arrived meanwhile is read, and a
  // complete request would be cut off. setImmediate runs after that I/O, so only a body that really is
  // still missing is cut off.
  const timer = setTimeout(() => setImmediate(cutOff), ms);
  timer.unref();
  res.once('close', () => {
    if (req.complete) clearTimeout(timer);
  });
  return { extend: () => clearTimeout(timer) };
}
