// The chats of each format an import reads (issue 28 §3: the import's parsing and validation, apart from
// its apply step in import.ts): a Monad transcript's, a Monad export's and a ChatGPT conversations.json's,
// each validated with its schema (formats.ts), every text through the sanitizer (import-clean.ts), oversize
// messages refused and reported. What comes out is handed to `write`, which puts it in the database.
import { createHash } from 'node:crypto';
import { chatSettingsSchema, type ChatSettings } from '../../shared/chat-settings';
import type { ImportReport, WrittenBy } from '../../shared/domain';
import { turnReceiptSchema, type TurnReceipt } from '../../shared/receipt';
import { archiveSessionSchema, chatgptConversationSchema, transcriptSessionSchema, type ArchiveMessage, type ChatGptConversation } from './formats';
import { charSize, printable, type ImportCleaner } from './import-clean';
import { OversizeString, type JsonPath } from './json-stream';
import { MAX_MESSAGE_CHARS } from './limits';
import { formatPath, validate } from './positions';

export type Format = ImportReport['format'];

/** The optional columns of an archive message, present (null or 0 when the file left them out). */
type Settled<K extends keyof ArchiveMessage> = { [P in K]-?: Exclude<ArchiveMessage[P], undefined> };

/**
 * A message of any format after cleaning, in the shape of an export's message (formats.ts, the schema
 * that validates the file): its text a kept string (never an OversizeString), the tool and usage columns
 * settled to null, and the receipt checked, marked imported, journal ids dropped (see importedReceipt).
 * Origin (typed, pasted, forwarded) and branches (editRoot, inactive: 0 on the active path) come from v2 exports only.
 */
export type MessageIn = Pick<ArchiveMessage, 'id' | 'role' | 'createdAt'> &
  Settled<'toolCalls' | 'toolCallId' | 'usage' | 'error'> &
  Partial<Settled<'origin' | 'editRoot' | 'inactive' | 'attachments'>> & { content: string; receipt?: TurnReceipt | null; writtenBy?: WrittenBy | null };

export interface SessionIn {
  id: string;
  agentId: string;
  title: string;
  projectKey: string | null;
  incognito: boolean;
  createdAt: string;
  updatedAt: string;
  /** v2: the chat's own chat model, JSON as sessions.chat_model holds it. */
  chatModel?: string | null;
  /** v2: the chat's own temperature, reply and context length, JSON as sessions.settings holds it. */
  settings?: string | null;
  messages: MessageIn[];
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

/** Each format's name as the report and errors give it. */
export const LABEL: Record<Format, string> = { transcript: 'Monad transcript', export: 'Monad export', chatgpt: 'ChatGPT conversations.json', 'mcp-memory': 'MCP memory graph (memory.jsonl)' };

/** What stands in a message for an image the import did not bring (ChatGPT exports hold only a pointer). */
export const IMAGE_PLACEHOLDER = '[image not imported]';

/** A ChatGPT content part that is an image: `{ content_type: 'image_asset_pointer', asset_pointer: … }`. */
function isImagePart(p: unknown): boolean {
  if (typeof p !== 'object' || p === null || p instanceof OversizeString) return false;
  const o = p as { content_type?: unknown; asset_pointer?: unknown };
  return (typeof o.content_type === 'string' && o.content_type.includes('image')) || typeof o.asset_pointer === 'string';
}

export class ChatReader {
  /** Workspace folders and frozen recall blocks an export named: never taken, counted for the report. */
  workspacesDropped = 0;
  recallDropped = 0;
  /** Chats whose own instructions the file carried: never taken (text from a file never becomes instructions). */
  promptsDropped = 0;

  constructor(
    private readonly cleaner: ImportCleaner,
    private readonly report: ImportReport,
    private readonly write: (s: SessionIn, at: JsonPath) => void,
  ) {}

  transcriptSession(index: number, raw: unknown): void {
    const at: JsonPath = ['sessions', index];
    const s = validate(transcriptSessionSchema, raw, LABEL.transcript, at);
    const rawMessages = (raw as { messages: { createdAt: string; content: unknown }[] }).messages;
    const messages: MessageIn[] = [];
    s.messages.forEach((m, i) => {
      // Ids come from the file's own text (not the cleaned one), so they stay stable as rules change.
      const r = rawMessages[i];
      const source = typeof r.content === 'string' ? r.content : `oversize:${(r.content as OversizeString).length}`;
      const id = `t-${hash(m.id ? `message:${s.id}:${m.id}` : `message:${s.id}:${i}:${r.createdAt}:${m.role}:${source}`)}`;
      const clean = this.message({ id, role: m.role, content: m.content, createdAt: m.createdAt }, [...at, 'messages', i]);
      if (clean) messages.push(clean);
    });
    const title = (s.title !== undefined ? this.title(s.title, [...at, 'title']) : null) ?? (messages[0]?.content.split('\n')[0].trim().slice(0, 60) || 'Imported chat');
    const createdAt = s.createdAt ?? messages[0]?.createdAt ?? new Date(0).toISOString();
    this.write(
      { id: `t-${hash(`session:${s.id}`)}`, agentId: s.agentId, title, projectKey: null, incognito: false, createdAt, updatedAt: messages.at(-1)?.createdAt ?? createdAt, messages },
      at,
    );
  }

  archiveSession(index: number, raw: unknown): void {
    const at: JsonPath = ['sessions', index];
    const s = validate(archiveSessionSchema, raw, LABEL.export, at);
    if (s.workspace) this.workspacesDropped++;
    if (s.recallBlock !== undefined && s.recallBlock !== null) this.recallDropped++;
    const messages: MessageIn[] = [];
    const ids = new Set<string>();
    s.messages.forEach((m, i) => {
      const clean = this.message(m, [...at, 'messages', i]);
      if (!clean) return;
      // A branch names the first version of its message, which must be an earlier message of this chat.
      clean.editRoot = m.editRoot && ids.has(m.editRoot) ? m.editRoot : null;
      clean.inactive = m.inactive ?? 0;
      clean.origin = m.role === 'user' ? (m.origin ?? null) : null;
      clean.writtenBy = m.role === 'assistant' && m.writtenBy ? this.writtenBy(m.writtenBy) : null;
      if (m.role === 'user' && m.attachments?.length) clean.attachments = m.attachments; // checked when stored (import.ts)
      ids.add(clean.id);
      messages.push(clean);
    });
    const chatModel = s.chatModel ? JSON.stringify({ provider: s.chatModel.provider, model: s.chatModel.model }) : null;
    this.write(
      {
        id: s.id,
        agentId: s.agentId,
        title: this.title(s.title, [...at, 'title']) ?? 'Imported chat',
        projectKey: s.projectKey ?? null,
        incognito: s.incognito ?? false,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        chatModel,
        settings: this.chatSettings(s.settings),
        messages,
      },
      at,
    );
  }

  /**
   * A chat's settings from a file (issue 29 §2): each number kept when the schema takes it, the rest left
   * out. The chat's instructions are not taken: they would go into the system prompt with the authority of
   * the person's own words, and a file's text never does (imported system messages are quoted; identity
   * files wait for review). The report says so, and the person can copy them in.
   */
  private chatSettings(raw: unknown): string | null {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const r = raw as Record<string, unknown>;
    if (r.systemPrompt !== undefined && r.systemPrompt !== null) this.promptsDropped++;
    const kept: ChatSettings = {};
    for (const key of ['temperature', 'maxOutputTokens', 'contextLength'] as const) {
      const one = r[key] === undefined ? null : chatSettingsSchema.safeParse({ [key]: r[key] });
      if (one?.success) Object.assign(kept, one.data);
    }
    return Object.keys(kept).length ? JSON.stringify(kept) : null;
  }

  /** Walks each conversation from its current node back to the root: the branch the person last saw. */
  conversation(index: number, raw: unknown): void {
    const at: JsonPath = [index];
    const conv: ChatGptConversation = validate(chatgptConversationSchema, raw, LABEL.chatgpt, at);
    const titleText = typeof conv.title === 'string' ? conv.title : null;
    const cid = conv.conversation_id ?? conv.id ?? `index-${index}-${hash(JSON.stringify(titleText ?? ''))}`;
    const nodes = conv.mapping;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(nodes, k);
    let cursor = conv.current_node ?? leafOf(nodes);
    const chain: { key: string; msg: NonNullable<(typeof nodes)[string]['message']> }[] = [];
    const seen = new Set<string>();
    while (cursor && has(cursor) && !seen.has(cursor)) {
      seen.add(cursor);
      const msg = nodes[cursor].message;
      if (msg) chain.push({ key: cursor, msg });
      cursor = nodes[cursor].parent ?? null;
    }
    chain.reverse();
    const created = conv.create_time ? new Date(conv.create_time * 1000).toISOString() : new Date(0).toISOString();
    const messages: MessageIn[] = [];
    for (const { key, msg } of chain) {
      const role = msg.author.role;
      if (role !== 'user' && role !== 'assistant') continue;
      const where = formatPath([index, 'mapping', key, 'message']);
      // Images (and other attachments) are not imported: each leaves a placeholder where it was, counted.
      const images = (msg.content.parts ?? []).filter(isImagePart).length;
      const parts = (msg.content.parts ?? [])
        .map((p) => (isImagePart(p) ? IMAGE_PLACEHOLDER : p))
        .filter((p): p is string | OversizeString => typeof p === 'string' || p instanceof OversizeString);
      const size = parts.reduce((n, p) => n + p.length, 0);
      if (parts.some((p) => p instanceof OversizeString) || size > MAX_MESSAGE_CHARS) {
        this.cleaner.refuseOversize(where, 'message', size);
        continue;
      }
      const content = this.cleaner.messageText((parts as string[]).join('\n').trim());
      if (!content) continue;
      this.report.imagesNotImported = (this.report.imagesNotImported ?? 0) + images;
      messages.push({
        id: `chatgpt-${msg.id}`.slice(0, 200),
        role,
        content,
        toolCalls: null,
        toolCallId: null,
        usage: null,
        error: null,
        createdAt: msg.create_time ? new Date(msg.create_time * 1000).toISOString() : created,
      });
    }
    const name = printable(titleText ?? cid, 80);
    if (!messages.length) {
      this.report.warnings.push(`Conversation "${name}" has no text messages; skipped.`);
      return;
    }
    const title = (titleText !== null ? this.title(titleText, [...at, 'title']) : null) ?? (messages[0].content.split('\n')[0].trim().slice(0, 60) || 'Imported chat');
    this.write(
      { id: `chatgpt-${hash(cid)}`, agentId: 'default', title, projectKey: null, incognito: false, createdAt: created, updatedAt: messages.at(-1)?.createdAt ?? created, messages },
      at,
    );
  }

  /** A chat title: through the sanitizer (refused titles are replaced and reported), at most 200 characters. */
  private title(text: string | OversizeString, at: JsonPath): string | null {
    if (text instanceof OversizeString) return null;
    if (!text.trim()) return null;
    const clean = this.cleaner.memoryText(text.replace(/\s+/g, ' '), 'chat title', formatPath(at));
    return clean ? clean.slice(0, 200) : null;
  }

  /** A message, cleaned; null (reported) when it is over the cap. */
  private message(
    m: { id: string; role: MessageIn['role']; content: string | OversizeString; createdAt: string; toolCalls?: MessageIn['toolCalls']; toolCallId?: string | null; usage?: MessageIn['usage']; error?: string | null; receipt?: unknown },
    at: JsonPath,
  ): MessageIn | null {
    const size = charSize(m.content) + (m.toolCalls ? charSize(m.toolCalls) : 0);
    if (size > MAX_MESSAGE_CHARS) {
      this.cleaner.refuseOversize(formatPath(at), 'message', m.content instanceof OversizeString ? m.content.length : size);
      return null;
    }
    return {
      id: m.id,
      role: m.role,
      content: this.cleaner.messageText(m.content as string),
      toolCalls: m.toolCalls?.length ? m.toolCalls.map((c) => ({ id: c.id, name: c.name, args: this.cleaner.messageValue(c.args) })) : null,
      toolCallId: m.toolCallId ?? null,
      usage: m.usage ?? null,
      error: m.error ? this.cleaner.messageText(m.error) : null,
      createdAt: m.createdAt,
      receipt: m.role === 'assistant' && m.receipt !== undefined && m.receipt !== null ? this.receipt(m.receipt, at) : null,
    };
  }

  /**
   * A reply's model (issue 29 §2) from a file: shown on the reply ("Local · llama3.2"), so both names are
   * cleaned like message text (secrets redacted, invisible characters gone), made one printable line and
   * cut to a label's length. A name with nothing left is no name: the reply shows none, as older ones do.
   */
  private writtenBy(w: { provider: string; model: string }): WrittenBy | null {
    const provider = printable(this.cleaner.messageText(w.provider), 100);
    const model = printable(this.cleaner.messageText(w.model), 200);
    return provider && model ? { provider, model } : null;
  }

  /**
   * Receipts (issue 16): a receipt from a file is untrusted data. Its texts are cleaned like message text,
   * then it must pass the receipt schema whole, or it is dropped (and said so). What names this home's
   * rows cannot be trusted: the journal ids of its lines are dropped (an undo here would undo something
   * else), and it is marked imported so its graph and law ids are not linked.
   */
  private receipt(raw: unknown, at: JsonPath): TurnReceipt | null {
    const r = importedReceipt(this.cleaner, raw);
    if (!r) this.report.warnings.push(`The memory receipt at ${formatPath([...at, 'receipt'])} is not one Monad writes; left out.`);
    return r;
  }
}

/**
 * A receipt from elsewhere (a file, another device), cleaned and checked whole; null when it does not pass.
 * Its journal ids are dropped and it is marked imported (see ChatReader.receipt for why).
 */
export function importedReceipt(cleaner: ImportCleaner, raw: unknown): TurnReceipt | null {
  const r = turnReceiptSchema.safeParse(cleaner.messageValue(raw));
  if (!r.success) return null;
  const changes = r.data.changes.map((c) => ('journalId' in c ? { ...c, journalId: null } : c));
  return { ...r.data, changes, imported: true };
}

/** The node no other node names as its parent: where a conversation without current_node ends. */
function leafOf(nodes: Record<string, { parent?: string | null }>): string | null {
  const parents = new Set<string>();
  for (const n of Object.values(nodes)) if (n.parent) parents.add(n.parent);
  return Object.keys(nodes).find((k) => !parents.has(k)) ?? null;
}
