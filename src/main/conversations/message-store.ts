// Messages in db/app.sqlite, below chat and memory (both read them). A chat is read in its order key
// (sort_at, sort_tie, id: the same on every device, src/shared/message-order.ts), never in `seq`, the order
// rows arrived in here, which stays their search-index rowid and consolidation's watermark. Paged
// newest-first by an opaque cursor (a row's seq, standing for that row's place).
import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import type { Message, MessageOrigin, Page, Role, TokenUsage, ToolCall, WrittenBy } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { statement } from '../db/statements';
import { canonicalTime } from '../../shared/message-order';
import { resolvedDays } from '../search/message-dates';
import { attachmentRefsOf, linkAttachments } from '../attachments/attachment-store';
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
  edit_root: string | null;
  inactive: number;
  model_provider: string | null;
  model_id: string | null;
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
  /** An edited version of a user message: the id of that message's first version. */
  editRoot?: string | null;
  /** Replies only: the model that wrote it (issue 29 §2). */
  writtenBy?: WrittenBy | null;
  /** User messages: files stored by `attachments.add`, linked in the message's own transaction (issue 29 §1). */
  attachments?: readonly { id: string; name: string }[];
  /**
   * The message's place in its chat, as another device gave it (sync). Absent for a message written here:
   * it goes after everything the chat holds, tied by its own seq (the trigger of app migration 14).
   */
  order?: { at: string; tie: number };
}

/** A chat in order: every reader of a chat's messages in sequence sorts by this (index messages_in_order). */
const IN_ORDER = 'sort_at, sort_tie, id';
const IN_ORDER_DESC = 'sort_at DESC, sort_tie DESC, id DESC';
/** This row's place is before (<), or at or after (>=), the place of the row given by its id or seq. */
const placed = (op: '<' | '>=', by: 'id' | 'seq'): string => `(sort_at, sort_tie, id) ${op} (SELECT sort_at, sort_tie, id FROM messages WHERE ${by} = ?)`;

export const DEFAULT_PAGE_SIZE = 100;

export class MessageStore {
  private readonly appendListeners = new Set<(m: Message) => void>();
  private readonly restoreListeners = new Set<(sessionId: string, fromSeq: number) => void>();
  private readonly setAsideListeners = new Set<(sessionId: string) => void>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // Compiled once: preparing an INSERT into messages compiles its triggers too (the place, the search index),
  // which a sync pulling 10,000 messages paid 10,000 times (docs/sync.md, Figures).
  private insertStmt: Statement | null = null;
  private get insert(): Statement {
    return (this.insertStmt ??= this.db.prepare(
      `INSERT INTO messages (id, session_id, role, content, tool_calls, tool_call_id, usage_input, usage_output, error, created_at, origin, receipt, receipt_summary, edit_root, model_provider, model_id, sort_at, sort_tie)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ));
  }

  append(m: NewMessage): Message {
    const id = m.id ?? randomUUID();
    const at = m.createdAt ?? this.now().toISOString();
    // Resolved before the write (chrono is the slow part); stored with the message in one transaction.
    const days = m.role === 'user' || m.role === 'assistant' ? resolvedDays(m.content, at) : [];
    this.db.transaction(() => {
      // '' lets the trigger place it after everything the chat holds; a place from another device is kept.
      const sortAt = m.order ? (canonicalTime(m.order.at) ?? canonicalTime(at) ?? '') : '';
      const res = this.insert.run(
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
          m.editRoot ?? null,
          m.role === 'assistant' && m.writtenBy ? m.writtenBy.provider : null,
          m.role === 'assistant' && m.writtenBy ? m.writtenBy.model : null,
          sortAt,
          // The tie the other device gave (a message written here gets its own seq from the trigger).
          m.order ? m.order.tie : 0,
        );
      if (m.attachments?.length) linkAttachments(this.db, id, m.attachments);
      // The days the message talks about, for search (search/message-dates.ts).
      if (days.length) {
        const ins = this.db.prepare(`INSERT OR IGNORE INTO message_dates (seq, day) VALUES (?, ?)`);
        for (const day of days) ins.run(Number(res.lastInsertRowid), day);
      }
    })();
    const saved = this.get(id);
    for (const fn of this.appendListeners) fn(saved);
    return saved;
  }

  /** Called after each message is stored (search embeds new messages in the background). */
  onAppend(fn: (m: Message) => void): () => void {
    this.appendListeners.add(fn);
    return () => this.appendListeners.delete(fn);
  }

  get(id: string): Message {
    const row = statement(this.db, `SELECT * FROM messages WHERE id = ? AND deleted_at IS NULL`).get(id) as MessageRow | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No message with id ${id}`);
    return withAttachments(this.db, [toMessage(row)])[0];
  }

  /**
   * The active path (branches set aside by an edit are left out), newest page first; items within a page
   * are in chronological order. User messages with more than one version carry `branch`.
   */
  list(sessionId: string, opts: { before?: string; limit?: number } = {}): Page<Message> {
    const limit = opts.limit ?? DEFAULT_PAGE_SIZE;
    const where = `session_id = ? AND deleted_at IS NULL AND inactive = 0`;
    const rows = (
      opts.before === undefined
        ? this.db.prepare(`SELECT * FROM messages WHERE ${where} ORDER BY ${IN_ORDER_DESC} LIMIT ?`).all(sessionId, limit + 1)
        : this.db.prepare(`SELECT * FROM messages WHERE ${where} AND ${placed('<', 'seq')} ORDER BY ${IN_ORDER_DESC} LIMIT ?`).all(sessionId, decodeCursor(opts.before), limit + 1)
    ) as MessageRow[];
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit).reverse();
    const versions = this.versionsOf(sessionId);
    const items = page.map((r) => {
      const m = toMessage(r);
      const ids = r.role === 'user' ? versions.get(r.edit_root ?? r.id) : undefined;
      return ids ? { ...m, branch: { index: ids.indexOf(r.id), ids } } : m;
    });
    return { items: withAttachments(this.db, items), nextCursor: hasMore && page.length ? encodeCursor(page[0].seq) : null };
  }

  /** Every edited user message of a session: first version id → all live versions, oldest first. */
  private versionsOf(sessionId: string): Map<string, string[]> {
    const rows = this.db
      .prepare(`SELECT id, edit_root FROM messages WHERE session_id = ? AND edit_root IS NOT NULL AND deleted_at IS NULL ORDER BY ${IN_ORDER}`)
      .all(sessionId) as { id: string; edit_root: string }[];
    const out = new Map<string, string[]>();
    for (const r of rows) {
      const ids = out.get(r.edit_root) ?? [r.edit_root];
      ids.push(r.id);
      out.set(r.edit_root, ids);
    }
    return out;
  }

  /**
   * Sets a message and everything after it on the active path aside under a fresh number, which the
   * message keeps: `restore` brings exactly that set back. Returns the number.
   */
  setAside(sessionId: string, fromSeqOf: string): number {
    this.seqOf(sessionId, fromSeqOf); // it must be a message of this chat
    const mark = ((this.db.prepare(`SELECT max(inactive) FROM messages WHERE session_id = ?`).pluck().get(sessionId) as number | null) ?? 0) + 1;
    this.db.prepare(`UPDATE messages SET inactive = ? WHERE session_id = ? AND inactive = 0 AND ${placed('>=', 'id')}`).run(mark, sessionId, fromSeqOf);
    for (const fn of this.setAsideListeners) fn(sessionId);
    return mark;
  }

  /** Called after a branch was set aside: what was learned only from it leaves the graph (issue 27 §4). */
  onSetAside(fn: (sessionId: string) => void): () => void {
    this.setAsideListeners.add(fn);
    return () => this.setAsideListeners.delete(fn);
  }

  /** Chats holding a branch set aside by edit-and-resend. */
  sessionsWithBranchesSetAside(): string[] {
    return this.db.prepare(`SELECT DISTINCT session_id FROM messages WHERE inactive <> 0 AND deleted_at IS NULL`).pluck().all() as string[];
  }

  /** Which of these ids are live messages on the path shown (not deleted, not on a set-aside branch). */
  activeIds(ids: string[]): Set<string> {
    const out = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const batch = ids.slice(i, i + 500);
      const rows = this.db
        .prepare(`SELECT id FROM messages WHERE deleted_at IS NULL AND inactive = 0 AND id IN (${batch.map(() => '?').join(',')})`)
        .pluck()
        .all(...batch) as string[];
      for (const id of rows) out.add(id);
    }
    return out;
  }

  /** Brings back the messages set aside together with this one (see setAside). */
  restore(sessionId: string, messageId: string): void {
    const row = this.db.prepare(`SELECT inactive FROM messages WHERE id = ? AND session_id = ?`).get(messageId, sessionId) as { inactive: number } | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No message with id ${messageId}`);
    if (row.inactive === 0) return;
    const from = this.db.prepare(`SELECT min(seq) FROM messages WHERE session_id = ? AND inactive = ?`).pluck().get(sessionId, row.inactive) as number;
    this.db.prepare(`UPDATE messages SET inactive = 0 WHERE session_id = ? AND inactive = ?`).run(sessionId, row.inactive);
    for (const fn of this.restoreListeners) fn(sessionId, from);
  }

  /**
   * Puts messages of a chat on or off the path shown with the set-aside numbers another device gave them
   * (sync, issue 30 §2), and tells the same listeners a local switch tells: those set aside leave what was
   * learned only from them, those brought back are read again from the first of them.
   */
  applyMarks(sessionId: string, marks: readonly { id: string; inactive: number }[]): void {
    const get = this.db.prepare(`SELECT seq, inactive FROM messages WHERE id = ? AND session_id = ?`);
    const set = this.db.prepare(`UPDATE messages SET inactive = ? WHERE id = ? AND session_id = ?`);
    let asideSome = false;
    let backFrom: number | null = null;
    this.db.transaction(() => {
      for (const m of marks) {
        const row = get.get(m.id, sessionId) as { seq: number; inactive: number } | undefined;
        if (!row || row.inactive === m.inactive) continue;
        set.run(m.inactive, m.id, sessionId);
        if (row.inactive === 0) asideSome = true;
        else if (m.inactive === 0) backFrom = Math.min(backFrom ?? row.seq, row.seq);
      }
    })();
    if (asideSome) for (const fn of this.setAsideListeners) fn(sessionId);
    if (backFrom !== null) for (const fn of this.restoreListeners) fn(sessionId, backFrom);
  }

  /**
   * Called with the first sequence number of a branch brought back: consolidation skipped it while it was
   * set aside, and reads it again from there (issue 27 §4).
   */
  onRestore(fn: (sessionId: string, fromSeq: number) => void): () => void {
    this.restoreListeners.add(fn);
    return () => this.restoreListeners.delete(fn);
  }

  /** A user message's first version and whether it is on the active path. */
  versionInfo(messageId: string): { sessionId: string; role: Role; root: string; active: boolean } {
    const row = this.db.prepare(`SELECT session_id, role, edit_root, inactive FROM messages WHERE id = ? AND deleted_at IS NULL`).get(messageId) as
      | { session_id: string; role: Role; edit_root: string | null; inactive: number }
      | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No message with id ${messageId}`);
    return { sessionId: row.session_id, role: row.role, root: row.edit_root ?? messageId, active: row.inactive === 0 };
  }

  /** The versions of an edited message (first version first), live ones only. */
  versions(sessionId: string, root: string): string[] {
    return this.versionsOf(sessionId).get(root) ?? [root];
  }

  private seqOf(sessionId: string, id: string): number {
    const seq = this.db.prepare(`SELECT seq FROM messages WHERE id = ? AND session_id = ?`).pluck().get(id, sessionId) as number | undefined;
    if (seq === undefined) throw new MonadError('NOT_FOUND', `No message with id ${id}`);
    return seq;
  }

  /**
   * Live messages after a sequence watermark, in the order they arrived here (a watermark must never skip
   * a message that arrives later with an earlier place), with their sequence numbers. `active` is false for
   * a message on a branch set aside by edit-and-resend (consolidation does not read those). A chat in the
   * order it is shown is `inOrder`.
   */
  since(sessionId: string, afterSeq: number, limit = 5000): { seq: number; message: Message; active: boolean }[] {
    const rows = this.db
      .prepare(`SELECT * FROM messages WHERE session_id = ? AND seq > ? AND deleted_at IS NULL ORDER BY seq LIMIT ?`)
      .all(sessionId, afterSeq, limit) as MessageRow[];
    return rows.map((r) => ({ seq: r.seq, message: toMessage(r), active: r.inactive === 0 }));
  }

  /**
   * Every live message of a chat in its order (the one every device shows), with its order key and whether
   * it is on the path shown: what export and sync read.
   */
  inOrder(sessionId: string): { message: Message; active: boolean; order: { at: string; tie: number } }[] {
    const rows = this.db.prepare(`SELECT * FROM messages WHERE session_id = ? AND deleted_at IS NULL ORDER BY ${IN_ORDER}`).all(sessionId) as (MessageRow & { sort_at: string; sort_tie: number })[];
    return rows.map((r) => ({ message: toMessage(r), active: r.inactive === 0, order: { at: r.sort_at, tie: r.sort_tie } }));
  }

  /**
   * Moves messages of a chat to the places another device's records give them (sync, issue 30 §6): only
   * their order key changes, never their seq, so the search index is untouched.
   */
  setOrder(sessionId: string, places: readonly { id: string; at: string; tie: number }[]): void {
    const set = this.db.prepare(`UPDATE messages SET sort_at = ?, sort_tie = ? WHERE id = ? AND session_id = ?`);
    this.db.transaction(() => {
      for (const p of places) {
        const at = canonicalTime(p.at);
        if (at !== null && Number.isSafeInteger(p.tie)) set.run(at, p.tie, p.id, sessionId);
      }
    })();
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
    return this.db.prepare(`SELECT id FROM messages WHERE session_id = ? ORDER BY ${IN_ORDER}`).pluck().all(sessionId) as string[];
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

/** User messages carry their attachments' chips (issue 29 §1): one query per page, none without any. */
function withAttachments(db: Database, messages: Message[]): Message[] {
  const ids = messages.filter((m) => m.role === 'user').map((m) => m.id);
  if (!ids.length) return messages;
  const refs = attachmentRefsOf(db, ids);
  return refs.size ? messages.map((m) => (refs.has(m.id) ? { ...m, attachments: refs.get(m.id) } : m)) : messages;
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
    writtenBy: r.model_provider !== null && r.model_id !== null ? { provider: r.model_provider, model: r.model_id } : null,
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
