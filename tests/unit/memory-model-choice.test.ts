// The agent's "Memory model" picker offers and defaults to chat models only (issue 29 §2): an Ollama
// that lists nomic-embed-text first used to get it picked as the memory model, which fails every task.
import { describe, expect, it } from 'vitest';
import { memoryModelAfterProviderChange, memoryModelChoices } from '../../src/renderer/src/features/memory-settings/memory-model-choice';

describe('the memory model picker', () => {
  it('offers no embedding, speech or image model', () => {
    expect(memoryModelChoices(['nomic-embed-text:latest', 'llama3.2:3b', 'text-embedding-3-small', 'whisper-1', 'gpt-4o-mini', 'bge-m3'])).toEqual(['llama3.2:3b', 'gpt-4o-mini']);
  });

  it('defaults to the first chat model when the provider changes, never to an embedding model listed first', () => {
    expect(memoryModelAfterProviderChange(['nomic-embed-text', 'mxbai-embed-large', 'qwen2.5:7b'], '')).toBe('qwen2.5:7b');
    expect(memoryModelAfterProviderChange(['text-embedding-3-large', 'gpt-4.1-mini', 'gpt-4o'], 'gpt-4o')).toBe('gpt-4o');
    // A provider listing only embedding models: no model is picked (the person types one).
    expect(memoryModelAfterProviderChange(['nomic-embed-text'], 'text-embedding-3-small')).toBe('');
    expect(memoryModelAfterProviderChange([], 'my-local-model')).toBe('my-local-model');
    expect(memoryModelAfterProviderChange(null, 'gpt-4o')).toBe('');
  });
});
