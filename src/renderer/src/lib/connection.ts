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
