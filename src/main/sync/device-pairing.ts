// What a device remembers about its pairing (issue 30 §4): the relay's address, the home's name on it and
// this device's id and name there — in its sync store — and its credential, which goes only to the home's
// secret store (the OS keychain in the app; an owner-only file in headless mode, like provider keys), bound
// to the relay's origin so it is never presented anywhere else. Never in config, never in device.sqlite.
import { MonadError } from '../../shared/errors';
import type { SecretStore } from '../secrets/secret-store';
import type { DocStore } from './doc-store';
import { httpBaseOf } from './relay-url';

export const SYNC_TOKEN_REF = 'sync:relay-token';

export interface Pairing {
  relay: string | null;
  space: string | null;
  /** This device's id on the relay (null before `join`). */
  deviceId: string | null;
  deviceName: string | null;
  token: string | null;
}

export function readPairing(store: DocStore, secrets: SecretStore): Pairing {
  const relay = store.get('relay');
  let token: string | null = null;
  if (relay && store.get('relay-device')) {
    token = secrets.get(SYNC_TOKEN_REF);
    // A token saved for another relay's address is not this relay's: never send it elsewhere.
    const bound = secrets.binding(SYNC_TOKEN_REF);
    if (token && bound && bound.origin !== new URL(httpBaseOf(relay)).origin) token = null;
  }
  return { relay, space: store.get('space'), deviceId: store.get('relay-device'), deviceName: store.get('device-name'), token };
}

export function savePairing(store: DocStore, secrets: SecretStore, p: { relay: string; space: string; deviceId: string; deviceName: string; token: string }): void {
  secrets.set(SYNC_TOKEN_REF, p.token, { origin: new URL(httpBaseOf(p.relay)).origin });
  store.set('relay', p.relay);
  store.set('space', p.space);
  store.set('relay-device', p.deviceId);
  store.set('device-name', p.deviceName);
}

/** The pairing a command needs to talk to the relay as this device. */
export function requirePaired(p: Pairing): { relay: string; space: string; deviceId: string; token: string } {
  if (!p.relay || !p.space || !p.deviceId || !p.token) {
    throw new MonadError('UNAUTHORIZED', 'This device is not paired with a relay yet: get an invite code from a paired device (`monad sync invite`, or Settings → Devices) and run `monad sync join CODE --relay URL`.');
  }
  return { relay: p.relay, space: p.space, deviceId: p.deviceId, token: p.token };
}
