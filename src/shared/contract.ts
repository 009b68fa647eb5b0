// The one contract between the renderer and the engine. Every channel: its name, its zod input schema,
// and its output type. Both hosts (Electron IPC, the headless HTTP server) bind exactly these channels;
// the renderer calls them through one typed `invoke`. Adding a channel = one entry in its group + one handler.
//
// The channels are declared by group in the contract-*.ts files beside this one (app, memory layers,
// review, memory backend, MCP) so each can be read in one sitting; `contract` joins them. A name declared
// in two groups would silently keep the later one: contract.test.ts checks that no group repeats another's.
import type { CapturedChange } from './captured-change';
import type { z } from 'zod';
import type { AgentInput, Config } from './config';
import type { AppStatus, ConsolidationProgress, ConsolidationSummary, Message, Mem0Status } from './domain';
import type { WireError } from './errors';
import type { LiveDeltaEvent, LiveToolEvent } from './live-turn';
import type { McpCallView } from './mcp';
import { appChannels } from './contract-app';
import { memoryChannels } from './contract-memory';
import { reviewChannels } from './contract-review';
import { memoryBackendChannels } from './contract-memory-backend';
import { mcpChannels } from './contract-mcp';
import { attachmentChannels } from './contract-attachments';
import { syncChannels, type SyncStatus } from './contract-sync';
import { syncDeviceChannels } from './contract-sync-devices';
import type { SyncJoinLinkResult } from './sync-join-link';

// Kept exported from here, the contract's public path: importers (transfer's formats) validate ids with
// the contract's own schemas.
export { configPatchSchema } from './contract-app';
export { scope, sessionId, title } from './contract-base';

export const contract = {
  ...appChannels,
  ...memoryChannels,
  ...reviewChannels,
  ...memoryBackendChannels,
  ...mcpChannels,
  ...attachmentChannels,
  ...syncChannels,
  ...syncDeviceChannels,
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type ChannelInput<K extends ChannelName> = z.input<Contract[K]['input']>;
export type ParsedInput<K extends ChannelName> = z.output<Contract[K]['input']>;
export type ChannelOutput<K extends ChannelName> = Contract[K]['output'];

export const CHANNELS = Object.keys(contract) as ChannelName[];

export function isChannelName(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** Push events from the engine to the renderer (chat tokens, progress, status changes). */
export interface EventMap {
  'config.changed': { config: Config; error: string | null };
  'status.changed': AppStatus;
  'sessions.changed': { agentId: string };
  'chat.turn': { sessionId: string; turnId: string; phase: 'started' | 'done' | 'error' | 'cancelled'; error?: WireError };
  /** Appended text of the assistant message being streamed. */
  'chat.delta': LiveDeltaEvent & { sessionId: string };
  /** A tool call started or finished inside a turn. */
  'chat.tool': LiveToolEvent & { sessionId: string };
  /** A message was persisted. */
  'chat.message': { sessionId: string; message: Message };
  /**
   * A chat's stored messages changed other than by a turn here: another device's messages, hidden replies or
   * branches written by sync (issue 30). A window showing that chat reloads its messages in the engine's order.
   */
  'messages.changed': { sessionId: string };
  'consolidate.progress': ConsolidationProgress;
  'consolidate.done': ConsolidationSummary;
  /** The mem0 backend's status changed (qdrant phase, download progress, queued observations). */
  'mem0.status': Mem0Status;
  /** An MCP tool server's settings or status changed (issue 19 §2). */
  'mcp.servers': { id: string };
  /** An MCP tool call changed state: waiting for the person, running, done, denied, flagged. */
  'mcp.call': McpCallView;
  /** Tool servers that could not be reached for a turn, which went on without their tools. */
  'mcp.unavailable': { sessionId: string; servers: { name: string; error: string }[] };
  // ── guards (issue 18 §2): memory changes a turn made without the model's tools ──
  /** What a turn's explicit statements ("remember that …") changed in memory, for the reply's lines. */
  'chat.memory': { sessionId: string; turnId: string; changes: CapturedChange[] };
  // Inbox (issue 16 §3–§4)
  /** What waits in the Inbox changed; the new count (the shell's badge). */
  'inbox.changed': { count: number };
  /** Memory changed in some layer (coalesced): chats check whether their frozen recall block is stale. */
  'memory.changed': { at: string };
  /** The live sync's state changed (issue 30 §5): the sidebar footer's sync line. */
  'sync.changed': SyncStatus;
  /** The desktop app was opened with an invite link (monad://sync/join…): Settings → Devices, Join form filled. */
  'sync.joinLink': SyncJoinLinkResult;
}
export type EventName = keyof EventMap;
// The plain name list is EVENT_NAME_LIST in channel-names.ts (zod-free, for the sandboxed preload), checked
// against EventMap there; it is not re-exported here, which would make the two files a circle (issue 28 §2).

export type { AgentInput };
