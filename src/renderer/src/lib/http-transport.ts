// The contract over HTTP, for the browser served by `monad serve`: `POST /api/<channel>` for calls and
// a fetch-read SSE stream on `GET /api/events` for push events (EventSource cannot send the
// Authorization header). Reconnects with capped, jittered backoff.
import type { EventName } from '../../../shared/contract';
import { isWireError, type Result } from '../../../shared/errors';
import { SseParser } from './sse';

export interface Transport {
  host: 'electron' | 'server';
  invoke(channel: string, input: unknown): Promise<Result<unknown>>;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
}

export interface HttpTransportHooks {
  /** The server refused the token: nothing will work until the person opens a fresh link. */
  onUnauthorized(): void;
  onLink(state: 'online' | 'reconnecting'): void;
  /** The event stream came back after a drop: events may have been missed, so state should be reloaded. */
  onReconnected(): void;
  /** The event stream opened for the first time: changes made before it opened were never announced. */
  onOpened(): void;
}

const BACKOFF_BASE_MS = 500;
/** Long enough not to hammer a stopped server, short enough that a restarted one is found quickly. */
const BACKOFF_MAX_MS = 10_000;
/** The server sends a heartbeat every 15 s; three missed beats means the connection is dead. */
const STALL_MS = 45_000;

export function createHttpTransport(token: string, hooks: HttpTransportHooks): Transport {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const auth = `Bearer ${token}`;
  let streamStarted = false;
  let refused = false;
  /** The event stream is connected; a call that could not reach the server says the link is down too. */
  let streamOnline = false;
  let callsFailing = false;

  function refuse(): void {
    if (refused) return;
    refused = true;
    hooks.onUnauthorized();
  }

  function dispatchEvent(name: string, data: string): void {
    const set = listeners.get(name);
    if (!set || set.size === 0) return;
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      console.error(`[events] ${name}: payload is not JSON`);
      return;
    }
    for (const listener of [...set]) listener(payload);
  }

  async function runStream(): Promise<void> {
    let attempt = 0;
    let everConnected = false;
    while (!refused) {
      const controller = new AbortController();
      let lastActivity = Date.now();
      const watchdog = setInterval(() => {
        if (Date.now() - lastActivity > STALL_MS) controller.abort();
      }, 5_000);
      try {
        const res = await fetch('/api/events', {
          headers: { authorization: auth, accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (res.status === 401) {
          refuse();
          return;
        }
        if (!res.ok || !res.body) throw new Error(`event stream answered HTTP ${res.status}`);
        attempt = 0;
        streamOnline = true;
        callsFailing = false;
        hooks.onLink('online');
        if (everConnected) hooks.onReconnected();
        else hooks.onOpened();
        everConnected = true;
        const parser = new SseParser(dispatchEvent);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          lastActivity = Date.now();
          parser.push(value);
        }
      } catch {
        // A dropped or refused connection: fall through to the backoff below and try again.
      } finally {
        clearInterval(watchdog);
      }
      if (refused) return;
      streamOnline = false;
      hooks.onLink('reconnecting');
      const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
      attempt = Math.min(attempt + 1, 10);
      await new Promise((r) => setTimeout(r, delay * (0.75 + Math.random() * 0.5)));
    }
  }

  return {
    host: 'server',

    async invoke(channel, input) {
      let res: Response;
      try {
        res = await fetch(`/api/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify(input ?? {}),
          cache: 'no-store',
        });
      } catch (err) {
        // The stream may not have noticed yet (it only learns at its next read): say it now.
        callsFailing = true;
        hooks.onLink('reconnecting');
        return networkError(`Cannot reach monad serve (${(err as Error).message}). Is it still running?`);
      }
      if (callsFailing) {
        callsFailing = false;
        if (streamOnline) hooks.onLink('online');
      }
      if (res.status === 401) refuse();
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        return networkError(`monad serve answered HTTP ${res.status} without a readable body`);
      }
      if (isResult(body)) return body;
      return networkError(`monad serve answered HTTP ${res.status} with an unexpected body`);
    },

    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      if (!streamStarted) {
        streamStarted = true;
        void runStream();
      }
      return () => {
        set.delete(listener);
      };
    },
  };
}

function isResult(body: unknown): body is Result<unknown> {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return (b.ok === true && 'data' in b) || (b.ok === false && isWireError(b.error));
}

function networkError(message: string): Result<never> {
  // The engine's codes describe engine failures; a transport failure is reported as INTERNAL with a
  // marker in details, so the UI can tell "the server is gone" from "the server said no".
  return { ok: false, error: { code: 'INTERNAL', message, details: { transport: 'network' } } };
}
