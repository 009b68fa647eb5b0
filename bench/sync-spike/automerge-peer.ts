// Automerge 3 + automerge-repo 2.5: the relay is an ordinary repo peer behind a WebSocket server, with
// the Node filesystem storage; a device is a repo with the client WebSocket adapter and the same storage.
// Every string is stored as an ImmutableString: Monad replaces a fact's text as a whole (its versions are
// kept as records), so character-level text merging would cost space and buy nothing.
import { ImmutableString, getHeads } from '@automerge/automerge';
import { Repo, type AutomergeUrl, type DocHandle, type PeerId } from '@automerge/automerge-repo';
import { WebSocketClientAdapter, WebSocketServerAdapter } from '@automerge/automerge-repo-network-websocket';
import { NodeFSStorageAdapter } from '@automerge/automerge-repo-storage-nodefs';
import { createRequire } from 'node:module';
import type { Device, Relay, Versions } from './peer-types';
import type { DocSpec, Layout } from './workload';

type AnyDoc = Record<string, Record<string, unknown>>;

// `ws` ships no types (and @types/ws is not installed): the server is typed as the adapter takes it.
type WsServer = ConstructorParameters<typeof WebSocketServerAdapter>[0] & { once(e: 'listening', f: () => void): void; address(): unknown; close(): void };
const { WebSocketServer } = createRequire(import.meta.url)('ws') as { WebSocketServer: new (o: { host: string; port: number }) => WsServer };

/** Plain JSON to Automerge values: strings become immutable scalars, the rest as is. */
function toAm(v: unknown): unknown {
  if (typeof v === 'string') return new ImmutableString(v);
  if (Array.isArray(v)) return v.map(toAm);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toAm(x)]));
  return v;
}

const headsOf = (h: DocHandle<unknown>): string => JSON.stringify([...getHeads(h.doc() as never)].sort());

export async function startAutomergeRelay(dir: string): Promise<Relay> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  // A relay announces nothing: it serves the documents a device asks for by id (automerge-repo's advice).
  const repo = new Repo({ network: [new WebSocketServerAdapter(wss)], storage: new NodeFSStorageAdapter(dir), peerId: 'relay' as PeerId, sharePolicy: async () => false });
  const port = (wss.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    async holds(versions: Versions) {
      let n = 0;
      for (const [id, heads] of Object.entries(versions)) {
        const h = repo.handles[id as never] as DocHandle<unknown> | undefined;
        if (h?.isReady() && headsOf(h) === heads) n++;
      }
      return n;
    },
    async close() {
      await repo.flush();
      await repo.shutdown();
      wss.close();
    },
  };
}

/** How many documents a device with `evict` holds in memory at once during its first sync. */
const EVICT_BATCH = 16;

/**
 * `evict`: after its first sync a device keeps no document in memory (each is flushed to disk and dropped
 * from the repo's cache), and loads one again when it is used: automerge-repo otherwise keeps every
 * document it ever loaded, which is what decides a device's memory.
 */
export function openAutomergeDevice(dir: string, name: string, relayUrl: string, evict = false): Device {
  const repo = new Repo({ network: [new WebSocketClientAdapter(relayUrl)], storage: new NodeFSStorageAdapter(dir), peerId: name as PeerId });
  const byName = new Map<string, DocHandle<AnyDoc>>();
  const urls = new Map<string, AutomergeUrl>();
  const handleOf = async (doc: string): Promise<DocHandle<AnyDoc>> => {
    const h = byName.get(doc) ?? (urls.has(doc) ? await repo.find<AnyDoc>(urls.get(doc)!) : undefined);
    if (!h) throw new Error(`no document ${doc} on ${name}`);
    byName.set(doc, h);
    return h;
  };

  return {
    async seed(docs: DocSpec[]) {
      const versions: Versions = {};
      const made: DocSpec[] = docs[0].kind === 'home' && docs.length > 1 ? docs.slice(1) : docs;
      for (const d of made) {
        const h = repo.create<AnyDoc>(toAm(d.collections) as AnyDoc);
        byName.set(d.name, h);
      }
      if (made !== docs) {
        // The root names every other document by its Automerge URL.
        const index = Object.fromEntries(made.map((d) => [d.name, { url: byName.get(d.name)!.url, kind: d.kind }]));
        byName.set('home', repo.create<AnyDoc>(toAm({ docs: index }) as AnyDoc));
      }
      for (const h of byName.values()) versions[h.documentId] = headsOf(h as DocHandle<unknown>);
      return { root: byName.get('home')!.url, versions };
    },
    async syncAll(root: string, layout: Layout) {
      const t = performance.now();
      const rootHandle = await repo.find<AnyDoc>(root as AutomergeUrl);
      byName.set('home', rootHandle);
      let records = 0;
      if (layout === 'split') {
        const index = rootHandle.doc().docs as Record<string, { url: { toString(): string } }>;
        const entries = Object.entries(index).map(([n, e]) => [n, String(e.url) as AutomergeUrl] as const);
        for (const [n, u] of entries) urls.set(n, u);
        const step = evict ? EVICT_BATCH : entries.length;
        for (let i = 0; i < entries.length; i += step) {
          const batch = entries.slice(i, i + step);
          const handles = await Promise.all(batch.map(async ([n, u]) => [n, await repo.find<AnyDoc>(u)] as const));
          for (const [n, h] of handles) {
            byName.set(n, h);
            for (const c of Object.values(h.doc())) records += Object.keys(c).length;
          }
          if (evict) {
            await repo.flush(handles.map(([, h]) => h.documentId));
            for (const [n, h] of handles) {
              await repo.removeFromCache(h.documentId);
              byName.delete(n);
            }
          }
        }
      } else {
        for (const c of Object.values(rootHandle.doc())) records += Object.keys(c).length;
      }
      return { docs: urls.size + 1, records, inMemoryMs: performance.now() - t };
    },
    async put(doc, collection, id, value) {
      const h = await handleOf(doc);
      h.change((d) => {
        d[collection][id] = toAm(value);
      });
    },
    async waitFor(doc, collection, id) {
      const h = await handleOf(doc);
      return new Promise((resolve) => {
        const check = (): boolean => {
          if (h.doc()[collection]?.[id] === undefined) return false;
          h.off('change', check);
          resolve();
          return true;
        };
        if (!check()) h.on('change', check);
      });
    },
    async flush() {
      await repo.flush();
    },
    async close() {
      await repo.flush();
      await repo.shutdown();
    },
  };
}
