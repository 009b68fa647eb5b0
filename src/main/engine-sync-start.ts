// How a host (the desktop app, `monad serve`) starts the live sync: the sync stack (engine-sync-live.ts, the
// bridges of every kind, Yjs, Hocuspocus, ws) is imported only for a home that is paired, now or later.
// Most homes never pair, and every e2e test starts `monad serve` on a new one; loading the stack anyway
// cost each of those starts ~0.1 CPU-s.
import type { Engine } from './engine';
import type { LiveSyncStart } from './engine-sync-live';
import { deviceStoreFile, pairingOf } from './sync/live-sync-service';

/** startLiveSync (engine-sync-live.ts) when this home is paired; else it is loaded when pairing starts it. */
export async function startLiveSyncWhenPaired(engine: Engine, opts: LiveSyncStart = {}): Promise<boolean> {
  if ((opts.env ?? process.env).MONAD_SYNC === 'off') return false;
  const start = async () => (await import('./engine-sync-live')).startLiveSync(engine, opts);
  if (pairingOf(deviceStoreFile(engine.paths.root))) return start();
  // Paired later (Settings → Devices, or the CLI while the host runs): engine.sync.tryStart() runs this.
  engine.sync.setStarter(start);
  return false;
}
