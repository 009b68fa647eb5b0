// Messages in db/app.sqlite. Paged newest-first by an opaque cursor (the row's insertion sequence).
import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Message, MessageOrigin, Page, Role, TokenUsage, ToolCall } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { resolvedDays } from '../search/message-dates';
import { replyMemoryOf, turnReceiptSchema, type MemoryChange, type ReplyMemory, type TurnReceipt } from '../../shared/receipt';

interface MessageRow {
  seq: number;
  id: string;
  session_id: string;
  role: Role;
  content: string;
  tool_calls: string | null;
  tool_call_id: string | null;
  usage_input: number | null;
  usage_output: number | null;
  error: string | null;
  created_at: string;
  origin: MessageOrigin | null;
  receipt_summary: string | null;
}

export interface NewMessage {
  id?: string;
  sessionId: string;
  role: Role;
  content: string;
  toolCalls?: ToolCall[] | null;
  toolCallId?: string | null;
  usage?: TokenUsage | null;
  error?: string | null;
  createdAt?: string;
  /** User messages only: how the text was entered. */
  origin?: MessageOrigin | null;
  /** The reply that ends a turn: its receipt (issue 16), with the summary the message list carries. */
  receipt?: { full: TurnReceipt; summary: ReplyMemory } | null;
}

export const DEFAULT_PAGE_SIZE = 100;

export class MessageStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  append(m: NewMessage): Message {
    const id = m.id ?? randomUUID();
    const at = m.createdAt ?? this.now().toISOString();
    // Resolved before the write (chrono is the slow part); stored with the message in one transaction.
    const days = m.role === 'user' || m.role === 'assistant' ? resolvedDays(m.content, at) : [];
    this.db.transaction(() => {
      const res = this.db
        .prepare(
          `INSERT INTO messages (id, session_id, role, content, tool_calls, tool_call_id, usage_input, usage_output, error, created_at, origin, receipt, receipt_summary)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          m.sessionId,
          m.role,
          m.content,
          m.toolCalls ? JSON.stringify(m.toolCalls) : null,
          m.toolCallId ?? null,
          m.usage?.input ?? null,
          m.usage?.output ?? null,
          m.error ?? null,
          at,
          m.role === 'user' ? (m.origin ?? null) : null,
          m.role === 'assistant' && m.receipt ? JSON.stringify(m.receipt.full) : null,
          m.role === 'assistant' && m.receipt ? JSON.stringify(m.receipt.summary) : null,
        );
      // The days the message talks about, for search (search/message-dates.ts).
      if (days.length) {
        const ins = this.db.prepare(`INSERT OR IGNORE INTO message_dates (seq, day) VALUES (?, ?)`);
        for (const day of days) ins.run(Number(res.lastInsertRowid), day);
      }
    })();
    return this.get(id);
  }

  get(id: string): Message {
    const row = this.db.prepare(`SELECT * FROM messages WHERE id = ? AND deleted_at IS NULL`).get(id) as MessageRow | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No message with id ${id}`);
    return toMessage(row);
  }

  /** Newest page first; items within a page are in chronological order. */
  list(sessionId: string, opts: { before?: string; limit?: number } = {}): Page<Message> {
    const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
    const before = opts.before === undefined ? Number.MAX_SAFE_INTEGER : decodeCursor(opts.before);
    const rows = this.db
      .prepare(
        `SELECT * FROM messages WHERE session_id = ? AND deleted_at IS NULL AND seq < ?
         ORDER BY seq DESC LIMIT ?`,
      )
      .all(sessionId, before, limit + 1) as MessageRow[];
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit).reverse();
    return { items: page.map(toMessage), nextCursor: hasMore && page.length ? encodeCursor(page[0].seq) : null };
  }

  /** Live messages after a sequence watermark, oldest first, with their sequence numbers. */
  since(sessionId: string, afterSeq: number, limit = 5000): { seq: number; message: Message }[] {
    const rows = this.db
      .prepare(`SELECT * FROM messages WHERE session_id = ? AND seq > ? AND deleted_at IS NULL ORDER BY seq LIMIT ?`)
      .all(sessionId, afterSeq, limit) as MessageRow[];
    return rows.map((r) => ({ seq: r.seq, message: toMessage(r) }));
  }

  /** Which of these ids still exist and are not soft-deleted. */
  liveIds(ids: string[]): Set<string> {
    const live = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT id FROM messages WHERE deleted_at IS NULL AND id IN (${batch.map(() => '?').join(',')})`)
        .pluck()
        .all(...batch) as string[];
      for (const id of rows) live.add(id);
    }
    return live;
  }

  /** Messages by id (live ones only), for provenance views. */
  byIds(ids: string[]): Message[] {
    const out: Message[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT * FROM messages WHERE deleted_at IS NULL AND id IN (${batch.map(() => '?').join(',')}) ORDER BY seq`)
        .all(...batch) as MessageRow[];
      out.push(...rows.map(toMessage));
    }
    return out;
  }

  /** Every message id of a session, hidden (soft-deleted) ones too: what "rests only on this chat" is checked against. */
  idsOf(sessionId: string): string[] {
    return this.db.prepare(`SELECT id FROM messages WHERE session_id = ? ORDER BY seq`).pluck().all(sessionId) as string[];
  }

  /**
   * A reply's receipt, checked against the schema on the way out: a row edited by hand or brought by an
   * older import that does not parse is reported as missing rather than shown half-read.
   */
  receiptOf(id: string): { message: Message; receipt: TurnReceipt | null } {
    const row = this.db.prepare(`SELECT * FROM messages WHERE id = ? AND deleted_at IS NULL`).get(id) as (MessageRow & { receipt: string | null }) | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No message with id ${id}`);
    return { message: toMessage(row), receipt: parseReceipt(row.receipt) };
  }

  /** Adds change lines to a stored reply's receipt (changes made after the turn); null when it has none or is gone. */
  addReceiptChanges(id: string, changes: MemoryChange[]): Message | null {
    return this.db.transaction(() => {
      const row = this.db.prepare(`SELECT receipt FROM messages WHERE id = ? AND deleted_at IS NULL`).get(id) as { receipt: string | null } | undefined;
      const receipt = parseReceipt(row?.receipt ?? null);
      if (!receipt) return null;
      const next = turnReceiptSchema.parse({ ...receipt, changes: [...receipt.changes, ...changes].slice(0, 256) });
      this.db.prepare(`UPDATE messages SET receipt = ?, receipt_summary = ? WHERE id = ?`).run(JSON.stringify(next), JSON.stringify(replyMemoryOf(next)), id);
      return this.get(id);
    })();
  }

  softDelete(ids: string[]): number {
    const at = this.now().toISOString();
    const stmt = this.db.prepare(`UPDATE messages SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL`);
    return this.db.transaction(() => ids.reduce((n, id) => n + stmt.run(at, id).changes, 0))();
  }
}

function encodeCursor(seq: number): string {
  return `m${seq}`;
}

function decodeCursor(cursor: string): number {
  const m = /^m(\d{1,15})$/.exec(cursor);
  if (!m) throw new MonadError('BAD_INPUT', 'Invalid page cursor');
  return Number(m[1]);
}

function toMessage(r: MessageRow): Message {
  return {
    id: r.id,
    sessionId: r.session_id,
    role: r.role,
    content: r.content,
    toolCalls: r.tool_calls ? (JSON.parse(r.tool_calls) as ToolCall[]) : null,
    toolCallId: r.tool_call_id,
    usage: r.usage_input === null ? null : { input: r.usage_input, output: r.usage_output ?? 0 },
    error: r.error,
    createdAt: r.created_at,
    origin: r.origin ?? null,
    memory: r.receipt_summary ? parseSummary(r.receipt_summary) : null,
  };
}

export function parseReceipt(json: string | null): TurnReceipt | null {
  if (!json) return null;
  try {
    const r = turnReceiptSchema.safeParse(JSON.parse(json));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** The summary is written by the engine next to the receipt; a column that does not read back is dropped. */
function parseSummary(json: string): ReplyMemory | null {
  try {
    const v = JSON.parse(json) as ReplyMemory;
    return typeof v?.items === 'number' && Array.isArray(v.changes) ? v : null;
  } catch {
    return null;
  }
}
