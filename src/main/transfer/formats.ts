// The file formats Monad reads and writes, as zod schemas (documented in docs/import-export.md).
//   monad-transcript v1 — a plain, hand-writable transcript: agents, sessions, messages.
//   monad-export v1     — everything: config without secrets, identity files, facts, sessions and
//                         messages, graph, laws. `monad import` restores it losslessly.
import { z } from 'zod';
import { agentSchema, configSchema } from '../../shared/config';

const iso = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date (use ISO 8601, e.g. 2026-03-01T12:00:00Z)');
const role = z.enum(['user', 'assistant', 'system', 'tool']);

export const transcriptSchema = z.object({
  format: z.literal('monad-transcript'),
  version: z.literal(1),
  agents: z.array(z.object({ id: agentSchema.shape.id, name: z.string().min(1).max(100) })).default([]),
  sessions: z.array(
    z.object({
      id: z.string().min(1).max(200),
      agentId: agentSchema.shape.id.default('default'),
      title: z.string().min(1).max(200).optional(),
      createdAt: iso.optional(),
      messages: z.array(
        z.object({
          id: z.string().min(1).max(200).optional(),
          role,
          content: z.string().max(1_000_000),
          createdAt: iso,
        }),
      ),
    }),
  ),
});
export type Transcript = z.infer<typeof transcriptSchema>;

const exportedMessage = z.object({
  id: z.string(),
  role,
  content: z.string(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), args: z.unknown() })).nullable(),
  toolCallId: z.string().nullable(),
  usage: z.object({ input: z.number(), output: z.number() }).nullable(),
  error: z.string().nullable(),
  createdAt: iso,
});

export const exportSchema = z.object({
  format: z.literal('monad-export'),
  version: z.literal(1),
  exportedAt: iso,
  config: configSchema,
  identity: z.record(z.string(), z.string()),
  facts: z.record(z.string(), z.array(z.string())),
  sessions: z.array(
    z.object({
      id: z.string(),
      agentId: z.string(),
      title: z.string(),
      workspace: z.string().nullable(),
      projectKey: z.string().nullable(),
      incognito: z.boolean(),
      createdAt: iso,
      updatedAt: iso,
      recallBlock: z.string().nullable(),
      recallBuiltAt: z.string().nullable(),
      messages: z.array(exportedMessage),
    }),
  ),
  graph: z.object({
    nodes: z.array(z.object({ id: z.number(), scope: z.string(), name: z.string(), type: z.string(), summary: z.string(), createdAt: z.string(), updatedAt: z.string() })),
    edges: z.array(
      z.object({
        id: z.number(),
        scope: z.string(),
        src: z.number(),
        dst: z.number(),
        relation: z.string(),
        provClass: z.enum(['user', 'assistant', 'inferred']),
        validFrom: z.string(),
        validTo: z.string().nullable(),
        createdAt: z.string(),
        updatedAt: z.string(),
        support: z.array(z.string()),
      }),
    ),
    cursors: z.array(z.object({ sessionId: z.string(), lastMessageId: z.string() })),
  }),
  laws: z.array(
    z.object({
      scope: z.string(),
      statement: z.string(),
      confidence: z.number(),
      support: z.array(z.string()),
      contradictedBy: z.string().nullable(),
      contradictedWhy: z.string().nullable(),
      derivedAt: z.string(),
      fingerprint: z.string(),
    }),
  ),
});
export type ExportArchive = z.infer<typeof exportSchema>;

/** A ChatGPT data export's conversations.json (only the fields Monad reads). */
export const chatgptSchema = z.array(
  z.object({
    id: z.string().optional(),
    conversation_id: z.string().optional(),
    title: z.string().nullable().optional(),
    create_time: z.number().nullable().optional(),
    current_node: z.string().nullable().optional(),
    mapping: z.record(
      z.string(),
      z.object({
        id: z.string().optional(),
        parent: z.string().nullable().optional(),
        message: z
          .object({
            id: z.string(),
            author: z.object({ role: z.string() }),
            create_time: z.number().nullable().optional(),
            content: z.object({ content_type: z.string(), parts: z.array(z.unknown()).optional() }).passthrough(),
          })
          .passthrough()
          .nullable()
          .optional(),
      }).passthrough(),
    ),
  }).passthrough(),
);
export type ChatGptExport = z.infer<typeof chatgptSchema>;
