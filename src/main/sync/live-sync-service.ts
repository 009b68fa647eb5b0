// The engine's handle on its live sync (issue 30 §5): empty ("not set up") until the host starts a session
// for a paired home, then the session's state. The engine holds one, so the contract's handlers and the
// hosts reach the sync through it without knowing whether this home syncs at all.
import type * as Y from 'yjs';
import type { SyncStatus } from '../../shared/contract-sync';
import { MonadError } from '../../shared/errors';
import { DocStore } from './doc-store';
import { checkRelayUrl } from './relay-url';
// Only the type: the session itself is built by the host's wiring (engine-sync-live.ts), so an engine that
// never syncs (every `monad` command but serve and sync) does not load Yjs and Hocuspocus (~60-90 ms of a start).
import type { LiveSync, LiveSyncOptions } from './live-sync';
import { liveConflicts, type FactConflictRules, type IdentityConflictRules, type SyncConflicts } from './live-conflicts';

// One definition of where a home keeps its synced documents (devices-service.ts), named here for the live sync.
export { deviceStoreFile } from './device-store-file';

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

/** Why a saved relay address cannot be used (not ws:// or wss://, or ws:// to another machine), or null. */
export function relayUrlProblem(url: string): string | null {
  try {
    checkRelayUrl(url);
    return null;
  } catch (err) {
    if (!(err instanceof MonadError)) throw err;
    return `The relay address saved for this home cannot be used: ${err.message} Join again from Settings → Devices with the relay's address.`;
  }
}

export const NOT_SET_UP: SyncStatus = { state: 'not-set-up', relay: null, pending: 0, conflicts: 0, refused: 0, lastSyncedAt: null, lastError: null };

export class SyncService {
  private live: LiveSync | null = null;
  /** Starts a session if this home is paired now (set by the host's wiring; null: the host does not sync). */
  private starter: (() => boolean | Promise<boolean>) | null = null;
  /** Why a paired home's sync could not start (shown instead of "not set up"). */
  private failure: SyncStatus | null = null;
  /** History's conflicts over the live documents (no rules: none, and a pick is refused with what to do). */
  conflicts: SyncConflicts = liveConflicts(this, null);
  private readonly onStops: (() => void)[] = [];

  get running(): boolean {
    return this.live !== null;
  }

  /** `create` builds the session (the host passes LiveSync's constructor; see the import above). */
  start(opts: LiveSyncOptions, create: (opts: LiveSyncOptions) => LiveSync): void {
    if (this.live) throw new Error('live sync already started');
    this.failure = null;
    // A sync that cannot start must not stop the app or `monad serve` from starting: it says why instead.
    const bad = relayUrlProblem(opts.relayUrl);
    if (bad) {
      this.failure = { ...NOT_SET_UP, state: 'offline', relay: opts.relayUrl, lastError: bad };
      return;
    }
    try {
      this.live = create(opts);
    } catch (err) {
      this.failure = { ...NOT_SET_UP, state: 'offline', relay: opts.relayUrl, lastError: `Sync could not start: ${err instanceof Error ? err.message : String(err)}. Restart Monad; if it keeps happening, pair this device again.` };
    }
  }

  /** What `tryStart` runs: the composition root's start, which re-reads the pairing. */
  setStarter(starter: (() => boolean | Promise<boolean>) | null): void {
    this.starter = starter;
  }

  /**
   * Starts syncing if this home has been paired since the host started (pairing from Settings → Devices or
   * `monad sync now --relay --space` while the app runs); true when a session runs.
   */
  async tryStart(): Promise<boolean> {
    if (this.live) return true;
    return (await this.starter?.()) ?? false;
  }

  status(): SyncStatus {
    return this.live?.status() ?? this.failure ?? NOT_SET_UP;
  }

  /** This home changed: the named kinds (all when none) are reconciled after the quiet time. */
  localChange(kinds?: readonly string[]): void {
    this.live?.localChange(kinds);
  }

  /** Reconciles everything now and waits for the relay (`sync.now`); not set up → the empty status. */
  async flush(timeoutMs: number): Promise<{ status: SyncStatus; sent: number; received: number }> {
    const live = this.live;
    if (!live && this.failure) throw new MonadError('PROVIDER_ERROR', this.failure.lastError ?? 'Sync could not start.', { relay: this.failure.relay });
    if (!live) return { status: NOT_SET_UP, sent: 0, received: 0 };
    const before = { ...live.totals };
    const status = await live.flush(timeoutMs);
    return { status, sent: live.totals.sent - before.sent, received: live.totals.received - before.received };
  }

  /** How many documents the live session holds open (0 when not syncing): idle ones are closed. */
  openDocuments(): number {
    return this.live?.openDocuments() ?? 0;
  }

  /** The live session's open documents of a kind (none when not syncing). */
  docsOf(kind: string): { key: string; doc: Y.Doc }[] {
    return this.live?.docsOf(kind) ?? [];
  }

  /** Changes one open document and reconciles it (LiveSync.withDoc); refuses when this home does not sync. */
  withDoc<T>(kind: string, key: string, change: (doc: Y.Doc, device: string, now: Date) => T): T {
    if (!this.live) throw new MonadError('BAD_INPUT', 'This home does not sync with other devices now, so there is nothing to pick between. Start Monad with its relay reachable, then try again.');
    return this.live.withDoc(kind, key, change);
  }

  /** The fact conflict rules the composition root hands over (issue 30 §3). */
  useConflictRules(rules: FactConflictRules | null, identity: IdentityConflictRules | null = null): void {
    this.conflicts = liveConflicts(this, rules, identity);
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
