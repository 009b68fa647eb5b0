// What the Electron preload exposes on `window.monad`: the contract's invoke/on and nothing generic.
// Types only: the sandboxed preload must not pull zod (or anything else) in, so every import is a type.
import type { ChannelInput, ChannelName, ChannelOutput, EventMap, EventName } from './contract';
import type { Result } from './errors';

export interface MonadBridge {
  /** Calls one contract channel; resolves to the Result envelope, never rejects for engine errors. */
  invoke<K extends ChannelName>(channel: K, input: ChannelInput<K>): Promise<Result<ChannelOutput<K>>>;
  /** Subscribes to one push event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventMap[E]) => void): () => void;
  host: 'electron';
}

/** The global name the preload exposes the bridge under (`contextBridge.exposeInMainWorld`). */
export type BridgeGlobalName = 'monad';
