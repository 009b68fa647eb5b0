// One sync of a device with its relay (`monad sync now`): open the home's documents over one WebSocket,
// reconcile each fact scope with its file, and return once the relay has acknowledged every change
// (Hocuspocus's count of unacknowledged changes is zero). Documents are kept on this device between runs
// (DocStore), so a device that was offline still holds everything it wrote and sends it at its next sync.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import * as Y from 'yjs';
import { MonadError } from '../../shared/errors';
import { followConsolidationDevice } from './consolidation-device';
import { DocStore } from './doc-store';
import { refusalError, UNPAIRED_TOKEN } from './relay-auth-reasons';
import { checkRelayUrl } from './relay-url';
import type { KindReport, SyncKind } from './sync-kind';

// Node 20 has no global WebSocket (Electron's Node and Node 22 do): the provider is given `ws`, which ships
// no types of its own.
export const WebSocketPolyfill = createRequire(import.meta.url)('ws') as unknown;

export interface SyncOptions {
  relayUrl: string;
  /** The home's name on the relay: every document of this home is under it. */
  space: string;
  /** This device's id, written into every version it makes (default: the one kept in the store). */
  device?: string;
  /** This device's DocStore file. */
  storeFile: string;
  /** What travels: one entry per kind (engine-sync.ts builds the list). */
  kinds: readonly SyncKind[];
  now?: () => Date;
  /** How long to wait for the relay before giving up (default 15 s). */
  timeoutMs?: number;
  /** This device's credential from `monad sync join` (none: the relay must allow unpaired spaces). */
  token?: string;
  /**
   * Called as the run starts; what it returns, as the run ends (done, refused or failed): the home holds back
   * work that follows each change of memory until then (engine-sync.ts `syncWith`).
   */
  hold?: () => () => void;
}

export interface SyncReport {
  relay: string;
  device: string;
  /** One entry per document this run reconciled. */
  documents: KindReport[];
  sent: number;
  received: number;
  forgotten: number;
  refused: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/**
 * Tries, with nothing ever answering (each connection closed before it opened: refused, no route), after which
 * a run stops and says so: the provider's back-off makes three tries about three seconds, where waiting out the
 * whole timeout told a person nothing more after fifteen. A relay that answered once gets the full timeout.
 */
const UNANSWERED_TRIES = 3;
/** The home document: the sync format and the list of every document any device made. */
export const HOME_DOC = 'home';
/**
 * The shape of the synced documents. A device that finds a greater one in the home document stops before it
 * writes anything: it cannot know what a newer Monad's records mean.
 * 2: a relation edit can say `closeUndone` (the person undid a close) and `laws/<scope>` holds each device's
 * inferred laws (`derived`). A format-1 device would read the first as the person's "still holds" and make the
 * relation the person's there, so it must stop and ask for an update rather than misread them.
 */
export const SYNC_FORMAT = 2;

interface Open {
  doc: Y.Doc;
  provider: HocuspocusProvider;
}

function nothingAnswers(relay: string): MonadError {
  return new MonadError('PROVIDER_ERROR', `Could not sync with the relay at ${relay}: nothing is answering there. Check that \`monad sync serve\` is running there and that this device can reach it; nothing here was changed.`, { relay });
}

/** This device's id: made once, at its first sync, and kept in its store. */
export function deviceIdOf(store: DocStore): string {
  const known = store.get('device');
  if (known) return known;
  const id = `device-${randomBytes(6).toString('hex')}`;
  store.set('device', id);
  return id;
}

export async function syncNow(opts: SyncOptions): Promise<SyncReport> {
  checkRelayUrl(opts.relayUrl);
  const store = new DocStore(opts.storeFile);
  const device = opts.device ?? deviceIdOf(store);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // No cap on reconnection attempts: when a capped retry gives up, the provider rethrows from a promise no one
  // awaits (an unhandled rejection). The timeout below gives up instead, and destroy() aborts the retrier.
  const socket = new HocuspocusProviderWebsocket({ url: opts.relayUrl, WebSocketPolyfill, quiet: true });
  const open = new Map<string, Open>();
  const nameOf = (local: string): string => `${opts.space}/${local}`;
  const unreachable = (): MonadError =>
    new MonadError('PROVIDER_ERROR', `Could not sync with the relay at ${opts.relayUrl} within ${Math.round(timeoutMs / 1000)} s. Check that \`monad sync serve\` is running there and that this device can reach it; nothing here was changed.`, { relay: opts.relayUrl });

  // The relay's refusal of any document (revoked, another home, not paired), or nothing answering at all, ends the whole run at once, also
  // while it waits for acknowledgements: a device revoked mid-run is told so, not left to time out.
  let refusal: MonadError | null = null;
  /** Set when the run ends (done, refused or timed out): polls stop. */
  let finished = false;
  const onRefusal = new Set<(e: MonadError) => void>();
  const refused = (reason: string): void => end(refusalError(reason, opts.relayUrl));
  const end = (error: MonadError): void => {
    refusal ??= error;
    for (const stop of [...onRefusal]) stop(refusal);
  };
  let answered = false;
  let unanswered = 0;
  socket.on('open', () => (answered = true));
  socket.on('close', () => {
    if (!answered && ++unanswered >= UNANSWERED_TRIES) end(nothingAnswers(opts.relayUrl));
  });
  const within = <T>(p: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (refusal) return reject(refusal);
      const t = setTimeout(() => stop(unreachable()), timeoutMs);
      const stop = (e: unknown): void => (clearTimeout(t), onRefusal.delete(stop), reject(e));
      onRefusal.add(stop);
      p.then(
        (v) => (clearTimeout(t), onRefusal.delete(stop), resolve(v)),
        (e: unknown) => stop(e),
      );
    });

  /** A document as this device last stored it, then brought up to date with the relay. */
  const openDoc = (local: string): Promise<Y.Doc> => {
    const doc = new Y.Doc();
    const stored = store.load(local);
    if (stored) Y.applyUpdate(doc, stored);
    return within(
      new Promise<Y.Doc>((resolve) => {
        const onAuthenticationFailed = ({ reason }: { reason: string }): void => refused(reason);
        const provider = new HocuspocusProvider({ websocketProvider: socket, name: nameOf(local), document: doc, awareness: null, token: opts.token ?? UNPAIRED_TOKEN, onAuthenticationFailed, onSynced: () => resolve(doc) });
        open.set(local, { doc, provider });
      }),
    );
  };
  // Polled: the provider emits 'synced' when its flag flips, not when the count of unacknowledged changes
  // returns to zero (bench/sync-spike found the difference: a wait on the event hung for 30 s).
  const acknowledged = (p: HocuspocusProvider): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => void (p.unsyncedChanges === 0 ? resolve() : !finished && setTimeout(check, 10));
      check();
    });

  // A document is stored here and, once the relay has acknowledged what this run added to it, no longer
  // needed in memory: a home's first sync opens hundreds (a document per chat), and holding them all until
  // the end took more memory than the whole rest of the run (issue 30 §6: ≤ 200 MB added).
  const releaseAcknowledged = (): void => {
    for (const [name, o] of open) {
      if (name === HOME_DOC || o.provider.unsyncedChanges !== 0) continue;
      o.provider.destroy();
      o.doc.destroy();
      open.delete(name);
    }
  };

  const release = opts.hold?.();
  try {
    const home = await openDoc(HOME_DOC);
    const meta = home.getMap<number>('meta');
    const format = meta.get('format') ?? 0;
    if (format > SYNC_FORMAT) {
      throw new MonadError('CONFLICT', `This home was synced by a newer Monad (sync format ${format}; this one knows up to ${SYNC_FORMAT}). Update Monad on this device to keep syncing; nothing here was changed.`, { format, known: SYNC_FORMAT });
    }
    if (format < SYNC_FORMAT) meta.set('format', SYNC_FORMAT);
    followConsolidationDevice(home, store);
    // Every document this home or another device has made, by kind: a device opens what others created too.
    const known = home.getMap<{ kind: string }>('docs');
    const reports: KindReport[] = [];
    for (const kind of opts.kinds) {
      const keys = new Set<string>(kind.localKeys());
      const prefix = `${kind.kind}/`;
      for (const name of known.keys()) if (name.startsWith(prefix)) keys.add(name.slice(prefix.length));
      for (const key of [...keys].sort()) {
        const local = `${prefix}${key}`;
        const doc = await openDoc(local);
        const memory = { get: (k: string) => store.get(`${local}:${k}`), set: (k: string, v: string) => store.set(`${local}:${k}`, v) };
        const report = kind.reconcile(key, doc, { device, now: opts.now ?? (() => new Date()), memory });
        store.save(local, Y.encodeStateAsUpdate(doc));
        if (!known.has(local)) known.set(local, { kind: kind.kind });
        reports.push(report);
        releaseAcknowledged();
      }
    }
    store.save(HOME_DOC, Y.encodeStateAsUpdate(home));
    await within(Promise.all([...open.values()].map((o) => acknowledged(o.provider))));

    const sum = (k: 'sent' | 'received' | 'forgotten'): number => reports.reduce((n, r) => n + r[k], 0);
    return { relay: opts.relayUrl, device, documents: reports, sent: sum('sent'), received: sum('received'), forgotten: sum('forgotten'), refused: reports.reduce((n, r) => n + r.refused.length, 0) };
  } finally {
    finished = true;
    for (const o of open.values()) o.provider.destroy();
    socket.destroy();
    store.close();
    release?.();
  }
}
