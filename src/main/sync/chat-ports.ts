// What the chats kind needs from this home, and nothing more (issue 28's clean ports): the composition root
// (engine-sync-chats.ts) builds it over the session and message stores; this room never imports them.

/**
 * A chat's own state as it travels: what the person sees and set for this chat. Left out on purpose: the
 * workspace folder (a path on one machine), the recall block (rebuilt on the next turn) and updatedAt
 * (it follows the messages on each device).
 */
export interface ChatState {
  agentId: string;
  title: string;
  /** Where the title came from (first-line, generated, person, kept): a device never regenerates a person's title. */
  titleSource: string | null;
  projectKey: string | null;
  incognito: boolean;
  createdAt: string;
  chatModel: { provider: string; model: string } | null;
  /**
   * The chat's own settings, instructions included. Unlike an import (a file's text never becomes
   * instructions), these come from another device the person paired with this home: the person wrote them,
   * and a chat whose instructions stayed behind would answer differently on each device. They still pass
   * the chat-settings schema and the secret filter here, like everything else from another device.
   */
  settings: Record<string, unknown>;
}

/** A file sent with a user message: its name and content hash; its bytes travel in their own `blob/<sha256>` document. */
export interface ChatFileRef {
  name: string;
  sha256: string;
}

/** One message as it travels (the fields an export carries). */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  toolCalls: { id: string; name: string; args: unknown }[] | null;
  toolCallId: string | null;
  usage: { input: number; output: number } | null;
  error: string | null;
  createdAt: string;
  origin: 'typed' | 'pasted' | 'forwarded' | null;
  /** Branches: the first version of the user message this one is an edit of. */
  editRoot: string | null;
  writtenBy: { provider: string; model: string } | null;
  files: ChatFileRef[];
  /**
   * A reply's memory receipt (issue 16), as sent: read only for messages this device sends (ports' `receipts`),
   * absent from what `read` returns. The receiving home keeps it as an import does (journal ids dropped,
   * marked imported: its ids name the other home's rows).
   */
  receipt?: unknown;
}

/** A stored file's bytes and what an import carries beside them (attachments/attachment-archive.ts). */
export interface ChatBlob {
  name: string;
  sha256: string;
  data: string[];
  pdf?: { pages: number; text: string[] };
}

/**
 * A message's place in its chat (src/shared/message-order.ts): its order time and the writing device's tie.
 * It travels beside the message, so every device sorts the same keys.
 */
export interface ChatPlace {
  at: string;
  tie: number;
}

export interface LocalChat {
  state: ChatState;
  /** Live messages in the chat's order, each with its set-aside number (0: on the path shown) and its place. */
  messages: (ChatMessage & { inactive: number; place: ChatPlace })[];
  /** Messages this home hid (a regenerated reply): hidden on every device. */
  deleted: string[];
}

export type Refusal = { text: string; reason: string };

/** One home's chats, as the chats kind reads and writes them. */
export interface ChatSyncPort {
  /** Every chat this home holds. */
  sessionIds(): string[];
  /**
   * A short digest of everything `read` would return that can change (the chat's row, its messages' ids,
   * places on the path and hidden ones): equal digests, nothing changed here. Cheap: one query.
   */
  digest(sessionId: string): string;
  /** A chat as it stands here, or null when this home has none with that id. */
  read(sessionId: string): LocalChat | null;
  /** The receipts of these replies, by message id (only asked for messages this device sends). */
  receipts(messageIds: string[]): Map<string, unknown>;
  /**
   * Writes a chat's state (creating the chat when it is not here) through the same checks as an import:
   * the title through the sanitizer, settings through their schema. Returns what was refused.
   */
  writeState(sessionId: string, state: ChatState, device: string): Refusal[];
  /**
   * Adds messages from another device at their places, each validated and cleaned as an import does (oversize
   * refused, secrets redacted); a file is linked when this home holds its bytes (brought by the blob kind,
   * before the chats, re-hashed and re-judged there), else left out and said. Returns, per message, whether
   * it was written and what was refused.
   */
  addMessages(sessionId: string, messages: readonly (ChatMessage & { inactive: number; place: ChatPlace })[]): { written: boolean; refused: Refusal[] }[];
  /** Moves messages already here to the places the chat's records give them (their order only; nothing else changes). */
  setPlaces(sessionId: string, places: readonly ({ id: string } & ChatPlace)[]): void;
  /**
   * Moves messages on or off the path shown (edit-and-resend's branches) as a local switch does: what was
   * learned only from messages set aside leaves memory, messages brought back are read again.
   */
  setInactive(sessionId: string, marks: readonly { id: string; inactive: number }[]): void;
  /** Hides messages another device hid. */
  hide(sessionId: string, messageIds: string[]): void;
  /** Deletes a chat another device deleted, as the app deletes one (its files, the memory layers told). */
  delete(sessionId: string): void;
}

/**
 * Attached files' bytes, one document per file (`blob/<sha256>`): kept apart from the chat's document so a
 * chat with many large files never becomes one message larger than the relay's WebSocket takes (100 MiB),
 * and a file carried by several chats travels once.
 */
export interface ChatBlobPort {
  /** The content hashes of the files messages of this home carry. */
  fileHashes(): string[];
  /** A file's bytes and what an import carries beside them; null when this home does not hold it. */
  blob(sha256: string): ChatBlob | null;
  /** Whether this home holds the file. */
  has(sha256: string): boolean;
  /**
   * Stores another device's file as an imported one is stored (re-hashed, its kind judged again from the
   * bytes, the size limits); null when stored, or why it was refused.
   */
  store(blob: ChatBlob): string | null;
}
