// "Synced" on the sync line means what it says (issue 30 §5): a device that joins a home whose relay holds
// documents it has never had must not report `synced` until those documents are up to date here. The live
// session opens each document the home lists once the home's root document arrives; until its first
// exchange with the relay, a just-opened document's provider counts no unsent change, and the state used
// to read `synced` in that gap. Anything waiting on `synced` (a person, an e2e spec, `waitFor` in the tests
// beside this one) then went on before the home had arrived. Every status the device announces is
// recorded here, with what its memory file held at that moment. Relay and devices in this process, on loopback.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startLiveSync } from '../../src/main/engine-sync-live';
import type { SyncStatus } from '../../src/shared/contract-sync';
import { relayHomes } from '../helpers/sync-devices';
import { waitFor } from '../helpers/temp-home';

const { relay: startTestRelay, pairedHome } = relayHomes('synced-means-done');

const start = (e: Engine) => expect(startLiveSync(e, { env: {}, tuning: { debounceMs: 50, idleCloseMs: 0, reconnect: { minDelayMs: 100, maxDelayMs: 500 } } })).toBe(true);
const facts = (e: Engine, scope: string): string => e.facts.memory.read(scope).facts.map((f) => f.text).join('\n');

describe('live sync: synced only once the home has arrived', () => {
  it('a device joining a home with facts in two scopes announces synced only after both are in its files', async () => {
    const relay = await startTestRelay();
    const a = pairedHome(relay.url);
    a.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => {
      a.facts.memory.record('global', 'Keeps bees in two hives behind the shed');
      a.facts.memory.record('project:garden', 'The quince tree flowers in April');
    });
    start(a);
    await a.sync.flush(30_000); // the relay holds A's home now

    const b = pairedHome(relay.url);
    const seen: { state: SyncStatus['state']; hasBoth: boolean }[] = [];
    b.events.subscribe((e) => {
      if (e.name !== 'sync.changed') return;
      seen.push({ state: e.payload.state, hasBoth: facts(b, 'global').includes('bees') && facts(b, 'project:garden').includes('quince') });
    });
    start(b);
    await waitFor(() => facts(b, 'global').includes('bees') && facts(b, 'project:garden').includes('quince') && b.sync.status().state === 'synced', 30_000, "A's facts on B, and B synced");

    const synced = seen.filter((s) => s.state === 'synced');
    expect(synced.length).toBeGreaterThan(0);
    // Every "synced" B said, it said with the home in its files: none while documents were still arriving.
    expect(synced).toEqual(synced.map((s) => ({ ...s, hasBoth: true })));
    expect(b.sync.status()).toMatchObject({ state: 'synced', pending: 0 });
  }, 60_000);
});
