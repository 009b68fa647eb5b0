// Devices for the sync tests (issue 30 §2). In one process: each a real home, its own copy of every document
// and its own memory between syncs; `exchange` does what the relay does (every device ends with the union of
// all updates), `syncKind` what `sync now` does for one kind. Through a real relay on loopback: `relayHomes`
// gives a file its relay, homes (polled with `sync now`, or live) and their cleaning up after each test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import * as Y from 'yjs';
import type { Engine, EngineOptions } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startLiveSync } from '../../src/main/engine-sync-live';
import { DocStore } from '../../src/main/sync/doc-store';
import { deviceStoreFile } from '../../src/main/sync/live-sync-service';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow, type SyncReport } from '../../src/main/sync/sync-client';
import type { KindMemory, KindReport, ReconcileContext, SyncKind } from '../../src/main/sync/sync-kind';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { openEngine, tempHome } from './temp-home';

export interface Device {
  engine: Engine;
  name: string;
  docs: Map<string, Y.Doc>;
  docOf(key: string): Y.Doc;
  ctx(key: string): ReconcileContext;
  /** Moves this device's clock (its `now`). */
  setClock(ms: number): void;
}

export function device(engine: Engine, name: string, start = Date.UTC(2026, 3, 1)): Device {
  const docs = new Map<string, Y.Doc>();
  const kv = new Map<string, string>();
  let clock = start;
  const memory = (key: string): KindMemory => ({ get: (k) => kv.get(`${key}:${k}`) ?? null, set: (k, v) => void kv.set(`${key}:${k}`, v) });
  const docOf = (key: string): Y.Doc => {
    let d = docs.get(key);
    if (!d) docs.set(key, (d = new Y.Doc()));
    return d;
  };
  return {
    engine,
    name,
    docs,
    docOf,
    ctx: (key) => ({ device: name, now: () => new Date((clock += 1000)), memory: memory(key) }),
    setClock: (ms) => void (clock = ms),
  };
}

export function exchange(...devices: Device[]): void {
  const keys = new Set(devices.flatMap((d) => [...d.docs.keys()]));
  for (const key of keys) {
    const updates = devices.map((d) => Y.encodeStateAsUpdate(d.docOf(key)));
    for (const d of devices) for (const u of updates) Y.applyUpdate(d.docOf(key), u);
  }
}

/** One `sync now` of one kind on a device: every key it holds or has a document for, reconciled. */
export function syncKind(d: Device, kind: SyncKind): { sent: number; received: number; forgotten: number; refused: KindReport['refused'] } {
  const prefix = `${kind.kind}/`;
  const keys = new Set([...kind.localKeys().map((k) => `${prefix}${k}`), ...[...d.docs.keys()].filter((k) => k.startsWith(prefix))]);
  const reports = [...keys].sort().map((k) => kind.reconcile(k.slice(prefix.length), d.docOf(k), d.ctx(k)));
  const sum = (f: 'sent' | 'received' | 'forgotten') => reports.reduce((n, r) => n + r[f], 0);
  return { sent: sum('sent'), received: sum('received'), forgotten: sum('forgotten'), refused: reports.flatMap((r) => r.refused) };
}

/** A relay a test started: where to reach it, and the folder whose bytes are all it keeps. */
export interface TestRelay {
  url: string;
  dataDir: string;
}

/**
 * Real homes syncing in `space` through relays on loopback (free ports). Call once at the top of a file:
 * after each test every live sync is stopped, and every home and relay the test made is closed.
 */
export function relayHomes(space: string) {
  const relays: RunningRelay[] = [];
  const homes: Engine[] = [];
  afterEach(async () => {
    // A home's live sync (started here or by the test) is stopped before the home and the relays close.
    for (const e of homes.splice(0)) {
      await e.sync.stop();
      e.close();
    }
    for (const r of relays.splice(0)) await r.close();
  });

  /** One `sync now` of every kind the composition root lists. */
  const sync = (engine: Engine, relayUrl: string): Promise<SyncReport> =>
    syncNow({ relayUrl, space, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) });
  const relay = async (): Promise<TestRelay> => {
    const dataDir = join(tempHome(), 'relay');
    const r = await startRelay({ dataDir, port: 0 });
    relays.push(r);
    return { url: r.url, dataDir };
  };
  /** A fresh home (options as openEngine takes them; a fresh temporary folder unless one is given). */
  const home = (opts: Partial<EngineOptions> = {}): Engine => {
    const e = openEngine({ home: tempHome(), ...opts });
    homes.push(e);
    return e;
  };

  /** A fresh home set up for `relayUrl` and this space, its live sync not started (the test starts it). */
  const pairedHome = (relayUrl: string): Engine => {
    const dir = tempHome();
    const store = new DocStore(deviceStoreFile(dir));
    store.set('relay', relayUrl);
    store.set('space', space);
    store.close();
    return home({ home: dir });
  };

  return {
    sync,
    relay,
    home,
    /** A relay and two fresh homes, A and B. */
    async twoHomes(): Promise<TestRelay & { a: Engine; b: Engine }> {
      const r = await relay();
      return { ...r, a: home(), b: home() };
    },
    /** Two rounds of `sync now` on each home in turn: enough for what any made to reach and be answered. */
    async rounds(relayUrl: string, ...engines: Engine[]): Promise<void> {
      for (let i = 0; i < 2; i++) for (const h of engines) await sync(h, relayUrl);
    },
    /**
     * What a stored secret's trip looks like: A syncs, the relay never holds `secret`, B syncs (nothing
     * refused) and passes `checkB`, then three rounds with nothing new are quiet and the relay still lacks it.
     */
    async travelsRedacted(h: TestRelay & { a: Engine; b: Engine }, secret: string, checkB: () => void): Promise<void> {
      expect((await sync(h.a, h.url)).sent).toBeGreaterThan(0);
      expect(relayHolds(h.dataDir, secret)).toBe(false);
      expect((await sync(h.b, h.url)).refused).toBe(0);
      checkB();
      for (const e of [h.a, h.b, h.a]) expect(await sync(e, h.url)).toMatchObject({ sent: 0, received: 0, forgotten: 0, refused: 0 });
      expect(relayHolds(h.dataDir, secret)).toBe(false);
    },
    pairedHome,
    /** A home set up for `relayUrl` whose live sync is started (short debounce and reconnect delays). */
    liveHome(relayUrl: string): Engine {
      const engine = pairedHome(relayUrl);
      expect(startLiveSync(engine, { env: {}, tuning: { debounceMs: 50, reconnect: { minDelayMs: 100, maxDelayMs: 500 } } })).toBe(true);
      return engine;
    },
  };
}

/** Whether any byte the relay keeps (its database and write-ahead log) holds `secret`. */
export function relayHolds(dataDir: string, secret: string): boolean {
  const files = ['relay.sqlite', 'relay.sqlite-wal'].map((f) => join(dataDir, f)).filter((f) => existsSync(f));
  expect(files.length).toBeGreaterThan(0);
  return Buffer.concat(files.map((f) => readFileSync(f))).includes(Buffer.from(secret));
}
