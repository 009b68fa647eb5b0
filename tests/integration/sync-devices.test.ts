// Issue 30 §4, devices the person controls: a real relay on loopback and real homes. An invite code joins
// one device once; an expired or wrong code, a wrong credential and another home's document are refused;
// revoking a device closes its connections within a second and its next sync is refused with the sentence
// docs/sync.md fixes; the credential is in no plain file of the home but its secret store.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { syncKinds } from '../../src/main/engine-sync';
import { SYNC_TOKEN_REF } from '../../src/main/sync/device-pairing';
import { joinRelay, listDevices, requestInvite, revokeDevice } from '../../src/main/sync/pairing-client';
import { hashSecret, newInviteCode } from '../../src/main/sync/pairing-code';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { firstInviteOnRelay } from '../../src/main/sync/relay-first-invite';
import { MAX_FAILED_JOINS_PER_MINUTE } from '../../src/main/sync/relay-http';
import { syncNow } from '../../src/main/sync/sync-client';
import { emptyReport, type SyncKind } from '../../src/main/sync/sync-kind';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { runCliAsync, spawnCli, waitForLine } from '../helpers/cli';
import { openEngine, tempHome } from '../helpers/temp-home';

const Ws = createRequire(import.meta.url)('ws') as new (...args: never[]) => { on(event: 'error', listener: () => void): void };
/**
 * The relay closes a revoked device's socket and the provider dials again at once; destroying it while
 * that new socket is still connecting makes ws emit "closed before the connection was established" with
 * no listener left, an uncaught exception after the test passed (seen on a loaded machine). What a test
 * here reads comes from the provider's callbacks, so the raw socket's errors are listened to and dropped.
 */
class WebSocketPolyfill extends Ws {
  constructor(...args: never[]) {
    super(...args);
    this.on('error', () => {});
  }
}
const relays: RunningRelay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

async function relayIn(dir: string): Promise<RunningRelay> {
  const r = await startRelay({ dataDir: dir, port: 0 });
  relays.push(r);
  return r;
}

/** The first invite of a home, as `monad sync invite --data DIR` makes it on the relay's machine. */
const firstInvite = (dataDir: string, space: string, now?: () => Date): string => firstInviteOnRelay(dataDir, space, now).code;

/** Opens one document as a device would and reports whether the relay let it in, and when it was closed. */
function openRaw(url: string, name: string, token: string) {
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill, quiet: true } as never);
  let closedAt: number | null = null;
  socket.on('close', () => (closedAt ??= Date.now()));
  const outcome = new Promise<{ ok: true } | { ok: false; reason: string }>((resolve) => {
    new HocuspocusProvider({ websocketProvider: socket, name, document: new Y.Doc(), awareness: null, token, onSynced: () => resolve({ ok: true }), onAuthenticationFailed: ({ reason }) => resolve({ ok: false, reason }) });
  });
  return { outcome, closedAt: () => closedAt, destroy: () => socket.destroy() };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('monad sync: pairing, credentials and revocation on a real relay', () => {
  it('an invite code joins one device, once; the CLI keeps the credential only in the secret store', async () => {
    const data = tempHome();
    const relay = await relayIn(data);
    const made = await runCliAsync(['sync', 'invite', '--data', data, '--space', 'home-x', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const { code, space } = JSON.parse(made.stdout) as { code: string; space: string };
    expect(space).toBe('home-x');
    expect(code.split('-')).toHaveLength(6);

    const a = tempHome();
    const joined = await runCliAsync(['sync', 'join', code.toUpperCase().replaceAll('-', ' '), '--relay', relay.url, '--name', 'laptop', '--home', a, '--json']);
    expect(joined.code, joined.stderr).toBe(0);
    expect(JSON.parse(joined.stdout)).toMatchObject({ space: 'home-x', device: { name: 'laptop' } });
    const again = await runCliAsync(['sync', 'join', code, '--relay', relay.url, '--home', tempHome()]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('This invite code is not valid');

    // The credential: in the home's secret store (owner-only), bound to the relay; in no other file of the
    // home, and not on the relay either (only its hash).
    const secretsFile = join(a, 'secrets.json');
    const token = (JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, { value: string }>)[SYNC_TOKEN_REF].value;
    expect(token).toMatch(/^msync_[A-Za-z0-9_-]{43}$/);
    expect(statSync(secretsFile).mode & 0o077).toBe(0);
    const holding = filesUnder(a).filter((f) => readFileSync(f).includes(token));
    expect(holding).toEqual([secretsFile]);
    expect(filesUnder(data).filter((f) => readFileSync(f).includes(token))).toEqual([]);
    expect(filesUnder(data).some((f) => readFileSync(f).includes(hashSecret(token)))).toBe(true);

    // Paired: `sync now` needs no flags, and `devices` marks this one.
    const now = await runCliAsync(['sync', 'now', '--home', a, '--json']);
    expect(now.code, now.stderr).toBe(0);
    const listed = await runCliAsync(['sync', 'devices', '--home', a, '--json']);
    expect(JSON.parse(listed.stdout).devices).toEqual([expect.objectContaining({ name: 'laptop', thisDevice: true, revokedAt: null })]);
  }, 180_000);

  it('an expired code, a wrong credential and a missing one are refused', async () => {
    const data = tempHome();
    const relay = await relayIn(data);
    const sixteenMinutesAgo = () => new Date(Date.now() - 16 * 60_000);
    const old = firstInvite(data, 'home-x', sixteenMinutesAgo);
    await expect(joinRelay(relay.url, old, 'late')).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('older than 15 minutes') });

    const joined = await joinRelay(relay.url, firstInvite(data, 'home-x'), '\u001b[31mdesk\u202e\u200b');
    // A name is shown on every device and printed in terminals: no escape sequences, no direction overrides.
    expect(joined.device.name).toBe('[31mdesk');
    const engine = openEngine();
    const run = (token?: string) => syncNow({ relayUrl: relay.url, space: 'home-x', storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine), token, timeoutMs: 10_000 });
    await expect(run(`msync_${'A'.repeat(43)}`)).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining("does not know this device's credential") });
    // A paired home never opens without a credential, even on loopback.
    await expect(run()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringContaining('only syncs paired devices') });
    await expect(run(joined.token)).resolves.toMatchObject({ relay: relay.url });
    await expect(requestInvite(relay.url, 'msync_nope')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  }, 60_000);

  it("a device of home X cannot open home Y's documents", async () => {
    const data = tempHome();
    const relay = await relayIn(data);
    const x = await joinRelay(relay.url, firstInvite(data, 'home-x'), 'x-laptop');
    await joinRelay(relay.url, firstInvite(data, 'home-y'), 'y-laptop');
    const own = openRaw(relay.url, 'home-x/facts/global', x.token);
    expect(await own.outcome).toEqual({ ok: true });
    own.destroy();
    for (const name of ['home-y/facts/global', 'home-y/home', 'home-y']) {
      const other = openRaw(relay.url, name, x.token);
      expect(await other.outcome).toEqual({ ok: false, reason: 'other-home' });
      other.destroy();
    }
    // Nor can it list or revoke Y's devices: the API answers for the caller's own home only.
    await expect(revokeDevice(relay.url, x.token, 'y-laptop')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 60_000);

  it('revoking a device closes its connection within a second; its next sync is refused with the sentence', async () => {
    const data = tempHome();
    const relay = await relayIn(data);
    const laptop = await joinRelay(relay.url, firstInvite(data, 'home-x'), 'laptop');
    const invite = await requestInvite(relay.url, laptop.token);
    const phone = await joinRelay(relay.url, invite.code, 'phone');
    expect((await listDevices(relay.url, laptop.token)).devices.map((d) => d.name)).toEqual(['laptop', 'phone']);

    const open = openRaw(relay.url, 'home-x/facts/global', phone.token);
    expect(await open.outcome).toEqual({ ok: true });
    const t0 = Date.now();
    const { device } = await revokeDevice(relay.url, laptop.token, 'phone');
    expect(device.revokedAt).not.toBeNull();
    await expect.poll(() => open.closedAt(), { timeout: 1_000, interval: 10 }).not.toBeNull();
    expect(open.closedAt()! - t0).toBeLessThan(1_000);
    open.destroy();

    // The revoked home: its pairing stays, its next `sync now` is refused and exits non-zero.
    const home = tempHome();
    const joined = await runCliAsync(['sync', 'join', (await requestInvite(relay.url, laptop.token)).code, '--relay', relay.url, '--name', 'tablet', '--home', home]);
    expect(joined.code, joined.stderr).toBe(0);
    const revoked = await runCliAsync(['sync', 'revoke', 'tablet', '--home', tempHome()]);
    expect(revoked.code).toBe(1); // a home that is not paired cannot revoke anything
    expect(revoked.stderr).toContain('not paired');
    await revokeDevice(relay.url, laptop.token, 'tablet');
    const refused = await runCliAsync(['sync', 'now', '--home', home]);
    expect(refused.code).toBe(1);
    const day = new Date().toISOString().slice(0, 10);
    expect(refused.stderr).toContain(`This device was removed from sync on ${day}. Join again with a new invite code to sync.`);
    expect(readFileSync(join(home, 'secrets.json'), 'utf8')).toContain(SYNC_TOKEN_REF);
    // The revoked device can no longer invite or list either.
    await expect(requestInvite(relay.url, phone.token)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  }, 180_000);

  it('a device revoked while its sync waits for the relay is told so at once, not after the timeout', async () => {
    // The relay in a process of its own, so that a synchronous request from inside a kind's reconcile can
    // revoke this very device mid-run (the run then waits for acknowledgements of a change sent afterwards).
    const data = tempHome();
    const child = spawnCli(['sync', 'serve', '--data', data, '--port', '0']);
    try {
      const url = (await waitForLine(child, /relay listening on (ws:\/\/127\.0\.0\.1:\d+)/, 60_000))[1];
      const admin = await joinRelay(url, firstInvite(data, 'home-x'), 'desktop');
      const me = await joinRelay(url, (await requestInvite(url, admin.token)).code, 'laptop');
      const revokeNow = `fetch(${JSON.stringify(`${url.replace('ws:', 'http:')}/monad/sync/revoke`)}, { method: 'POST', headers: { authorization: 'Bearer ${admin.token}', 'content-type': 'application/json' }, body: JSON.stringify({ device: 'laptop' }) }).then((r) => process.exit(r.ok ? 0 : 1))`;
      const kind: SyncKind = {
        kind: 'notes',
        localKeys: () => ['only'],
        reconcile(key, doc) {
          execFileSync(process.execPath, ['-e', revokeNow]);
          doc.getMap('notes').set('written', 'after the revocation');
          return emptyReport('notes', key);
        },
      };
      const t0 = Date.now();
      await expect(syncNow({ relayUrl: url, space: 'home-x', storeFile: join(tempHome(), 'device.sqlite'), kinds: [kind], token: me.token, timeoutMs: 20_000 })).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('This device was removed from sync on'),
      });
      expect(Date.now() - t0).toBeLessThan(10_000);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);

  it('a relay address that redirects is refused: neither the invite code nor a credential goes to where it points', async () => {
    // Two loopback servers: one answers every pairing request with a redirect to the other, which records
    // whatever reaches it. fetch would resend a POST's body (the code) on a 307 and keep other headers.
    const received: string[] = [];
    const listen = (handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number }> =>
      new Promise((resolve) => {
        const server = createServer(handler);
        server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
      });
    const target = await listen((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    const redirecting = await listen((req, res) => res.writeHead(307, { location: `http://127.0.0.1:${target.port}${req.url}` }).end());
    try {
      const url = `ws://127.0.0.1:${redirecting.port}`;
      const join = await joinRelay(url, 'abandon ability able about above absent', 'laptop').catch((e: Error) => e);
      expect(join).toBeInstanceOf(Error);
      expect((join as Error).message).toMatch(/redirect to http:\/\/127\.0\.0\.1:\d+.*does not send credentials to another address/);
      const invite = await requestInvite(url, 'msync_not-a-real-token').catch((e: Error) => e);
      expect((invite as Error).message).toMatch(/redirect/);
      expect(received).toEqual([]);
    } finally {
      await new Promise((r) => redirecting.server.close(r));
      await new Promise((r) => target.server.close(r));
    }
  });

  it(`more than ${MAX_FAILED_JOINS_PER_MINUTE} wrong codes in a minute stop all joins for that minute`, async () => {
    const data = tempHome();
    const relay = await relayIn(data);
    const good = firstInvite(data, 'home-x');
    for (let i = 0; i < MAX_FAILED_JOINS_PER_MINUTE; i++) {
      await expect(joinRelay(relay.url, newInviteCode(), 'guesser')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(joinRelay(relay.url, good, 'person')).rejects.toMatchObject({ code: 'BUSY', message: expect.stringContaining('Wait a minute') });
  }, 60_000);
});
