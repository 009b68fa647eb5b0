// The receipt of an assistant reply (issue 16 §1–§2): what memory went into the turn and what the turn
// changed in memory. Assembled by the engine during the turn (main/chat/turn-receipt.ts), stored with the
// reply, shown behind the reply's "Memory" button. One schema, used to check a receipt both when it is
// read back from the database and when it arrives in an import (imported receipts are untrusted data).
import { z } from 'zod';
import { turnSettingsSchema } from './chat-settings';

/** Long texts are cut: a receipt shows what an item is, the item itself lives in its layer. */
export const RECEIPT_TEXT_MAX = 2000;
/** Items per read: a `view` of a huge scope still yields a receipt that opens quickly. */
export const RECEIPT_ITEMS_MAX = 5000;

const text = z.string().max(RECEIPT_TEXT_MAX);
const scope = z.string().min(1).max(120);
const factId = z.string().regex(/^[0-9a-f]{12}$/);
/** Ids from other stores (messages, mem0 memories): printable, no spaces; looked up again before use. */
const plainId = z.string().min(1).max(200).regex(/^[\x21-\x7e]+$/);
const rowId = z.number().int().positive();

export const receiptItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fact'), scope, factId, text, score: z.number().optional() }).strict(),
  z.object({ kind: z.literal('message'), sessionId: plainId, messageId: plainId, role: z.enum(['user', 'assistant', 'tool', 'system']), at: z.string().max(40), title: text, text }).strict(),
  z.object({ kind: z.literal('entity'), scope, nodeId: rowId, name: text, type: text, summary: text }).strict(),
  z.object({ kind: z.literal('relation'), scope, edgeId: rowId, text, current: z.boolean() }).strict(),
  z.object({ kind: z.literal('law'), scope: scope.nullable(), lawId: rowId, text }).strict(),
  z.object({ kind: z.literal('mem0'), memoryId: plainId, text, score: z.number().nullable() }).strict(),
]);
export type ReceiptItem = z.infer<typeof receiptItemSchema>;
export type ReceiptItemKind = ReceiptItem['kind'];

/** Where a group of items came from: mem0's recall for the message, or one of the model's read tools. */
export const receiptReadSchema = z
  .object({
    via: z.enum(['mem0-recall', 'memory-view', 'memory-search', 'graph-explore', 'graph-node']),
    /** The query, entity name or scope that was looked up. */
    query: text,
    items: z.array(receiptItemSchema).max(RECEIPT_ITEMS_MAX),
    /** Items found but not kept in the receipt (over RECEIPT_ITEMS_MAX). */
    more: z.number().int().min(0).default(0),
    /** The lookup failed (mem0 unreachable…): the model was told so. */
    failed: z.boolean().default(false),
  })
  .strict();
export type ReceiptRead = z.infer<typeof receiptReadSchema>;

/** Whose words a saved fact is (shared/memory-label.ts), for the line's label; absent on older receipts. */
const changeOrigin = z.enum(['you', 'assistant', 'inferred', 'pasted', 'forwarded', 'imported', 'app', 'consolidated']).optional();
/**
 * With origin 'app': the app's name as the person registered it (its MCP key's label), so the line says
 * "via Claude Desktop" as the Memory tab and the recall block do, not "via an app".
 */
const changeApp = z.string().min(1).max(200).optional();

/**
 * One change the turn made to memory, as the reply's "Memory updated" line shows it. `proposed` is a write
 * held for the person's approval (the Inbox, "Ask me first"); `rejected` a write the sanitizer or the
 * fact check refused, with the reason in words.
 */
export const memoryChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('remembered'), layer: z.enum(['facts', 'mem0']), scope: scope.nullable(), text, factId: factId.nullable(), memoryId: plainId.nullable(), journalId: rowId.nullable(), origin: changeOrigin, app: changeApp }).strict(),
  z.object({ kind: z.literal('updated'), scope, text, before: text.nullable(), factId: factId.nullable(), journalId: rowId.nullable(), origin: changeOrigin, app: changeApp }).strict(),
  z.object({ kind: z.literal('forgotten'), scope, text, factId: factId.nullable(), journalId: rowId.nullable() }).strict(),
  z.object({ kind: z.literal('rejected'), scope: scope.nullable(), text, reason: text }).strict(),
  z.object({ kind: z.literal('proposed'), scope: scope.nullable(), text, proposalId: z.string().max(64).nullable() }).strict(),
]);
export type MemoryChange = z.infer<typeof memoryChangeSchema>;
export type MemoryChangeKind = MemoryChange['kind'];

export const identityUseSchema = z
  .object({
    kind: z.enum(['soul', 'agents', 'user', 'workspace']),
    /** SOUL.md, AGENTS.md, USER.md, Project AGENTS.md. */
    title: z.string().max(60),
    tokens: z.number().int().min(0),
    /** Its bytes still are an import's: it went in as quoted data. */
    imported: z.boolean(),
  })
  .strict();
export type IdentityUse = z.infer<typeof identityUseSchema>;

/** Above the prompt budget for attachments (attachments/attachment-prompt.ts) with room for the headers. */
export const RECEIPT_ATTACHMENT_TEXT_MAX = 40_000;
export const attachmentSentSchema = z
  .object({
    name: z.string().max(255),
    kind: z.enum(['text', 'pdf', 'image']),
    /** whole: all its text; parts: passages chosen by search; image: the image itself; omitted: a model that cannot see images got a note instead. */
    mode: z.enum(['whole', 'parts', 'image', 'omitted']),
    sentChars: z.number().int().min(0),
    totalChars: z.number().int().min(0),
    /** The text inside the quoted block, as the model read it (before escaping). */
    text: z.string().max(RECEIPT_ATTACHMENT_TEXT_MAX),
  })
  .strict();
export type AttachmentSent = z.infer<typeof attachmentSentSchema>;

export const turnReceiptSchema = z
  .object({
    version: z.literal(1),
    /** The session's frozen recall block as it went in; null when the backend does not freeze one (mem0). */
    frozen: z
      .object({
        tokens: z.number().int().min(0),
        /** Facts and rules listed in it. */
        lines: z.number().int().min(0),
        builtAt: z.string().max(40).nullable(),
      })
      .strict()
      .nullable(),
    identity: z.array(identityUseSchema).max(8),
    reads: z.array(receiptReadSchema).max(64),
    changes: z.array(memoryChangeSchema).max(256),
    /** The request's settings and where each came from (issue 29 §2); absent on older receipts. */
    settings: turnSettingsSchema.optional(),
    /** Files sent with the message (issue 29 §1): exactly the text of each that reached the model, and how much that was. */
    attachments: z.array(attachmentSentSchema).max(16).optional(),
    /**
     * Set by the importer, never read from a file: the receipt came from another Monad. Its graph and law
     * ids name rows of that home (so they are not linked) and its lines cannot be undone here.
     */
    imported: z.boolean().optional(),
  })
  .strict();
export type TurnReceipt = z.infer<typeof turnReceiptSchema>;

/** What each reply carries in the message list: the change lines and whether it used memory. The rest is fetched on demand. */
export interface ReplyMemory {
  /** Items that reached the model beyond the frozen block (recalls, tool reads). */
  items: number;
  /** The frozen block held facts or rules, or identity files went in. */
  background: boolean;
  changes: MemoryChange[];
  /** Journal ids of the lines undone since (filled in when the list is read). */
  undone?: number[];
  /** mem0 memories of the lines forgotten since (their undo is a forget). */
  forgottenMemories?: string[];
}

/** A change line with what has happened to it since (undone through its journal entry). */
export type MemoryChangeView = MemoryChange & { undone: boolean };

/**
 * The facts and learned rules of the frozen block a reply saw, matched to memory when the receipt is read
 * (the receipt itself keeps only the block's size: the block's text is stored once, with the session).
 */
export interface ReceiptBlockItems {
  items: ReceiptItem[];
  /** Lines whose fact or rule is no longer in memory in that form (forgotten, reworded, rejected since). */
  gone: string[];
}

/** What `chat.receipt` returns for a reply. */
export interface ReceiptView {
  messageId: string;
  sessionId: string;
  receipt: TurnReceipt;
  changes: MemoryChangeView[];
  /** Null: no frozen block, an imported receipt, or a block replaced before replaced blocks were kept. */
  block: ReceiptBlockItems | null;
}

export function replyMemoryOf(r: TurnReceipt): ReplyMemory {
  return {
    items: r.reads.reduce((n, read) => n + read.items.length + read.more, 0),
    background: (r.frozen?.lines ?? 0) > 0 || r.identity.length > 0,
    changes: r.changes,
  };
}

/** A rough token count (≈ 4 characters a token): the receipt says how big a block was, not what it cost. */
export function roughTokens(s: string): number {
  return Math.ceil(s.length / 4);
}
