// The live sync's quiet time has a deadline (burst-debounce.ts): changes that keep coming closer together
// than the quiet time (another device streaming a long chat, an import writing facts one by one) are still
// reconciled and sent while they last, instead of the sync line saying pending until they stop. A live
// session over a stand-in kind (it counts its reconciles and writes one record each), against a relay in
// this process on loopback.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveSync } from '../../src/main/sync/live-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { countingKind } from '../helpers/counting-kind';
import { tempHome, waitFor } from '../helpers/temp-home';

const sessions: LiveSync[] = [];
const relays: RunningRelay[] = [];

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.stop();
  for (const r of relays.splice(0)) await r.close();
});


describe('live sync: a burst of changes that never pauses', () => {
  it('is reconciled and sent while it lasts, not only once it stops', async () => {
    const relay = await startRelay({ dataDir: tempHome(), port: 0 });
    relays.push(relay);
    const kind = countingKind();
    // A quiet time of 600 ms; the burst below pokes every 40 ms, so without a deadline nothing would run.
    const live = new LiveSync({ relayUrl: relay.url, space: 'burst', storeFile: join(tempHome(), 'device.sqlite'), kinds: [kind], debounceMs: 600, idleCloseMs: 0 });
    sessions.push(live);
    live.localChange();
    await waitFor(() => kind.runs > 0 && live.status().state === 'synced', 30_000, 'first reconcile, synced');

    const before = kind.runs;
    let sentDuringBurst = false;
    const burst = setInterval(() => {
      live.localChange(['notes']);
      if (kind.runs > before && live.status().pending === 0) sentDuringBurst = true;
    }, 40);
    try {
      await waitFor(() => sentDuringBurst, 8_000, 'a reconcile and its acknowledgement during the burst');
    } finally {
      clearInterval(burst);
    }
    expect(kind.runs).toBeGreaterThan(before);
    await waitFor(() => live.status().state === 'synced', 30_000, 'synced once the burst stopped');
  }, 60_000);
});
