// Scheduled consolidation runs on one device of a home (issue 30 §3): two devices deriving from the same
// chats at the same time would spend the person's tokens twice for the same facts. The home document's
// `meta` map names the device (`consolidationDevice`, with its name for the status line); the first device
// that syncs a home sets it when absent, so the default is the first device; the person moves it with
// `monad sync consolidation-device` or Settings → Devices. Each device keeps the value it last saw in its
// DocStore, so the scheduler asks its store, never an open document; on-demand runs are never gated.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import type * as Y from 'yjs';
import { DocStore } from './doc-store';

/** The home document's keys (meta map). */
const DOC_ID = 'consolidationDevice';
const DOC_NAME = 'consolidationDeviceName';
/** This device's copy of what it last saw, and a choice made here that the next sync writes into the home. */
const SEEN_ID = 'consolidation-device';
const SEEN_NAME = 'consolidation-device-name';
const WANTED = 'consolidation-device-wanted';

export interface ConsolidationDevice {
  id: string;
  name: string;
}

export interface ConsolidationDeviceView extends ConsolidationDevice {
  thisDevice: boolean;
  /** Chosen here and not yet sent to the relay: the other devices learn it at this device's next sync. */
  pending: boolean;
}

/** This device as the home document names it: its id on the relay once paired, else its sync store's id. */
export function thisDevice(store: DocStore): ConsolidationDevice {
  const id = store.get('relay-device') ?? store.get('device') ?? 'this-device';
  return { id, name: store.get('device-name') ?? (hostname().slice(0, 80) || 'this device') };
}

/** Whether an id names this device (its local id from before it was paired counts too). */
function isThisDevice(store: DocStore, id: string): boolean {
  return id === store.get('relay-device') || id === store.get('device');
}

/**
 * Run at every sync once the home document is up to date with the relay: a choice made on this device goes
 * into the document; an absent value becomes this device (the first to sync); what the document says is
 * kept in this device's store for the scheduler.
 */
export function followConsolidationDevice(home: Y.Doc, store: DocStore): void {
  const meta = home.getMap<unknown>('meta');
  const wanted = store.get(WANTED);
  if (wanted) {
    const w = JSON.parse(wanted) as ConsolidationDevice;
    home.transact(() => {
      meta.set(DOC_ID, w.id);
      meta.set(DOC_NAME, w.name);
    });
    store.set(WANTED, '');
  } else if (typeof meta.get(DOC_ID) !== 'string') {
    const me = thisDevice(store);
    home.transact(() => {
      meta.set(DOC_ID, me.id);
      meta.set(DOC_NAME, me.name);
    });
  }
  const id = meta.get(DOC_ID);
  const name = meta.get(DOC_NAME);
  if (typeof id === 'string') {
    store.set(SEEN_ID, id);
    store.set(SEEN_NAME, typeof name === 'string' && name ? name : id);
  }
}

/** The device this home's scheduled consolidation runs on, as this device last saw it (null: never synced). */
export function consolidationDeviceOf(store: DocStore): ConsolidationDeviceView | null {
  const id = store.get(SEEN_ID);
  if (!id) return null;
  return { id, name: store.get(SEEN_NAME) || id, thisDevice: isThisDevice(store, id), pending: Boolean(store.get(WANTED)) };
}

/** The person's choice, made on this device: seen here at once, written into the home at the next sync. */
export function chooseConsolidationDevice(store: DocStore, device: ConsolidationDevice): ConsolidationDeviceView {
  store.set(WANTED, JSON.stringify({ id: device.id, name: device.name }));
  store.set(SEEN_ID, device.id);
  store.set(SEEN_NAME, device.name);
  return consolidationDeviceOf(store)!;
}

/**
 * The scheduler's question (the composition root hands it over): the name of the device scheduled runs
 * belong to when that is another device, else null. A home that never synced has no store file: it is
 * not opened (nor created) and runs its schedule as before.
 */
export function scheduledElsewhere(storeFile: string): string | null {
  if (!existsSync(storeFile)) return null;
  const store = new DocStore(storeFile);
  try {
    const seen = consolidationDeviceOf(store);
    return seen && !seen.thisDevice ? seen.name : null;
  } finally {
    store.close();
  }
}
