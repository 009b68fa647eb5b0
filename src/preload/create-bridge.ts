// The object the preload exposes as `window.monad`: the contract's invoke/on and nothing generic.
// The renderer never sees ipcRenderer or an IPC event object (whose `sender` is ipcRenderer itself).
// No `electron` import here: the IPC object is passed in, so this is tested with a stub.
import type { MonadBridge } from '../shared/bridge';
import { eventChannel, invokeChannel, isKnownChannel, isKnownEvent } from '../shared/channel-names';
import type { Result } from '../shared/errors';

/** The three ipcRenderer methods the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createBridge(ipc: IpcRendererLike): MonadBridge {
  const invoke = async (channel: string, input: unknown): Promise<Result<unknown>> => {
    if (!isKnownChannel(channel)) {
      return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `Unknown channel: ${String(channel).slice(0, 100)}` } };
    }
    try {
      return (await ipc.invoke(invokeChannel(channel), input)) as Result<unknown>;
    } catch (err) {
      // Main's handlers never throw; this is IPC itself failing (e.g. the app is shutting down).
      return { ok: false, error: { code: 'INTERNAL', message: `IPC failed: ${err instanceof Error ? err.message : String(err)}` } };
    }
  };

  const on = (event: string, listener: (payload: unknown) => void): (() => void) => {
    if (!isKnownEvent(event)) throw new TypeError(`Unknown event: ${String(event).slice(0, 100)}`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    const name = eventChannel(event);
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipc.on(name, wrapped);
    return () => {
      ipc.removeListener(name, wrapped);
    };
  };

  // The generic signatures of MonadBridge are enforced at the call sites; this object is their runtime.
  return { invoke, on, host: 'electron' } as MonadBridge;
}
