// Quieter memory (issue 29 §4) with the scripted model: memory that changes mid-chat leaves the frozen
// recall block alone under 'quiet' (the default) and 'ask' until "Use it now"; only 'ask' asks for the
// banner; under 'automatic' the next turn rebuilds the block first (recorded like a "Use it now") and
// sends the new memory. A write waiting in the Inbox is never in the block, whatever the mode.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configSchema, type MemoryFreshness } from '../../src/shared/config';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

function setup(mode?: MemoryFreshness): Engine {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  if (mode)
    engine.config.update((c) => {
      c.memory.freshness = mode;
      return c;
    });
  return engine;
}

/** The system prompt the model received on the latest chat request. */
function lastSystem(): string {
  const body = llm.chatRequests().at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
}

/** A chat with one exchange (its block frozen), then a fact the person adds in the Memory tab. */
async function chatThenRemember(engine: Engine, fact: string): Promise<{ sessionId: string; block: string | null }> {
  const s = engine.sessions.create({ agentId: 'default' });
  llm.enqueue({ kind: 'text', text: 'hi' });
  await engine.chat.send(s.id, 'hello');
  const block = engine.facts.recall.snapshot(s.id).block;
  expect(block).not.toBeNull();
  await engine.facts.record('global', fact, { actor: 'person', source: { via: 'app' } });
  return { sessionId: s.id, block };
}

describe('memory.freshness', () => {
  it('defaults to quiet, in a config without the key and in an empty one', () => {
    expect(configSchema.parse({}).memory.freshness).toBe('quiet');
    expect(configSchema.parse({ memory: { level: 2 } }).memory.freshness).toBe('quiet');
    expect(() => configSchema.parse({ memory: { freshness: 'loud' } })).toThrow();
  });

  it.each(['quiet', undefined] as const)('quiet (%s): no banner asked for, the block stays frozen across turns until "Use it now"', async (mode) => {
    const engine = setup(mode);
    const { sessionId, block } = await chatThenRemember(engine, 'User plays the cello');
    expect(engine.freshness.check(sessionId)).toMatchObject({ changed: true, notice: false, added: ['(you said it) User plays the cello'] });

    llm.enqueue({ kind: 'text', text: 'ok' });
    await engine.chat.send(sessionId, 'what do I play?');
    expect(lastSystem()).not.toContain('User plays the cello');
    expect(engine.facts.recall.snapshot(sessionId).block).toBe(block);
    expect(engine.freshness.rebuilds(sessionId)).toEqual([]);

    engine.freshness.useNow(sessionId);
    llm.enqueue({ kind: 'text', text: 'the cello' });
    await engine.chat.send(sessionId, 'and now?');
    expect(lastSystem()).toContain('User plays the cello');
  });

  it('ask: the banner is asked for once per change, and the block still waits for "Use it now"', async () => {
    const engine = setup('ask');
    const { sessionId, block } = await chatThenRemember(engine, 'User plays the cello');
    expect(engine.freshness.check(sessionId)).toMatchObject({ changed: true, notice: true });
    engine.freshness.seen(sessionId);
    expect(engine.freshness.check(sessionId)).toMatchObject({ changed: true, notice: false });
    llm.enqueue({ kind: 'text', text: 'ok' });
    await engine.chat.send(sessionId, 'what do I play?');
    expect(lastSystem()).not.toContain('User plays the cello');
    expect(engine.facts.recall.snapshot(sessionId).block).toBe(block);
  });

  it('automatic: the next turn rebuilds the block first, sends the new memory, and records the rebuild; no banner', async () => {
    const engine = setup('automatic');
    const { sessionId, block } = await chatThenRemember(engine, 'User plays the cello');
    expect(engine.freshness.check(sessionId)).toMatchObject({ changed: true, notice: false });
    // Nothing happens until a turn needs the block.
    expect(engine.facts.recall.snapshot(sessionId).block).toBe(block);

    llm.enqueue({ kind: 'text', text: 'the cello' });
    await engine.chat.send(sessionId, 'what do I play?');
    expect(lastSystem()).toContain('User plays the cello');
    expect(engine.freshness.rebuilds(sessionId)).toMatchObject([{ added: ['(you said it) User plays the cello'], removed: [] }]);
    expect(engine.freshness.check(sessionId)).toMatchObject({ changed: false, notice: false });

    // A turn with memory unchanged keeps the same bytes (the cache holds): no second rebuild.
    const rebuiltBlock = engine.facts.recall.snapshot(sessionId).block;
    llm.enqueue({ kind: 'text', text: 'still the cello' });
    await engine.chat.send(sessionId, 'again?');
    expect(engine.facts.recall.snapshot(sessionId).block).toBe(rebuiltBlock);
    expect(engine.freshness.rebuilds(sessionId)).toHaveLength(1);

    // A forgotten fact leaves the block at the next turn too.
    engine.facts.forget('global', engine.facts.memory.read('global').facts[0].id, { actor: 'person' });
    llm.enqueue({ kind: 'text', text: 'I do not know' });
    await engine.chat.send(sessionId, 'what do I play now?');
    expect(lastSystem()).not.toContain('User plays the cello');
    expect(engine.freshness.rebuilds(sessionId).at(-1)).toMatchObject({ removed: ['(you said it) User plays the cello'] });
  });

  it('automatic: a write waiting in the Inbox (Ask me first) is not in the rebuilt block', async () => {
    const engine = setup('automatic');
    engine.agents.update('default', { memory: { remember: 'ask' } });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'hi' });
    await engine.chat.send(s.id, 'hello');
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'c1', name: 'memory', args: { action: 'record', scope: 'global', text: 'User drinks green tea' } }] }, { kind: 'text', text: 'I will ask you first.' });
    await engine.chat.send(s.id, 'I drink green tea');
    expect(engine.inbox.list().count).toBe(1);
    llm.enqueue({ kind: 'text', text: 'ok' });
    await engine.chat.send(s.id, 'what do I drink?');
    expect(lastSystem()).not.toContain('User drinks green tea');
    expect(engine.freshness.rebuilds(s.id)).toEqual([]);
  });
});
