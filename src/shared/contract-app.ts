// The contract's channels for the app itself: status, config, agents, chats and their messages, model
// providers, backups, the model self-test and receipts. Joined into `contract` in contract.ts.
import { z } from 'zod';
import { chatSettingsPatchSchema } from './chat-settings';
import { type Agent, type Config, agentPatchSchema, agentSchema, idSchema, modelRefSchema, providerSchema } from './config';
import type { AppStatus, BackupInfo, ChatTurnResult, CommandResult, Message, LocalServerDetection, OllamaDetection, Page, ProviderTestResult, ProviderView, RestoreStaged, Session } from './domain';
import { forgetKeySchema, MAX_FORGET_KEYS, type ForgetOutcome } from './forget';
import type { LiveTurn } from './live-turn';
import type { ReceiptView } from './receipt';
import type { ModelCheckReport } from './memory-tasks';
import { channel, empty, sessionId, title } from './contract-base';
import { MAX_MESSAGE_ATTACHMENTS, attachmentRefInput } from './attachments';

/** A deep-partial patch of the config; the merged result is validated against the full schema. */
export const configPatchSchema = z.record(z.string(), z.unknown());
const agentCreate = agentSchema.partial({ id: true, description: true, models: true, memory: true }).strict();

export const appChannels = {
  'app.status': channel<AppStatus>()(empty),

  'config.get': channel<Config>()(empty),
  'config.update': channel<Config>()(z.object({ patch: configPatchSchema }).strict()),

  'agents.list': channel<Agent[]>()(empty),
  'agents.create': channel<Agent>()(agentCreate),
  'agents.update': channel<Agent>()(z.object({ id: idSchema, patch: agentPatchSchema }).strict()),
  'agents.delete': channel<{ deletedSessions: number }>()(z.object({ id: idSchema }).strict()),

  'sessions.list': channel<Session[]>()(z.object({ agentId: idSchema.optional() }).strict()),
  'sessions.create': channel<Session>()(
    z
      .object({
        agentId: idSchema,
        title: title.optional(),
        workspace: z.string().min(1).max(4096).optional(),
        incognito: z.boolean().optional(),
      })
      .strict(),
  ),
  'sessions.rename': channel<Session>()(z.object({ id: sessionId, title }).strict()),
  /** Session options: the workspace folder (null removes it) and incognito. Fields left out stay as they are. */
  'sessions.update': channel<Session>()(
    z
      .object({
        id: sessionId,
        workspace: z.string().trim().min(1).max(4096).nullable().optional(),
        incognito: z.boolean().optional(),
      })
      .strict(),
  ),
  /**
   * Deletes a chat. `forget`: keys from `forget.preview` of this chat (what rests only on it) that the
   * person left ticked; they are forgotten first, as one history group (one undo).
   */
  'sessions.delete': channel<{ id: string; forget: ForgetOutcome | null }>()(
    z.object({ id: sessionId, forget: z.array(forgetKeySchema).max(MAX_FORGET_KEYS).optional() }).strict(),
  ),

  'messages.list': channel<Page<Message>>()(
    z
      .object({
        sessionId,
        /** Opaque cursor from a previous page. */
        before: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
  ),

  // Chat. `chat.send` resolves when the turn ends; tokens arrive meanwhile as `chat.delta` events.
  // `pasted`: the composer saw most of the text arrive by paste; stored with the message, and facts the
  // agent records in that turn are marked as coming from pasted text.
  // `replacing` (shell: edit & resend): the id of a sent user message this text is a new version of.
  'chat.send': channel<ChatTurnResult>()(
    z
      .object({
        sessionId,
        text: z.string().trim().min(1).max(200_000),
        pasted: z.boolean().optional(),
        replacing: z.string().min(1).max(64).optional(),
        /** Files added with `attachments.add` (issue 29 §1), in the order the person attached them. */
        attachments: z.array(attachmentRefInput).max(MAX_MESSAGE_ATTACHMENTS).optional(),
      })
      .strict(),
  ),
  'chat.cancel': channel<{ cancelled: boolean }>()(z.object({ sessionId }).strict()),
  /** The session's turn running now (what a window that opens mid-turn must show), or null. */
  'chat.live': channel<LiveTurn | null>()(z.object({ sessionId }).strict()),
  /** Re-runs the last user message: hides the replies after it (soft delete) and asks again. */
  'chat.regenerate': channel<ChatTurnResult>()(z.object({ sessionId }).strict()),
  /** Slash commands (`/help`, …), the same ones the CLI offers. */
  'chat.command': channel<CommandResult>()(
    z.object({ text: z.string().trim().min(1).max(10_000), sessionId: sessionId.optional(), agentId: idSchema.optional() }).strict(),
  ),

  // Model providers. Keys go in; only their last 4 characters come out. Where a key is stored is derived
  // by the engine (no key reference is accepted here: `.strict()` refuses one), and a stored key is sent
  // only to the origin it was saved for.
  'providers.list': channel<ProviderView[]>()(empty),
  'providers.save': channel<ProviderView>()(
    z.object({ provider: providerSchema.strict(), apiKey: z.string().max(1000).nullable().optional() }).strict(),
  ),
  'providers.delete': channel<{ id: string }>()(z.object({ id: idSchema }).strict()),
  'providers.test': channel<ProviderTestResult>()(
    z
      .object({
        id: idSchema.optional(),
        provider: providerSchema.strict().optional(),
        /** A key typed in the form, sent to the address typed with it. */
        apiKey: z.string().max(1000).optional(),
        /** false: do not use the saved key (the form is about to remove it). */
        storedKey: z.boolean().optional(),
      })
      .strict(),
  ),
  'providers.detectOllama': channel<OllamaDetection>()(empty),

  // Backups of both databases (daily, automatic). Restore is staged and applied at the next start.
  'backups.list': channel<BackupInfo[]>()(empty),
  'backups.restore': channel<RestoreStaged>()(z.object({ name: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z(-\d{1,3})?$/, 'a backup name') }).strict()),

  // Model self-test, "Check memory tasks" (issue 18 §3): each memory task on a small built-in sample,
  // pass / fail / time, the raw reply and the reason on failure. Without a provider and model: the
  // memory model (and the chat model's tool calling). The last report per model is kept.
  'models.check': channel<ModelCheckReport>()(
    z.object({ providerId: idSchema.optional(), model: z.string().trim().min(1).max(200).optional(), tools: z.boolean().optional() }).strict(),
  ),
  'models.checks': channel<ModelCheckReport[]>()(empty),
  // Receipts (issue 16): what memory went into a reply and what it changed; null for a reply without one.
  'chat.receipt': channel<ReceiptView | null>()(z.object({ messageId: z.string().min(1).max(200) }).strict()),

  // Shell (issue 17): another version of an edited message, a chat's own model, local servers on first run.
  /** Shows another version of an edited message (and the replies it had); nothing is sent. */
  'chat.switchBranch': channel<{ sessionId: string }>()(z.object({ sessionId, messageId: z.string().min(1).max(64) }).strict()),
  /** This chat's own chat model; null goes back to the agent's. */
  'sessions.setModel': channel<Session>()(z.object({ id: sessionId, model: modelRefSchema.strict().nullable() }).strict()),
  /** This chat's own settings (issue 29 §2): fields left out stay; null goes back to the agent's default. */
  'sessions.setSettings': channel<Session>()(z.object({ id: sessionId, settings: chatSettingsPatchSchema }).strict()),
  /** Ollama and LM Studio on their usual loopback ports. */
  'providers.detectLocal': channel<LocalServerDetection[]>()(empty),
} as const;
