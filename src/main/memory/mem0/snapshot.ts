// What forgetting a mem0 memory keeps so that undo can put the same point back: its id, vector and payload,
// read from the local store or the running qdrant before the delete.
import { MonadError } from '../../../shared/errors';
import type { StoreTarget } from './backend';
import type { Mem0Layout } from './layout';
import { loadQdrantClient } from './loader';
import { normalizePayload, qdrantClient, readLocalRaw, toEntry, vectorToBase64 } from './stores';

/** What the journal keeps of a forgotten mem0 memory: enough to put the same point back (id, vector, payload). */
export interface Mem0Snapshot {
  id: string;
  text: string;
  agentId: string | null;
  /** float32 bytes, base64. */
  vector: string;
  payload: Record<string, unknown>;
}

/** The point as stored, from the local store or the running qdrant (`target`: the store mem0 uses now). */
export async function readSnapshot(id: string, layout: Mem0Layout, currentTarget: () => StoreTarget): Promise<Mem0Snapshot> {
  const fromRaw = (raw: { vector: string; payload: Record<string, unknown> }): Mem0Snapshot => {
    const entry = toEntry({ id, vector: null, payload: normalizePayload(raw.payload), store: 'local' });
    return { id, text: entry.text, agentId: entry.agentId, vector: raw.vector, payload: raw.payload };
  };
  const local = readLocalRaw(layout.localVectors, id);
  if (local) return fromRaw(local);
  const target = currentTarget();
  if (target.kind === 'local') throw new MonadError('NOT_FOUND', `No mem0 memory ${id} in the local store (qdrant is not running)`);
  const client = qdrantClient(await loadQdrantClient(), target.url, target.apiKey);
  const [point] = await client.retrieve(target.collection, { ids: [id], with_vector: true, with_payload: true });
  if (!point || !Array.isArray(point.vector) || typeof point.vector[0] !== 'number') throw new MonadError('NOT_FOUND', `No mem0 memory ${id}`);
  return fromRaw({ vector: vectorToBase64(point.vector as number[]), payload: (point.payload ?? {}) as Record<string, unknown> });
}
