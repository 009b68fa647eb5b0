// Memory writes the agent made under "Ask me first" (issue 16 §3): nothing reaches the Markdown file;
// the write waits in memory_proposal (memory migration 11) with the words of the message it came from,
// until the person approves it (perhaps edited; then it is the person's fact, "you said it") or rejects
// it (then the same write is never proposed again: inbox/rejections.ts). The text is sanitised when it
// is proposed, so the Inbox never shows a secret the sanitizer would have kept out of the file.
import type { Database } from 'better-sqlite3';
import type { InboxDecision, PendingWrite } from '../../../shared/inbox';
import type { JournalSource } from '../../../shared/journal';
import { MonadError } from '../../../shared/errors';
import type { FactWriter } from '../facts/fact-writer';
import type { MemoryDir } from '../facts/memory-dir';
import { proposalFingerprint, type InboxRejections } from './rejections';

export type ChatWriteAction = 'record' | 'update' | 'delete';

export interface ChatProposal {
  id: number;
  agentId: string;
  scope: string;
  action: ChatWriteAction;
  text: string;
  targetId: string | null;
  targetText: string | null;
  quote: string | null;
  sessionId: string | null;
  messageId: string | null;
  proposedAt: string;
  status: 'pending' | 'approved' | 'rejected' | 'stale';
  factId: string | null;
  /** The app that proposed it over MCP (its name from MCP's initialize); null: an agent in a chat. */
  client: string | null;
}

export interface NewChatProposal {
  agentId: string;
  scope: string;
  action: ChatWriteAction;
  text: string;
  targetId?: string | null;
  targetText?: string | null;
  quote?: string | null;
  sessionId?: string | null;
  messageId?: string | null;
  client?: string | null;
}

export type ProposeOutcome =
  | { status: 'proposed'; proposal: ChatProposal }
  /** The same write is already waiting: not added twice. */
  | { status: 'pending'; proposal: ChatProposal }
  /** The person said no to this before. */
  | { status: 'declined' }
  /** The sanitizer would not save it (why in words). */
  | { status: 'refused'; reason: string };

interface Row {
  id: number;
  agent_id: string;
  scope: string;
  action: ChatWriteAction;
  text: string;
  target_id: string | null;
  target_text: string | null;
  quote: string | null;
  session_id: string | null;
  message_id: string | null;
  proposed_at: string;
  status: ChatProposal['status'];
  fact_id: string | null;
  client: string | null;
}

const toProposal = (r: Row): ChatProposal => ({
  id: r.id,
  agentId: r.agent_id,
  scope: r.scope,
  action: r.action,
  text: r.text,
  targetId: r.target_id,
  targetText: r.target_text,
  quote: r.quote,
  sessionId: r.session_id,
  messageId: r.message_id,
  proposedAt: r.proposed_at,
  status: r.status,
  factId: r.fact_id,
  client: r.client ?? null,
});

/** The text a rejection of this proposal is remembered by: what it would write, or for a forget, what it would remove. */
const decidedText = (p: Pick<ChatProposal, 'action' | 'text' | 'targetText'>): string => (p.action === 'delete' ? (p.targetText ?? p.text) : p.text);

export class ChatProposals {
  constructor(
    private readonly d: {
      db: Database;
      memory: MemoryDir;
      writer: FactWriter;
      rejections: InboxRejections;
      now: () => Date;
    },
  ) {}

  private listeners = new Set<() => void>();

  /** Called after every change of what is pending (the Inbox badge). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  propose(input: NewChatProposal): ProposeOutcome {
    let text = input.text.trim();
    if (input.action !== 'delete') {
      const preview = this.d.memory.preview(text);
      if (!preview.ok) return { status: 'refused', reason: preview.result.reason ?? 'the text cannot be saved' };
      text = preview.text;
    }
    const p = { action: input.action, text, targetText: input.targetText ?? null };
    if (this.d.rejections.has(input.action, input.scope, decidedText(p))) return { status: 'declined' };
    const fingerprint = proposalFingerprint(input.action, input.scope, decidedText(p));
    const open = this.d.db.prepare(`SELECT * FROM memory_proposal WHERE fingerprint = ? AND status = 'pending'`).get(fingerprint) as Row | undefined;
    if (open) return { status: 'pending', proposal: toProposal(open) };
    const id = Number(
      this.d.db
        .prepare(
          `INSERT INTO memory_proposal (agent_id, scope, action, text, target_id, target_text, quote, session_id, message_id, fingerprint, proposed_at, client)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          input.agentId,
          input.scope,
          input.action,
          text,
          input.targetId ?? null,
          input.targetText ?? null,
          input.quote ?? null,
          input.sessionId ?? null,
          input.messageId ?? null,
          fingerprint,
          this.d.now().toISOString(),
          input.client ?? null,
        )
        .lastInsertRowid,
    );
    this.changed();
    return { status: 'proposed', proposal: this.get(id) };
  }

  get(id: number): ChatProposal {
    const r = this.d.db.prepare(`SELECT * FROM memory_proposal WHERE id = ?`).get(id) as Row | undefined;
    if (!r) throw new MonadError('NOT_FOUND', 'That proposed memory is not in the Inbox');
    return toProposal(r);
  }

  /** Waiting proposals, oldest first. One that would change or forget a fact that is gone is set aside as stale. */
  pending(): ChatProposal[] {
    const rows = this.d.db.prepare(`SELECT * FROM memory_proposal WHERE status = 'pending' ORDER BY id`).all() as Row[];
    const out: ChatProposal[] = [];
    for (const r of rows) {
      const p = toProposal(r);
      if (p.targetId && !this.d.memory.read(p.scope).facts.some((f) => f.id === p.targetId)) this.decide(p.id, 'stale', null);
      else out.push(p);
    }
    return out;
  }

  /** The writes a turn's user message turned into proposals (for the reply's receipt: "Proposed …"). */
  byMessage(messageId: string): PendingWrite[] {
    const rows = this.d.db.prepare(`SELECT * FROM memory_proposal WHERE message_id = ? ORDER BY id`).all(messageId) as Row[];
    return rows.map((r) => ({ proposalId: `chat:${r.id}`, action: r.action, text: r.text, scope: r.scope }));
  }

  /**
   * The person approves: the write is made now, as the person's (their word for it: "you said it"),
   * attributed to the chat message it came from. `text` replaces the proposed text (edit, then approve).
   * An app's proposal (MCP) is written as that app's, "via <app> (MCP)" in the fact's source and the
   * history, exactly as its write would have been without the Inbox; the person's approval makes the
   * words theirs for recall.
   */
  async approve(id: number, by: { via: JournalSource['via'] }, text?: string): Promise<InboxDecision> {
    const p = this.pendingOne(id);
    const ref = `chat:${id}`;
    const source: JournalSource = p.client ? { via: 'mcp', detail: p.client } : { via: by.via, detail: 'approved in the Inbox' };
    if (p.sessionId) source.sessionId = p.sessionId;
    if (p.messageId) source.messageId = p.messageId;
    const actor = p.client ? ('mcp' as const) : ('person' as const);
    if (p.action === 'delete') {
      const gone = this.d.writer.forget(p.scope, p.targetId!, { actor, source });
      this.decide(id, 'approved', gone.id);
      return { id: ref, outcome: 'approved', message: `Forgot “${gone.text}”.`, fact: null };
    }
    const wanted = text?.trim() ? text.trim() : p.text;
    // An app's proposal the person rewrote before approving is in the person's words: theirs, noting whose proposal it was.
    const rewritten = p.client !== null && wanted !== p.text;
    const attribution = rewritten
      ? { actor: 'person' as const, source: { via: by.via, detail: `edited from ${p.client}'s proposal in the Inbox` }, origin: 'person' as const, agentId: p.agentId }
      : { actor, source, origin: 'person' as const, agentId: p.agentId };
    const { result } =
      p.action === 'update' && p.targetId ? await this.d.writer.update(p.scope, p.targetId, wanted, attribution) : await this.d.writer.record(p.scope, wanted, attribution);
    if (!result.fact || result.status === 'rejected' || result.status === 'refused') {
      // Still waiting: the person can edit the text and approve again, or reject it.
      return { id: ref, outcome: 'failed', message: `Not saved: ${result.reason ?? 'the text cannot be saved'}`, fact: null };
    }
    this.decide(id, 'approved', result.fact.id);
    const verb = result.status === 'duplicate' ? 'Already remembered' : result.status === 'updated' ? 'Changed to' : 'Remembered';
    return { id: ref, outcome: 'approved', message: `${verb} “${result.fact.text}”.`, fact: { id: result.fact.id, scope: p.scope, text: result.fact.text } };
  }

  /** The person says no: nothing is written, and the same write is never proposed again. */
  reject(id: number): InboxDecision {
    const p = this.pendingOne(id);
    this.d.rejections.remember(p.action, p.scope, decidedText(p));
    this.decide(id, 'rejected', null);
    return { id: `chat:${id}`, outcome: 'rejected', message: `Will not ${p.action === 'delete' ? 'forget' : 'remember'} “${decidedText(p)}”.`, fact: null };
  }

  private pendingOne(id: number): ChatProposal {
    const p = this.get(id);
    if (p.status !== 'pending') throw new MonadError('CONFLICT', `That proposed memory was already ${p.status === 'stale' ? 'set aside (the fact it was about is gone)' : p.status}`);
    if (p.targetId && !this.d.memory.read(p.scope).facts.some((f) => f.id === p.targetId)) {
      this.decide(id, 'stale', null);
      throw new MonadError('CONFLICT', 'The fact this proposal was about is gone; it was set aside');
    }
    return p;
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private decide(id: number, status: 'approved' | 'rejected' | 'stale', factId: string | null): void {
    this.d.db.prepare(`UPDATE memory_proposal SET status = ?, decided_at = ?, fact_id = ? WHERE id = ?`).run(status, this.d.now().toISOString(), factId, id);
    this.changed();
  }
}
