// Issue 30 §4: `monad sync join LINK` — the invite's link (what its QR code carries) joins a device with no
// --relay, against a real relay on loopback; a hostile link is refused before anything reaches the relay,
// saying why and what to do; a link whose relay disagrees with --relay is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { inviteUri } from '../../src/main/sync/devices-service';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { firstInviteOnRelay } from '../../src/main/sync/relay-first-invite';
import { runCliAsync } from '../helpers/cli';
import { tempHome } from '../helpers/temp-home';

const relays: RunningRelay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

describe('monad sync join with the invite link', () => {
  it('joins with the link alone, and refuses hostile or disagreeing links without spending the code', async () => {
    const data = tempHome();
    const relay = await startRelay({ dataDir: data, port: 0 });
    relays.push(relay);
    const code = firstInviteOnRelay(data, 'home-link').code;
    const link = inviteUri(relay.url, code);
    const home = tempHome();

    const hostile = await runCliAsync(['sync', 'join', `${link}&token=stolen`, '--home', home]);
    expect(hostile.code).not.toBe(0);
    expect(hostile.stderr).toMatch(/not a Monad invite link: it has parameters an invite never has \(token\)/);
    const credentials = await runCliAsync(['sync', 'join', inviteUri(`ws://me:pw@${new URL(relay.url).host}`, code), '--home', home]);
    expect(credentials.stderr).toMatch(/relay address carries a user name or password/);
    const other = await runCliAsync(['sync', 'join', link, '--relay', 'wss://elsewhere.example.org', '--home', home]);
    expect(other.stderr).toMatch(/names the relay .* not wss:\/\/elsewhere\.example\.org/);

    // None of those reached the relay: the same code still joins, once.
    const joined = await runCliAsync(['sync', 'join', link, '--name', 'phone', '--home', home, '--json']);
    expect(joined.code, joined.stderr).toBe(0);
    expect(JSON.parse(joined.stdout)).toMatchObject({ relay: relay.url, space: 'home-link', device: { name: 'phone' } });
    const status = await runCliAsync(['sync', 'devices', '--home', home, '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ relay: relay.url, space: 'home-link', devices: [{ name: 'phone', thisDevice: true }] });
    const again = await runCliAsync(['sync', 'join', link, '--home', tempHome()]);
    expect(again.code).not.toBe(0);
  }, 120_000);
});
