// mem0 wiring (issue 8). When `memory.backend` is "mem0":
//   BeforeTurn  → search mem0 with the user's text and inject what it finds (query-dependent, never
//                 frozen) together with the L3 learned rules;
//   AfterTurn   → observe the turn in the background (mem0 extracts memories from user + assistant
//                 text); incognito sessions are never observed.
// Vectors live in the managed qdrant when it runs, in `memory.mem0.vectorStore` when that is set, and
// otherwise in mem0's local SQLite store (the fallback, reported as such). What the local store holds
// moves into qdrant once qdrant is up. Switching backends is hot and deletes nothing in either store.
import type { Config } from '../../shared/config';
import type { AppStatus, Mem0Entries, Mem0Entry, Mem0Phase, Mem0Projection, Mem0Status, QdrantStatus } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { JournalActor, JournalEntry, JournalSource } from '../../shared/journal';
import type { AfterTurnContext, HookRegistrar, TurnContext } from '../turn/hooks';
import { clip } from '../turn/receipt-sink';
import type { EventBus } from '../events';
import type { HomePaths } from '../home';
import type { SecretStore } from '../secrets/secret-store';
import type { LlmClient } from '../llm/llm-client';
import { ProviderKeys, VECTOR_STORE_KEY_REF } from '../llm/provider-keys';
import { storedSecretsFrom, type KnownSecrets } from './facts/sanitize-known-secrets';
import { redactSecrets } from './facts/sanitize-secrets';
import { scopesForSession } from './laws-layer';
import { Mem0Backend, describeTarget, type StoreTarget } from './mem0/backend';
import { mem0Layout, MEM0_COLLECTION, type Mem0Layout } from './mem0/layout';
import { loadMem0, loadQdrantClient } from './mem0/loader';
import { mem0Models } from './mem0/models';
import { fromKernel, packRows } from './mem0/pca2d';
import { ProjectionWorkers } from './mem0/projection-worker';
import { renderMem0Block } from './mem0/render';
import type { MemoryJournal } from './journal/journal';
import {
  deleteLocalPoints,
  normalizePayload,
  qdrantClient,
  readLocalRaw,
  readLocalStore,
  readLocalStoreInSlices,
  readQdrant,
  toEntry,
  vectorFromBase64,
  vectorToBase64,
  writeLocalRaw,
  type StoredPoint,
} from './mem0/stores';
import { agentScope } from './scope';
import { mkdirPrivate } from '../fs/private-mode';
import { quoteShort } from './journal/summary';
import { QdrantManager, type QdrantOptions } from './qdrant/manager';
import { PendingObservations, type PendingObservation } from './mem0/pending-queue';
import { join } from 'node:path';
import { isAlive, isOurs, readPidfile } from './qdrant/pidfile';

/** A slow embedding server must not hold up a reply: recall gives up after this long. */
export const RECALL_TIMEOUT_MS = 15_000;
/** Memories injected per turn. */
export const RECALL_TOP_K = 8;
/**
 * Quit finishes within this (issue 18 §5): what the queue has not done by then stays in the persisted
 * queue (mem0/pending-queue.ts) and is finished on the next start.
 */
export const QUIT_WITHIN_MS = 4500;
/** Of which at most this long waits for the observation queue; the rest is for qdrant to stop. */
export const QUIT_QUEUE_WAIT_MS = 2500;
/** The projection is a picture, not an index: the most recent points are enough. */
export const MAX_PROJECTED = 2000;
export const MAX_LISTED = 1000;

export interface Mem0LayerDeps {
  paths: HomePaths;
  config: () => Config;
  onConfigChange: (fn: (config: Config) => void) => () => void;
  secrets: SecretStore;
  laws: { learnedRules(scopes: string[]): string | null };
  events: EventBus;
  host: AppStatus['host'];
  /** Start qdrant as soon as the backend is mem0 (long-running hosts); otherwise on first use. */
  warm: boolean;
  qdrant?: QdrantOptions;
  /** The history of memory: a forgotten memory is journaled with what it takes to put it back. */
  journal: MemoryJournal;
  log: (msg: string, err?: unknown) => void;
  /** mem0's LLM and embedder through the registry: any provider, no redirects (mem0/registry-*.ts). */
  llm: LlmClient;
}

/** What the journal keeps of a forgotten mem0 memory: enough to put the same point back (id, vector, payload). */
export interface Mem0Snapshot {
  id: string;
  text: string;
  agentId: string | null;
  /** float32 bytes, base64. */
  vector: string;
  payload: Record<string, unknown>;
}

function mem0On(config: Config): boolean {
  return config.memory.backend === 'mem0';
}

/** What, in the config, changes how mem0 runs (a change closes the cached mem0 instances). */
function signature(config: Config): string {
  return JSON.stringify([config.memory.backend, config.memory.mem0, config.models, config.agent.agents.map((a) => [a.id, a.models.memory, a.memory.model])]);
}

export class Mem0Layer {
  readonly layout: Mem0Layout;
  readonly qdrant: QdrantManager;
  private readonly backend: Mem0Backend;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  /** The explorer's maps being drawn, by agent ('' for all): identical requests share one. */
  private readonly projecting = new Map<string, Promise<Mem0Projection>>();
  /** Where the maps are drawn: worker threads, one at a time. */
  private readonly projections = new ProjectionWorkers();
  private lastError: string | null = null;
  private sig: string;
  private active: boolean;
  private closed = false;
  /** Set when quitting: queued observations no longer start (they stay persisted for the next start). */
  private stopping = false;
  /** Observations not taken in by mem0 yet, on disk so a quit never waits for them. */
  readonly pendingObservations: PendingObservations;
  private readonly unsubscribe: () => void;
  /** The secret store's values, in every form they may take in a text (a key the person pasted, say). */
  private readonly storedSecrets: () => KnownSecrets;

  constructor(private readonly d: Mem0LayerDeps) {
    this.layout = mem0Layout(d.paths);
    this.storedSecrets = storedSecretsFrom(() => d.secrets.values());
    this.backend = new Mem0Backend({ layout: this.layout, config: d.config, secrets: d.secrets, llm: d.llm });
    // The port setting is read each time qdrant starts (a change applies from its next start).
    this.qdrant = new QdrantManager(d.paths, { ...d.qdrant, preferredPort: () => d.config().memory.mem0.qdrantPort }, () => this.emit(), d.log);
    const config = d.config();
    this.sig = signature(config);
    this.active = mem0On(config);
    this.unsubscribe = d.onConfigChange((c) => this.onConfig(c));
    this.pendingObservations = new PendingObservations(join(this.layout.dir, 'pending-observations.json'), undefined, d.log);
    if (this.active && d.warm) this.warmUp();
    // What the last run left unfinished is finished now, by long-running hosts (not one-shot CLI commands).
    if (d.warm) this.resumePending();
  }

  /** Queues again every observation a previous run left in the persisted queue. */
  resumePending(): number {
    const left = this.pendingObservations.list();
    if (left.length) this.d.log(`[mem0] finishing ${left.length} observation(s) left from the last run`);
    for (const o of left) this.queueObservation(o);
    return left.length;
  }

  /** Long-running hosts get mem0 loaded and qdrant going before the first turn needs them. */
  private warmUp(): void {
    loadMem0(this.layout.dir).catch((err) => this.noteError('mem0 could not be loaded', err));
    this.kickQdrant();
  }

  register(hooks: HookRegistrar): void {
    hooks.add({
      name: 'mem0',
      beforeTurn: (ctx) => this.beforeTurn(ctx),
      afterTurn: (ctx) => this.afterTurn(ctx),
    });
    this.d.journal.registerUndo('mem0.forgotten', (entry) => this.restore(entry));
  }

  // ── The turn ────────────────────────────────────────────────────────────────────────────────

  private async beforeTurn({ session, agent, userText, receipt }: TurnContext): Promise<string[]> {
    if (!mem0On(this.d.config())) return [];
    const rules = this.d.laws.learnedRules(scopesForSession(session));
    let memories: string[] = [];
    let unavailable = false;
    try {
      const target = this.target(true);
      const found = await withTimeout(this.backend.search(target, agent.id, userText, RECALL_TOP_K), RECALL_TIMEOUT_MS, 'mem0 recall timed out');
      const used = found.filter((m) => m.memory?.trim());
      memories = used.map((m) => m.memory);
      // Receipts: each recalled memory with its score, as it went into the prompt.
      receipt?.read('mem0-recall', userText, used.map((m) => ({ kind: 'mem0', memoryId: String(m.id), text: clip(m.memory), score: typeof m.score === 'number' ? m.score : null })));
    } catch (err) {
      unavailable = true;
      receipt?.read('mem0-recall', userText, [], { failed: true }); // receipts
      this.noteError('mem0 recall failed', err);
    }
    return [renderMem0Block({ memories, rules, unavailable })];
  }

  private afterTurn({ session, agent, userText, messages, laterChanges }: AfterTurnContext): void {
    if (!mem0On(this.d.config()) || session.incognito || !userText.trim()) return;
    const reply = messages
      .filter((m) => m.role === 'assistant' && !m.error && m.content.trim())
      .map((m) => m.content)
      .join('\n\n');
    // Secrets are redacted before anything reaches mem0's model or store: the shapes of secrets, and the
    // values in the secret store whatever their shape (a local server's token looks like any word).
    const knownSecrets = this.storedSecrets();
    const clean = (text: string) => redactSecrets(text, { knownSecrets }).text;
    const turn: { role: 'user' | 'assistant'; content: string }[] = [{ role: 'user', content: clean(userText) }];
    if (reply) turn.push({ role: 'assistant', content: clean(reply) });
    this.queueObservation(this.pendingObservations.add({ agentId: agent.id, sessionId: session.id, turn }), laterChanges);
  }

  private queueObservation(o: PendingObservation, laterChanges?: AfterTurnContext['laterChanges']): void {
    this.enqueue(async () => {
      // Quitting: left in the persisted queue, finished on the next start.
      if (this.stopping) return;
      if (!mem0On(this.d.config())) {
        // The backend was switched off meanwhile: the built-in memory is in use, nothing to finish.
        this.pendingObservations.done(o.id);
        return;
      }
      let added: Awaited<ReturnType<Mem0Backend['add']>>;
      try {
        added = await this.backend.add(this.target(true), o.agentId, o.turn, { sessionId: o.sessionId, source: 'chat' });
      } catch (err) {
        if (this.stopping) return;
        const givenUp = this.pendingObservations.failed(o.id);
        throw givenUp ? err : new Error(`${err instanceof Error ? err.message : String(err)} (kept; tried again on the next start)`);
      }
      this.pendingObservations.done(o.id);
      // Receipts: each memory mem0 took from the turn is a "Remembered" line on the reply (when the
      // observation runs in the same process as its turn; one resumed after a restart has no reply open).
      const fresh = added.filter((m) => m.memory?.trim() && (m.metadata as { event?: string } | undefined)?.event !== 'DELETE');
      if (fresh.length) laterChanges?.(fresh.map((m) => ({ kind: 'remembered', layer: 'mem0', scope: agentScope(o.agentId), text: clip(m.memory), factId: null, memoryId: String(m.id), journalId: null })));
      this.lastError = null;
    }, 'mem0 could not observe the turn');
  }

  /** Resolves when every queued observation (and store move) has finished. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  private enqueue(job: () => Promise<void>, failure: string): void {
    this.pending++;
    this.emit();
    this.queue = this.queue
      .then(job)
      .catch((err) => this.noteError(failure, err))
      .finally(() => {
        this.pending--;
        this.emit();
      });
  }

  private noteError(what: string, err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.lastError = `${what}: ${message}`;
    this.d.log(`[mem0] ${what}`, err);
    this.emit();
  }

  // ── Where the vectors are ───────────────────────────────────────────────────────────────────

  /** The store to use now. With `start`, a managed qdrant that is not up yet is started in the background. */
  private target(start: boolean): StoreTarget {
    const override = this.d.config().memory.mem0.vectorStore;
    if (override) {
      return { kind: 'remote', url: override.url, apiKey: new ProviderKeys(this.d.secrets).keyForUrl(VECTOR_STORE_KEY_REF, override.url), collection: override.collection ?? MEM0_COLLECTION };
    }
    const up = this.qdrant.running();
    if (up) return { kind: 'qdrant', url: up.url, apiKey: up.apiKey, collection: MEM0_COLLECTION };
    if (start) this.kickQdrant();
    return { kind: 'local', dbPath: this.layout.localVectors, collection: MEM0_COLLECTION };
  }

  private kickQdrant(): void {
    if (this.closed || !this.qdrant.enabled || this.d.config().memory.mem0.vectorStore) return;
    const phase = this.qdrant.status().phase;
    // A failed qdrant stays failed until the app restarts or the backend is switched off and on again.
    if (phase === 'failed' || phase === 'ready' || phase === 'downloading' || phase === 'starting') return;
    this.qdrant.ensureRunning().then(
      () => this.enqueue(() => this.moveLocalIntoQdrant(), 'moving the local mem0 store into qdrant failed'),
      (err) => this.d.log('[mem0] qdrant is unavailable; mem0 uses its local store', err),
    );
  }

  /**
   * What mem0 wrote to its local store while qdrant was down (or before it was installed) moves into
   * qdrant: same ids, vectors and payloads; entities too. Rows leave the local file only once written.
   */
  private async moveLocalIntoQdrant(): Promise<void> {
    const target = this.target(false);
    if (target.kind === 'local') return;
    for (const [file, collection] of [
      [this.layout.localVectors, MEM0_COLLECTION],
      [this.layout.localEntities, `${MEM0_COLLECTION}_entities`],
    ] as const) {
      const points = readLocalStore(file);
      if (!points.length) continue;
      await this.backend.insertPoints(target, collection, points);
      deleteLocalPoints(file, points.map((p) => p.id));
      this.d.log(`[mem0] moved ${points.length} point(s) from the local store into qdrant (${collection})`);
    }
    await this.backend.close();
  }

  // ── Backend switches ────────────────────────────────────────────────────────────────────────

  private onConfig(config: Config): void {
    const sig = signature(config);
    if (sig === this.sig || this.closed) return;
    this.sig = sig;
    const want = mem0On(config);
    // Cached instances hold the old models/store: retire them (each closes once no call uses it).
    void this.backend.close();
    if (!want) {
      if (this.active) {
        this.active = false;
        // Nothing is deleted: qdrant's data and the local store stay on disk for a switch back.
        this.enqueue(() => this.qdrant.stop(), 'stopping qdrant failed');
      }
    } else {
      this.active = true;
      if (config.memory.mem0.vectorStore) this.enqueue(() => this.qdrant.stop(), 'stopping qdrant failed');
      if (this.d.warm) this.warmUp();
    }
    this.emit();
  }

  // ── Status ──────────────────────────────────────────────────────────────────────────────────

  status(): Mem0Status {
    const config = this.d.config();
    const models = mem0Models(config);
    const base = {
      backend: config.memory.backend,
      models: models.label,
      pendingObservations: this.pending,
      lastError: this.lastError,
    };
    const q = this.qdrantStatus();
    if (!mem0On(config)) {
      return { ...base, phase: 'not-needed', message: 'The built-in memory is in use; mem0 is off.', store: null, qdrant: q.phase === 'stopped' ? { ...q, phase: 'not-needed' } : q };
    }
    const target = this.target(false);
    const store = { kind: target.kind, location: describeTarget(target) };
    if (!models.embedder) return { ...base, phase: 'failed', message: models.embedderProblem!, store, qdrant: q };
    if (target.kind === 'remote') {
      return { ...base, phase: 'ready', message: `mem0 stores memories in the configured vector store (${target.url}).`, store, qdrant: { ...q, phase: 'not-needed' } };
    }
    const [phase, message] = this.phaseOf(q);
    return { ...base, phase, message, store, qdrant: q };
  }

  private phaseOf(q: QdrantStatus): [Mem0Phase, string] {
    const local = 'mem0 uses its local SQLite store';
    switch (q.phase) {
      case 'ready':
        return ['ready', `mem0 stores memories in the local qdrant (${q.url}).`];
      case 'downloading': {
        const pct = q.progress?.total ? ` ${Math.floor((100 * q.progress.received) / q.progress.total)}%` : '';
        return ['downloading', `Downloading qdrant ${q.version}${pct}; meanwhile ${local}.`];
      }
      case 'starting':
        return ['starting', `Starting qdrant; meanwhile ${local}.`];
      case 'failed':
        return ['fallback', `qdrant could not run (${q.error ?? 'unknown reason'}); ${local} instead.`];
      case 'stopped':
      case 'not-needed':
        if (!this.qdrant.enabled) return ['fallback', `The managed qdrant is turned off here; ${local}.`];
        return ['fallback', `qdrant is not running in this process; ${local}.`];
    }
  }

  /** The manager's status; when this process runs none, say if another Monad process does. */
  private qdrantStatus(): QdrantStatus {
    const q = this.qdrant.status();
    if (q.phase !== 'stopped') return q;
    const rec = readPidfile(this.qdrant.layout.pidFile);
    if (rec && isAlive(rec.pid) && isOurs(rec.pid, rec)) {
      return { ...q, note: `Running in another Monad process (pid ${rec.pid}, port ${rec.port})`, port: rec.port };
    }
    return q;
  }

  private emit(): void {
    if (this.closed) return;
    this.d.events.emit('mem0.status', this.status());
  }

  // ── The explorer ────────────────────────────────────────────────────────────────────────────

  /**
   * Every readable point, newest first. qdrant is read only when it already runs (or the configured
   * remote store); it is never started just to browse. The local store is always read: it holds what
   * has not moved into qdrant yet.
   */
  /** `inSlices`: a large read that gives the event loop turns while it goes (the explorer's map). */
  private async points(withVectors: boolean, inSlices = false): Promise<{ points: StoredPoint[]; sources: string[]; notes: string[] }> {
    const sources: string[] = [];
    const notes: string[] = [];
    const points: StoredPoint[] = [];
    const target = this.target(false);
    if (target.kind !== 'local') {
      try {
        const client = qdrantClient(await loadQdrantClient(), target.url, target.apiKey);
        points.push(...(await readQdrant(client, target.collection, target.kind, withVectors)));
        sources.push(describeTarget(target));
      } catch (err) {
        notes.push(`Could not read ${describeTarget(target)}: ${(err as Error).message}`);
      }
    } else if (!this.qdrant.enabled) {
      notes.push("The managed qdrant is turned off here; this is mem0's local store.");
    } else {
      notes.push('qdrant is not running, so only the local store is shown (it is never started just to browse).');
    }
    const local = inSlices && withVectors ? await readLocalStoreInSlices(this.layout.localVectors) : readLocalStore(this.layout.localVectors, withVectors);
    for (const p of local) points.push(p);
    sources.push(this.layout.localVectors);
    const seen = new Set<string>();
    const unique = points.filter((p) => !seen.has(p.id) && seen.add(p.id));
    const time = (p: StoredPoint) => String(p.payload.updatedAt ?? p.payload.createdAt ?? '');
    unique.sort((a, b) => time(b).localeCompare(time(a)) || a.id.localeCompare(b.id));
    return { points: unique, sources, notes };
  }

  async entries(opts: { query?: string; agentId?: string; limit?: number } = {}): Promise<Mem0Entries> {
    const { points, sources, notes } = await this.points(false);
    const words = (opts.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (e: Mem0Entry) => {
      if (opts.agentId && e.agentId !== opts.agentId) return false;
      const hay = `${e.text} ${Object.values(e.metadata).join(' ')}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    };
    const all = points.map(toEntry).filter(matches);
    return { entries: all.slice(0, opts.limit ?? MAX_LISTED), total: all.length, sources, notes };
  }

  /**
   * The explorer's map. Identical requests made while one is being drawn share it (five windows asking at
   * once cost one projection); the PCA itself runs on a worker thread (mem0/projection-worker.ts), so the
   * engine keeps answering meanwhile (issue 32 §4).
   */
  projection(opts: { agentId?: string } = {}): Promise<Mem0Projection> {
    const key = opts.agentId ?? '';
    let p = this.projecting.get(key);
    if (!p) {
      p = this.drawProjection(opts).finally(() => this.projecting.delete(key));
      this.projecting.set(key, p);
    }
    return p;
  }

  private async drawProjection(opts: { agentId?: string }): Promise<Mem0Projection> {
    const { points, notes } = await this.points(true, true);
    let usable = points.filter((p) => p.vector && (!opts.agentId || p.payload.agent_id === opts.agentId));
    // A vector with a NaN or an infinity would make every point's position NaN: such rows are left out.
    // Checked a slice at a time, like the read: thousands of 1,536-number rows are seconds of work.
    const finite: StoredPoint[] = [];
    for (let i = 0; i < usable.length; i++) {
      if (usable[i].vector!.every(Number.isFinite)) finite.push(usable[i]);
      if (i % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
    }
    const broken = usable.length - finite.length;
    if (broken) notes.push(`${broken} memor${broken === 1 ? 'y has a vector' : 'ies have vectors'} with broken numbers (NaN or infinite) and ${broken === 1 ? 'is' : 'are'} left out of the map.`);
    usable = finite;
    // Vectors from two embedding models cannot share one map: keep the most common size.
    const sizes = new Map<number, number>();
    for (const p of usable) sizes.set(p.vector!.length, (sizes.get(p.vector!.length) ?? 0) + 1);
    const dimension = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    if (sizes.size > 1) notes.push(`Memories embedded with different models are left out (${usable.length - (sizes.get(dimension) ?? 0)} of ${usable.length}).`);
    usable = usable.filter((p) => p.vector!.length === dimension);
    if (usable.length > MAX_PROJECTED) {
      notes.push(`Showing the ${MAX_PROJECTED} most recent of ${usable.length} memories.`);
      usable = usable.slice(0, MAX_PROJECTED);
    }
    const { data, n, dim } = packRows(usable.map((p) => p.vector!));
    const pca = fromKernel(await this.projections.run(data, n, dim), n);
    return {
      points: usable.map((p, i) => ({ id: p.id, x: pca.coords[i][0], y: pca.coords[i][1], text: String(p.payload.data ?? ''), agentId: typeof p.payload.agent_id === 'string' ? p.payload.agent_id : null })),
      explained: pca.explained,
      dimension,
      notes,
    };
  }

  /** Deletes one memory wherever it is (the local store or qdrant). */
  async delete(id: string): Promise<{ id: string }> {
    const local = readLocalStore(this.layout.localVectors, false).some((p) => p.id === id);
    const target: StoreTarget = local ? { kind: 'local', dbPath: this.layout.localVectors, collection: MEM0_COLLECTION } : this.target(false);
    if (!local && target.kind === 'local') throw new MonadError('NOT_FOUND', `No mem0 memory ${id} in the local store (qdrant is not running)`);
    await new Promise<void>((resolve, reject) => {
      // Through the queue, so a delete never interleaves with an observation writing the same store.
      this.pending++;
      this.queue = this.queue
        .then(() => this.backend.delete(target, id))
        .then(resolve, reject)
        .finally(() => {
          this.pending--;
          this.emit();
        });
    });
    return { id };
  }

  // ── Forgetting, journaled ───────────────────────────────────────────────────────────────────

  /**
   * Deletes one memory and journals it (Memory → History; undo puts the same point back). `groupId`
   * joins a group action ("forget everything about X"), so the whole action is one undo.
   */
  async forget(id: string, by: { actor: JournalActor; source?: JournalSource }, groupId?: string): Promise<{ id: string }> {
    const snapshot = await this.snapshot(id);
    await this.delete(id);
    const append = () =>
      this.d.journal.append({
        layer: 'facts',
        action: 'mem0.forgotten',
        scope: snapshot.agentId ? agentScope(snapshot.agentId) : null,
        item: `mem0:${id}`,
        actor: by.actor,
        source: by.source,
        before: snapshot,
        summary: `Forgot the mem0 memory ${quoteShort(snapshot.text)}`,
      });
    if (groupId) this.d.journal.inGroup(append, groupId);
    else append();
    return { id };
  }

  /** The point as stored, from the local store or the running qdrant. */
  private async snapshot(id: string): Promise<Mem0Snapshot> {
    const fromRaw = (raw: { vector: string; payload: Record<string, unknown> }): Mem0Snapshot => {
      const entry = toEntry({ id, vector: null, payload: normalizePayload(raw.payload), store: 'local' });
      return { id, text: entry.text, agentId: entry.agentId, vector: raw.vector, payload: raw.payload };
    };
    const local = readLocalRaw(this.layout.localVectors, id);
    if (local) return fromRaw(local);
    const target = this.target(false);
    if (target.kind === 'local') throw new MonadError('NOT_FOUND', `No mem0 memory ${id} in the local store (qdrant is not running)`);
    const client = qdrantClient(await loadQdrantClient(), target.url, target.apiKey);
    const [point] = await client.retrieve(target.collection, { ids: [id], with_vector: true, with_payload: true });
    if (!point || !Array.isArray(point.vector) || typeof point.vector[0] !== 'number') throw new MonadError('NOT_FOUND', `No mem0 memory ${id}`);
    return fromRaw({ vector: vectorToBase64(point.vector as number[]), payload: (point.payload ?? {}) as Record<string, unknown> });
  }

  /**
   * The undo of `mem0.forgotten`: journaled now, written through the queue (after any delete still in
   * it) into the store mem0 uses now. mem0's entity links of the memory are not rebuilt; the memory
   * itself (id, text, vector, metadata) is back as it was.
   */
  private restore(entry: JournalEntry): void {
    const snapshot = entry.before as Mem0Snapshot;
    this.d.journal.append({
      layer: 'facts',
      action: 'mem0.restored',
      scope: entry.scope,
      item: entry.item,
      actor: 'person',
      after: { id: snapshot.id, text: snapshot.text },
      summary: `Restored the mem0 memory ${quoteShort(snapshot.text)}`,
    });
    this.enqueue(async () => {
      const target = this.target(false);
      if (target.kind === 'local') {
        mkdirPrivate(this.layout.dir);
        writeLocalRaw(target.dbPath, snapshot);
        return;
      }
      await this.backend.insertPoints(target, target.collection, [
        { id: snapshot.id, vector: vectorFromBase64(snapshot.vector), payload: normalizePayload(snapshot.payload), store: target.kind },
      ]);
    }, 'putting a forgotten mem0 memory back failed');
  }

  // ── Shutdown ────────────────────────────────────────────────────────────────────────────────

  /**
   * Quit, within QUIT_WITHIN_MS: queued observations get QUIT_QUEUE_WAIT_MS to finish, and whatever is
   * not done then stays in the persisted queue for the next start; mem0 is closed and qdrant stopped
   * (SIGTERM; if it has not exited by the deadline, SIGKILL follows on its own).
   */
  async stop(opts: { withinMs?: number; queueWaitMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + (opts.withinMs ?? QUIT_WITHIN_MS);
    await within(this.idle(), opts.queueWaitMs ?? QUIT_QUEUE_WAIT_MS);
    this.stopping = true;
    await this.projections.close();
    if (this.pendingObservations.size) this.d.log(`[mem0] ${this.pendingObservations.size} observation(s) left for the next start`);
    await within(this.backend.close(), Math.max(0, deadline - Date.now() - 500));
    const stopped = await within(this.qdrant.stop(), Math.max(0, deadline - Date.now()));
    if (!stopped) this.qdrant.stopNow();
  }

  /** Synchronous shutdown for Engine.close(): qdrant gets SIGTERM now (SIGKILL later if it lingers). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    void this.projections.close();
    this.qdrant.stopNow();
    void this.backend.close();
  }
}

/** Waits for `p` at most `ms`; true when it settled in time. Never rejects. */
function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(false), ms);
    p.then(
      () => {
        clearTimeout(t);
        resolve(true);
      },
      () => {
        clearTimeout(t);
        resolve(true);
      },
    );
  });
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(message)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (err) => {
        clearTimeout(t);
        reject(err);
      },
    );
  });
}

