// Spotlighting on the mem0 backend: hostile texts that mem0 extracted and stored come back in recall as
// quoted data (one block with the learned rules, each memory on one line), checked on the exact prompts the
// scripted server received. The other paths are in spotlight.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { HOSTILE_TEXTS } from '../fixtures/hostile-memory-texts';
import { useScriptedModel } from '../helpers/llm-setup';
import { checkRequests, withCanaries } from '../helpers/spotlight-check';
import { openEngine } from '../helpers/temp-home';

const DIM = 256;
/** Long memories share few words with a short query: one message per text makes each the nearest. */
const BATCH = 1;
const texts = withCanaries(HOSTILE_TEXTS, 'memzq');

let llm: ScriptedLlm;

function isExtraction(req: RecordedRequest): boolean {
  return req.api === 'openai-chat' && req.body?.response_format?.type === 'json_object';
}

beforeEach(async () => {
  llm = await startScriptedLlm({ embeddingDim: DIM });
  llm.setDefault((req) => {
    if (!isExtraction(req)) return { kind: 'text', text: 'Noted.' };
    const user = String(req.body.messages.find((m: { role: string }) => m.role === 'user').content);
    // The seeding turn makes the "memory model" extract every hostile text as a memory.
    const memory = user.includes('seed the hostile memories') ? texts.map((t) => t.text) : [];
    return { kind: 'json', value: { memory: memory.map((text, i) => ({ id: String(i), text, attributed_to: 'user' })) } };
  });
});
afterEach(async () => {
  await llm.close();
});

describe('spotlighting on the mem0 backend', () => {
  it('recalled mem0 memories are quoted data, never outside the block', async () => {
    const engine: Engine = openEngine({ qdrant: { enabled: false } });
    useScriptedModel(engine, llm, { roles: ['chat', 'memory', 'embedding'] });
    engine.config.update((c) => {
      c.memory.backend = 'mem0';
      return c;
    });
    engine.laws.store.replaceScope('global', texts.slice(0, 5).map((t) => ({ statement: t.text, confidence: 0.9, support: [] })), 'fp');
    const s = engine.sessions.create({ agentId: 'default' });
    await engine.chat.send(s.id, 'Please seed the hostile memories.');
    await engine.mem0.idle();
    expect((await engine.mem0.entries()).total).toBeGreaterThanOrEqual(texts.length);

    const before = llm.chatRequests().length;
    for (let i = 0; i < texts.length; i += BATCH) {
      // Each canary is one token of the scripted embedder: the query's nearest memories are the batch's.
      await engine.chat.send(s.id, texts.slice(i, i + BATCH).map((t) => `${t.open} ${t.close}`).join(' '));
      await engine.mem0.idle();
    }
    const recallTurns = llm.chatRequests().slice(before).filter((r) => !isExtraction(r));
    const r = checkRequests(recallTurns, texts);
    console.log(`[spotlight] mem0 memories: ${r.seen.size}/${texts.length} hostile texts reached a prompt, ${r.outside.size} outside the spotlight`);
    expect(r.problems).toEqual([]);
    expect([...r.outside].map((i) => HOSTILE_TEXTS[i])).toEqual([]);
    expect(r.seen.size).toBe(texts.length);
    const sys = recallTurns[0].body.messages[0].content as string;
    expect(sys).toMatch(/<data source="memory">\n[^]*## Relevant memories\n- memzq\d+a [^]*## Learned rules\n- memzq0a /);
  });
});
