// The contract's channels for the machinery under memory: consolidation runs and memory status, the mem0
// backend and its explorer, search. Joined into `contract` in contract.ts.
import { z } from 'zod';
import { idSchema } from './config';
import type { ConsolidationSummary, MemoryStatus, Mem0Entries, Mem0Projection, Mem0Status } from './domain';
import type { EmbeddingStatus, SearchResults } from './search';
import { channel, empty, scope, sessionId } from './contract-base';

export const memoryBackendChannels = {
  // The consolidation pipeline and memory status.
  'memory.status': channel<MemoryStatus>()(empty),
  /** Runs the pipeline for one agent (or every agent) and resolves with the summary; progress arrives as events. */
  'consolidate.run': channel<ConsolidationSummary[]>()(
    z.object({ agentId: idSchema.optional(), level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional() }).strict(),
  ),
  'consolidate.cancel': channel<{ cancelled: boolean }>()(z.object({ agentId: idSchema }).strict()),
  'consolidate.history': channel<ConsolidationSummary[]>()(z.object({ agentId: idSchema.optional(), limit: z.number().int().min(1).max(50).optional() }).strict()),

  // The mem0 backend: status (incl. the managed qdrant) and the explorer. Reads never start qdrant.
  'mem0.status': channel<Mem0Status>()(empty),
  'mem0.entries': channel<Mem0Entries>()(
    z.object({ query: z.string().max(500).optional(), agentId: idSchema.optional(), limit: z.number().int().min(1).max(1000).optional() }).strict(),
  ),
  'mem0.delete': channel<{ id: string }>()(z.object({ id: z.string().min(1).max(100) }).strict()),
  'mem0.projection': channel<Mem0Projection>()(z.object({ agentId: idSchema.optional() }).strict()),

  // Search over past messages, facts and graph entities (issue 9). With agentId: that agent's sessions
  // and its scopes only; scopes overrides the fact/graph scopes searched.
  'search.query': channel<SearchResults>()(
    z
      .object({
        query: z.string().trim().min(1).max(1000),
        agentId: idSchema.optional(),
        sessionId: sessionId.optional(),
        scopes: z.array(scope).max(50).optional(),
        k: z.number().int().min(1).max(100).optional(),
      })
      .strict(),
  ),
  // Hybrid search (issue 20): whether messages are also searched by meaning, and how the embedding goes.
  'search.status': channel<EmbeddingStatus>()(empty),
} as const;
