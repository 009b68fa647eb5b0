// monad sync status — this device's sync as a person checks it (issue 30 §5): paired or not, relay and
// home, this device, the last successful sync and what it refused, changes not yet sent, conflicts to look at.
import { sentFactSyncPort } from '../../main/engine-sync';
import { readPairing } from '../../main/sync/device-pairing';
import { DocStore } from '../../main/sync/doc-store';
import { syncStatus, type SyncStatus } from '../../main/sync/sync-status';
import { openCliEngine } from '../output';
import { printJson, type GlobalFlags } from '../args';
import { syncStoreFile } from './sync-store-file';

function print(s: SyncStatus): void {
  const w = (line: string): boolean => process.stdout.write(`${line}\n`);
  if (s.paired) w(`paired: yes, home ${s.space} on ${s.relay}`);
  else if (s.relay) w(`paired: no (syncing the unpaired space ${s.space ?? '?'} on ${s.relay})`);
  else w('paired: no — get an invite code from a paired device, then `monad sync join CODE --relay URL`');
  w(`this device: ${s.device.name ?? '(no name)'} (${s.device.id ?? s.device.localId ?? 'not synced yet'})`);
  w(s.lastSync ? `last sync: ${s.lastSync.at} (${s.lastSync.sent} sent, ${s.lastSync.received} received, ${s.lastSync.forgotten} forgotten)` : 'last sync: never');
  if (s.lastFailure) w(`last attempt failed: ${s.lastFailure.at}: ${s.lastFailure.message}`);
  w(`pending: ${s.pending} change(s) on this device not yet sent`);
  for (const r of s.lastSync?.refused ?? []) w(`refused in ${r.document}: "${r.text}" (${r.reason})`);
  w(`conflicts to look at: ${s.conflicts.length}${s.conflicts.length ? ' (edited on several devices apart; History shows both)' : ''}`);
  for (const c of s.conflicts) w(`  ${c.document}: ${c.texts.map((t) => (t === null ? '(forgotten)' : `"${t}"`)).join(' / ')}`);
  w(`format: ${s.format.home ?? 'not synced yet'} (this Monad knows up to ${s.format.device})`);
}

export async function status(flags: GlobalFlags): Promise<number> {
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  const store = new DocStore(syncStoreFile(flags.home));
  try {
    // Compared as sent: a fact sent redacted is not a change waiting to be sent.
    const s = syncStatus(store, readPairing(store, engine.secrets), sentFactSyncPort(engine));
    if (flags.json) printJson(s);
    else print(s);
    return 0;
  } finally {
    store.close();
    engine.close();
  }
}
