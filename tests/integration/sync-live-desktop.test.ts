// The desktop app's live-sync wiring, without Electron (no binary here; tests/e2e-electron/live-sync.spec.ts
// runs the real app where one exists). src/main/index.ts opens the engine with host 'electron' and its own
// secret store, then calls `startLiveSync(engine)` with no options: this does the same, on a home paired
// through Settings → Devices' path (SyncDevices: a real credential in the secret store, bound to the
// relay's origin), against a relay on loopback in this process, and checks that another home's fact
// arrives with no command. The second case is the app's own failure: an OS keychain that cannot decrypt
// the credential must be said as that, not as the relay refusing the device.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MonadError } from '../../src/shared/errors';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startLiveSync } from '../../src/main/engine-sync-live';
import { homePaths } from '../../src/main/home';
import { FileSecretStore } from '../../src/main/secrets/file-secret-store';
import type { SecretStore } from '../../src/main/secrets/secret-store';
import { SYNC_TOKEN_REF, readPairing } from '../../src/main/sync/device-pairing';
import { DocStore } from '../../src/main/sync/doc-store';
import { SyncDevices } from '../../src/main/sync/devices-service';
import { deviceStoreFile } from '../../src/main/sync/live-sync-service';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { firstInviteOnRelay } from '../../src/main/sync/relay-first-invite';
import { syncNow } from '../../src/main/sync/sync-client';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';

const engines: Engine[] = [];
let relay: RunningRelay | null = null;
let savedSyncEnv: string | undefined;

beforeEach(() => {
  // The app reads MONAD_SYNC from its environment, as this test's call does: whatever the runner set.
  savedSyncEnv = process.env.MONAD_SYNC;
  delete process.env.MONAD_SYNC;
});

afterEach(async () => {
  for (const e of engines.splice(0)) await e.sync.stop();
  await relay?.close();
  relay = null;
  if (savedSyncEnv === undefined) delete process.env.MONAD_SYNC;
  else process.env.MONAD_SYNC = savedSyncEnv;
});

/** A home opened the way the desktop app opens one: host 'electron', the host's own secret store. */
function desktopHome(secrets?: (home: string) => SecretStore): Engine {
  const home = tempHome();
  const e = openEngine({ home, host: 'electron', ...(secrets ? { secrets: secrets(home) } : {}) });
  engines.push(e);
  return e;
}

describe('the desktop app starts the live sync the way src/main/index.ts calls it', () => {
  it('a home paired through Settings → Devices follows another home with no command', async () => {
    const dataDir = join(tempHome(), 'relay');
    relay = await startRelay({ dataDir, port: 0 });
    const app = desktopHome();
    await new SyncDevices({ home: app.paths.root, secrets: app.secrets }).join({ code: firstInviteOnRelay(dataDir, 'desk-home').code, relay: relay.url, name: 'desktop' });
    const invite = await new SyncDevices({ home: app.paths.root, secrets: app.secrets }).invite();
    const other = openEngine({ home: tempHome() });
    engines.push(other);
    await new SyncDevices({ home: other.paths.root, secrets: other.secrets }).join({ code: invite.code, relay: relay.url, name: 'laptop' });

    // Exactly the desktop main's call.
    expect(startLiveSync(app)).toBe(true);
    await waitFor(() => app.sync.status().state === 'synced', 30_000, 'the app synced');
    expect(app.sync.status()).toMatchObject({ relay: relay.url, lastError: null });

    // The other home is no live device: one `sync now` with its own credential, as `monad sync now` runs it.
    other.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => other.facts.memory.record('global', 'Keeps the spare house key under the blue flowerpot'));
    const store = new DocStore(deviceStoreFile(other.paths.root));
    const pairing = readPairing(store, other.secrets);
    store.close();
    await syncNow({ relayUrl: relay.url, space: pairing.space!, storeFile: deviceStoreFile(other.paths.root), kinds: syncKinds(other), token: pairing.token! });
    await waitFor(() => app.facts.memory.read('global').facts.some((f) => f.text.includes('blue flowerpot')), 30_000, "the other home's fact in the app");
    expect(app.facts.ledger.sourceOf('global', app.facts.memory.read('global').facts.find((f) => f.text.includes('blue flowerpot'))!.id)).toMatchObject({ via: 'sync' });
  }, 90_000);

  it('a credential the OS keychain cannot decrypt: the state says so and what to do, not "pair again"', async () => {
    const dataDir = join(tempHome(), 'relay');
    relay = await startRelay({ dataDir, port: 0 });
    // A stand-in for the app's safeStorage store (src/main/electron/safe-storage.ts imports electron): the same
    // file, and get() of a value the keychain cannot decrypt throws as that store does.
    let keychainLocked = false;
    const app = desktopHome((home) => {
      const file = new FileSecretStore(homePaths(home).secrets);
      // Every call is forwarded to the file store itself (it keeps its decoded values in private fields,
      // which only its own instance can read), and get() is the one that changes.
      const store: SecretStore = {
        info: () => file.info(),
        set: (ref, value, binding) => file.set(ref, value, binding),
        binding: (ref) => file.binding(ref),
        delete: (ref) => file.delete(ref),
        values: () => file.values(),
        get: (ref: string) => {
          if (keychainLocked && ref === SYNC_TOKEN_REF) throw new MonadError('INTERNAL', `The API key "${ref}" was encrypted with the OS keychain, which is not available now; unlock the keychain and restart Monad, or enter the key again`);
          return file.get(ref);
        },
      };
      return store;
    });
    await new SyncDevices({ home: app.paths.root, secrets: app.secrets }).join({ code: firstInviteOnRelay(dataDir, 'desk-home').code, relay: relay.url, name: 'desktop' });
    keychainLocked = true;

    expect(startLiveSync(app)).toBe(true);
    await waitFor(() => app.sync.status().lastError !== null, 30_000, 'the state to say why it does not sync');
    const { lastError } = app.sync.status();
    expect(lastError).toContain('relay credential cannot be read');
    expect(lastError).toContain('unlock the keychain');
    expect(lastError).not.toContain('refused');
  }, 60_000);
});
