// Conversations as they cross the contract: sessions, their messages, a turn's result, a page of them.
import type { ChatSettings } from './chat-settings';
import type { AttachmentRef } from './attachments';
import type { ReplyMemory } from './receipt';

export type Role = 'user' | 'assistant' | 'system' | 'tool';

export interface Session {
  id: string;
  agentId: string;
  title: string;
  /** Real path of the workspace folder, when the session has one. */
  workspace: string | null;
  /** Stable hash of the workspace's real path: the project scope key. */
  projectKey: string | null;
  incognito: boolean;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  /** This chat's own chat model, overriding the agent's (null: the agent's). */
  chatModel?: { provider: string; model: string } | null;
  /** This chat's own settings (issue 29 §2); a field left out takes the agent's default. */
  settings?: ChatSettings;
}

export interface ToolCall {
  id: string;
  name: string;
  args: unknown;
}

/** The model that wrote a reply, as it was then: the provider's display name and the model id. */
export interface WrittenBy {
  provider: string;
  model: string;
}

export interface TokenUsage {
  input: number;
  output: number;
}

/**
 * How a user message's text reached the composer: typed by the person, pasted (largely) from elsewhere,
 * or a forwarded message (email/chat headers). Text that came from elsewhere may carry someone else's
 * words, so facts recorded from it are marked as such in recall.
 */
export type MessageOrigin = 'typed' | 'pasted' | 'forwarded';

export interface Message {
  id: string;
  sessionId: string;
  role: Role;
  content: string;
  /** For user messages: how the text was entered (null for other roles and older messages). */
  origin: MessageOrigin | null;
  toolCalls: ToolCall[] | null;
  /** For role 'tool': which call this answers. */
  toolCallId: string | null;
  usage: TokenUsage | null;
  /** Replies: which model wrote it (null for the person's messages, older replies and captured lines). */
  writtenBy?: WrittenBy | null;
  /** Set when the turn that produced this message ended in an error. */
  error: string | null;
  createdAt: string;
  /** Receipts (issue 16): on the reply that ends a turn, what memory it used and the changes it made. */
  memory?: ReplyMemory | null;
  /** A user message that was edited and resent: all its versions (first first) and which one this is. */
  branch?: { index: number; ids: string[] };
  /** User messages: the files sent with it (issue 29 §1), in the order they were attached. */
  attachments?: AttachmentRef[];
}

export interface Page<T> {
  items: T[];
  /** Pass back as `before` to get the next (older) page; null when there is none. */
  nextCursor: string | null;
}

export interface ChatTurnResult {
  turnId: string;
  /** Every message this turn persisted (the user message first, unless regenerating). */
  messages: Message[];
}

export interface CommandResult {
  /** Markdown shown in the chat (or printed by the CLI). */
  output: string;
  /** Structured data for the CLI's --json. */
  data?: unknown;
}

export interface SourceMessage {
  id: string;
  sessionId: string;
  sessionTitle: string;
  role: Role;
  createdAt: string;
  excerpt: string;
}
