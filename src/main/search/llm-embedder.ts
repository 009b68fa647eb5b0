// The configured "embedding" model role as a TextEmbedder for hybrid search. No role set: null, so
// search stays words-only and nothing is sent anywhere.
import type { Config } from '../../shared/config';
import { loadAiSdk } from '../llm/ai-sdk';
import type { LlmClient } from '../llm/llm-client';
import { resolveModel } from '../llm/roles';
import type { TextEmbedder } from './message-embedder';

/** One batch of messages; a stuck server must not hold the background job for long. */
const BATCH_TIMEOUT_MS = 60_000;

export function configuredEmbedder(config: Config, llm: LlmClient): TextEmbedder | null {
  const resolved = resolveModel(config, 'embedding');
  if (!resolved) return null;
  const label = `${resolved.provider.name} (${resolved.model})`;
  return {
    key: `${resolved.provider.id}#${resolved.model}`,
    label,
    embed: async (texts, signal) => {
      const timeout = AbortSignal.timeout(BATCH_TIMEOUT_MS);
      try {
        const { model } = await llm.embeddingModel();
        const { embedMany } = await loadAiSdk();
        const { embeddings } = await embedMany({ model, values: texts, maxRetries: 1, abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        return embeddings;
      } catch (err) {
        throw llm.providerError(err, resolved);
      }
    },
  };
}
