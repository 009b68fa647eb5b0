// Per-chat settings (issue 29 §2): a chat's own instructions on top of the agent's, its temperature,
// maximum output tokens and context length, with agent defaults. Real engine, real SQLite, the scripted
// OpenAI-wire server on 127.0.0.1: the assertions are on the request bodies the server received.
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { CHAT_PROMPT_HEADING } from '../../src/main/chat/turn-request';
import type { RecordedRequest } from '../fixtures/scripted-llm';
import { scriptedLlmPerTest, scriptedChat } from '../helpers/scripted-chat';

const scripted = scriptedLlmPerTest((llm) => llm.setDefault({ kind: 'text', text: 'Fine.' }));

function setup() {
  const { engine, session, handlers } = scriptedChat(scripted.llm);
  return { engine, session, handlers };
}

function systemOf(req: RecordedRequest): string {
  const first = req.body.messages[0];
  expect(first.role).toBe('system');
  return String(first.content);
}

const lastTurn = () => scripted.llm.chatRequests().at(-1)!;

describe('per-chat settings reach the request', () => {
  it('sends the chat’s temperature and output limit, and appends its instructions after the unchanged prefix', async () => {
    const { engine, session, handlers } = setup();
    await engine.chat.send(session.id, 'first');
    const before = lastTurn();
    expect(before.body.temperature).toBeUndefined();
    expect(before.body.max_tokens).toBeUndefined();
    const prefix = systemOf(before);

    const r = await dispatch(handlers, 'sessions.setSettings', { id: session.id, settings: { systemPrompt: 'Answer in French.', temperature: 0.3, maxOutputTokens: 321 } });
    expect(r.ok).toBe(true);
    await engine.chat.send(session.id, 'second');
    const after = lastTurn();
    expect(after.body.temperature).toBe(0.3);
    expect(after.body.max_tokens).toBe(321);
    const system = systemOf(after);
    // The frozen prefix (agent framing, spotlighting, memory block) is byte-identical: the cache holds.
    expect(system.startsWith(prefix)).toBe(true);
    expect(system.slice(prefix.length)).toBe(`\n\n${CHAT_PROMPT_HEADING}\nAnswer in French.`);
  });

  it('takes the agent’s defaults where the chat sets nothing, and a chat value over them; null goes back', async () => {
    const { engine, session, handlers } = setup();
    engine.agents.update('default', { chat: { temperature: 1.1, maxOutputTokens: 900, systemPrompt: 'Be brief.' } });
    await engine.chat.send(session.id, 'one');
    expect(lastTurn().body.temperature).toBe(1.1);
    expect(lastTurn().body.max_tokens).toBe(900);
    expect(systemOf(lastTurn()).endsWith('\nBe brief.')).toBe(true);

    await dispatch(handlers, 'sessions.setSettings', { id: session.id, settings: { temperature: 0, systemPrompt: 'Only haiku.' } });
    await engine.chat.send(session.id, 'two');
    expect(lastTurn().body.temperature).toBe(0);
    expect(lastTurn().body.max_tokens).toBe(900);
    const sys = systemOf(lastTurn());
    expect(sys.endsWith('\nOnly haiku.')).toBe(true);
    expect(sys).not.toContain('Be brief.');

    // The receipt of the reply says what went out and where each value came from.
    const reply = engine.messages.list(session.id).items.at(-1)!;
    const settings = engine.messages.receiptOf(reply.id).receipt?.settings;
    expect(settings).toMatchObject({
      systemPrompt: { value: 'Only haiku.', source: 'chat' },
      temperature: { value: 0, source: 'chat' },
      maxOutputTokens: { value: 900, source: 'agent' },
      contextLength: { value: null, source: 'default' },
    });

    const back = await dispatch(handlers, 'sessions.setSettings', { id: session.id, settings: { temperature: null, systemPrompt: '' } });
    expect(back.ok && (back.data as { settings: object }).settings).toEqual({});
    await engine.chat.send(session.id, 'three');
    expect(lastTurn().body.temperature).toBe(1.1);
    expect(systemOf(lastTurn()).endsWith('\nBe brief.')).toBe(true);

    // The agent's default cleared: nothing is sent, the model's own default holds.
    engine.agents.update('default', { chat: { temperature: null } });
    await engine.chat.send(session.id, 'four');
    expect(lastTurn().body.temperature).toBeUndefined();
    expect(engine.agents.get('default').chat).toEqual({ maxOutputTokens: 900, systemPrompt: 'Be brief.' });
  });

  it('cuts the history to the context length, newest first, and says how much was left out', async () => {
    const { engine, session, handlers } = setup();
    const long = (i: number) => `message ${i} ` + 'lorem ipsum dolor sit amet '.repeat(60); // ~400 tokens each
    for (let i = 0; i < 6; i++) await engine.chat.send(session.id, long(i));
    const full = lastTurn().body.messages.length;
    expect(full).toBe(1 + 11); // system + 6 user + 5 replies

    await dispatch(handlers, 'sessions.setSettings', { id: session.id, settings: { contextLength: 2048, maxOutputTokens: 200 } });
    await engine.chat.send(session.id, 'the newest question');
    const sent = lastTurn().body.messages.slice(1);
    expect(sent.length).toBeLessThan(full);
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: 'the newest question' });
    // What went fits: system + history + the room for the reply within the context length (rough 4 chars a token).
    const chars = JSON.stringify(lastTurn().body.messages).length;
    expect(chars / 4 + 200).toBeLessThan(2048 * 1.15);
    const reply = engine.messages.list(session.id).items.at(-1)!;
    const history = engine.messages.receiptOf(reply.id).receipt?.settings?.history;
    expect(history?.sent).toBe(sent.length);
    expect(history!.sent + history!.dropped).toBe(13);
    expect(history!.dropped).toBeGreaterThan(0);

    // A tiny context still sends the person's message.
    await dispatch(handlers, 'sessions.setSettings', { id: session.id, settings: { contextLength: 1024, maxOutputTokens: 1000 } });
    await engine.chat.send(session.id, 'still answered?');
    expect(lastTurn().body.messages.slice(1)).toEqual([{ role: 'user', content: 'still answered?' }]);
  });

  it('refuses values out of range, with the field named', async () => {
    const { session, handlers } = setup();
    for (const settings of [{ temperature: 2.5 }, { temperature: -0.1 }, { maxOutputTokens: 0 }, { maxOutputTokens: 10_000_000 }, { contextLength: 100 }, { maxOutputTokens: 1.5 }, { systemPrompt: 'x'.repeat(5000) }, { topK: 3 }]) {
      const r = await dispatch(handlers, 'sessions.setSettings', { id: session.id, settings });
      expect(r.ok, JSON.stringify(settings)).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('BAD_INPUT');
    }
    const bad = await dispatch(handlers, 'agents.update', { id: 'default', patch: { chat: { temperature: 7 } } });
    expect(bad.ok).toBe(false);
  });
});
