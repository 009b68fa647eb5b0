// A stored secret never reaches another provider (issue 32 §3). Provider A's key sat in a chat (the
// person pasted it; an error body quoted it) and went, inside the prompt, to the chat model's provider,
// inside the consolidation transcript to the memory model's, and inside embedding inputs to the
// embedding endpoint: A's key reached origin B. Every request body to every provider is filtered now.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

/** Provider A's key: custom, so only the secret store knows it is one. */
const KEY_A = 'zq-provider-a-5f4e3d2c1b';
const FORMS = [KEY_A, KEY_A.split('').join(' '), Buffer.from(`user:${KEY_A}`).toString('base64')];

function leaked(bodies: string[]): string[] {
  const hits: string[] = [];
  for (const b of bodies) {
    const compact = b.replace(/[\s\-.,·|_/:+'"`\\]+/g, '');
    if (b.includes(KEY_A) || compact.includes(KEY_A.replace(/-/g, ''))) hits.push(b.slice(0, 120));
    if (b.includes(Buffer.from(`user:${KEY_A}`).toString('base64').slice(8, 24))) hits.push(`base64 in ${b.slice(0, 80)}`);
  }
  return hits;
}

let llm: ScriptedLlm;
let engine: Engine;
beforeEach(async () => {
  llm = await startScriptedLlm();
  engine = openEngine();
  useScriptedModel(engine, llm, { roles: ['chat', 'memory', 'embedding'] });
  engine.providers.save({ id: 'provider-a', kind: 'openai-compatible', name: 'Provider A', baseURL: 'https://a.example/v1', models: ['a-1'] }, KEY_A);
});
afterEach(async () => {
  await llm.close();
});

describe("provider A's key never reaches provider B", () => {
  it('not in the chat prompt, the memory model transcript, nor the embedding inputs', async () => {
    const session = engine.sessions.create({ agentId: 'default', title: 'Keys' });
    // The person pasted it, in three forms, before asking something else.
    engine.messages.append({ sessionId: session.id, role: 'user', content: `here it is: ${FORMS.join(' / ')}` });
    engine.messages.append({ sessionId: session.id, role: 'assistant', content: 'Got it.' });
    llm.enqueue({ kind: 'text', text: 'Saved nothing; here is your answer.' });
    await engine.chat.send(session.id, 'What is the capital of Portugal?');
    // Consolidation reads the whole chat with the memory model.
    llm.setDefault({ kind: 'json', value: { entities: [], relations: [], facts: [], laws: [] } });
    await engine.consolidation.run('default', { level: 3 }).catch(() => undefined);
    await engine.embeddings.drain();
    const chat = llm.chatRequests().map((r) => JSON.stringify(r.body));
    const embeds = llm.requests.filter((r) => r.api === 'openai-embeddings').map((r) => JSON.stringify(r.body));
    // The calls really happened and really carried the chat's text around the key.
    expect(chat.length).toBeGreaterThanOrEqual(2);
    expect(chat.join('\n')).toContain('here it is');
    expect(embeds.length).toBeGreaterThan(0);
    expect(leaked(chat)).toEqual([]);
    expect(leaked(embeds)).toEqual([]);
    expect(chat.join('\n')).toContain('[REDACTED:stored-secret]');
  });
});
