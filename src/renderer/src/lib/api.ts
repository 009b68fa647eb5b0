// The renderer's one typed client for the contract. In Electron it goes through the preload bridge
// (`window.monad`); in a browser opened from `monad serve` it speaks HTTP + SSE. Callers cannot tell
// the two apart: `invoke` resolves to the channel's output or throws an ApiError, `on` subscribes.
import type { MonadBridge } from '../../../shared/bridge';
import type { ChannelInput, ChannelName, ChannelOutput, EventMap, EventName } from '../../../shared/contract';
import type { ErrorCode, WireError } from '../../../shared/errors';
import { useConnection } from './connection';
import { createHttpTransport, type Transport } from './http-transport';
import { forgetToken, takeToken, watchForNewToken } from './token';

declare global {
  interface Window {
    monad?: MonadBridge;
  }
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  readonly channel: string;
  /** Set once the error has been shown to the person, so a global safety net does not show it twice. */
  reported = false;

  constructor(channel: string, wire: WireError) {
    super(wire.message);
    this.name = 'ApiError';
    this.channel = channel;
    this.code = wire.code;
    this.details = wire.details;
  }
}

type ErrorListener = (err: ApiError) => void;

let transport: Transport | null = null;
const errorListeners = new Set<ErrorListener>();
const reconnectListeners = new Set<() => void>();
const openedListeners = new Set<() => void>();

/**
 * Picks the transport. Returns 'missing' when running in a browser without a token, in which case the
 * shell shows how to get one instead of the app.
 */
export function initApi(): 'ok' | 'missing' {
  if (transport) return 'ok';
  const bridge = window.monad;
  if (bridge) {
    transport = {
      host: 'electron',
      invoke: (channel, input) => bridge.invoke(channel as ChannelName, input as never),
      on: (event, listener) => bridge.on(event, listener as never),
    };
    useConnection.getState().setLink('online');
    return 'ok';
  }
  watchForNewToken();
  const token = takeToken();
  if (!token) {
    useConnection.getState().setAuth('missing');
    return 'missing';
  }
  transport = createHttpTransport(token, {
    onUnauthorized: () => {
      forgetToken();
      useConnection.getState().setAuth('refused');
    },
    onLink: (state) => useConnection.getState().setLink(state),
    onReconnected: () => {
      for (const l of [...reconnectListeners]) l();
    },
    onOpened: () => {
      for (const l of [...openedListeners]) l();
    },
  });
  return 'ok';
}

function current(): Transport {
  if (!transport) throw new Error('initApi() must run before the API is used');
  return transport;
}

export function host(): 'electron' | 'server' {
  return current().host;
}

/** Channels whose input is an empty object may be called without one. */
// `{} extends I` holds exactly when I has no required field.
type InputArgs<K extends ChannelName> = {} extends ChannelInput<K> ? [input?: ChannelInput<K>] : [input: ChannelInput<K>];

/** Calls on their way, and who waits for there to be none (background work that must not slow them). */
let inFlight = 0;
const quietWaiters = new Set<() => void>();

/** Resolves once no call is on its way (at once when none is). */
export function whenNoCallsInFlight(): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => quietWaiters.add(resolve));
}

/**
 * Calls that patch settings, sent one at a time in the order they were made. Over HTTP two calls in flight
 * travel on separate connections and may reach the engine in either order, and their answers may come
 * back in either order too: a half-life saved when its field lost focus and again on Enter a moment later
 * could land old-after-new, leaving config.json — and the form, refreshed from the later answer — with the
 * value the person had just replaced. Seen under load in a browser test. Any other call made after a
 * settings write waits for it too, so it sees the change (a message sent right after picking the chat's
 * model is answered by that model, as over Electron's IPC, which keeps order). Each of these writes is
 * quick, so the wait is nothing a person notices; with none pending, a call is sent at once.
 */
const SETTINGS_WRITES: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'config.update',
  'agents.create',
  'agents.update',
  'agents.delete',
  'providers.save',
  'providers.delete',
  'sessions.rename',
  'sessions.update',
  'sessions.setModel',
  'sessions.setSettings',
  'mcp.servers.save',
  'mcp.servers.delete',
  'mcp.clients.update',
]);
/** Settles when the last settings write made so far has been answered (whatever the answer). */
let settingsWritesDone: Promise<unknown> = Promise.resolve();
let settingsWritesPending = 0;

function send(channel: ChannelName, input: unknown): ReturnType<Transport['invoke']> {
  const isWrite = SETTINGS_WRITES.has(channel);
  if (!isWrite && settingsWritesPending === 0) return current().invoke(channel, input);
  const sent = settingsWritesDone.then(() => current().invoke(channel, input));
  if (isWrite) {
    settingsWritesPending++;
    // Settles either way (never rejects), so a failed write does not hold back the calls after it.
    const answered = () => {
      settingsWritesPending--;
    };
    settingsWritesDone = sent.then(answered, answered);
  }
  return sent;
}

export async function invoke<K extends ChannelName>(channel: K, ...args: InputArgs<K>): Promise<ChannelOutput<K>> {
  const input = (args[0] ?? {}) as ChannelInput<K>;
  let result;
  inFlight++;
  try {
    result = await send(channel, input);
  } catch (err) {
    // The bridge itself failed (not an engine error): still an ApiError, still shown.
    result = { ok: false as const, error: { code: 'INTERNAL' as const, message: `The window could not reach Monad's engine (${(err as Error).message}). Try again; if it keeps happening, restart Monad.` } };
  } finally {
    if (--inFlight === 0) {
      const waiters = [...quietWaiters];
      quietWaiters.clear();
      for (const w of waiters) w();
    }
  }
  if (result.ok) return result.data as ChannelOutput<K>;
  const error = new ApiError(channel, result.error);
  for (const l of [...errorListeners]) l(error);
  throw error;
}

export function on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void {
  return current().on(event, listener as (payload: unknown) => void);
}

/** Every failed call, before it is thrown to its caller. The shell turns these into toasts. */
export function onApiError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

/** The event stream reconnected after a drop (HTTP only): reload anything events would have updated. */
export function onReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/**
 * The event stream opened for the first time (HTTP only). What changed between the first loads and this
 * moment was announced before anyone listened: reload what events keep up to date.
 */
export function onEventsOpened(listener: () => void): () => void {
  openedListeners.add(listener);
  return () => openedListeners.delete(listener);
}

/** For store actions: run a call whose failure has already been shown as a toast; resolve to undefined then. */
export async function attempt<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) return undefined;
    throw err;
  }
}
