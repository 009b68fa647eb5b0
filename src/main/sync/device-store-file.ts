// Where a home keeps its synced documents and its pairing: one definition for the devices service, the
// live sync and the CLI. A file of its own so that the engine names it without loading the pairing code
// (its BIP39 wordlist) and the rest of devices-service.ts.
import { join } from 'node:path';

/** Where a home keeps its synced documents and what it remembers between syncs. */
export function deviceStoreFile(home: string): string {
  return join(home, 'sync', 'device.sqlite');
}
