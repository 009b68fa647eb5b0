// Yjs 13.6 + Hocuspocus 2.15: the relay is a Hocuspocus server persisting through its load and store hooks
// into better-sqlite3 (what its Database extension does in two hooks; its SQLite extension needs the
// native `sqlite3`, which cannot be built here); a device keeps one HocuspocusProvider per document over one shared WebSocket, and persists
// each document's state in its own better-sqlite3 file (Yjs has no Node storage of its own: y-leveldb
// would be the stock choice; this stands in for it and is what Monad would write).
// Records are plain JSON values in a Y.Map per collection: a map entry is replaced as a whole.
import Database from 'better-sqlite3';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { Hocuspocus } from '@hocuspocus/server';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as Y from 'yjs';
import type { Device, Relay, Versions } from './peer-types';
import type { DocSpec, Layout } from './workload';

// Node 20 has no global WebSocket: the provider takes `ws` (which ships no types) as its polyfill.
const WebSocket = createRequire(import.meta.url)('ws') as unknown;

const sv = (d: Y.Doc): string => Buffer.from(Y.encodeStateVector(d)).toString('base64');

function openStore(file: string): { get(name: string): Uint8Array | null; put(name: string, data: Uint8Array): void; close(): void } {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS documents (name TEXT PRIMARY KEY, data BLOB NOT NULL)');
  const get = db.prepare('SELECT data FROM documents WHERE name = ?').pluck();
  const put = db.prepare('INSERT INTO documents (name, data) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET data = excluded.data');
  return {
    get: (name) => (get.get(name) as Buffer | undefined) ?? null,
    put: (name, data) => void put.run(name, Buffer.from(data)),
    close: () => db.close(),
  };
}

export async function startYjsRelay(dir: string): Promise<Relay> {
  const store = openStore(join(dir, 'relay.sqlite'));
  const server = new Hocuspocus({
    address: '127.0.0.1',
    port: 0,
    quiet: true,
    // Store soon after a change (default 2 s / 10 s): the relay must hold a change before a device goes.
    debounce: 200,
    maxDebounce: 1_000,
    async onLoadDocument({ document, documentName }) {
      const state = store.get(documentName);
      if (state) Y.applyUpdate(document, state);
      return document;
    },
    async onStoreDocument({ document, documentName }) {
      store.put(documentName, Y.encodeStateAsUpdate(document));
    },
  });
  await server.listen();
  // One socket carries every document of a device; each adds listeners to it (expected, not a leak).
  server.server!.webSocketServer.on('connection', (ws: { setMaxListeners(n: number): void }) => ws.setMaxListeners(0));
  const port = (server.server!.httpServer.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    async holds(versions: Versions) {
      let n = 0;
      for (const [name, want] of Object.entries(versions)) {
        const live = server.documents.get(name);
        if (live && sv(live) === want) n++;
      }
      return n;
    },
    async close() {
      await server.destroy();
      store.close();
    },
  };
}

export function openYjsDevice(dir: string, name: string, relayUrl: string): Device {
  const socket = new HocuspocusProviderWebsocket({ url: relayUrl, WebSocketPolyfill: WebSocket, quiet: true });
  const docs = new Map<string, { doc: Y.Doc; provider: HocuspocusProvider }>();
  const store = openStore(join(dir, 'device.sqlite'));

  function open(docName: string): Promise<Y.Doc> {
    const doc = new Y.Doc();
    return new Promise((resolve) => {
      const provider = new HocuspocusProvider({ websocketProvider: socket, name: docName, document: doc, awareness: null, onSynced: () => resolve(doc) });
      docs.set(docName, { doc, provider });
    });
  }
  const persistAll = (): void => {
    for (const [n, { doc }] of docs) store.put(n, Y.encodeStateAsUpdate(doc));
  };
  // The relay has every change sent once the provider counts none unacknowledged. Polled: the provider's
  // 'synced' event fires only when its synced flag flips, not when the count returns to zero.
  const synced = (p: HocuspocusProvider): Promise<void> =>
    new Promise((r) => {
      const check = (): void => void (p.unsyncedChanges === 0 ? r() : setTimeout(check, 10));
      check();
    });

  return {
    async seed(specs: DocSpec[]) {
      const versions: Versions = {};
      // Every document is opened at once over the one socket (one by one, the round trips add up).
      const opened = await Promise.all(specs.map((d) => open(d.name)));
      for (const [i, d] of specs.entries()) {
        const doc = opened[i];
        doc.transact(() => {
          for (const [c, recs] of Object.entries(d.collections)) {
            const m = doc.getMap(c);
            for (const [id, v] of Object.entries(recs)) m.set(id, v);
          }
        });
        versions[d.name] = sv(doc);
      }
      await Promise.all([...docs.values()].map((x) => synced(x.provider)));
      persistAll();
      return { root: 'home', versions };
    },
    async syncAll(root: string, layout: Layout) {
      const t = performance.now();
      const home = await open(root);
      let records = 0;
      // A root type that arrived over the wire is untyped until asked for by its kind.
      const count = (d: Y.Doc): void => {
        for (const k of [...d.share.keys()]) records += d.getMap(k).size;
      };
      if (layout === 'split') {
        const names = [...home.getMap('docs').keys()];
        const all = await Promise.all(names.map((n) => open(n)));
        for (const d of all) count(d);
      } else {
        count(home);
      }
      const inMemoryMs = performance.now() - t;
      persistAll();
      return { docs: docs.size, records, inMemoryMs };
    },
    put(doc, collection, id, value) {
      const d = docs.get(doc);
      if (!d) throw new Error(`no document ${doc} on ${name}`);
      d.doc.getMap(collection).set(id, value);
    },
    waitFor(doc, collection, id) {
      const d = docs.get(doc);
      if (!d) return Promise.reject(new Error(`no document ${doc} on ${name}`));
      const m = d.doc.getMap(collection);
      return new Promise((resolve) => {
        const check = (): void => {
          if (!m.has(id)) return;
          d.doc.off('update', check);
          resolve();
        };
        d.doc.on('update', check);
        check();
      });
    },
    async flush() {
      persistAll();
    },
    async close() {
      persistAll();
      for (const { provider } of docs.values()) provider.destroy();
      socket.destroy();
      store.close();
    },
  };
}
