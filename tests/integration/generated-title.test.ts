// Generated titles (issue 29 §2): one call after a chat's first exchange names it; counted with the other
// background calls; off by a setting; never over a title the person typed; the model's text cleaned; the
// first-line title stays on any failure. Real engine, the scripted OpenAI-wire server on 127.0.0.1.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm, type ScriptedReply } from '../fixtures/scripted-llm';
import { TEST_KEY, useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
let titleReply: (req: RecordedRequest) => ScriptedReply;
beforeEach(async () => {
  llm = await startScriptedLlm({ requireKey: TEST_KEY });
  titleReply = () => ({ kind: 'json', value: { title: 'Sourdough starter troubleshooting' } });
  // Title requests are told apart by their system prompt; every other request is a chat turn.
  llm.setDefault((req) => (isTitleRequest(req) ? titleReply(req) : { kind: 'text', text: 'Feed it twice a day and keep it warm.' }));
});
afterEach(async () => {
  await llm.close();
});

function isTitleRequest(req: RecordedRequest): boolean {
  return String(req.body?.messages?.[0]?.content ?? '').startsWith('You name chats');
}
const titleRequests = () => llm.chatRequests().filter(isTitleRequest);

function setup() {
  const engine = openEngine({ generatedTitles: true });
  useScriptedModel(engine, llm);
  const session = engine.sessions.create({ agentId: 'default' });
  return { engine, session };
}

const FIRST = 'my sourdough starter smells like nail polish remover, what do I do?\nIt is 5 days old.';

describe('generated titles', () => {
  it('names the chat once, after the first exchange, counted as a background call, and tells the sidebar', async () => {
    const { engine, session } = setup();
    const changed: unknown[] = [];
    engine.events.subscribe((e) => e.name === 'sessions.changed' && changed.push(e.payload));
    await engine.chat.send(session.id, FIRST);
    // The first-line title is there at once; the generated one replaces it when the call is done.
    await engine.titles.pending(session.id);
    expect(engine.sessions.get(session.id).title).toBe('Sourdough starter troubleshooting');
    expect(titleRequests()).toHaveLength(1);
    // The call quoted both messages as data, and went through the task path's usage accounting.
    const prompt = String(titleRequests()[0].body.messages.at(-1).content);
    expect(prompt).toContain('nail polish remover');
    expect(prompt).toContain('Feed it twice a day');
    expect(engine.llm.usage.get('session-title')?.calls).toBe(1);
    // One cheap call: both messages clipped, the reply bounded.
    expect(titleRequests()[0].body.max_tokens).toBe(200);
    expect(changed.length).toBeGreaterThan(0);

    await engine.chat.send(session.id, 'and how warm?');
    await engine.titles.pending(session.id);
    expect(titleRequests()).toHaveLength(1);
    expect(engine.llm.usage.get('session-title')?.calls).toBe(1);
    expect(engine.sessions.get(session.id).title).toBe('Sourdough starter troubleshooting');
  });

  it('sends at most the opening of each message, however long the chat’s first exchange', async () => {
    const { engine, session } = setup();
    await engine.chat.send(session.id, 'start '.repeat(5000));
    await engine.titles.pending(session.id);
    const prompt = String(titleRequests()[0].body.messages.at(-1).content);
    expect(prompt.length).toBeLessThan(4000);
  });

  it('is off by the setting: no call, the first-line title stays', async () => {
    const { engine, session } = setup();
    const r = await dispatch(createHandlers(engine), 'config.update', { patch: { chat: { generateTitles: false } } });
    expect(r.ok).toBe(true);
    await engine.chat.send(session.id, FIRST);
    await engine.titles.pending(session.id);
    expect(titleRequests()).toHaveLength(0);
    expect(engine.llm.usage.get('session-title')).toBeUndefined();
    expect(engine.sessions.get(session.id).title).toBe('my sourdough starter smells like nail polish remover, what…');
  });

  it('never replaces a title the person set: before the first message, or while the title call runs', async () => {
    const { engine, session } = setup();
    engine.sessions.rename(session.id, 'Bread');
    await engine.chat.send(session.id, FIRST);
    await engine.titles.pending(session.id);
    expect(titleRequests()).toHaveLength(0);
    expect(engine.sessions.get(session.id).title).toBe('Bread');

    // The person renames the chat while the model is writing its title: theirs stays.
    const other = engine.sessions.create({ agentId: 'default' });
    titleReply = () => {
      engine.sessions.rename(other.id, 'My own name');
      return { kind: 'json', value: { title: 'Generated name' } };
    };
    await engine.chat.send(other.id, FIRST);
    await engine.titles.pending(other.id);
    expect(titleRequests()).toHaveLength(1);
    expect(engine.sessions.get(other.id).title).toBe('My own name');
    // Renamed after a generated title, it stays renamed; nothing asks again.
    await engine.chat.send(other.id, 'more');
    await engine.titles.pending(other.id);
    expect(titleRequests()).toHaveLength(1);
  });

  it('cleans the model’s text: invisible and bidi characters, Markdown, quotes, line breaks, length', async () => {
    const { engine } = setup();
    const cases: [unknown, string][] = [
      ['**"Bread\u202e\u200b starter"**.', 'Bread starter'],
      ['Title: “Sourdough\nhelp”', 'Sourdough help'],
      ['# `Nail` polish smell!', 'Nail polish smell'],
      ['word '.repeat(80), `${'word '.repeat(12).trim()}…`],
    ];
    for (const [raw, want] of cases) {
      const s = engine.sessions.create({ agentId: 'default' });
      titleReply = () => ({ kind: 'json', value: { title: raw } });
      await engine.chat.send(s.id, FIRST);
      await engine.titles.pending(s.id);
      const got = engine.sessions.get(s.id).title;
      expect(got, JSON.stringify(raw)).toBe(want);
      expect(got.length).toBeLessThanOrEqual(61);
    }
  });

  it('keeps the first-line title when the model fails or answers nothing usable, and does not ask again', async () => {
    const { engine } = setup();
    for (const reply of [{ kind: 'error', status: 400 }, { kind: 'json', value: { title: '\u200b*** 🙂 ***' } }, { kind: 'raw_json_text', text: 'no json here' }] as ScriptedReply[]) {
      const s = engine.sessions.create({ agentId: 'default' });
      titleReply = () => reply;
      await engine.chat.send(s.id, FIRST);
      await engine.titles.pending(s.id);
      expect(engine.sessions.get(s.id).title, JSON.stringify(reply)).toBe('my sourdough starter smells like nail polish remover, what…');
      const before = titleRequests().length;
      await engine.chat.send(s.id, 'again');
      await engine.titles.pending(s.id);
      expect(titleRequests().length).toBe(before);
    }
  });
});
