// The chat's "Connect a model to chat" note is decided in the renderer before anyone types; it must follow
// the engine's order (the chat's own model, the agent's, the global role) or it says there is no model
// for a chat that has one, or hides the note for a chat that has none.
import { describe, expect, it } from 'vitest';
import { chatModelProblem } from '../../src/renderer/src/features/chat/model-status';
import { requireModel } from '../../src/main/llm/roles';
import { defaultConfig, type Config, type ModelRef } from '../../src/shared/config';

function config(opts: { global?: ModelRef; providers?: string[] } = {}): Config {
  const c = defaultConfig();
  c.models.providers = (opts.providers ?? []).map((id) => ({ id, kind: 'openai-compatible', name: id, baseURL: `http://127.0.0.1:1/${id}`, models: ['m'] }) as Config['models']['providers'][number]);
  c.models.roles.chat = opts.global;
  return c;
}

/** What the engine says for the same chat: null when it would find a model. */
function engineSays(c: Config, agentId: string, chatModel: ModelRef | null): string | null {
  try {
    requireModel(c, 'chat', agentId, chatModel);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('chatModelProblem', () => {
  const cases: { name: string; c: Config; chat: ModelRef | null }[] = [
    { name: 'nothing configured', c: config(), chat: null },
    { name: 'only the chat has a model', c: config({ providers: ['lab'] }), chat: { provider: 'lab', model: 'm' } },
    { name: "the chat's provider was removed, the global role is set", c: config({ providers: ['lab'], global: { provider: 'lab', model: 'm' } }), chat: { provider: 'gone', model: 'm' } },
    { name: "the chat's provider was removed and nothing else is set", c: config({ providers: ['lab'] }), chat: { provider: 'gone', model: 'm' } },
    { name: 'the global role points at a removed provider', c: config({ providers: ['lab'], global: { provider: 'gone', model: 'm' } }), chat: null },
    { name: 'the global role is set', c: config({ providers: ['lab'], global: { provider: 'lab', model: 'm' } }), chat: null },
  ];
  for (const { name, c, chat } of cases) {
    it(`agrees with the engine: ${name}`, () => {
      const problem = chatModelProblem(c, 'default', chat);
      expect(problem === null).toBe(engineSays(c, 'default', chat) === null);
    });
  }

  it('knows nothing before the config arrives', () => {
    expect(chatModelProblem(null, 'default', null)).toBeNull();
  });
});
