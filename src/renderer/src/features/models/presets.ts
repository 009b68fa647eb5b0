// Provider kinds and the usual local / hosted OpenAI-compatible servers, with their default base URLs.
import type { ProviderKind } from '../../../../shared/config';

export const KIND_LABEL: Record<ProviderKind, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

/** What the engine uses when a provider of this kind has no base URL. */
export const DEFAULT_BASE_URL: Record<ProviderKind, string | null> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  'openai-compatible': null,
};

export interface CompatiblePreset {
  id: string;
  name: string;
  baseURL: string;
  /** Local servers usually take no key. */
  needsKey: boolean;
}

export const COMPATIBLE_PRESETS: CompatiblePreset[] = [
  { id: 'ollama', name: 'Ollama', baseURL: 'http://127.0.0.1:11434/v1', needsKey: false },
  { id: 'lm-studio', name: 'LM Studio', baseURL: 'http://127.0.0.1:1234/v1', needsKey: false },
  { id: 'llama-cpp', name: 'llama.cpp server', baseURL: 'http://127.0.0.1:8080/v1', needsKey: false },
  { id: 'vllm', name: 'vLLM', baseURL: 'http://127.0.0.1:8000/v1', needsKey: false },
  { id: 'openrouter', name: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', needsKey: true },
];

export const ROLE_INFO = {
  chat: { label: 'Chat', description: 'Writes the replies. Agents can override it.' },
  memory: { label: 'Memory', description: 'Consolidates and infers memory. Falls back to the chat model when not set.' },
  embedding: { label: 'Embedding', description: 'Turns text into vectors for the mem0 backend. Needs an OpenAI or OpenAI-compatible embedding model.' },
} as const;
