// Reads mem0's stores directly, for the explorer and the store migration: mem0's own API lists
// memories without their vectors and only per user/agent, while the explorer needs everything with
// vectors (for the projection). The local store is mem0's SQLite file (`vectors(id, vector, payload)`,
// read-only here); qdrant is read with a scroll. Neither read starts anything.
import { existsSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { ensurePrivateFile } from '../../fs/private-mode';
import type { Mem0Entry } from '../../../shared/domain';
import type { QdrantModule } from './loader';
import { refuseQdrantRedirects } from './qdrant-redirects';

export type StoreKind = Mem0Entry['store'];

export interface StoredPoint {
  id: string;
  /** A Float32Array only from readLocalStoreInSlices (the map's read: off the JS heap, no GC pauses). */
  vector: number[] | Float32Array | null;
  payload: Record<string, unknown>;
  store: StoreKind;
}

/** mem0's local store writes camelCase ids in some versions and snake_case in others. */
export function normalizePayload(p: Record<string, unknown>): Record<string, unknown> {
  const out = { ...p };
  for (const [camel, snake] of [
    ['userId', 'user_id'],
    ['agentId', 'agent_id'],
    ['runId', 'run_id'],
  ] as const) {
    if (camel in out && !(snake in out)) {
      out[snake] = out[camel];
      delete out[camel];
    }
  }
  return out;
}

/**
 * Every point in a local mem0 SQLite store. mem0's file, not a Monad database, so it is opened here
 * directly (read-only, never migrated); a missing file is an empty store.
 */
export function readLocalStore(dbPath: string, withVectors = true): StoredPoint[] {
  if (!existsSync(dbPath)) return [];
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vectors'`).get();
    if (!hasTable) return [];
    const rows = db.prepare(`SELECT id, ${withVectors ? 'vector' : 'NULL AS vector'}, payload FROM vectors`).all() as { id: string; vector: Buffer | null; payload: string }[];
    return rows.map((r) => ({
      id: r.id,
      vector: r.vector ? Array.from(new Float32Array(r.vector.buffer, r.vector.byteOffset, r.vector.byteLength / 4)) : null,
      payload: normalizePayload(safeJson(r.payload)),
      store: 'local' as const,
    }));
  } finally {
    db.close();
  }
}

/** Rows read between two turns of the event loop: a few milliseconds of work at 1,536 dimensions. */
const ROWS_PER_SLICE = 200;

/**
 * readLocalStore for a large read on the engine's thread (the explorer's map reads every vector): the
 * rows come in slices, and the event loop gets a turn between slices, so other requests are answered
 * meanwhile (issue 32 §4). The connection is its own, read-only, so holding the iterator across turns
 * blocks no other statement.
 */
export async function readLocalStoreInSlices(dbPath: string): Promise<StoredPoint[]> {
  if (!existsSync(dbPath)) return [];
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vectors'`).get();
    if (!hasTable) return [];
    const out: StoredPoint[] = [];
    const rows = db.prepare(`SELECT id, vector, payload FROM vectors`).iterate() as IterableIterator<{ id: string; vector: Buffer | null; payload: string }>;
    let inSlice = 0;
    for (const r of rows) {
      out.push({
        id: r.id,
        // A copy of the row's bytes as floats: 6 KB off the JS heap instead of 1,536 numbers on it.
        vector: r.vector ? new Float32Array(r.vector.buffer.slice(r.vector.byteOffset, r.vector.byteOffset + r.vector.byteLength)) : null,
        payload: normalizePayload(safeJson(r.payload)),
        store: 'local' as const,
      });
      if (++inSlice === ROWS_PER_SLICE) {
        inSlice = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return out;
  } finally {
    db.close();
  }
}

/** The vector size of a local store, from its first row (null when empty). */
export function localDimension(dbPath: string): number | null {
  if (!existsSync(dbPath)) return null;
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vectors'`).get();
    const row = hasTable ? (db.prepare(`SELECT length(vector) AS n FROM vectors LIMIT 1`).get() as { n: number } | undefined) : undefined;
    return row ? row.n / 4 : null;
  } finally {
    db.close();
  }
}

/** Removes points from a local store (after they were moved into qdrant). */
export function deleteLocalPoints(dbPath: string, ids: string[]): void {
  if (!ids.length || !existsSync(dbPath)) return;
  const db = new BetterSqlite3(dbPath, { fileMustExist: true });
  try {
    const del = db.prepare(`DELETE FROM vectors WHERE id = ?`);
    db.transaction(() => {
      for (const id of ids) del.run(id);
    })();
  } finally {
    db.close();
  }
}

/** One point of a local store as stored: its vector's bytes (base64) and its payload as written. */
export function readLocalRaw(dbPath: string, id: string): { vector: string; payload: Record<string, unknown> } | null {
  if (!existsSync(dbPath)) return null;
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vectors'`).get();
    const row = hasTable ? (db.prepare(`SELECT vector, payload FROM vectors WHERE id = ?`).get(id) as { vector: Buffer; payload: string } | undefined) : undefined;
    return row ? { vector: row.vector.toString('base64'), payload: safeJson(row.payload) } : null;
  } finally {
    db.close();
  }
}

/**
 * Puts one point back into a local store, in mem0's own table layout (what mem0 creates on first use),
 * replacing a point with the same id.
 */
export function writeLocalRaw(dbPath: string, point: { id: string; vector: string; payload: Record<string, unknown> }): void {
  // SQLite would create a missing file 0644: it is created owner-only first, as mem0's files are.
  ensurePrivateFile(dbPath);
  const db = new BetterSqlite3(dbPath, { fileMustExist: true });
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS vectors (id TEXT PRIMARY KEY, vector BLOB NOT NULL, payload TEXT NOT NULL)`);
    db.prepare(`INSERT OR REPLACE INTO vectors (id, vector, payload) VALUES (?, ?, ?)`).run(point.id, Buffer.from(point.vector, 'base64'), JSON.stringify(point.payload));
  } finally {
    db.close();
  }
}

/** A vector as the base64 of its float32 bytes (how mem0's local store keeps it): a quarter of its JSON size. */
export function vectorToBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export function vectorFromBase64(b64: string): number[] {
  // A copy: a small Buffer sits at any offset of Node's shared pool, and a Float32Array needs one of 4.
  const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
  return Array.from(new Float32Array(bytes.buffer, 0, bytes.byteLength >> 2));
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export type QdrantClient = InstanceType<QdrantModule['QdrantClient']>;

const clients = new Map<string, QdrantClient>();

/** One client per server and key (the client warns about a key over plain HTTP each time one is made). */
export function qdrantClient(mod: QdrantModule, url: string, apiKey: string | null): QdrantClient {
  const key = `${url}\n${apiKey ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    // The client's version check would warn on every start against a pinned server; the API used is
    // stable. An explicit port is passed on as well: the client otherwise assumes 6333 for some URLs.
    const port = new URL(url).port;
    // It never follows a redirect: its key would go along (qdrant-redirects.ts).
    const raw = new mod.QdrantClient({ url, ...(port ? { port: Number(port) } : {}), ...(apiKey ? { apiKey } : {}), checkCompatibility: false });
    client = withSearch(refuseQdrantRedirects(raw, url, !!apiKey));
    clients.set(key, client);
  }
  return client;
}

/**
 * mem0 3.3.1's qdrant store searches with `client.search()`, which @qdrant/js-client-rest 1.19 no
 * longer has (it became the Query API). Restores it on top of `query()` with the same result shape.
 */
function withSearch(client: QdrantClient): QdrantClient {
  const c = client as QdrantClient & { search?: unknown };
  if (typeof c.search === 'function') return client;
  const search = async (collection: string, req: { vector: number[]; filter?: unknown; limit?: number; with_payload?: boolean }) => {
    const r = await client.query(collection, { query: req.vector, filter: req.filter as never, limit: req.limit ?? 10, with_payload: req.with_payload ?? true });
    return r.points;
  };
  Object.defineProperty(c, 'search', { value: search });
  return client;
}

/** Every point of a collection (paged scroll); an absent collection is empty. */
export async function readQdrant(client: QdrantClient, collection: string, store: StoreKind, withVectors = true): Promise<StoredPoint[]> {
  const exists = await client.collectionExists(collection);
  if (!exists.exists) return [];
  const out: StoredPoint[] = [];
  let offset: string | number | undefined | null = undefined;
  do {
    const page: Awaited<ReturnType<QdrantClient['scroll']>> = await client.scroll(collection, { limit: 256, with_payload: true, with_vector: withVectors, ...(offset != null ? { offset } : {}) });
    for (const p of page.points) {
      const vec = p.vector;
      out.push({
        id: String(p.id),
        vector: Array.isArray(vec) && typeof vec[0] === 'number' ? (vec as number[]) : vec && !Array.isArray(vec) && Array.isArray((vec as Record<string, unknown>)[''])
          ? ((vec as Record<string, number[]>)[''])
          : null,
        payload: normalizePayload((p.payload ?? {}) as Record<string, unknown>),
        store,
      });
    }
    offset = page.next_page_offset as string | number | null | undefined;
  } while (offset != null);
  return out;
}

/** The dense vector size of a collection (null when it does not exist). */
export async function qdrantDimension(client: QdrantClient, collection: string): Promise<number | null> {
  const exists = await client.collectionExists(collection);
  if (!exists.exists) return null;
  const info = await client.getCollection(collection);
  const vectors = info.config.params.vectors as { size?: number } | Record<string, { size?: number }> | undefined;
  if (!vectors) return null;
  if (typeof (vectors as { size?: number }).size === 'number') return (vectors as { size: number }).size;
  return (vectors as Record<string, { size?: number }>)['']?.size ?? null;
}

const PAYLOAD_FIELDS = new Set(['data', 'hash', 'createdAt', 'updatedAt', 'created_at', 'updated_at', 'user_id', 'agent_id', 'textLemmatized']);

/** A stored point as the explorer shows it. */
export function toEntry(p: StoredPoint): Mem0Entry {
  const s = (v: unknown) => (typeof v === 'string' ? v : null);
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.payload)) {
    if (PAYLOAD_FIELDS.has(k) || v === undefined || v === null) continue;
    metadata[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return {
    id: p.id,
    text: s(p.payload.data) ?? '',
    createdAt: s(p.payload.createdAt) ?? s(p.payload.created_at),
    updatedAt: s(p.payload.updatedAt) ?? s(p.payload.updated_at) ?? s(p.payload.createdAt) ?? s(p.payload.created_at),
    agentId: s(p.payload.agent_id),
    userId: s(p.payload.user_id),
    metadata,
    store: p.store,
  };
}
