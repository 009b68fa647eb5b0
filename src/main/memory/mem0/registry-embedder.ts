// mem0's embedder through Monad's own model registry (issue 26 §4). mem0's `openai` embedder builds its own
// OpenAI SDK client, which follows redirects with the key in its headers, and takes no fetch of ours. mem0
// does take a caller's embeddings object (its `langchain` embedder provider: anything with `embedQuery` and
// `embedDocuments`), so its embeddings are asked of the AI SDK with the `embedding` role's model instead:
// the same client, keys bound to their origin, redirects refused (llm/provider-factory.ts), and errors
// worded and scrubbed like every other provider call.
import type { EmbeddingModel } from 'ai';
import { loadAiSdk } from '../../llm/ai-sdk';
import type { LlmClient } from '../../llm/llm-client';

/** A stuck embedding server must not hold a mem0 operation (add, search) for long. */
const EMBED_TIMEOUT_MS = 60_000;
/** Usage of mem0's embedding calls is counted under this task name (LlmClient.usage). */
export const MEM0_EMBED_TASK = 'mem0-embed';

/** The two methods mem0's `langchain` embedder calls on the object it is given (mem0ai/oss 3.x). */
export interface Mem0Embeddings {
  embedQuery(text: string): Promise<number[]>;
  embedDocuments(texts: string[]): Promise<number[][]>;
}

export function registryEmbedder(llm: LlmClient): Mem0Embeddings {
  const run = async <T>(call: (model: EmbeddingModel, signal: AbortSignal) => Promise<{ value: T; tokens?: number }>): Promise<T> => {
    // Resolved per call: the role's model and key as they are now.
    const { model, resolved } = await llm.embeddingModel();
    try {
      const r = await call(model, AbortSignal.timeout(EMBED_TIMEOUT_MS));
      llm.record(MEM0_EMBED_TASK, { inputTokens: r.tokens ?? 0, outputTokens: 0 });
      return r.value;
    } catch (err) {
      throw llm.providerError(err, resolved);
    }
  };
  return {
    embedQuery: (text) =>
      run(async (model, abortSignal) => {
        const { embed } = await loadAiSdk();
        const r = await embed({ model, value: text, maxRetries: 2, abortSignal });
        return { value: r.embedding, tokens: r.usage?.tokens };
      }),
    embedDocuments: (texts) =>
      texts.length === 0
        ? Promise.resolve([])
        : run(async (model, abortSignal) => {
            const { embedMany } = await loadAiSdk();
            const r = await embedMany({ model, values: texts, maxRetries: 2, abortSignal });
            return { value: r.embeddings, tokens: r.usage?.tokens };
          }),
  };
}
