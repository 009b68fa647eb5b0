// Devices in one process for the sync kinds' tests (issue 30 §2): each a real home, its own copy of every
// document and its own memory between syncs; `exchange` does what the relay does (every device ends with
// the union of all updates), `syncKind` what `sync now` does for one kind.
import * as Y from 'yjs';
import type { Engine } from '../../src/main/engine';
import type { KindMemory, KindReport, ReconcileContext, SyncKind } from '../../src/main/sync/sync-kind';

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
