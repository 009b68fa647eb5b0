// Message embeddings in db/app.sqlite (app migration 9): one Float32 vector per searchable message,
// tagged with the model that made it. Read side: the nearest messages to a query vector, by cosine,
// over one agent's (or session's) messages — a plain scan, which at the scale of one person's chats
// (tens of thousands of messages) costs a few milliseconds next to the query's own embedding call.
import type { Database, Statement } from 'better-sqlite3';

/** The same rule as the index triggers (message-index.ts): what is searchable. */
const LIVE = `m.deleted_at IS NULL AND m.role IN ('user', 'assistant') AND m.content <> ''`;

export interface PendingMessage {
  seq: number;
  content: string;
}

export function toBlob(v: ArrayLike<number>): Buffer {
  const f = v instanceof Float32Array ? v : Float32Array.from(v);
  return Buffer.from(f.buffer, f.byteOffset, f.byteLength);
}

export function fromBlob(b: Buffer): Float32Array {
  // Copied: a Buffer from SQLite need not be 4-byte aligned, which a Float32Array view requires.
  const out = new Float32Array(b.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = b.readFloatLE(i * 4);
  return out;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export class MessageVectors {
  private readonly pendingStmt: Statement;
  private readonly pendingCountStmt: Statement;
  private readonly saveStmt: Statement;
  private readonly byAgentStmt: Statement;
  private readonly bySessionStmt: Statement;
  private readonly allStmt: Statement;

  constructor(private readonly db: Database) {
    // Oldest first, so an interrupted run resumes where it stopped and the history fills in order.
    // Incognito chats are never sent to an embedding provider (they are left out of memory, too).
    const missing = `FROM messages m JOIN sessions s ON s.id = m.session_id
                     LEFT JOIN message_vectors v ON v.seq = m.seq AND v.model = ?
                     WHERE v.seq IS NULL AND s.incognito = 0 AND ${LIVE}`;
    this.pendingStmt = db.prepare(`SELECT m.seq AS seq, m.content AS content ${missing} AND m.seq > ? ORDER BY m.seq LIMIT ?`);
    this.pendingCountStmt = db.prepare(`SELECT count(*) ${missing}`).pluck();
    this.saveStmt = db.prepare(`INSERT OR REPLACE INTO message_vectors (seq, model, dim, vec) VALUES (?, ?, ?, ?)`);
    const select = `SELECT v.seq, v.vec FROM message_vectors v JOIN messages m ON m.seq = v.seq`;
    this.byAgentStmt = db.prepare(`${select} JOIN sessions s ON s.id = m.session_id WHERE v.model = ? AND v.dim = ? AND s.agent_id = ? AND ${LIVE}`).raw();
    this.bySessionStmt = db.prepare(`${select} WHERE v.model = ? AND v.dim = ? AND m.session_id = ? AND ${LIVE}`).raw();
    this.allStmt = db.prepare(`${select} WHERE v.model = ? AND v.dim = ? AND ${LIVE}`).raw();
  }

  /** Searchable messages after `afterSeq` without a vector from `model`, oldest first. */
  pending(model: string, afterSeq: number, limit: number): PendingMessage[] {
    return this.pendingStmt.all(model, afterSeq, limit) as PendingMessage[];
  }

  pendingCount(model: string): number {
    return this.pendingCountStmt.get(model) as number;
  }

  save(model: string, rows: ReadonlyArray<{ seq: number; vector: ArrayLike<number> }>): void {
    this.db.transaction(() => {
      for (const r of rows) this.saveStmt.run(r.seq, model, r.vector.length, toBlob(r.vector));
    })();
  }

  /**
   * The `limit` messages nearest to `query` (cosine, best first) among the live messages of a session,
   * an agent, or everyone; only vectors of `model` with the query's dimension are compared.
   */
  nearest(model: string, query: Float32Array, scope: { agentId?: string; sessionId?: string }, limit: number): Array<[seq: number, similarity: number]> {
    const rows = (
      scope.sessionId
        ? this.bySessionStmt.all(model, query.length, scope.sessionId)
        : scope.agentId
          ? this.byAgentStmt.all(model, query.length, scope.agentId)
          : this.allStmt.all(model, query.length)
    ) as Array<[number, Buffer]>;
    const scored: Array<[number, number]> = rows.map(([seq, blob]) => [seq, cosine(query, fromBlob(blob))]);
    return scored.sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, limit);
  }
}
