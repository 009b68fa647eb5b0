// Background embedding of messages for hybrid search (issue 20). When an embedding model is configured,
// messages get vectors in batches, oldest first, as they are stored; a run that stops half-way (app
// closed, endpoint down) resumes from whatever is still missing, because "missing" is read from the
// table (message-vectors.ts), never remembered. Choosing another model makes every message missing
// again. With no embedding model nothing runs and nothing goes over the network.
import type { EmbeddingStatus } from '../../shared/search';
import type { MessageVectors } from './message-vectors';

/** A model that turns texts into vectors (the configured "embedding" role; a stub in tests). */
export interface TextEmbedder {
  /** Provider and model: vectors made under different keys are never compared. */
  readonly key: string;
  /** Human name for status lines ("OpenAI (text-embedding-3-small)"). */
  readonly label: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export type { EmbeddingStatus };

export interface MessageEmbedderDeps {
  vectors: MessageVectors;
  /** The configured embedder, or null when there is none (read on every run: settings can change). */
  embedder: () => TextEmbedder | null;
  /** Messages per request: one request per batch keeps the cost of a long history to a few calls. */
  batchSize?: number;
  /** After a failure, new messages do not retry before this long. */
  retryMs?: number;
  now?: () => Date;
  log?: (msg: string, err?: unknown) => void;
}

/** A message is embedded from its first characters: long pastes would exceed a model's input limit. */
export const EMBED_MAX_CHARS = 4000;
export const DEFAULT_BATCH = 64;
export const DEFAULT_RETRY_MS = 60_000;

export class MessageEmbedder {
  private running: Promise<void> | null = null;
  private again = false;
  private failure: { key: string; reason: string; at: Date } | null = null;
  private closed = false;
  private readonly abort = new AbortController();
  /**
   * Everything up to `after` was looked at for model `key` this run: new messages only have higher
   * seqs, so each kick reads from there instead of the whole history. Starts at 0 on each start and
   * each model change (what an earlier run left undone is found then).
   */
  private cursor: { key: string; after: number } | null = null;

  constructor(private readonly d: MessageEmbedderDeps) {}

  status(): EmbeddingStatus {
    const e = this.d.embedder();
    if (!e) return { state: 'off' };
    const pending = this.d.vectors.pendingCount(e.key);
    if (this.failure && this.failure.key === e.key) {
      return { state: 'failing', model: e.label, pending, reason: this.failure.reason, since: this.failure.at.toISOString() };
    }
    return { state: this.running ? 'working' : 'ready', model: e.label, pending };
  }

  /** Something was stored: embed what is missing, soon, in the background. Never throws. */
  kick(): void {
    if (this.closed || !this.d.embedder()) return;
    if (this.failure && this.now().getTime() - this.failure.at.getTime() < (this.d.retryMs ?? DEFAULT_RETRY_MS)) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drainLoop());
  }

  /** Embeds everything missing now (tests, and the CLI); resolves when done or after a failure. */
  async drain(): Promise<EmbeddingStatus> {
    if (this.running) await this.running;
    this.failure = null;
    // A full pass: also what went missing behind the cursor (vectors deleted, a restore).
    this.cursor = null;
    this.running = this.drainLoop();
    await this.running;
    return this.status();
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
  }

  private now(): Date {
    return this.d.now?.() ?? new Date();
  }

  private async drainLoop(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.embedMissing();
      } while (this.again && !this.closed && !this.failure);
    } finally {
      this.running = null;
    }
  }

  private async embedMissing(): Promise<void> {
    const batch = this.d.batchSize ?? DEFAULT_BATCH;
    for (;;) {
      const e = this.d.embedder();
      if (!e || this.closed) return;
      if (this.cursor?.key !== e.key) this.cursor = { key: e.key, after: 0 };
      const todo = this.d.vectors.pending(e.key, this.cursor.after, batch);
      if (!todo.length) return;
      let vectors: number[][];
      try {
        vectors = await e.embed(
          todo.map((m) => m.content.slice(0, EMBED_MAX_CHARS)),
          this.abort.signal,
        );
        if (vectors.length !== todo.length || vectors.some((v) => !v.length || v.length !== vectors[0].length || v.some((x) => !Number.isFinite(x)))) {
          throw new Error(`the embedding model returned ${vectors.length} usable vectors for ${todo.length} messages`);
        }
      } catch (err) {
        if (this.closed) return;
        // Search goes on with words alone; the status says why, and new messages retry later.
        this.failure = { key: e.key, reason: (err as Error).message || String(err), at: this.now() };
        this.d.log?.(`message embeddings: ${e.label} failed`, err);
        return;
      }
      if (this.closed) return;
      this.failure = null;
      this.d.vectors.save(e.key, todo.map((m, i) => ({ seq: m.seq, vector: vectors[i] })));
      this.cursor = { key: e.key, after: todo[todo.length - 1].seq };
    }
  }
}
