// monad sync consolidation-device [DEVICE|this] — which device of this home runs the scheduled
// consolidation (issue 30 §3; the others run it on demand). Without an argument it shows the device as this
// one last saw it; with one it moves the schedule there, and the home learns it at this device's next sync.
import { chooseConsolidationDevice, consolidationDeviceOf, thisDevice, type ConsolidationDevice, type ConsolidationDeviceView } from '../../main/sync/consolidation-device';
import { readPairing, requirePaired } from '../../main/sync/device-pairing';
import { DocStore } from '../../main/sync/doc-store';
import { listDevices } from '../../main/sync/pairing-client';
import { deviceIdOf } from '../../main/sync/sync-client';
import { openCliEngine } from '../output';
import { printJson, UsageError } from '../args';
import type { PairingArgs } from './sync-pairing';
import { syncStoreFile } from './sync-store-file';

/** Another device of the home, by its id or its name as `monad sync devices` lists them (revoked ones not). */
async function pairedDevice(home: string, store: DocStore, target: string): Promise<ConsolidationDevice> {
  const engine = openCliEngine({ home, host: 'cli' });
  try {
    const p = requirePaired(readPairing(store, engine.secrets));
    const r = await listDevices(p.relay, p.token, engine.egress);
    const live = r.devices.filter((d) => !d.revokedAt);
    const found = live.find((d) => d.id === target) ?? live.filter((d) => d.name === target);
    if (!Array.isArray(found)) return { id: found.id, name: found.name };
    if (found.length === 1) return { id: found[0].id, name: found[0].name };
    if (found.length > 1) throw new UsageError(`${found.length} devices are named "${target}": give its id instead, as \`monad sync devices\` lists them`);
    throw new UsageError(`no device "${target}" in this home: give an id or a name as \`monad sync devices\` lists them, or "this" for this device`);
  } finally {
    engine.close();
  }
}

function print(a: PairingArgs, view: ConsolidationDeviceView | null, changed: boolean): void {
  if (a.flags.json) return printJson({ consolidationDevice: view, changed });
  if (!view) {
    process.stdout.write('this home has not synced yet: scheduled consolidation runs here; after the first sync it runs on the first device that synced\n');
    return;
  }
  const where = view.thisDevice ? `this device, "${view.name}"` : `"${view.name}" (${view.id}); run it here on demand (Consolidate now, /consolidate or \`monad consolidate\`)`;
  process.stdout.write(`scheduled consolidation runs on ${where}\n`);
  if (view.pending) process.stdout.write('the other devices learn it at this device\'s next sync (`monad sync now`, or at once while the app or `monad serve` syncs)\n');
}

export async function consolidationDevice(a: PairingArgs): Promise<number> {
  const target = a.positionals.slice(1).join(' ').trim();
  const store = new DocStore(syncStoreFile(a.flags.home));
  try {
    if (!target) {
      print(a, consolidationDeviceOf(store), false);
      return 0;
    }
    // A device that never synced gets its id now, as its first sync would.
    if (target === 'this') deviceIdOf(store);
    const device = target === 'this' ? thisDevice(store) : await pairedDevice(a.flags.home, store, target);
    print(a, chooseConsolidationDevice(store, device), true);
    return 0;
  } finally {
    store.close();
  }
}
