// Builds AI SDK model objects for a configured provider. The only place that knows provider kinds.
// Each provider package is imported when a model of its kind is first built (see ai-sdk.ts for why):
// a start that calls no model loads none of them, and one that does loads only its own kind's.
import type { EmbeddingModel, LanguageModel } from 'ai';
import type { Provider } from '../../shared/config';
import { MonadError, missingCase } from '../../shared/errors';
import { refuseRedirects } from '../net/no-redirect-fetch';
import type { EgressFilter } from '../secrets/egress-filter';
import { scrubbedRequestFetch } from '../secrets/scrubbed-request-fetch';

export const DEFAULT_BASE_URL: Record<Provider['kind'], string | null> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  'openai-compatible': null,
};

/**
 * A key is bound to the origin it was saved for (provider-keys.ts); a redirect would re-send the request,
 * and its headers, to wherever the server says. Provider calls therefore never follow one: a provider that
 * answers with a redirect is an error naming where it pointed (net/no-redirect-fetch.ts), which the person
 * fixes by entering the final address.
 */
function providerFetch(provider: Provider, egress?: EgressFilter): typeof fetch {
  const noRedirects = refuseRedirects({ name: provider.name });
  // Every prompt and embedding input leaves without a stored secret in it (secrets/scrubbed-request-fetch.ts).
  return egress ? scrubbedRequestFetch(egress, noRedirects) : noRedirects;
}

export function baseUrlOf(provider: Provider): string {
  const url = provider.baseURL ?? DEFAULT_BASE_URL[provider.kind];
  if (!url) throw new MonadError('BAD_INPUT', `Provider "${provider.name}" needs a base URL`);
  return url.replace(/\/+$/, '');
}

export async function languageModel(provider: Provider, modelId: string, apiKey: string | null, egress?: EgressFilter): Promise<LanguageModel> {
  const baseURL = baseUrlOf(provider);
  switch (provider.kind) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      // `.chat()` = the Chat Completions API, which every OpenAI-compatible server also speaks.
      return createOpenAI({ baseURL, apiKey: apiKey ?? '', fetch: providerFetch(provider, egress) }).chat(modelId);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ baseURL, apiKey: apiKey ?? '', fetch: providerFetch(provider, egress) })(modelId);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      // Ollama (0.5+) and LM Studio take OpenAI's `json_schema` response format (LM Studio takes only that,
      // not `json_object`); a server that refuses it is asked again without (llm/structured-output.ts).
      return createOpenAICompatible({ name: provider.id, baseURL, apiKey: apiKey ?? undefined, includeUsage: true, supportsStructuredOutputs: true, fetch: providerFetch(provider, egress) }).chatModel(modelId);
    }
    default:
      return missingCase(provider.kind);
  }
}

export async function embeddingModel(provider: Provider, modelId: string, apiKey: string | null, egress?: EgressFilter): Promise<EmbeddingModel> {
  const baseURL = baseUrlOf(provider);
  switch (provider.kind) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ baseURL, apiKey: apiKey ?? '', fetch: providerFetch(provider, egress) }).embedding(modelId);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({ name: provider.id, baseURL, apiKey: apiKey ?? undefined, fetch: providerFetch(provider, egress) }).embeddingModel(modelId);
    }
    case 'anthropic':
      throw new MonadError('BAD_INPUT', 'Anthropic has no embedding models; choose an OpenAI or OpenAI-compatible embedding model');
    default:
      return missingCase(provider.kind);
  }
}
