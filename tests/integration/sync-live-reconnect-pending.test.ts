// "Synced" after a reconnect (issue 30 §5; docs/sync.md, What "Synced" means): the sync line and `sync.now`
// must never say synced while a change made here has not reached the relay. Hocuspocus's own per-document
// count of unacknowledged changes went below zero after a reconnect (changes made offline are queued, sent
// again after the handshake and acknowledged one by one, while the handshake had reset the count to one),
// and the next change made here then read as zero: "synced" while it was still in flight.
//
// A device reaches its relay through a TCP gate (tests/helpers/tcp-gate.ts) that can cut the connection and
// hold what the device sends: while the gate holds the bytes of a change, the relay cannot have it, so a
// "synced" seen then is untrue whatever the timing. Relay, gate and device in this process, on loopback; the
// device syncs a stand-in kind whose every reconcile appends one record (a change made here, to send).
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveSync } from '../../src/main/sync/live-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { WebSocketPolyfill } from '../../src/main/sync/sync-client';
import { emptyReport, type SyncKind } from '../../src/main/sync/sync-kind';
import type { SyncStatus } from '../../src/shared/contract-sync';
import { startTcpGate, type TcpGate } from '../helpers/tcp-gate';
import { tempHome, waitFor } from '../helpers/temp-home';

const sessions: LiveSync[] = [];
const relays: RunningRelay[] = [];
const gates: TcpGate[] = [];

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.stop();
  for (const g of gates.splice(0)) await g.close();
  for (const r of relays.splice(0)) await r.close();
});

const SPACE = 'reconnect';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One document whose every reconcile appends a record numbered by the run. */
function appendingKind(): SyncKind & { runs: number } {
  const kind = {
    kind: 'notes',
    runs: 0,
    localKeys: () => ['only'],
    reconcile(key: string, doc: Y.Doc) {
      kind.runs++;
      doc.getArray<number>('runs').push([kind.runs]);
      return { ...emptyReport('notes', key), sent: 1 };
    },
  };
  return kind;
}

/** The records the relay holds for the kind's document, read by a client of its own straight from the relay. */
async function relayRecords(relayUrl: string): Promise<number[]> {
  const socket = new HocuspocusProviderWebsocket({ url: relayUrl, WebSocketPolyfill, quiet: true });
  const doc = new Y.Doc();
  try {
    await new Promise<void>((resolve) => {
      new HocuspocusProvider({ websocketProvider: socket, name: `${SPACE}/notes/only`, document: doc, awareness: null, onSynced: () => resolve() });
    });
    return doc.getArray<number>('runs').toArray();
  } finally {
    socket.destroy();
    doc.destroy();
  }
}

async function setUp() {
  const relay = await startRelay({ dataDir: tempHome(), port: 0 });
  relays.push(relay);
  const gate = await startTcpGate(relay.port);
  gates.push(gate);
  const kind = appendingKind();
  const seen: SyncStatus[] = [];
  const live = new LiveSync({
    relayUrl: gate.url,
    space: SPACE,
    storeFile: join(tempHome(), 'device.sqlite'),
    kinds: [kind],
    debounceMs: 20,
    idleCloseMs: 0,
    reconnect: { minDelayMs: 50, maxDelayMs: 200 },
    onChange: (s) => seen.push(s),
  });
  sessions.push(live);
  return { relay, gate, kind, live, seen };
}

/** One change made here, reconciled (the kind appended its record) while the gate may be holding. */
async function changeHere(live: LiveSync, kind: { runs: number }): Promise<void> {
  const before = kind.runs;
  live.localChange();
  await waitFor(() => kind.runs > before, 10_000, 'the change reconciled');
}

describe('live sync: the pending count after a reconnect', () => {
  it('never says synced while a change made here is held before the relay, after changes made offline were sent on reconnect', async () => {
    const { relay, gate, kind, live, seen } = await setUp();
    await changeHere(live, kind);
    await waitFor(() => live.status().state === 'synced', 30_000, 'first sync');

    // The relay goes away; three changes are made here while it is away.
    gate.cut();
    await waitFor(() => live.status().state === 'offline', 30_000, 'offline');
    for (let i = 0; i < 3; i++) await changeHere(live, kind);
    expect(live.status()).toMatchObject({ state: 'offline' });
    expect(live.status().pending).toBeGreaterThan(0);

    // It comes back: everything made offline reaches it, and the device says synced.
    gate.open();
    await waitFor(() => live.status().state === 'synced', 30_000, 'synced after the reconnect');
    expect((await relayRecords(relay.url)).length).toBe(kind.runs);

    // Now the relay is cut off from what the device sends, and one more change is made here.
    gate.hold();
    const from = seen.length;
    await changeHere(live, kind);
    await sleep(300); // what was announced after the reconcile, and any acknowledgement that could come
    expect(seen.slice(from).map((s) => s.state)).not.toContain('synced');
    expect(live.status().state).toBe('pending');
    expect(live.status().pending).toBeGreaterThan(0);
    expect((await relayRecords(relay.url)).length).toBe(kind.runs - 1);

    // Let through, it is acknowledged and the device says synced with the relay holding every record.
    gate.release();
    await waitFor(() => live.status().state === 'synced', 30_000, 'synced once released');
    expect(live.status().pending).toBe(0);
    expect(await relayRecords(relay.url)).toEqual(Array.from({ length: kind.runs }, (_, i) => i + 1));
  }, 60_000);
});
