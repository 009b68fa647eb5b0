// Edit & resend (issue 17): the old branch stays reachable, the model sees only the active one, and a
// chat can have its own model. Real engine, real SQLite, the scripted model server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { TEST_KEY } from '../helpers/llm-setup';
import { callChannel, scriptedLlmPerTest, scriptedChat } from '../helpers/scripted-chat';

const scripted = scriptedLlmPerTest();

function setup() {
  const { engine, session } = scriptedChat(scripted.llm);
  return { engine, session };
}

/** The active path as the person sees it: role + text. */
function path(engine: Engine, sessionId: string): string[] {
  return engine.messages.list(sessionId).items.map((m) => `${m.role}: ${m.content}`);
}

function userText(body: { messages: { role: string; content: unknown }[] }): string[] {
  return body.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${String(m.content)}`);
}

describe('edit & resend', () => {
  it('keeps the old branch, shows "2 of 2", and sends the model only the edited path', async () => {
    const { engine, session } = setup();
    scripted.llm.enqueue({ kind: 'text', text: 'Lisbon is lovely.' }, { kind: 'text', text: 'Pack light.' }, { kind: 'text', text: 'Porto it is.' });
    await engine.chat.send(session.id, 'Plan Lisbon');
    await engine.chat.send(session.id, 'What to pack?');
    const second = engine.messages.list(session.id).items[2];
    expect(second.content).toBe('What to pack?');

    await engine.chat.send(session.id, 'Plan Porto instead', { replacing: engine.messages.list(session.id).items[0].id });
    expect(path(engine, session.id)).toEqual(['user: Plan Porto instead', 'assistant: Porto it is.']);
    // The model saw the new version alone: nothing of the set-aside branch.
    expect(userText(scripted.llm.chatRequests()[2].body)).toEqual(['user: Plan Porto instead']);

    const [edited] = engine.messages.list(session.id).items;
    expect(edited.branch).toEqual({ index: 1, ids: [expect.any(String), edited.id] });
    expect(engine.sessions.get(session.id).messageCount).toBe(2);

    // Back to version 1: the whole old branch returns, with its replies, in order.
    engine.chat.switchBranch(session.id, edited.branch!.ids[0]);
    expect(path(engine, session.id)).toEqual(['user: Plan Lisbon', 'assistant: Lisbon is lovely.', 'user: What to pack?', 'assistant: Pack light.']);
    expect(engine.messages.list(session.id).items[0].branch).toEqual({ index: 0, ids: edited.branch!.ids });
    expect(engine.sessions.get(session.id).messageCount).toBe(4);

    // A turn on the restored branch sees that branch only.
    scripted.llm.enqueue({ kind: 'text', text: 'A raincoat.' });
    await engine.chat.send(session.id, 'And for rain?');
    expect(userText(scripted.llm.chatRequests()[3].body)).toEqual([
      'user: Plan Lisbon',
      'assistant: Lisbon is lovely.',
      'user: What to pack?',
      'assistant: Pack light.',
      'user: And for rain?',
    ]);
  });

  it('brings nested edits back exactly as they were when an earlier message is switched back', async () => {
    const { engine, session } = setup();
    scripted.llm.enqueue(...['a1', 'b1', 'b2', 'a2'].map((t) => ({ kind: 'text' as const, text: `reply ${t}` })));
    await engine.chat.send(session.id, 'A1');
    await engine.chat.send(session.id, 'B1');
    const b1 = engine.messages.list(session.id).items[2].id;
    await engine.chat.send(session.id, 'B2', { replacing: b1 });
    const a1 = engine.messages.list(session.id).items[0].id;
    await engine.chat.send(session.id, 'A2', { replacing: a1 });
    expect(path(engine, session.id)).toEqual(['user: A2', 'assistant: reply a2']);

    engine.chat.switchBranch(session.id, a1);
    // The inner edit's chosen version (B2) comes back, not B1.
    expect(path(engine, session.id)).toEqual(['user: A1', 'assistant: reply a1', 'user: B2', 'assistant: reply b2']);
    engine.chat.switchBranch(session.id, b1);
    expect(path(engine, session.id)).toEqual(['user: A1', 'assistant: reply a1', 'user: B1', 'assistant: reply b1']);
    const a2 = engine.messages.list(session.id).items[0].branch!.ids[1];
    engine.chat.switchBranch(session.id, a2);
    expect(path(engine, session.id)).toEqual(['user: A2', 'assistant: reply a2']);
  });

  it('refuses to edit a reply, a message of another chat, or a version that is not shown', async () => {
    const { engine, session } = setup();
    const other = engine.sessions.create({ agentId: 'default' });
    scripted.llm.enqueue({ kind: 'text', text: 'one' }, { kind: 'text', text: 'two' }, { kind: 'text', text: 'three' });
    await engine.chat.send(session.id, 'first');
    await engine.chat.send(other.id, 'elsewhere');
    const [user, reply] = engine.messages.list(session.id).items;
    await expect(engine.chat.send(session.id, 'x', { replacing: reply.id })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(engine.chat.send(session.id, 'x', { replacing: engine.messages.list(other.id).items[0].id })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await engine.chat.send(session.id, 'second', { replacing: user.id });
    await expect(engine.chat.send(session.id, 'y', { replacing: user.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(() => engine.chat.switchBranch(other.id, user.id)).toThrow(expect.objectContaining({ code: 'BAD_INPUT' }));
    expect(path(engine, session.id)).toEqual(['user: second', 'assistant: three']);
  });

  it('answers over the contract: chat.send with replacing, chat.switchBranch', async () => {
    const { engine, session } = setup();
    const h = createHandlers(engine);
    scripted.llm.enqueue({ kind: 'text', text: 'r1' }, { kind: 'text', text: 'r2' });
    await callChannel(h, 'chat.send', { sessionId: session.id, text: 'v1' });
    const first = engine.messages.list(session.id).items[0].id;
    await callChannel(h, 'chat.send', { sessionId: session.id, text: 'v2', replacing: first });
    await callChannel(h, 'chat.switchBranch', { sessionId: session.id, messageId: first });
    const page = (await callChannel(h, 'messages.list', { sessionId: session.id })) as { items: { content: string; branch?: unknown }[] };
    expect(page.items.map((m) => m.content)).toEqual(['v1', 'r1']);
    expect(page.items[0].branch).toMatchObject({ index: 0 });
  });
});

describe("a chat's own model", () => {
  it('overrides the agent model for that chat only, persists, and falls back when its provider is removed', async () => {
    const { engine, session } = setup();
    const h = createHandlers(engine);
    const other = engine.sessions.create({ agentId: 'default' });
    engine.providers.save({ id: 'second', kind: 'openai', name: 'Second', baseURL: `${scripted.llm.url}/v1`, models: ['gpt-4.1'] }, TEST_KEY);
    const updated = (await callChannel(h, 'sessions.setModel', { id: session.id, model: { provider: 'second', model: 'gpt-4.1' } })) as { chatModel: unknown };
    expect(updated.chatModel).toEqual({ provider: 'second', model: 'gpt-4.1' });
    expect(engine.sessions.get(session.id).chatModel).toEqual({ provider: 'second', model: 'gpt-4.1' });
    expect(engine.sessions.get(other.id).chatModel).toBeNull();

    scripted.llm.enqueue({ kind: 'text', text: 'from 4.1' }, { kind: 'text', text: 'from mini' }, { kind: 'text', text: 'back to mini' });
    await engine.chat.send(session.id, 'hi');
    await engine.chat.send(other.id, 'hi');
    expect(scripted.llm.chatRequests().map((r) => r.body.model)).toEqual(['gpt-4.1', 'gpt-4o-mini']);

    await expect(callChannel(h, 'sessions.setModel', { id: session.id, model: { provider: 'nope', model: 'x' } })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    engine.providers.delete('second');
    await engine.chat.send(session.id, 'again');
    expect(scripted.llm.chatRequests()[2].body.model).toBe('gpt-4o-mini');
    await callChannel(h, 'sessions.setModel', { id: session.id, model: null });
    expect(engine.sessions.get(session.id).chatModel).toBeNull();
  });
});
