// Builds AI SDK model objects for a configured provider. The only place that knows provider kinds.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModel, LanguageModel } from 'ai';
import type { Provider } from '../../shared/config';
import { MonadError, missingCase } from '../../shared/errors';

export const DEFAULT_BASE_URL: Record<Provider['kind'], string | null> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  'openai-compatible': null,
};

/**
 * A key is bound to the origin it was saved for (provider-keys.ts). A redirect would re-send the request,
 * and its headers, to wherever the server says: fetch drops `Authorization` across origins but keeps
 * Anthropic's `x-api-key`. Provider calls therefore never follow redirects; a provider that answers with
 * one is reported as an error the person can fix by entering the final address.
 */
export const noRedirectFetch: typeof fetch = (input, init) => fetch(input, { ...init, redirect: 'error' });

export function baseUrlOf(provider: Provider): string {
  const url = provider.baseURL ?? DEFAULT_BASE_URL[provider.kind];
  if (!url) throw new MonadError('BAD_INPUT', `Provider "${provider.name}" needs a base URL`);
  return url.replace(/\/+$/, '');
}

export function languageModel(provider: Provider, modelId: string, apiKey: string | null): LanguageModel {
  const baseURL = baseUrlOf(provider);
  switch (provider.kind) {
    case 'openai':
      // `.chat()` = the Chat Completions API, which every OpenAI-compatible server also speaks.
      return createOpenAI({ baseURL, apiKey: apiKey ?? '', fetch: noRedirectFetch }).chat(modelId);
    case 'anthropic':
      return createAnthropic({ baseURL, apiKey: apiKey ?? '', fetch: noRedirectFetch })(modelId);
    case 'openai-compatible':
      // Ollama (0.5+) and LM Studio take OpenAI's `json_schema` response format (LM Studio takes only that,
      // not `json_object`); a server that refuses it is asked again without (llm/structured-output.ts).
      return createOpenAICompatible({ name: provider.id, baseURL, apiKey: apiKey ?? undefined, includeUsage: true, supportsStructuredOutputs: true, fetch: noRedirectFetch }).chatModel(modelId);
    default:
      return missingCase(provider.kind);
  }
}

export function embeddingModel(provider: Provider, modelId: string, apiKey: string | null): EmbeddingModel {
  const baseURL = baseUrlOf(provider);
  switch (provider.kind) {
    case 'openai':
      return createOpenAI({ baseURL, apiKey: apiKey ?? '', fetch: noRedirectFetch }).embedding(modelId);
    case 'openai-compatible':
      return createOpenAICompatible({ name: provider.id, baseURL, apiKey: apiKey ?? undefined, fetch: noRedirectFetch }).embeddingModel(modelId);
    case 'anthropic':
      throw new MonadError('BAD_INPUT', 'Anthropic has no embedding models; choose an OpenAI or OpenAI-compatible embedding model');
    default:
      return missingCase(provider.kind);
  }
}
