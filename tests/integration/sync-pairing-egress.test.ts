// Pairing requests leave through the same doors as a model request (issue 26 §2, issue 30 §4): the relay's
// address is checked, a redirect is refused, and the body passes the engine's egress filter, so a stored
// secret inside what is sent (here a device name someone pasted a key into) reaches the relay redacted.
// The relay runs in this process on loopback; homes are real; the device's own credential (a stored
// secret too, bound to the relay's origin) still goes to the relay, so a normal join, invite and live sync
// work as before.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startLiveSync } from '../../src/main/engine-sync-live';
import { readPairing } from '../../src/main/sync/device-pairing';
import { DocStore } from '../../src/main/sync/doc-store';
import { SyncDevices } from '../../src/main/sync/devices-service';
import { deviceStoreFile } from '../../src/main/sync/live-sync-service';
import { firstInviteOnRelay } from '../../src/main/sync/relay-first-invite';
import { waitFor } from '../helpers/temp-home';
import { relayHomes } from '../helpers/sync-devices';

/** `ws` ships no types; this test uses a plain server of it as a stand-in for another relay. */
interface RawSocket { on(e: 'message', fn: (data: Buffer) => void): void }
interface RawServer { on(e: 'connection', fn: (s: RawSocket) => void): void; once(e: 'listening', fn: () => void): void; address(): { port: number }; close(): void }
const { WebSocketServer } = createRequire(import.meta.url)('ws') as { WebSocketServer: new (o: { host: string; port: number }) => RawServer };

const KEY = 'sk-proj-Zq7vT2mW9xL4pR8nB3cK6fH1jD5sG0aYeUiOo';
// Pairing picks the space (the relay's home); the helper's own `sync` is not used here.
const { home, relay: newRelay } = relayHomes('pairing-egress');

const devicesOf = (e: Engine): SyncDevices => new SyncDevices({ home: e.paths.root, secrets: e.secrets });

describe('pairing requests pass the egress filter', () => {
  it('a stored key in a join request reaches the relay redacted; the join, an invite and the live sync still work', async () => {
    const relay = await newRelay();
    const { dataDir } = relay;

    const a = home();
    a.secrets.set('provider:openai', KEY, { origin: 'https://api.openai.com' });
    const first = firstInviteOnRelay(dataDir, 'home-egress').code;
    const viewA = await devicesOf(a).join({ code: first, relay: relay.url, name: `desk ${KEY}` });
    expect(viewA.paired).toBe(true);
    // What the relay keeps (and lists to every device of the home) is what was sent: the key is not in it.
    const names = viewA.devices.map((d) => d.name);
    expect(names).toHaveLength(1);
    expect(names[0]).not.toContain(KEY);
    expect(names[0]).toContain('[REDACTED:stored-secret]');
    expect(names[0]).toMatch(/^desk /);

    // A normal invite and join from the paired device (its credential goes to the relay it is bound to).
    const invite = await devicesOf(a).invite();
    const b = home();
    const viewB = await devicesOf(b).join({ code: invite.code, relay: relay.url, name: 'laptop' });
    expect(viewB.devices.map((d) => d.name).sort()).toEqual([names[0], 'laptop'].sort());

    // Both devices sync live with the credentials pairing gave them.
    for (const e of [a, b]) expect(startLiveSync(e, { env: {}, tuning: { debounceMs: 50 } })).toBe(true);
    a.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => a.facts.memory.record('global', 'Paired devices still sync after the egress check'));
    await waitFor(() => b.facts.memory.read('global').facts.some((f) => f.text.includes('egress check')), 30_000, 'the fact on B');
  }, 90_000);

  it('a relay address without TLS to another machine is refused before anything is sent, with what to do', async () => {
    const a = home();
    await expect(devicesOf(a).join({ code: 'one two three four five six', relay: 'ws://192.0.2.7:4455', name: 'desk' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('wss://'),
    });
  });

  it("the live sync's WebSocket never presents the credential to another relay address than the one it was given for", async () => {
    const relay = await newRelay();
    const { dataDir } = relay;
    const a = home();
    await devicesOf(a).join({ code: firstInviteOnRelay(dataDir, 'home-bound').code, relay: relay.url, name: 'desk' });
    const storeFile = deviceStoreFile(a.paths.root);
    const store = new DocStore(storeFile);
    const token = readPairing(store, a.secrets).token!;
    expect(token).toMatch(/^msync_/);
    // The saved address now names another server on this machine (a hand edit, another tool, a mistake).
    const other = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((r) => other.once('listening', () => r()));
    const frames: Buffer[] = [];
    other.on('connection', (socket) => socket.on('message', (d) => frames.push(Buffer.from(d))));
    try {
      store.set('relay', `ws://127.0.0.1:${other.address().port}`);
      store.close();
      expect(startLiveSync(a, { env: {} })).toBe(true);
      await waitFor(() => frames.length > 0, 30_000, 'the live sync to talk to the other address');
      await new Promise((r) => setTimeout(r, 300));
      expect(frames.some((f) => f.includes(token))).toBe(false);
    } finally {
      await a.sync.stop();
      other.close();
    }
  }, 60_000);
});
