// Which listed models a chat picker offers (issue 29 §2): providers list embedding, rerank, speech and
// image models beside the chat ones, under the names their makers give them.
import { describe, expect, it } from 'vitest';
import { chatModelsOf, isChatModel } from '../../src/shared/model-kinds';
import { pickChatModel } from '../../src/renderer/src/features/welcome/pick-chat-model';

const NOT_CHAT = [
  'text-embedding-3-small',
  'text-embedding-ada-002',
  'nomic-embed-text:latest',
  'mxbai-embed-large',
  'snowflake-arctic-embed:335m',
  'granite-embedding:278m',
  'jina-embeddings-v3',
  'Qwen3-Embedding-0.6B',
  'bge-m3',
  'BAAI/bge-large-en-v1.5',
  'bge-large',
  'all-minilm:l6-v2',
  'paraphrase-multilingual',
  'intfloat/multilingual-e5-large',
  'gte-base',
  'Alibaba-NLP/gte-Qwen2-7B-instruct',
  'bge-reranker-v2-m3',
  'whisper-1',
  'gpt-4o-mini-tts',
  'tts-1-hd',
  'gpt-4o-transcribe',
  'dall-e-3',
  'gpt-image-1',
  'omni-moderation-latest',
];

const CHAT = [
  'gpt-4o-mini',
  'gpt-5',
  'gpt-4.1',
  'o3-mini',
  'claude-sonnet-4-5',
  'llama3.2:3b',
  'qwen2.5:7b',
  'qwen2.5-coder:14b',
  'gemma3:12b',
  'mistral-small3.1',
  'deepseek-r1:8b',
  'phi3.5-mini',
  'phi4',
  'granite3.3:8b',
  'lmstudio-community/Meta-Llama-3.1-8B-Instruct-GGUF',
  'openai/gpt-oss-20b',
  'some-model-nobody-knows',
];

describe('chat models among a provider’s list', () => {
  it.each(NOT_CHAT)('leaves out %s', (name) => expect(isChatModel(name)).toBe(false));
  it.each(CHAT)('keeps %s', (name) => expect(isChatModel(name)).toBe(true));

  it('keeps the list’s order and drops only what cannot chat', () => {
    expect(chatModelsOf(['nomic-embed-text:latest', 'llama3.2:3b', 'bge-m3', 'qwen2.5:7b', 'whisper-1'])).toEqual(['llama3.2:3b', 'qwen2.5:7b']);
    expect(chatModelsOf(['text-embedding-3-small'])).toEqual([]);
  });

  it('first run picks the first chat model, never an embedding one', () => {
    expect(pickChatModel(['all-minilm:l6-v2', 'bge-m3', 'gemma3:12b'])).toBe('gemma3:12b');
    expect(pickChatModel(['mxbai-embed-large'])).toBeNull();
  });
});
