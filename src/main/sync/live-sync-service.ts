// The engine's handle on its live sync (issue 30 §5): empty ("not set up") until the host starts a session
// for a paired home, then the session's state. The engine holds one, so the contract's handlers and the
// hosts reach the sync through it without knowing whether this home syncs at all.
import { join } from 'node:path';
import type { SyncStatus } from '../../shared/contract-sync';
import { DocStore } from './doc-store';
import { LiveSync, type LiveSyncOptions } from './live-sync';

/** Where a home keeps its synced documents and what it remembers between syncs. */
export function deviceStoreFile(home: string): string {
  return join(home, 'sync', 'device.sqlite');
}

/** The relay and the home's name on it, as `monad sync now --relay --space` (later: pairing) stored them. */
export function pairingOf(storeFile: string): { relayUrl: string; space: string } | null {
  const store = new DocStore(storeFile);
  try {
    const relayUrl = store.get('relay');
    const space = store.get('space');
    return relayUrl && space ? { relayUrl, space } : null;
  } finally {
    store.close();
  }
}

export const NOT_SET_UP: SyncStatus = { state: 'not-set-up', relay: null, pending: 0, conflicts: 0, refused: 0, lastSyncedAt: null, lastError: null };

export class SyncService {
  private live: LiveSync | null = null;
  private readonly onStops: (() => void)[] = [];

  get running(): boolean {
    return this.live !== null;
  }

  start(opts: LiveSyncOptions): void {
    if (this.live) throw new Error('live sync already started');
    this.live = new LiveSync(opts);
  }

  status(): SyncStatus {
    return this.live?.status() ?? NOT_SET_UP;
  }

  /** This home changed: the named kinds (all when none) are reconciled after the quiet time. */
  localChange(kinds?: readonly string[]): void {
    this.live?.localChange(kinds);
  }

  /** Reconciles everything now and waits for the relay (`sync.now`); not set up → the empty status. */
  async flush(timeoutMs: number): Promise<{ status: SyncStatus; sent: number; received: number }> {
    const live = this.live;
    if (!live) return { status: NOT_SET_UP, sent: 0, received: 0 };
    const before = { ...live.totals };
    const status = await live.flush(timeoutMs);
    return { status, sent: live.totals.sent - before.sent, received: live.totals.received - before.received };
  }

  /** Run when the session stops (the wiring's event subscription ends with it). */
  onStop(fn: () => void): void {
    this.onStops.push(fn);
  }

  async stop(): Promise<void> {
    const live = this.live;
    this.live = null;
    for (const fn of this.onStops.splice(0)) fn();
    await live?.stop();
  }
}
