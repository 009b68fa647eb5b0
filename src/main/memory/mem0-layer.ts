// mem0 wiring (issue 8). When `memory.backend` is "mem0":
//   BeforeTurn  → search mem0 with the user's text and inject what it finds (query-dependent, never
//                 frozen) together with the L3 learned rules;
//   AfterTurn   → observe the turn in the background (mem0 extracts memories from user + assistant
//                 text); incognito sessions are never observed.
// Vectors live in the managed qdrant when it runs, in `memory.mem0.vectorStore` when that is set, and
// otherwise in mem0's local SQLite store (the fallback, reported as such). What the local store holds
// moves into qdrant once qdrant is up. Switching backends is hot and deletes nothing in either store.
import type { Config } from '../../shared/config';
import type { AppStatus, Mem0Entries, Mem0Projection, Mem0Status } from '../../shared/domain';
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
import { loadMem0 } from './mem0/loader';
import { mem0Models } from './mem0/models';
import { Mem0Explorer } from './mem0/explorer';
import { readSnapshot, type Mem0Snapshot } from './mem0/snapshot';
import { phaseOf, qdrantStatusOf } from './mem0/status-phase';
import { within, withTimeout } from './mem0/bounded-wait';
import { renderMem0Block } from './mem0/render';
import type { MemoryJournal } from './journal/journal';
import { deleteLocalPoints, normalizePayload, readLocalStore, vectorFromBase64, writeLocalRaw } from './mem0/stores';
import { agentScope } from './scope';
import { mkdirPrivate } from '../fs/private-mode';
import { quoteShort } from './journal/summary';
import { QdrantManager, type QdrantOptions } from './qdrant/manager';
import { PendingObservations, type PendingObservation } from './mem0/pending-queue';
import { join } from 'node:path';

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
// Kept exported from the layer, where they were declared before the explorer and the snapshot moved out.
export { MAX_LISTED, MAX_PROJECTED } from './mem0/explorer';
export type { Mem0Snapshot } from './mem0/snapshot';

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
  /** The explorer: lists, searches and maps what mem0 holds, without starting qdrant. */
  private readonly explorer: Mem0Explorer;
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
    this.explorer = new Mem0Explorer({ layout: this.layout, target: () => this.target(false), qdrantEnabled: () => this.qdrant.enabled });
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
    const q = qdrantStatusOf(this.qdrant);
    if (!mem0On(config)) {
      return { ...base, phase: 'not-needed', message: 'The built-in memory is in use; mem0 is off.', store: null, qdrant: q.phase === 'stopped' ? { ...q, phase: 'not-needed' } : q };
    }
    const target = this.target(false);
    const store = { kind: target.kind, location: describeTarget(target) };
    if (!models.embedder) return { ...base, phase: 'failed', message: models.embedderProblem!, store, qdrant: q };
    if (target.kind === 'remote') {
      return { ...base, phase: 'ready', message: `mem0 stores memories in the configured vector store (${target.url}).`, store, qdrant: { ...q, phase: 'not-needed' } };
    }
    const [phase, message] = phaseOf(q, this.qdrant.enabled);
    return { ...base, phase, message, store, qdrant: q };
  }

  private emit(): void {
    if (this.closed) return;
    this.d.events.emit('mem0.status', this.status());
  }

  // ── The explorer ────────────────────────────────────────────────────────────────────────────

  /** Every memory mem0 holds (qdrant only when it already runs), filtered by words and agent (mem0/explorer.ts). */
  entries(opts: { query?: string; agentId?: string; limit?: number } = {}): Promise<Mem0Entries> {
    return this.explorer.entries(opts);
  }

  /** The explorer's map, drawn on a worker thread; identical requests share one (mem0/explorer.ts). */
  projection(opts: { agentId?: string } = {}): Promise<Mem0Projection> {
    return this.explorer.projection(opts);
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
    const snapshot = await readSnapshot(id, this.layout, () => this.target(false));
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
    await this.explorer.close();
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
    void this.explorer.close();
    this.qdrant.stopNow();
    void this.backend.close();
  }
}
