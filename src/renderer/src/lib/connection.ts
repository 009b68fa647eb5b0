// Where the renderer stands with its host: whether we hold a token the host accepts, and whether the
// event stream is up. Electron is always 'ok' / 'online'; the HTTP transport updates both.
import { create } from 'zustand';

export type AuthState = 'ok' | 'missing' | 'refused';
export type LinkState = 'connecting' | 'online' | 'reconnecting';

interface ConnectionState {
  auth: AuthState;
  link: LinkState;
  setAuth(auth: AuthState): void;
  setLink(link: LinkState): void;
}

export const useConnection = create<ConnectionState>((set) => ({
  auth: 'ok',
  link: 'connecting',
  setAuth: (auth) => set({ auth }),
  setLink: (link) => set({ link }),
}));

/**
 * A call that never reached the server (it is stopped, or the network is down): the transport marks
 * these in details. Nothing was done by the engine, so whatever the person typed must be kept.
 */
export function isUnreachable(err: { details?: unknown }): boolean {
  const details = err.details as { transport?: unknown } | undefined;
  return details?.transport === 'network';
}
