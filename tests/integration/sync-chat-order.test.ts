// Issue 30 §6, one chat continued on two devices while apart: an in-process relay on loopback (closed and
// started again on the same port and data), two real homes whose chat model is the scripted OpenAI-wire
// server on 127.0.0.1, turns sent through the real chat loop. After reconnecting and syncing both twice,
// both devices list the chat in the same order — both continuations, interleaved by time — and send the
// model the same context for the next turn.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { startScriptedLlm, type ScriptedLlm, type RecordedRequest } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { freePort } from '../helpers/ports';
import { openEngine, tempHome } from '../helpers/temp-home';

const SPACE = 'chat-order';
let llm: ScriptedLlm;
const relays: RunningRelay[] = [];
const engines: Engine[] = [];
beforeEach(async () => {
  llm = await startScriptedLlm();
  // Every chat turn is answered "Noted: <the person's last message>", so each reply names its question.
  llm.setDefault((req: RecordedRequest) => ({ kind: 'text', text: `Noted: ${lastUserText(req)}` }));
});
afterEach(async () => {
  for (const e of engines.splice(0)) e.close();
  for (const r of relays.splice(0)) await r.close();
  await llm.close();
});

type WireMessage = { role: string; content: unknown };
const textOf = (c: unknown): string => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((p: { text?: string }) => p.text ?? '').join('') : '');
const lastUserText = (req: RecordedRequest): string => textOf(((req.body?.messages ?? []) as WireMessage[]).filter((m) => m.role === 'user').at(-1)?.content);

function home(): Engine {
  const e = openEngine({ home: tempHome(), backgroundJobs: false });
  useScriptedModel(e, llm, { roles: ['chat'] });
  engines.push(e);
  return e;
}
const sync = (e: Engine, url: string) => syncNow({ relayUrl: url, space: SPACE, storeFile: syncStoreFile(e.paths.root), kinds: syncKinds(e) });
const relayOn = async (dataDir: string, port: number): Promise<RunningRelay> => {
  const r = await startRelay({ dataDir, port });
  relays.push(r);
  return r;
};
const shown = (e: Engine, id: string) => e.messages.list(id).items.map((m) => `${m.role}: ${m.content}`);
const later = (ms = 15) => new Promise((r) => setTimeout(r, ms));

/** The conversation the model was sent for the turn that asked `question` (the system prompt left out). */
function contextOf(question: string): string[] {
  const req = llm.chatRequests().filter((r) => lastUserText(r) === question).at(-1);
  if (!req) throw new Error(`no chat request asked ${question}`);
  return (req.body.messages as WireMessage[]).filter((m) => m.role === 'user' || m.role === 'assistant').map((m) => `${m.role}: ${textOf(m.content)}`);
}

describe('one order for a chat continued on two devices while apart', () => {
  it('after reconnecting, both devices list the same messages in the same order and send the model the same context', async () => {
    const data = join(tempHome(), 'relay');
    const port = await freePort();
    let relay = await relayOn(data, port);
    const [a, b] = [home(), home()];

    const chat = a.sessions.create({ agentId: 'default' });
    await a.chat.send(chat.id, 'Plan the vegetable garden');
    await sync(a, relay.url);
    await sync(b, relay.url);
    expect(shown(b, chat.id)).toEqual(shown(a, chat.id));

    // The relay goes away; the person continues the same chat on both devices, turn after turn.
    await relay.close();
    relays.splice(relays.indexOf(relay), 1);
    await a.chat.send(chat.id, 'Add tomatoes along the fence');
    await later();
    await b.chat.send(chat.id, 'Add leeks in the shady corner');
    await later();
    await a.chat.send(chat.id, 'Add beans after the tomatoes');
    await later();
    // A message without a reply, the last thing written on B.
    b.messages.append({ sessionId: chat.id, role: 'user', content: 'And a row of carrots' });

    relay = await relayOn(data, port);
    for (let i = 0; i < 2; i++) for (const d of [a, b]) await sync(d, relay.url);

    // Both continuations kept, interleaved by time (each device's turns stay whole: a reply follows its question).
    const expected = [
      'user: Plan the vegetable garden',
      'assistant: Noted: Plan the vegetable garden',
      'user: Add tomatoes along the fence',
      'assistant: Noted: Add tomatoes along the fence',
      'user: Add leeks in the shady corner',
      'assistant: Noted: Add leeks in the shady corner',
      'user: Add beans after the tomatoes',
      'assistant: Noted: Add beans after the tomatoes',
      'user: And a row of carrots',
    ];
    expect(shown(a, chat.id)).toEqual(expected);
    expect(shown(b, chat.id)).toEqual(expected);
    expect(b.messages.list(chat.id).items.map((m) => m.id)).toEqual(a.messages.list(chat.id).items.map((m) => m.id));
    // Paged, the order holds across page boundaries too.
    const paged = (e: Engine): string[] => {
      const out: string[] = [];
      let before: string | undefined;
      for (;;) {
        const page = e.messages.list(chat.id, { before, limit: 2 });
        out.unshift(...page.items.map((m) => m.id));
        if (!page.nextCursor) return out;
        before = page.nextCursor;
      }
    };
    expect(paged(b)).toEqual(paged(a));
    expect(paged(a)).toEqual(a.messages.list(chat.id).items.map((m) => m.id));

    // The next turn on either device sends the model the same conversation.
    await a.chat.send(chat.id, 'What goes in the garden? (asked on A)');
    await b.chat.send(chat.id, 'What goes in the garden? (asked on B)');
    const onA = contextOf('What goes in the garden? (asked on A)');
    const onB = contextOf('What goes in the garden? (asked on B)');
    expect(onA.slice(0, -1)).toEqual(expected);
    expect(onB.slice(0, -1)).toEqual(expected);
  }, 120_000);

  it("a device whose clock is behind still puts its message after what it had seen, on both devices", async () => {
    const data = join(tempHome(), 'relay');
    const relay = await relayOn(data, await freePort());
    const [a, b] = [home(), home()];
    const chat = a.sessions.create({ agentId: 'default' });
    a.messages.append({ sessionId: chat.id, role: 'user', content: 'Which seeds first?', createdAt: '2026-03-01T10:00:00.000Z' });
    a.messages.append({ sessionId: chat.id, role: 'assistant', content: 'Peas, in March.', createdAt: '2026-03-01T10:00:05.000Z' });
    await sync(a, relay.url);
    await sync(b, relay.url);
    // B's clock is half an hour behind A's: its answer is dated before what it answers.
    b.messages.append({ sessionId: chat.id, role: 'user', content: 'Thanks, and after peas?', createdAt: '2026-03-01T09:31:00.000Z' });
    // Meanwhile A, apart, goes on at its own time.
    a.messages.append({ sessionId: chat.id, role: 'user', content: 'How deep do I sow peas?', createdAt: '2026-03-01T10:02:00.000Z' });
    for (let i = 0; i < 2; i++) for (const d of [a, b]) await sync(d, relay.url);
    const expected = ['user: Which seeds first?', 'assistant: Peas, in March.', 'user: Thanks, and after peas?', 'user: How deep do I sow peas?'];
    expect(shown(a, chat.id)).toEqual(expected);
    expect(shown(b, chat.id)).toEqual(expected);
    // The time shown stays the device's own: only the order is corrected.
    expect(a.messages.list(chat.id).items[2].createdAt).toBe('2026-03-01T09:31:00.000Z');
  }, 60_000);
});
