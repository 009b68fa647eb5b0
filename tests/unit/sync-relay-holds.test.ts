// What the live sync's "acknowledged" rests on (relay-witness.ts): the relay's answer to a sync step 1 — its
// state vector and its delete set, read out of Hocuspocus's frames — covers a device's copy only when every
// item and every deletion of that copy is in it. Deletions matter on their own: a Y.Array or Y.Map deletion
// adds nothing to the state vector, so a check of items alone would call a copy with an unsent deletion held.
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { deletionsCovered, relayHolds, relayStateOf } from '../../src/main/sync/relay-holds';
import { readRelaySyncStep } from '../../src/main/sync/relay-sync-frame';

/** What a relay holding `relay` answers a device holding `here`: its step 1 and step 2 payloads. */
const answer = (relay: Y.Doc, here: Y.Doc) => relayStateOf(Y.encodeStateVector(relay), Y.encodeStateAsUpdate(relay, Y.encodeStateVector(here)));
const send = (from: Y.Doc, to: Y.Doc) => Y.applyUpdate(to, Y.encodeStateAsUpdate(from, Y.encodeStateVector(to)));

function varUint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}
const bytes = (b: Uint8Array | number[]) => [...varUint(b.length), ...b];
/** A frame as Hocuspocus writes it: document name, message type, then the y-protocols message. */
const frame = (type: number, sub: number, payload: Uint8Array) => new Uint8Array([...bytes([...Buffer.from('home/notes/only')]), ...varUint(type), ...varUint(sub), ...bytes(payload)]);

describe('relay-holds: does the relay hold this copy', () => {
  it('items: a change made here is not held until the relay has it; what the relay sent is', () => {
    const relay = new Y.Doc();
    const here = new Y.Doc();
    relay.getArray<string>('a').push(['from another device']);
    send(relay, here);
    expect(relayHolds(answer(relay, here), here)).toBe(true);
    here.getArray<string>('a').push(['made here']);
    expect(relayHolds(answer(relay, here), here)).toBe(false);
    send(here, relay);
    expect(relayHolds(answer(relay, here), here)).toBe(true);
  });

  it('deletions: a deletion made here (no new item, the state vector unchanged) is not held until the relay has it', () => {
    const relay = new Y.Doc();
    const here = new Y.Doc();
    here.getArray<number>('a').push([1, 2, 3, 4]);
    here.getMap<string>('m').set('k', 'v');
    send(here, relay);
    expect(relayHolds(answer(relay, here), here)).toBe(true);

    const sv = Y.encodeStateVector(here);
    here.getArray<number>('a').delete(1, 2);
    expect(Y.encodeStateVector(here)).toEqual(sv);
    expect(relayHolds(answer(relay, here), here)).toBe(false);
    send(here, relay);
    expect(relayHolds(answer(relay, here), here)).toBe(true);

    here.getMap<string>('m').delete('k');
    expect(relayHolds(answer(relay, here), here)).toBe(false);
    send(here, relay);
    expect(relayHolds(answer(relay, here), here)).toBe(true);
  });

  it('delete sets are compared as ranges, however either side splits them', () => {
    const ds = (ranges: [number, number, number][]) => {
      const clients = new Map<number, { clock: number; len: number }[]>();
      for (const [client, clock, len] of ranges) clients.set(client, [...(clients.get(client) ?? []), { clock, len }]);
      return { clients } as unknown as Parameters<typeof deletionsCovered>[0];
    };
    expect(deletionsCovered(ds([[7, 0, 3], [7, 3, 2]]), ds([[7, 1, 4]]))).toBe(true);
    expect(deletionsCovered(ds([[7, 0, 3], [7, 4, 2]]), ds([[7, 1, 4]]))).toBe(false); // clock 3 missing
    expect(deletionsCovered(ds([[7, 0, 10]]), ds([[8, 0, 1]]))).toBe(false); // another writer's deletion
    expect(deletionsCovered(ds([]), ds([]))).toBe(true);
  });
});

describe('relay-sync-frame: the two sync steps in a relay message', () => {
  it('reads step 1 and step 2, and nothing else', () => {
    const sv = Y.encodeStateVector(new Y.Doc());
    const update = new Uint8Array([0, 0]);
    expect(readRelaySyncStep(frame(0, 0, sv))).toEqual({ step: 1, stateVector: sv });
    expect(readRelaySyncStep(frame(0, 1, update).buffer)).toEqual({ step: 2, update });
    expect(readRelaySyncStep(frame(0, 2, update))).toBeNull(); // an update from another device
    expect(readRelaySyncStep(frame(8, 1, update))).toBeNull(); // an acknowledgement
    expect(readRelaySyncStep(frame(0, 0, sv).subarray(0, 18))).toBeNull(); // cut short
    expect(readRelaySyncStep('not bytes')).toBeNull();
  });
});
