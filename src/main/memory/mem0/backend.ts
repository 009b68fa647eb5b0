// The mem0 adapter: builds mem0 `Memory` instances for a vector store and the registry's models, and
// offers the four things Monad asks of mem0: add a turn, search, delete, and move points between
// stores. Instances are cached per (store, models) and closed when the store or the models change.
import { readFileSync } from 'node:fs';
import type { Memory, MemoryItem } from 'mem0ai/oss';
import type { Config } from '../../../shared/config';
import { MonadError } from '../../../shared/errors';
import { writeFileAtomic } from '../../fs/atomic-write';
import { ensurePrivateFile, mkdirPrivate } from '../../fs/private-mode';
import type { SecretStore } from '../../secrets/secret-store';
import { LOCAL_USER_ID, type Mem0Layout } from './layout';
import { loadMem0, loadQdrantClient } from './loader';
import { mem0Models, requireEmbedder, requireLlm, type ModelWire } from './models';
import { localDimension, qdrantClient, qdrantDimension, type StoredPoint } from './stores';
import type { LlmClient } from '../../llm/llm-client';
import { registryEmbedder } from './registry-embedder';
import { installLlm, registryLlm } from './registry-llm';

/** Where mem0 keeps vectors right now. */
export type StoreTarget =
  | { kind: 'local'; dbPath: string; collection: string }
  | { kind: 'qdrant' | 'remote'; url: string; apiKey: string | null; collection: string };

export function targetKey(t: StoreTarget): string {
  return t.kind === 'local' ? `local:${t.dbPath}` : `${t.kind}:${t.url}#${t.collection}`;
}

export function describeTarget(t: StoreTarget): string {
  return t.kind === 'local' ? t.dbPath : `${t.url} (collection ${t.collection})`;
}

/** Stand-ins for operations that never call a model (delete), so they work without one. */
const NO_MODEL_WIRE: ModelWire = { baseURL: 'http://127.0.0.1:9/v1', model: 'unused' };
/**
 * What mem0's own OpenAI client is built with: it is replaced before any call (installLlm), and should a
 * mem0 version call it anyway, it holds no key and points at the discard port.
 */
const NO_KEY_LLM = { apiKey: 'no-key', baseURL: NO_MODEL_WIRE.baseURL };

export interface Mem0BackendDeps {
  layout: Mem0Layout;
  config: () => Config;
  secrets: SecretStore;
  /**
   * mem0's LLM and embedder calls go through Monad's client (any provider; keys bound to their origin,
   * redirects refused): mem0's own OpenAI clients would follow a redirect with the key.
   */
  llm: LlmClient;
}

interface Instance {
  memory: Memory;
  key: string;
  /** Operations using it right now. */
  users: number;
  /** Replaced (models or store changed): closed as soon as nobody uses it. */
  retired: boolean;
}

export class Mem0Backend {
  private instances = new Map<string, Promise<Instance>>();

  constructor(private readonly d: Mem0BackendDeps) {}

  /** Extracts memories from one turn (user + assistant text) into the store. Returns what was added. */
  async add(target: StoreTarget, agentId: string, messages: { role: 'user' | 'assistant'; content: string }[], metadata: Record<string, string>): Promise<MemoryItem[]> {
    const models = mem0Models(this.d.config(), agentId);
    const llm = requireLlm(models);
    const embedder = requireEmbedder(models);
    return this.use(target, llm, embedder, agentId, async (memory) => {
      const r = await memory.add(messages, { userId: LOCAL_USER_ID, agentId, metadata });
      return r.results;
    });
  }

  /** Semantic recall for one agent. */
  async search(target: StoreTarget, agentId: string, query: string, topK: number): Promise<MemoryItem[]> {
    const models = mem0Models(this.d.config(), agentId);
    const embedder = requireEmbedder(models);
    return this.use(target, models.llm ?? NO_MODEL_WIRE, embedder, agentId, async (memory) => {
      const r = await memory.search(query, { filters: { user_id: LOCAL_USER_ID, agent_id: agentId }, topK });
      return r.results;
    });
  }

  /** Deletes one memory (mem0 also unlinks it from its entities and records the deletion in its history). */
  async delete(target: StoreTarget, id: string): Promise<void> {
    const models = mem0Models(this.d.config());
    await this.use(target, models.llm ?? NO_MODEL_WIRE, models.embedder ?? NO_MODEL_WIRE, undefined, async (memory) => {
      if (!(await memory.get(id))) throw new MonadError('NOT_FOUND', `No mem0 memory ${id}`);
      await memory.delete(id);
    });
  }

  /** Writes raw points (vectors + payloads) into a store, through mem0's own store class for it. */
  async insertPoints(target: StoreTarget, collection: string, points: StoredPoint[]): Promise<void> {
    const vectors = points.filter((p) => p.vector);
    if (!vectors.length) return;
    const mod = await loadMem0(this.d.layout.dir);
    const dimension = vectors[0].vector!.length;
    if (target.kind === 'local') throw new MonadError('INTERNAL', 'points are only ever moved into qdrant');
    const client = qdrantClient(await loadQdrantClient(), target.url, target.apiKey);
    const store = new mod.Qdrant({ client: client as never, collectionName: collection, dimension, embeddingModelDims: dimension });
    await store.initialize();
    await store.insert(
      vectors.map((p) => Array.from(p.vector!)),
      vectors.map((p) => p.id),
      vectors.map((p) => p.payload),
    );
  }

  /** Runs `fn` with a live instance; an instance retired meanwhile is closed once `fn` is done. */
  private async use<T>(target: StoreTarget, llm: ModelWire, embedder: ModelWire, agentId: string | undefined, fn: (memory: Memory) => Promise<T>): Promise<T> {
    const key = JSON.stringify([targetKey(target), llm, embedder.baseURL, embedder.model]);
    let inst: Instance;
    do {
      let pending = this.instances.get(key);
      if (!pending) {
        pending = this.build(target, llm, embedder, key, agentId);
        this.instances.set(key, pending);
        pending.catch(() => this.instances.delete(key));
      }
      inst = await pending;
    } while (inst.retired);
    inst.users++;
    try {
      return await fn(inst.memory);
    } finally {
      inst.users--;
      if (inst.retired && inst.users === 0) closeInstance(inst.memory);
    }
  }

  private async build(target: StoreTarget, llm: ModelWire, embedder: ModelWire, key: string, agentId: string | undefined): Promise<Instance> {
    mkdirPrivate(this.d.layout.dir);
    // mem0 opens these with SQLite, which would create them 0644; an empty file is a new database.
    ensurePrivateFile(this.d.layout.historyDb);
    if (target.kind === 'local' && target.dbPath === this.d.layout.localVectors) {
      ensurePrivateFile(this.d.layout.localVectors);
      ensurePrivateFile(this.d.layout.localEntities);
    }
    const mod = await loadMem0(this.d.layout.dir);
    const dimension = await this.dimension(target, embedder);
    const vectorStore =
      target.kind === 'local'
        ? { provider: 'memory', config: { collectionName: target.collection, dimension, dbPath: target.dbPath } }
        : { provider: 'qdrant', config: { collectionName: target.collection, dimension, client: qdrantClient(await loadQdrantClient(), target.url, target.apiKey) } };
    const memory = new mod.Memory({
      version: 'v1.1',
      // mem0's hook for a caller's embeddings object (its `langchain` provider): Monad's client answers.
      embedder: { provider: 'langchain', config: { model: registryEmbedder(this.d.llm) } },
      // mem0 builds its own OpenAI client from this, keyless; it is replaced just below, before any call.
      llm: { provider: 'openai', config: { ...NO_KEY_LLM, model: llm.model } },
      vectorStore: vectorStore as never,
      historyStore: { provider: 'sqlite', config: { historyDbPath: this.d.layout.historyDb } },
      historyDbPath: this.d.layout.historyDb,
    });
    // The instance is keyed by the model (the key holds its wire), so any agent with that model may use it.
    installLlm(memory, registryLlm(this.d.llm, agentId));
    return { memory, key, users: 0, retired: false };
  }

  /**
   * The vector size, without guessing: what the store already holds, else what this embedding model was
   * seen to return (state.json), else one probe embedding (remembered for next time).
   */
  private async dimension(target: StoreTarget, embedder: ModelWire): Promise<number> {
    const fromStore =
      target.kind === 'local'
        ? localDimension(target.dbPath)
        : await qdrantDimension(qdrantClient(await loadQdrantClient(), target.url, target.apiKey), target.collection).catch(() => null);
    if (fromStore) return fromStore;
    const state = this.readState();
    const modelKey = `${embedder.baseURL}#${embedder.model}`;
    const known = state.dimensions?.[modelKey];
    if (known) return known;
    if (embedder === NO_MODEL_WIRE) throw new MonadError('NO_MODEL', 'mem0 needs an embedding model: choose one in Settings → Models (role "embedding").');
    const probe = await registryEmbedder(this.d.llm).embedQuery('dimension probe');
    this.writeState({ ...state, dimensions: { ...state.dimensions, [modelKey]: probe.length } });
    return probe.length;
  }

  private readState(): { dimensions?: Record<string, number> } {
    try {
      return JSON.parse(readFileSync(this.d.layout.stateFile, 'utf8')) as { dimensions?: Record<string, number> };
    } catch {
      return {};
    }
  }

  private writeState(state: { dimensions?: Record<string, number> }): void {
    writeFileAtomic(this.d.layout.stateFile, `${JSON.stringify(state, null, 2)}\n`, { durable: false });
  }

  /**
   * Retires every instance: each closes (releasing its SQLite files) as soon as no operation uses it;
   * later calls build fresh ones with the current models and store.
   */
  async close(): Promise<void> {
    const all = [...this.instances.values()];
    this.instances.clear();
    await Promise.all(
      all.map((p) =>
        p.then(
          (inst) => {
            inst.retired = true;
            if (inst.users === 0) closeInstance(inst.memory);
          },
          () => {
            // A failed build has nothing to close.
          },
        ),
      ),
    );
  }
}

/**
 * mem0 3.3.1 has no close(): its SQLite handles (history, local vectors, entities) are closed here so a
 * backend or store switch releases the files. Shapes checked at run time; anything else is left alone.
 */
function closeInstance(memory: Memory): void {
  const m = memory as unknown as Record<string, { close?: () => void; db?: { close?: () => void; open?: boolean } } | undefined>;
  for (const name of ['vectorStore', '_entityStore']) {
    const db = m[name]?.db;
    if (db?.open && typeof db.close === 'function') db.close();
  }
  const history = m.db;
  if (history && typeof history.close === 'function') history.close();
}
