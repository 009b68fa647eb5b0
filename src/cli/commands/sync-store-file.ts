// Where a home keeps its synced documents and what it remembers between syncs (pairing included, never the
// credential): one place, so `monad sync …` commands and tests agree on it.
import { join } from 'node:path';

export function syncStoreFile(home: string): string {
  return join(home, 'sync', 'device.sqlite');
}
