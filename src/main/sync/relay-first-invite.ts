// A home's first invite, made on the relay's own machine (`monad sync invite --data DIR`, issue 30 §4):
// writing to the relay's store is the proof of being the person who runs it, so no credential is needed and
// nothing secret crosses the network. The running relay reads the same store and honours the code at once.
import { join } from 'node:path';
import { newInviteCode } from './pairing-code';
import { RelayAuthStore } from './relay-auth-store';

export interface FirstInvite {
  code: string;
  space: string;
  expiresAt: string;
}

export function firstInviteOnRelay(dataDir: string, space: string, now?: () => Date): FirstInvite {
  const auth = new RelayAuthStore(join(dataDir, 'relay.sqlite'), now);
  try {
    auth.ensureHome(space);
    const code = newInviteCode();
    const { expiresAt } = auth.createInvite(space, code, null);
    return { code, space, expiresAt };
  } finally {
    auth.close();
  }
}
