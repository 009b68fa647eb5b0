// Points an engine's model registry at the scripted LLM server (tests only).
import type { Engine } from '../../src/main/engine';
import type { ScriptedLlm } from '../fixtures/scripted-llm';

export const TEST_KEY = 'sk-test-monad-0123456789abcdefXYZ';

export function useScriptedModel(
  engine: Engine,
  llm: ScriptedLlm,
  opts: { kind?: 'openai' | 'anthropic' | 'openai-compatible'; model?: string; key?: string; roles?: ('chat' | 'memory' | 'embedding')[] } = {},
): void {
  const kind = opts.kind ?? 'openai';
  const model = opts.model ?? (kind === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini');
  engine.providers.save({ id: 'scripted', kind, name: 'Scripted', baseURL: `${llm.url}/v1`, models: [model] }, opts.key ?? TEST_KEY);
  engine.config.update((c) => {
    for (const role of opts.roles ?? ['chat', 'memory']) c.models.roles[role] = { provider: 'scripted', model: role === 'embedding' ? 'text-embedding-3-small' : model };
    return c;
  });
}
