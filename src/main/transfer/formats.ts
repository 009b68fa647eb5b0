// The file formats Monad reads and writes (documented in docs/import-export.md), as zod schemas for
// the pieces the streaming reader hands over one at a time (json-stream.ts):
//   monad-transcript v1 — a plain, hand-writable transcript: agents, sessions, messages.
//   monad-export v1     — everything: config without secrets, identity files, facts, sessions and
//                         messages, graph, laws.
//   monad-export v2     — the same, and what the person did with their memory: facts with ids,
//                         sources and earlier texts, branches of chats, History, Inbox decisions
//                         (formats-memory.ts). The reader takes both.
//   ChatGPT             — conversations.json from a ChatGPT data export (an array of conversations).
// Every field is bounded and validated with the contract's own schemas where the contract has one
// (agent ids, scopes, session ids and titles): an import is untrusted input like any request.
import type { TurnReceipt } from '../../shared/receipt';
import { z } from 'zod';
import type { Config } from '../../shared/config';
import { idSchema } from '../../shared/config';
import type { MessageOrigin, Role } from '../../shared/conversation';
import type { ArchiveGraphOut, ArchiveLawOut } from './formats-graph';
import type { ArchiveMemoryV2 } from './formats-memory';
import { OversizeString } from './json-stream';
import { archiveAttachmentsSchema } from '../attachments/attachment-archive';
import { dateSchema, epochSecondsSchema, messageIdSchema, projectKeySchema, scopeSchema, sessionIdSchema } from './formats-fields';

// The archive's message restates the contract's Message (shared/conversation.ts) on purpose: it is a
// versioned file format read from untrusted files, so it keeps its own field list and limits while the
// contract changes. Its enums are checked against the contract's, so an import never writes a role or an
// origin the app does not know.
export const roleSchema = z.enum(['user', 'assistant', 'system', 'tool'] as const satisfies readonly Role[]);

/** A message text: kept when it fits, an OversizeString (skipped and reported) when it does not. */
const contentSchema = z.union([z.string(), z.instanceof(OversizeString)]);

const toolCallSchema = z.object({
  id: messageIdSchema,
  name: z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'a tool name'),
  args: z.unknown(),
});

export const archiveMessageSchema = z.object({
  id: messageIdSchema,
  role: roleSchema,
  content: contentSchema,
  toolCalls: z.array(toolCallSchema).max(100).nullable().optional(),
  toolCallId: messageIdSchema.nullable().optional(),
  usage: z.object({ input: z.number().int().min(0).max(1e12), output: z.number().int().min(0).max(1e12) }).nullable().optional(),
  error: z.string().max(10_000).nullable().optional(),
  createdAt: dateSchema,
  /** Receipts (issue 16): checked against the receipt schema by the importer, after cleaning (untrusted data). */
  receipt: z.unknown().optional(),
  /** v2: how a user message was entered (app migration 4). */
  origin: z.enum(['typed', 'pasted', 'forwarded'] as const satisfies readonly MessageOrigin[]).nullable().optional(),
  /** v2, branches (app migration 8): the first version of the message this one is an edit of. */
  editRoot: messageIdSchema.nullable().optional(),
  /** v2: 0 on the active path, else the number of the set of messages an edit set aside together. */
  inactive: z.number().int().min(0).max(1_000_000_000).optional(),
  /** v2, replies (app migration 10): the model that wrote it, as the provider was named then. Cleaned on import. */
  writtenBy: z.object({ provider: z.string().max(1000), model: z.string().max(1000) }).nullable().optional(),
  /** v2, issue 29 §1: a user message's files with their bytes (attachments/attachment-archive.ts); absent in older archives. */
  attachments: archiveAttachmentsSchema.optional(),
});
export type ArchiveMessage = z.output<typeof archiveMessageSchema>;

export const archiveSessionSchema = z.object({
  id: sessionIdSchema,
  agentId: idSchema,
  title: z.string().max(1000),
  /** Read but never imported: the person sets workspace folders (see import.ts). */
  workspace: z.string().max(4096).nullable().optional(),
  projectKey: projectKeySchema.nullable().optional(),
  incognito: z.boolean().optional(),
  createdAt: dateSchema,
  updatedAt: dateSchema,
  /** Never imported: a session's recall block is rebuilt on its next turn. */
  recallBlock: z.unknown().optional(),
  recallBuiltAt: z.unknown().optional(),
  /** v2: the chat's own chat model, kept when this home has the provider it names (import.ts). */
  chatModel: z.object({ provider: idSchema, model: z.string().min(1).max(200) }).nullable().optional(),
  /**
   * v2 (app migration 12): the chat's own settings. Read field by field on import (import-chats.ts): the
   * numbers are kept when in range, the instructions never (text from a file never becomes instructions).
   */
  settings: z.unknown().optional(),
  messages: z.array(archiveMessageSchema).max(1_000_000),
});
export type ArchiveSession = z.output<typeof archiveSessionSchema>;

export const transcriptAgentsSchema = z.array(z.object({ id: idSchema, name: z.string().trim().min(1).max(100) })).max(200);

export const transcriptSessionSchema = z.object({
  /** Any stable text: Monad derives its own ids from it. */
  id: z.string().min(1).max(200),
  agentId: idSchema.default('default'),
  title: z.string().max(1000).optional(),
  createdAt: dateSchema.optional(),
  messages: z
    .array(
      z.object({
        id: z.string().min(1).max(200).optional(),
        role: roleSchema,
        content: contentSchema,
        createdAt: dateSchema,
      }),
    )
    .max(1_000_000),
});
export type TranscriptSession = z.output<typeof transcriptSessionSchema>;

/** One conversation of a ChatGPT conversations.json (only the fields Monad reads). */
export const chatgptConversationSchema = z
  .object({
    id: z.string().max(200).optional(),
    conversation_id: z.string().max(200).optional(),
    title: z.union([z.string().max(10_000), z.instanceof(OversizeString)]).nullable().optional(),
    create_time: epochSecondsSchema.nullable().optional(),
    current_node: z.string().max(200).nullable().optional(),
    mapping: z.record(
      z.string().max(200),
      z
        .object({
          parent: z.string().max(200).nullable().optional(),
          message: z
            .object({
              id: z.string().min(1).max(200),
              author: z.object({ role: z.string().max(100) }).passthrough(),
              create_time: epochSecondsSchema.nullable().optional(),
              content: z.object({ content_type: z.string().max(100), parts: z.array(z.unknown()).max(10_000).optional() }).passthrough(),
            })
            .passthrough()
            .nullable()
            .optional(),
        })
        .passthrough(),
    ),
  })
  .passthrough();
export type ChatGptConversation = z.output<typeof chatgptConversationSchema>;

/** The archive's config, read leniently: import-config.ts picks what it may take and validates each piece. */
export const archiveConfigSchema = z
  .object({
    models: z
      .object({
        providers: z.array(z.record(z.string(), z.unknown())).max(100).default([]),
        roles: z.record(z.string(), z.unknown()).default({}),
      })
      .passthrough()
      .default({ providers: [], roles: {} }),
    agent: z.object({ agents: z.array(z.unknown()).max(200).default([]) }).passthrough().default({ agents: [] }),
    memory: z.record(z.string(), z.unknown()).default({}),
    ui: z.record(z.string(), z.unknown()).default({}),
  })
  .passthrough();
export type ArchiveConfig = z.output<typeof archiveConfigSchema>;

const textOrOversize = z.union([z.string(), z.instanceof(OversizeString)]);

export const archiveIdentitySchema = z.record(z.string().max(300), textOrOversize);
export const archiveFactsSchema = z.record(z.string().max(200), z.array(textOrOversize).max(100_000));

// The graph and laws sections (archiveGraphSchema, archiveLawsSchema) live in formats-graph.ts.

/**
 * What `monad export` writes (export.ts). Spelled out field by field on purpose rather than derived from the
 * contract's Session and Message: this is the file format people keep for years, so a change to the
 * contract must not change it silently; the schemas above read it back, and the round-trip tests hold the
 * two together.
 */
export interface ExportArchive {
  format: 'monad-export';
  version: 2;
  exportedAt: string;
  /** Without secrets; a provider that had a key is marked `hasKey` (an import leaves those out). */
  config: Omit<Config, 'models'> & { models: Omit<Config['models'], 'providers'> & { providers: (Config['models']['providers'][number] & { hasKey?: boolean })[] } };
  identity: Record<string, string>;
  /** v1: scope → texts; v2: scope → facts with sources, and earlier texts (formats-memory.ts). */
  facts: ArchiveMemoryV2['facts'];
  sessions: {
    id: string;
    agentId: string;
    title: string;
    workspace: string | null;
    projectKey: string | null;
    incognito: boolean;
    createdAt: string;
    updatedAt: string;
    recallBlock: string | null;
    recallBuiltAt: string | null;
    chatModel: { provider: string; model: string } | null;
    messages: {
      id: string;
      role: 'user' | 'assistant' | 'system' | 'tool';
      content: string;
      toolCalls: { id: string; name: string; args: unknown }[] | null;
      toolCallId: string | null;
      usage: { input: number; output: number } | null;
      error: string | null;
      createdAt: string;
      origin: 'typed' | 'pasted' | 'forwarded' | null;
      editRoot: string | null;
      inactive: number;
      receipt?: TurnReceipt;
    }[];
  }[];
  graph: ArchiveGraphOut;
  laws: ArchiveLawOut[];
  inbox: ArchiveMemoryV2['inbox'];
  journal: ArchiveMemoryV2['journal'];
}
