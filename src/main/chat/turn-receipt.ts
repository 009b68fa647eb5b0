// The receipt of one turn (issue 16 §1–§2), assembled while the turn runs. The memory layers and the read
// tools report what they put in front of the model through a `ReceiptSink` (turn/receipt-sink.ts, passed
// in the hook and tool contexts), as typed items; the changes the turn made are read from the journal, the
// one history of memory: every fact write attributed to this turn's user message becomes a "Memory
// updated" line with the entry that undoes it. A write that was refused never reaches the journal, so the
// tool reports it.
import type { TurnSettings } from '../../shared/chat-settings';
import type { JournalEntry } from '../../shared/journal';
import type { MemoryOrigin } from '../../shared/memory-label';
import { CLASS_ORIGIN, originClassOf } from '../../shared/origin-class';
import {
  RECEIPT_ITEMS_MAX,
  replyMemoryOf,
  roughTokens,
  memoryChangeSchema,
  receiptItemSchema,
  turnReceiptSchema,
  type AttachmentSent,
  type IdentityUse,
  type MemoryChange,
  type ReceiptItem,
  type ReceiptRead,
  type ReplyMemory,
  type TurnReceipt,
} from '../../shared/receipt';
import { clip, type ReceiptSink } from '../turn/receipt-sink';

export interface JournalFeed {
  onAppend(listener: (e: JournalEntry) => void): () => void;
}

/** Lines of a recall block that carry an item (a fact or a rule): "- …" bullets that are not placeholders. */
function itemLines(block: string): number {
  let n = 0;
  for (const line of block.split('\n')) if (/^\s*-\s+\S/.test(line)) n++;
  return n;
}

export class TurnReceiptBuilder implements ReceiptSink {
  private frozen: TurnReceipt['frozen'] = null;
  private settings: TurnSettings | undefined;
  private readonly identity: IdentityUse[] = [];
  private readonly reads: ReceiptRead[] = [];
  /** Changes in the order they happened: journal entries and reported ones interleaved. */
  private readonly changes: MemoryChange[] = [];
  private sentFiles: AttachmentSent[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    journal: JournalFeed | null,
    private readonly turn: { sessionId: string; userMessageId: string | null },
  ) {
    this.unsubscribe = journal ? journal.onAppend((e) => this.fromJournal(e)) : () => {};
  }

  /** The turn's request settings (per-chat settings, issue 29 §2). */
  requestSettings(settings: TurnSettings): void {
    this.settings = settings;
  }

  frozenBlock(block: string, builtAt: string | null): void {
    this.frozen = { tokens: roughTokens(block), lines: itemLines(block), builtAt };
  }

  identityFile(use: IdentityUse): void {
    if (this.identity.length < 8) this.identity.push(use);
  }

  read(via: ReceiptRead['via'], query: string, items: ReceiptItem[], opts: { failed?: boolean } = {}): void {
    if (this.reads.length >= 64) return;
    // An item the schema would not read back is left out rather than spoiling the whole receipt.
    const valid = items.filter((i) => receiptItemSchema.safeParse(i).success);
    const kept = valid.slice(0, RECEIPT_ITEMS_MAX);
    this.reads.push({ via, query: clip(query), items: kept, more: valid.length - kept.length, failed: opts.failed === true });
  }

  /** What of the message's attachments reached the model (issue 29 §1). */
  attachments(sent: AttachmentSent[]): void {
    this.sentFiles = sent.slice(0, 16);
  }

  change(change: MemoryChange): void {
    if (this.changes.length < 256 && memoryChangeSchema.safeParse(change).success) this.changes.push(change);
  }

  /** A fact write this turn made (attributed to its user message in this session) is one change line. */
  private fromJournal(e: JournalEntry): void {
    if (!this.turn.userMessageId || e.undoes !== null) return;
    if (e.source?.messageId !== this.turn.userMessageId || e.source.sessionId !== this.turn.sessionId) return;
    const change = changeOf(e);
    if (change) this.change(change);
  }

  /** Stops listening and returns the receipt, checked against the schema it will be read back with. */
  finish(): { full: TurnReceipt; summary: ReplyMemory } {
    this.unsubscribe();
    const files = this.sentFiles.length ? { attachments: this.sentFiles } : {};
    const parsed = turnReceiptSchema.safeParse({ version: 1, frozen: this.frozen, identity: this.identity, reads: this.reads, changes: this.changes, ...(this.settings ? { settings: this.settings } : {}), ...files });
    // Every part was checked on the way in; should the whole still not parse, the changes (the part with undo) are kept.
    const full: TurnReceipt = parsed.success ? parsed.data : { version: 1, frozen: null, identity: [], reads: [], changes: this.changes };
    return { full, summary: replyMemoryOf(full) };
  }

  /** Stops listening without producing a receipt (a failed turn keeps none). */
  abandon(): void {
    this.unsubscribe();
  }
}

interface Snap {
  scope?: string;
  id?: string;
  text?: string;
}

function snap(v: unknown): Snap {
  return v && typeof v === 'object' ? (v as Snap) : {};
}

const FACT_ID = /^[0-9a-f]{12}$/;
const factIdOr = (id: string | undefined): string | null => (id && FACT_ID.test(id) ? id : null);

/**
 * Whose words the write was, as the Memory tab will label the fact ("you said it", "the assistant inferred
 * it", "via Claude Desktop": an app is named as the person registered it, the source's detail).
 */
function originOf(e: JournalEntry): { origin?: MemoryOrigin; app?: string } {
  const cls = originClassOf({ actor: e.actor, via: e.source?.via ?? null, event: 'recorded', stated: e.source?.stated });
  if (!cls) return {};
  const app = cls === 'app' ? e.source?.detail?.slice(0, 200) : undefined;
  return app ? { origin: CLASS_ORIGIN[cls], app } : { origin: CLASS_ORIGIN[cls] };
}

/** The change line of a facts journal entry; null for entries that are not a write the turn made. */
export function changeOf(e: JournalEntry): MemoryChange | null {
  if (e.layer !== 'facts' || !e.scope) return null;
  const before = snap(e.before);
  const after = snap(e.after);
  switch (e.action) {
    case 'fact.recorded':
      return { kind: 'remembered', layer: 'facts', scope: e.scope, text: clip(after.text ?? ''), factId: factIdOr(after.id), memoryId: null, journalId: e.id, ...originOf(e) };
    case 'fact.edited':
      return { kind: 'updated', scope: e.scope, text: clip(after.text ?? ''), before: before.text ? clip(before.text) : null, factId: factIdOr(after.id), journalId: e.id, ...originOf(e) };
    case 'fact.forgotten':
      return { kind: 'forgotten', scope: e.scope, text: clip(before.text ?? ''), factId: factIdOr(before.id), journalId: e.id };
    default:
      return null;
  }
}
