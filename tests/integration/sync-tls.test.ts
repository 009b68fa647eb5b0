// Issue 30 §4, TLS off loopback: the relay serves wss:// with the person's certificate (here a self-signed
// one made at test time with openssl), a device trusts it through NODE_EXTRA_CA_CERTS and pairs and syncs
// over it; a relay refuses a non-loopback address without TLS, and a device refuses ws:// to one.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { syncKinds } from '../../src/main/engine-sync';
import { joinRelay } from '../../src/main/sync/pairing-client';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { firstInviteOnRelay } from '../../src/main/sync/relay-first-invite';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { runCliAsync } from '../helpers/cli';
import { openEngine, tempHome } from '../helpers/temp-home';

const relays: RunningRelay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

/** A self-signed certificate for 127.0.0.1, valid one day: the person's own certificate, in miniature. */
function selfSigned(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'relay-cert.pem');
  const key = join(dir, 'relay-key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  return { cert, key };
}

const invite = (dataDir: string, space: string): string => firstInviteOnRelay(dataDir, space).code;

describe('monad sync over TLS', () => {
  it('serves wss:// with the given certificate; a device that trusts it joins and syncs, one that does not is told why', async () => {
    const data = tempHome();
    const { cert, key } = selfSigned(data);
    const relay = await startRelay({ dataDir: data, port: 0, tls: { certFile: cert, keyFile: key } });
    relays.push(relay);
    expect(relay.url).toMatch(/^wss:\/\/127\.0\.0\.1:\d+$/);
    // With TLS, pairing is always required: this relay may be reached from elsewhere.
    expect(relay.allowsUnpaired).toBe(false);

    const trusting = { NODE_EXTRA_CA_CERTS: cert };
    const a = tempHome();
    const joined = await runCliAsync(['sync', 'join', invite(data, 'home-x'), '--relay', relay.url, '--name', 'laptop', '--home', a], trusting);
    expect(joined.code, joined.stderr).toBe(0);
    const rec = await runCliAsync(['facts', 'add', 'Grows tomatoes on the balcony', '--home', a]);
    expect(rec.code, rec.stderr).toBe(0);
    const now = await runCliAsync(['sync', 'now', '--home', a, '--json'], trusting);
    expect(now.code, now.stderr).toBe(0);
    const report = JSON.parse(now.stdout) as { relay: string; documents: { kind: string; sent: number }[] };
    expect(report.relay).toBe(relay.url);
    // The fact went (a first sync also sends the home's default agent, counted in its own document).
    expect(report.documents.filter((d) => d.kind === 'facts').reduce((n, d) => n + d.sent, 0)).toBe(1);

    // This test process does not trust the certificate: pairing says so and how to fix it.
    await expect(joinRelay(relay.url, invite(data, 'home-x'), 'stranger')).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringContaining('NODE_EXTRA_CA_CERTS') });
  }, 180_000);

  it('a relay refuses a non-loopback address without TLS or a proxy; behind a proxy it binds loopback and requires pairing', async () => {
    await expect(startRelay({ dataDir: tempHome(), port: 0, host: '0.0.0.0' })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('--tls-cert FILE --tls-key FILE') });
    const proxied = await startRelay({ dataDir: tempHome(), port: 0, behindProxy: true });
    relays.push(proxied);
    expect(proxied.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(proxied.allowsUnpaired).toBe(false);
    const engine = openEngine();
    // A space nobody paired does not open here: every request comes from the proxy, so "this machine" means nothing.
    await expect(syncNow({ relayUrl: proxied.url, space: 'anything', storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine), timeoutMs: 10_000 })).rejects.toMatchObject({ message: expect.stringContaining('only syncs paired devices') });
  }, 60_000);

  it('a device refuses ws:// to another machine, before anything is sent', async () => {
    const engine = openEngine();
    await expect(syncNow({ relayUrl: 'ws://192.0.2.10:4444', space: 'x', storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('clear text') });
    await expect(joinRelay('ws://sync.example.org', 'a-b-c', 'x')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    const cli = await runCliAsync(['sync', 'serve', '--data', tempHome(), '--host', '0.0.0.0', '--port', '0']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('only over TLS');
  }, 60_000);
});
