// Each reply says which model wrote it (issue 29 §2): stored with the reply when the engine writes it, as
// the provider was named then, so a later model switch or provider rename does not rewrite history.
// Real engine, real SQLite, the scripted model server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Message } from '../../src/shared/domain';
import { TEST_KEY } from '../helpers/llm-setup';
import { scriptedLlmPerTest, scriptedChat } from '../helpers/scripted-chat';

const scripted = scriptedLlmPerTest();

function setup() {
  const { engine, session } = scriptedChat(scripted.llm);
  return { engine, session };
}

describe('the model that wrote a reply', () => {
  it('is stored with each reply, follows a chat’s model switch, and survives a provider rename', async () => {
    const { engine, session } = setup();
    engine.providers.save({ id: 'second', kind: 'openai', name: 'Second box', baseURL: `${scripted.llm.url}/v1`, models: ['gpt-4.1'] }, TEST_KEY);
    scripted.llm.enqueue({ kind: 'text', text: 'From mini.' }, { kind: 'text', text: 'From 4.1.' });

    await engine.chat.send(session.id, 'hello');
    engine.sessions.setChatModel(session.id, { provider: 'second', model: 'gpt-4.1' });
    await engine.chat.send(session.id, 'and you?');
    // The provider is renamed afterwards: the replies keep the name they were written under.
    engine.providers.save({ id: 'scripted', kind: 'openai', name: 'Renamed', baseURL: `${scripted.llm.url}/v1`, models: ['gpt-4o-mini'] }, undefined);

    const items = engine.messages.list(session.id).items;
    expect(items.map((m) => [m.role, m.content, m.writtenBy])).toEqual([
      ['user', 'hello', null],
      ['assistant', 'From mini.', { provider: 'Scripted', model: 'gpt-4o-mini' }],
      ['user', 'and you?', null],
      ['assistant', 'From 4.1.', { provider: 'Second box', model: 'gpt-4.1' }],
    ]);
  });

  it('is on every reply of a turn with tool steps, on a failed turn’s marker and on a stopped reply', async () => {
    const { engine, session } = setup();
    engine.tools.register({ name: 'lookup', description: 'Look something up', inputSchema: z.object({ q: z.string() }), execute: () => ({ found: 'yes' }) });
    scripted.llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'c1', name: 'lookup', args: { q: 'x' } }] }, { kind: 'text', text: 'Found it.' });
    await engine.chat.send(session.id, 'look it up');
    const replies = engine.messages.list(session.id).items.filter((m) => m.role === 'assistant');
    expect(replies).toHaveLength(2);
    for (const r of replies) expect(r.writtenBy).toEqual({ provider: 'Scripted', model: 'gpt-4o-mini' });

    scripted.llm.enqueue({ kind: 'error', status: 401 });
    await expect(engine.chat.send(session.id, 'again')).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
    const marker = engine.messages.list(session.id).items.at(-1)!;
    expect(marker).toMatchObject({ role: 'assistant', content: '', writtenBy: { provider: 'Scripted', model: 'gpt-4o-mini' } });
    expect(marker.error).toBeTruthy();

    scripted.llm.enqueue({ kind: 'hang' });
    const turn = engine.chat.send(session.id, 'wait');
    await waitFor(() => scripted.llm.chatRequests().length === 4);
    engine.chat.cancel(session.id);
    await turn;
    expect(engine.messages.list(session.id).items.at(-1)).toMatchObject({ role: 'assistant', error: 'Stopped', writtenBy: { provider: 'Scripted', model: 'gpt-4o-mini' } });
  });

  it('crosses the contract with messages.list', async () => {
    const { engine, session } = setup();
    scripted.llm.enqueue({ kind: 'text', text: 'Hi.' });
    await engine.chat.send(session.id, 'hi');
    const r = await dispatch(createHandlers(engine), 'messages.list', { sessionId: session.id });
    if (!r.ok) throw new Error(r.error.message);
    const page = r.data as { items: Message[] };
    expect(JSON.parse(JSON.stringify(page.items.at(-1)!.writtenBy))).toEqual({ provider: 'Scripted', model: 'gpt-4o-mini' });
  });
});

async function waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
}
