// The consolidation device in the home document (issue 30 §3): set by the first device when absent, kept
// when present, a choice made here written at the next sync, and the scheduler's question answered from
// this device's store alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { chooseConsolidationDevice, consolidationDeviceOf, followConsolidationDevice, scheduledElsewhere, thisDevice } from '../../src/main/sync/consolidation-device';
import { DocStore } from '../../src/main/sync/doc-store';
import { tempHome } from '../helpers/temp-home';

function store(name: string, relayId: string | null): { s: DocStore; file: string } {
  const file = join(tempHome(), 'sync', 'device.sqlite');
  const s = new DocStore(file);
  s.set('device', `local-${name}`);
  if (relayId) s.set('relay-device', relayId);
  s.set('device-name', name);
  return { s, file };
}
const exchange = (from: Y.Doc, to: Y.Doc) => Y.applyUpdate(to, Y.encodeStateAsUpdate(from));

describe('consolidation device in the home document', () => {
  it('the first device to sync sets it; a later one keeps it and knows it is not the one', () => {
    const a = store('laptop', 'dev-a');
    const b = store('desktop', 'dev-b');
    const homeA = new Y.Doc();
    followConsolidationDevice(homeA, a.s);
    expect(homeA.getMap('meta').toJSON()).toMatchObject({ consolidationDevice: 'dev-a', consolidationDeviceName: 'laptop' });
    const homeB = new Y.Doc();
    exchange(homeA, homeB);
    followConsolidationDevice(homeB, b.s);
    expect(homeB.getMap('meta').get('consolidationDevice')).toBe('dev-a');
    expect(consolidationDeviceOf(a.s)).toEqual({ id: 'dev-a', name: 'laptop', thisDevice: true, pending: false });
    expect(consolidationDeviceOf(b.s)).toEqual({ id: 'dev-a', name: 'laptop', thisDevice: false, pending: false });
    a.s.close();
    b.s.close();
    expect(scheduledElsewhere(a.file)).toBeNull();
    expect(scheduledElsewhere(b.file)).toBe('laptop');
  });

  it('a choice is seen here at once, written at the next sync, and then no longer pending', () => {
    const a = store('laptop', 'dev-a');
    const b = store('desktop', 'dev-b');
    const homeA = new Y.Doc();
    followConsolidationDevice(homeA, a.s);
    const homeB = new Y.Doc();
    exchange(homeA, homeB);
    followConsolidationDevice(homeB, b.s);
    expect(chooseConsolidationDevice(b.s, thisDevice(b.s))).toEqual({ id: 'dev-b', name: 'desktop', thisDevice: true, pending: true });
    expect(homeB.getMap('meta').get('consolidationDevice')).toBe('dev-a'); // not yet in the document
    followConsolidationDevice(homeB, b.s); // the next sync
    expect(consolidationDeviceOf(b.s)!.pending).toBe(false);
    exchange(homeB, homeA);
    followConsolidationDevice(homeA, a.s);
    expect(consolidationDeviceOf(a.s)).toEqual({ id: 'dev-b', name: 'desktop', thisDevice: false, pending: false });
  });

  it('a device named by its id from before it was paired is still this device', () => {
    const a = store('laptop', null);
    const home = new Y.Doc();
    followConsolidationDevice(home, a.s); // synced unpaired: named by its local id
    a.s.set('relay-device', 'dev-a'); // paired later
    followConsolidationDevice(home, a.s);
    expect(consolidationDeviceOf(a.s)).toMatchObject({ id: 'local-laptop', thisDevice: true });
  });

  it('a home that never synced runs its schedule and gets no sync store', () => {
    const file = join(tempHome(), 'sync', 'device.sqlite');
    expect(scheduledElsewhere(file)).toBeNull();
    expect(existsSync(file)).toBe(false);
  });
});
