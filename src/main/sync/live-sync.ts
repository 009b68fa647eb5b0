// A device's long-running sync (issue 30 §5): what the app and `monad serve` keep open while a paired home
// is in use, where `monad sync now` (sync-client.ts) opens every document and closes them again each run.
// One WebSocket to the relay carries every document; documents stay open, so a change another device makes
// arrives within milliseconds and is handed to its kind's reconcile (debounced); a change made here (the
// host calls localChange()) reconciles the affected kinds after a short quiet time. The relay going away is
// the `offline` state: the provider reconnects with backoff on its own, and each document resyncs by state
// vectors when it is back, sending what was written here meanwhile. Every document is saved to this
// device's DocStore after each reconcile, so a device killed at any point resends at its next start what the
// relay had not acknowledged, and reconcile's file-versus-log comparison picks up what the file gained.
// A document with no change here or from the relay for a while is closed (its state stays in the DocStore)
// and reopened when this home changes it or the relay says another device did (live-sync-notices.ts).
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';
import type { SyncState, SyncStatus } from '../../shared/contract-sync';
import { MonadError } from '../../shared/errors';
import { DocStore } from './doc-store';
import type { KindReport, SyncKind } from './sync-kind';
import { followConsolidationDevice } from './consolidation-device';
import { HOME_DOC, SYNC_FORMAT, WebSocketPolyfill, deviceIdOf } from './sync-client';
import { parseNotice } from './live-sync-notices';
import { BurstDebounce } from './burst-debounce';
import { RelayWitness } from './relay-witness';

export interface LiveSyncOptions {
  relayUrl: string;
  /** The home's name on the relay. */
  space: string;
  storeFile: string;
  kinds: readonly SyncKind[];
  /** This device's credential for the relay (pairing adds it); none while the relay asks for none. */
  credential?: () => string | null;
  /** Open "edited on both devices" conflicts (the engine's conflict list, once it exists). */
  conflicts?: () => number;
  /** Told whenever the status a person would see changed. */
  onChange?: (status: SyncStatus) => void;
  now?: () => Date;
  /** Quiet time before a change (local or from the relay) is reconciled; default 250 ms. */
  debounceMs?: number;
  /** Reconnection backoff bounds (tests shorten them). */
  reconnect?: { minDelayMs: number; maxDelayMs: number };
  /** A document untouched here and by the relay for this long is closed; default 60 s, 0 never. */
  idleCloseMs?: number;
}

export type LiveTotals = { sent: number; received: number; forgotten: number; refused: number };

// A change is reconciled once the burst it belongs to is over: a consolidation run or an import writes many
// facts in a row, and each reconcile reads the whole scope.
const DEFAULT_DEBOUNCE_MS = 250;
// …and at the latest this long after a burst began, so one that never pauses still reaches the relay (burst-debounce.ts).
const MAX_DEBOUNCE_MS = 2_000;
// Reconnection: soon at first (a relay restart), backing off to once every 30 s for a relay that stays away.
const DEFAULT_RECONNECT = { minDelayMs: 500, maxDelayMs: 30_000 };
// The provider closes a socket on which nothing arrived for this long. Without awareness (not used here: no
// cursors to show) an idle but healthy connection receives nothing, and the default 30 s would reconnect
// and resync every document twice a minute; a relay that really went away closes the socket itself.
const MESSAGE_RECONNECT_TIMEOUT_MS = 10 * 60_000;
// A home at the benchmark's size is hundreds of documents (a chat each); held open they cost tens of MB for
// as long as the app runs, while reopening one is a round trip of state vectors. A minute keeps a chat in
// use open and lets a device that just joined give the memory back soon after.
const DEFAULT_IDLE_CLOSE_MS = 60_000;
// How often idle documents are looked for, at most: the check is a walk over the open documents.
const MAX_SWEEP_MS = 30_000;

interface LiveDoc {
  local: string;
  kind: SyncKind | null;
  key: string;
  doc: Y.Doc;
  provider: HocuspocusProvider;
  witness: RelayWitness; // what the relay said it holds of this document (never the provider's own count)
  /** Up to date with the relay at least once in this session: its reconcile may run (offline too, after). */
  ready: boolean;
  active: number; // when it last changed here or from the relay, or was opened (Date.now())
}

/** A document closed while idle (its state is in the DocStore): what reopening it needs. */
type ClosedDoc = { kind: SyncKind; key: string };

export class LiveSync {
  private readonly store: DocStore;
  readonly device: string;
  private readonly socket: HocuspocusProviderWebsocket;
  private readonly docs = new Map<string, LiveDoc>();
  private readonly closed = new Map<string, ClosedDoc>();
  /** The relay said it sends change notices (live-sync-notices.ts): only then are idle documents closed. */
  private relayNotices = false;
  private readonly idleCloseMs: number;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly due = new Set<string>();
  private readonly quiet: BurstDebounce;
  private everConnected = false;
  private stopped = false;
  private lastSyncedAt: string | null = null;
  private lastError: string | null = null;
  private credentialError: string | null = null;
  private shown = '';
  /** Open conflicts as last counted: after each reconcile, not at every status read (it reads every log). */
  private conflictCount = 0;
  readonly totals: LiveTotals = { sent: 0, received: 0, forgotten: 0, refused: 0 };
  private readonly now: () => Date;

  constructor(private readonly opts: LiveSyncOptions) {
    this.now = opts.now ?? (() => new Date());
    this.quiet = new BurstDebounce(() => this.runDue(), opts.debounceMs ?? DEFAULT_DEBOUNCE_MS, MAX_DEBOUNCE_MS);
    this.idleCloseMs = opts.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS;
    this.store = new DocStore(opts.storeFile);
    this.device = deviceIdOf(this.store);
    const backoff = opts.reconnect ?? DEFAULT_RECONNECT;
    // maxAttempts 0: retry for as long as the session lives (a capped retry rethrows from a promise no one
    // awaits once it gives up).
    this.socket = new HocuspocusProviderWebsocket({
      url: opts.relayUrl,
      WebSocketPolyfill,
      quiet: true,
      maxAttempts: 0,
      delay: backoff.minDelayMs,
      minDelay: backoff.minDelayMs,
      maxDelay: backoff.maxDelayMs,
      messageReconnectTimeout: MESSAGE_RECONNECT_TIMEOUT_MS,
    });
    this.socket.on('status', ({ status }: { status: string }) => {
      if (status === 'connected') {
        this.everConnected = true;
        this.lastError = null;
        // Notices sent while this device was away are lost: every closed document catches up now.
        for (const local of [...this.closed.keys()]) this.reopen(local);
      } else if (status === 'disconnected' && !this.stopped) {
        // The relay greets again on reconnection; until then (another relay, an older one) nothing closes.
        this.relayNotices = false;
        this.lastError = `The relay at ${opts.relayUrl} cannot be reached; retrying. Check that \`monad sync serve\` is running there; changes made here are kept and sent when it is back.`;
      }
      this.changed();
    });
    this.openDoc(HOME_DOC, null, '');
    if (this.idleCloseMs > 0) this.sweeper = setInterval(() => this.closeIdle(), Math.max(20, Math.min(this.idleCloseMs / 2, MAX_SWEEP_MS))).unref();
  }

  /** How many documents this session holds open now (the home's root document included). */
  openDocuments = (): number => this.docs.size;

  /** Something changed in this home: reconcile these kinds (every kind when none are named) soon. */
  localChange(kinds?: readonly string[]): void {
    if (this.stopped) return;
    // 'home': a choice kept in this device's store (the consolidation device) goes into the home document.
    if (kinds?.includes(HOME_DOC)) this.due.add(HOME_DOC);
    for (const kind of this.opts.kinds) {
      if (kinds && !kinds.includes(kind.kind)) continue;
      for (const key of kind.localKeys()) {
        const local = `${kind.kind}/${key}`;
        if (!this.docs.has(local) && !this.closed.has(local)) this.openDoc(local, kind, key);
      }
      for (const d of this.docs.values()) if (d.kind === kind) this.due.add(d.local);
      // A closed document is reconciled from its stored copy and reopened only if that gave it something to send.
      for (const [local, c] of this.closed) if (c.kind === kind) this.due.add(local);
    }
    this.schedule();
  }

  status(): SyncStatus {
    const [pending, conflicts] = [this.pendingTotal(), this.conflictCount];
    const connected = this.socket.status === 'connected';
    // Work left: a document not yet up to date with the relay, or not all of whose changes the relay said it holds.
    const left = pending > 0 || this.due.size > 0 || [...this.docs.values()].some((d) => !d.ready || !d.witness.acknowledged);
    const state: SyncState = !connected ? (this.everConnected || this.lastError ? 'offline' : 'connecting') : conflicts > 0 ? 'conflict' : left ? 'pending' : 'synced';
    return { state, relay: this.opts.relayUrl, pending, conflicts, refused: this.totals.refused, lastSyncedAt: this.lastSyncedAt, lastError: this.lastError };
  }

  /**
   * Reconciles every document now and resolves once the relay has acknowledged everything (for "sync now"
   * and for tests); rejects after `timeoutMs` with the relay unreachable.
   */
  async flush(timeoutMs: number): Promise<SyncStatus> {
    this.localChange();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.due.size > 0) this.runDue();
      const docsReady = [...this.docs.values()].every((d) => d.ready && d.witness.acknowledged);
      const s = this.status();
      if (docsReady && s.state !== 'offline' && s.state !== 'connecting' && s.pending === 0 && this.due.size === 0) return s;
      if (Date.now() > deadline) {
        throw new MonadError('PROVIDER_ERROR', `Could not sync with the relay at ${this.opts.relayUrl} within ${Math.round(timeoutMs / 1000)} s. Check that \`monad sync serve\` is running there and that this device can reach it; changes made here are kept and sent when it is back.`, { relay: this.opts.relayUrl, state: s.state });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.quiet.cancel();
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    for (const d of this.docs.values()) {
      this.store.save(d.local, Y.encodeStateAsUpdate(d.doc));
      d.witness.destroy();
      d.provider.destroy();
    }
    this.socket.destroy();
    this.store.close();
  }

  /** `catchUp`: a closed document reopened; its catch-up from the relay is one batch, reconciled without the quiet time. */
  private openDoc(local: string, kind: SyncKind | null, key: string, catchUp = false): void {
    const doc = this.storedDoc(local);
    const token = this.opts.credential;
    const provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: `${this.opts.space}/${local}`,
      document: doc,
      awareness: null,
      ...(token ? { token: () => this.credential(token) } : {}),
      onSynced: ({ state }: { state: boolean }) => {
        if (!state || this.stopped) return;
        entry.ready = true;
        entry.active = Date.now();
        this.due.add(local);
        if (!catchUp) return this.schedule();
        catchUp = false;
        this.runDue();
      },
      onAuthenticationFailed: ({ reason }: { reason: string }) => {
        this.lastError = this.credentialError ?? `The relay refused this device (${reason}). Pair it again from Settings → Devices.`;
        this.changed();
      },
      // The relay's notices come on the root document only (live-sync-notices.ts).
      ...(kind ? {} : { onStateless: ({ payload }: { payload: string }) => this.onNotice(payload) }),
    });
    const witness = new RelayWitness(provider, doc, () => this.socket.status === 'connected', () => {
      if (this.socket.status === 'connected' && [...this.docs.values()].every((d) => d.witness.acknowledged)) this.lastSyncedAt = this.now().toISOString();
      this.changed();
    });
    const entry: LiveDoc = { local, kind, key, doc, provider, witness, ready: false, active: Date.now() };
    this.docs.set(local, entry);
    // An update from the relay (another device's change): reconcile this document after the quiet time.
    doc.on('update', (_u: Uint8Array, origin: unknown) => {
      if (origin !== provider || this.stopped) return;
      entry.active = Date.now();
      this.due.add(local);
      this.schedule();
    });
  }

  /** The credential; one this device cannot read (the app's OS keychain locked) is said so, not as a refusal. */
  private credential(read: () => string | null): string {
    try {
      this.credentialError = null;
      return read() ?? '';
    } catch (err) {
      this.credentialError = `This device's relay credential cannot be read here: ${err instanceof Error ? err.message : String(err)}`;
      throw err;
    }
  }

  /** Changes made here that the relay has not said it holds (each document's own record, never below 0). */
  private pendingTotal(): number {
    return [...this.docs.values()].reduce((n, d) => n + d.witness.unacknowledged, 0);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.quiet.poke();
    this.changed();
  }

  private runDue(): void {
    if (this.stopped) return;
    const home = this.docs.get(HOME_DOC)!;
    if (this.due.delete(HOME_DOC)) this.followHome(home);
    for (const local of [...this.due]) {
      if (this.stopped) return;
      const d = this.docs.get(local);
      if (!d && this.closed.has(local) && home.ready) {
        this.due.delete(local);
        this.reconcileClosed(local, home.doc);
        continue;
      }
      // A document not yet up to date with the relay waits: its reconcile runs once it is (onSynced).
      if (!d || !d.ready || !d.kind || !home.ready) continue;
      this.due.delete(local);
      this.reconcile(d, home.doc);
    }
    this.countConflicts();
    this.changed();
  }

  private countConflicts(): void {
    try {
      this.conflictCount = this.opts.conflicts?.() ?? 0;
    } catch (err) {
      this.lastError = `Counting conflicts failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  /** The open documents of one kind, up to date with the relay at least once (History's conflicts read them). */
  docsOf(kind: string): { key: string; doc: Y.Doc }[] {
    const open = [...this.docs.values()].filter((d) => d.kind?.kind === kind && d.ready).map((d) => ({ key: d.key, doc: d.doc }));
    // A closed document's stored copy is what it held when it closed, and nothing changed it since.
    const closed = [...this.closed.entries()].filter(([, c]) => c.kind.kind === kind).map(([local, c]) => ({ key: c.key, doc: this.storedDoc(local) }));
    return [...open, ...closed];
  }

  /**
   * Changes one open document in place (History's pick writes its version here, never into the stored copy,
   * which this session would overwrite), then reconciles it at once so this home's file follows; the provider
   * sends the change to the relay.
   */
  withDoc<T>(kind: string, key: string, change: (doc: Y.Doc, device: string, now: Date) => T): T {
    const local = `${kind}/${key}`;
    const home = this.docs.get(HOME_DOC)!;
    if (this.closed.has(local)) {
      // Closed: the change goes into the stored copy (saved before anything else can fail), which reopening sends.
      const doc = this.storedDoc(local);
      const out = change(doc, this.device, this.now());
      this.store.save(local, Y.encodeStateAsUpdate(doc));
      this.due.delete(local);
      this.reconcileClosed(local, home.doc, doc);
      this.reopen(local);
      this.countConflicts();
      this.changed();
      return out;
    }
    const d = this.docs.get(local);
    if (!d || !d.ready || !d.kind) {
      throw new MonadError('NOT_FOUND', `This device has not synced ${kind}/${key} yet. Wait until the sync line says Synced, then try again.`, { kind, key });
    }
    const out = change(d.doc, this.device, this.now());
    d.active = Date.now();
    this.due.delete(d.local);
    this.reconcile(d, home.doc);
    this.countConflicts();
    this.changed();
    return out;
  }

  /** The home document: refuse a newer format; open every document another device made. */
  private followHome(home: LiveDoc): void {
    if (!home.ready) return;
    const meta = home.doc.getMap<number>('meta');
    const format = meta.get('format') ?? 0;
    if (format > SYNC_FORMAT) {
      this.lastError = `This home was synced by a newer Monad (sync format ${format}; this one knows up to ${SYNC_FORMAT}). Update Monad on this device to keep syncing; nothing here was changed.`;
      void this.stop();
      return;
    }
    if (format < SYNC_FORMAT) meta.set('format', SYNC_FORMAT);
    followConsolidationDevice(home.doc, this.store);
    const known = home.doc.getMap<{ kind: string }>('docs');
    for (const kind of this.opts.kinds) {
      const prefix = `${kind.kind}/`;
      const keys = new Set(kind.localKeys());
      for (const name of known.keys()) if (name.startsWith(prefix)) keys.add(name.slice(prefix.length));
      for (const key of keys) {
        const local = `${prefix}${key}`;
        if (!this.docs.has(local) && !this.closed.has(local)) this.openDoc(local, kind, key);
      }
    }
    this.store.save(HOME_DOC, Y.encodeStateAsUpdate(home.doc));
  }

  private reconcile(d: LiveDoc, home: Y.Doc): void {
    d.active = Date.now();
    this.reconcileDoc({ local: d.local, kind: d.kind!, key: d.key, doc: d.doc }, home);
  }

  /** A closed document whose kind changed here: reconciled on its stored copy, reopened only if it has something to send. */
  private reconcileClosed(local: string, home: Y.Doc, doc: Y.Doc = this.storedDoc(local)): void {
    const c = this.closed.get(local)!;
    let changed = false;
    doc.on('update', () => void (changed = true));
    const ok = this.reconcileDoc({ local, kind: c.kind, key: c.key, doc }, home);
    doc.destroy();
    if (ok && changed) this.reopen(local);
  }

  /** The stored copy of a document (every open one is saved after each reconcile, and when it closes). */
  private storedDoc(local: string, doc = new Y.Doc()): Y.Doc {
    const stored = this.store.load(local);
    if (stored) Y.applyUpdate(doc, stored);
    return doc;
  }

  private reconcileDoc(d: { local: string; kind: SyncKind; key: string; doc: Y.Doc }, home: Y.Doc): boolean {
    const kind = d.kind;
    const memory = { get: (k: string) => this.store.get(`${d.local}:${k}`), set: (k: string, v: string) => this.store.set(`${d.local}:${k}`, v) };
    let report: KindReport;
    try {
      report = kind.reconcile(d.key, d.doc, { device: this.device, now: this.now, memory });
    } catch (err) {
      // One document failing (a locked file, a disk error) must not stop the others; the next change retries.
      this.lastError = `Syncing ${d.local} failed: ${err instanceof Error ? err.message : String(err)}. It is retried at the next change.`;
      return false;
    }
    this.store.save(d.local, Y.encodeStateAsUpdate(d.doc));
    const known = home.getMap<{ kind: string }>('docs');
    if (!known.has(d.local)) {
      known.set(d.local, { kind: kind.kind });
      this.store.save(HOME_DOC, Y.encodeStateAsUpdate(home));
    }
    this.totals.sent += report.sent;
    this.totals.received += report.received;
    this.totals.forgotten += report.forgotten;
    this.totals.refused += report.refused.length;
    if (report.refused.length) this.lastError = `${report.refused.length} item(s) from another device were refused here (${report.refused[0].reason}); they were not written. See \`monad sync now\` for the list.`;
    return true;
  }

  /** The relay sends notices (close idle documents from now on), or a closed document changed. */
  private onNotice(payload: string): void {
    const n = parseNotice(payload);
    if (!n || this.stopped) return;
    if ('hello' in n) this.relayNotices = true;
    else if (this.closed.has(n.changed)) this.reopen(n.changed, true);
  }

  /** Opens a closed document again from its stored copy; the provider syncs it and its reconcile follows. */
  private reopen(local: string, catchUp = false): void {
    const c = this.closed.get(local);
    if (!c || this.stopped) return;
    this.closed.delete(local);
    this.openDoc(local, c.kind, c.key, catchUp);
    this.changed(); // not synced again until it is up to date with the relay
  }

  /** Closes documents idle for idleCloseMs, synced and acknowledged: state saved, Y.Doc and provider released. */
  private closeIdle(): void {
    if (this.stopped || !this.relayNotices || this.socket.status !== 'connected') return;
    const before = Date.now() - this.idleCloseMs;
    for (const d of [...this.docs.values()]) {
      if (!d.kind || !d.ready || d.active > before || this.due.has(d.local) || !d.witness.acknowledged) continue;
      this.store.save(d.local, Y.encodeStateAsUpdate(d.doc));
      d.witness.destroy();
      d.provider.destroy();
      d.doc.destroy();
      this.docs.delete(d.local);
      this.closed.set(d.local, { kind: d.kind, key: d.key });
    }
  }

  /** Tells the listener when what a person would see changed (not on every internal step). */
  private changed(): void {
    if (!this.opts.onChange || this.stopped) return;
    const s = this.status();
    const key = JSON.stringify(s);
    if (key === this.shown) return;
    this.shown = key;
    this.opts.onChange(s);
  }
}
