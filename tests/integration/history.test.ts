// Memory → History through the contract (issue 15 §2): history.list pages the journal newest first with
// its filters, says which entries can be undone and which scopes it names; history.undo shows the plan
// before undoing more than the entry; the retention setting compacts once a day; a forgotten mem0
// memory (alone, or within "forget everything about X") comes back, same id, with undo.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelInput, ChannelName, ChannelOutput } from '../../src/shared/contract';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { COMPACT_EVERY_MS } from '../../src/main/memory/journal/retention';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome } from '../helpers/temp-home';

async function call<K extends ChannelName>(engine: Engine, channel: K, input: ChannelInput<K>): Promise<ChannelOutput<K>> {
  const r = await dispatch(createHandlers(engine), channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.data as ChannelOutput<K>;
}

/** A clock the test moves. */
function clock(start: string) {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms), set: (iso: string) => void (t = new Date(iso).getTime()) };
}

describe('history.list', () => {
  it('pages newest first with layer, scope, actor, item and since filters; scopes come with the first page', async () => {
    const c = clock('2026-11-01T12:00:00Z');
    const engine = openEngine({ now: c.now });
    const layers = ['facts', 'graph', 'laws', 'identity'] as const;
    for (let i = 0; i < 12; i++) {
      engine.journal.append({
        layer: layers[i % 4],
        action: 'test.changed',
        scope: i % 3 === 0 ? 'global' : 'agent:default',
        item: `fact:${i % 5}`,
        actor: i % 2 ? 'agent' : 'person',
        summary: `change ${i}`,
      });
      c.advance(86_400_000 / 2);
    }
    const first = await call(engine, 'history.list', { limit: 5 });
    expect(first.entries.map((e) => e.summary)).toEqual(['change 11', 'change 10', 'change 9', 'change 8', 'change 7']);
    expect(first.scopes).toEqual(['agent:default', 'global']);
    const second = await call(engine, 'history.list', { limit: 5, before: first.next! });
    expect(second.entries.map((e) => e.summary)).toEqual(['change 6', 'change 5', 'change 4', 'change 3', 'change 2']);
    expect(second.scopes).toBeUndefined();
    const last = await call(engine, 'history.list', { limit: 5, before: second.next! });
    expect(last.entries.map((e) => e.summary)).toEqual(['change 1', 'change 0']);
    expect(last.next).toBeNull();

    const summaries = async (q: ChannelInput<'history.list'>) => (await call(engine, 'history.list', q)).entries.map((e) => e.summary);
    expect(await summaries({ layer: 'graph' })).toEqual(['change 9', 'change 5', 'change 1']);
    expect(await summaries({ scope: 'global' })).toEqual(['change 9', 'change 6', 'change 3', 'change 0']);
    expect(await summaries({ actor: 'agent', layer: 'facts' })).toEqual([]);
    expect(await summaries({ actor: 'agent', layer: 'graph' })).toEqual(['change 9', 'change 5', 'change 1']);
    expect(await summaries({ item: 'fact:2' })).toEqual(['change 7', 'change 2']);
    // Entries were half a day apart from 1 Nov 12:00 UTC: since a moment, and since a whole day.
    expect(await summaries({ since: '2026-11-06T00:00:00Z' })).toEqual(['change 11', 'change 10', 'change 9']);
    // A bare date is the start of that day where the person is (the engine's time zone).
    const localMidnight = new Date(2026, 10, 6).toISOString();
    const all = (await call(engine, 'history.list', { limit: 500 })).entries;
    const fromDay = all.filter((e) => e.at >= localMidnight).map((e) => e.summary);
    expect(fromDay.length).toBeGreaterThan(0);
    expect(await summaries({ since: '2026-11-06' })).toEqual(fromDay);

    for (const bad of [{ since: 'yesterday' }, { since: '2026-13-45' }, { before: 'abc' }, { layer: 'mem0' }, { actor: 'robot' }, { limit: 0 }]) {
      const r = await dispatch(createHandlers(engine), 'history.list', bad);
      expect(r, JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    }
  });

  it('offers undo only for entries whose layer registered an inverse, that are not undone and not undos', async () => {
    const engine = openEngine();
    engine.journal.registerUndo('test.set', (e) => void engine.journal.append({ layer: 'facts', action: 'test.unset', item: e.item, actor: 'person', summary: `undid ${e.summary}` }));
    const a = engine.journal.append({ layer: 'facts', action: 'test.set', item: 'fact:a', actor: 'person', summary: 'set a' });
    engine.journal.append({ layer: 'facts', action: 'test.unregistered', item: 'fact:b', actor: 'agent', summary: 'no inverse' });
    const page = await call(engine, 'history.list', {});
    expect(page.entries.map((e) => [e.summary, e.canUndo])).toEqual([
      ['no inverse', false],
      ['set a', true],
    ]);
    const r = await call(engine, 'history.undo', { id: a.id });
    expect(r.done).toBe(true);
    const after = await call(engine, 'history.list', {});
    expect(after.entries.map((e) => [e.summary, e.canUndo, e.undoes, e.undoneBy])).toEqual([
      ['undid set a', false, a.id, null],
      ['no inverse', false, null, null],
      ['set a', false, null, r.entries[0].id],
    ]);
  });
});

describe('history.undo', () => {
  it('an entry later changes depend on: the plan comes back first and nothing changes; with confirm all are undone, newest first', async () => {
    const engine = openEngine();
    const state = new Map<string, string>();
    const order: string[] = [];
    engine.journal.registerUndo('test.write', (e) => {
      order.push(e.summary);
      const before = e.before as { text: string } | null;
      if (before) state.set(e.item, before.text);
      else state.delete(e.item);
      engine.journal.append({ layer: 'facts', action: 'test.restore', item: e.item, actor: 'person', summary: `undo ${e.summary}` });
    });
    const write = (item: string, text: string, summary: string) => {
      const before = state.has(item) ? { text: state.get(item)! } : null;
      state.set(item, text);
      return engine.journal.append({ layer: 'facts', action: 'test.write', item, actor: 'person', before, after: { text }, summary });
    };
    const first = write('fact:x', 'Ana', 'first');
    write('fact:x', 'Ana Silva', 'second');
    write('fact:y', 'Porto', 'other item');

    const dry = await call(engine, 'history.undo', { id: first.id });
    expect(dry.done).toBe(false);
    expect(dry.plan.alsoUndoes.map((e) => e.summary)).toEqual(['second']);
    expect(state.get('fact:x')).toBe('Ana Silva');
    expect(order).toEqual([]);

    const done = await call(engine, 'history.undo', { id: first.id, confirm: true });
    expect(done.done).toBe(true);
    expect(order).toEqual(['second', 'first']);
    expect(state.has('fact:x')).toBe(false);
    expect(state.get('fact:y')).toBe('Porto');

    const again = await dispatch(createHandlers(engine), 'history.undo', { id: first.id, confirm: true });
    expect(again).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: 'Already undone' } });
    expect(await dispatch(createHandlers(engine), 'history.undo', { id: 99_999 })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('retention (memory.history.retentionDays)', () => {
  it('keeps everything by default; a retention drops older entries at once, then at most once a day, remembered across restarts', async () => {
    const home = tempHome();
    const c = clock('2026-01-01T00:00:00Z');
    let engine = openEngine({ home, now: c.now, host: 'cli' });
    expect(engine.config.get().memory.history.retentionDays).toBeNull();
    engine.journal.append({ layer: 'facts', action: 'test.x', item: 'fact:old', actor: 'person', summary: 'January' });
    c.set('2026-03-01T00:00:00Z');
    engine.journal.append({ layer: 'facts', action: 'test.x', item: 'fact:new', actor: 'person', summary: 'March' });
    expect(engine.retention.runIfDue()).toBeNull(); // forever: nothing to do
    expect(engine.journal.list().entries).toHaveLength(2);

    // Setting a retention (as Settings does, through config.update) applies it straight away.
    await call(engine, 'config.update', { patch: { memory: { history: { retentionDays: 30 } } } });
    expect(engine.journal.list().entries.map((e) => e.summary)).toEqual(['March']);
    expect(engine.retention.lastRunAt()).toBe(c.now().getTime());

    // Within a day nothing runs again; a day later it does.
    c.advance(COMPACT_EVERY_MS - 1000);
    expect(engine.retention.runIfDue()).toBeNull();
    engine.close();
    c.set('2026-04-15T00:00:00Z');
    engine = openEngine({ home, now: c.now, host: 'cli' });
    expect(engine.retention.runIfDue()).toMatchObject({ retentionDays: 30, entries: 1 });
    expect(engine.journal.list().entries).toEqual([]);

    const bad = await dispatch(createHandlers(engine), 'config.update', { patch: { memory: { history: { retentionDays: 0 } } } });
    expect(bad).toMatchObject({ ok: false });
    expect(engine.config.get().memory.history.retentionDays).toBe(30);

    // A long-running host (the app, monad serve) compacts by itself when it starts and a day has passed.
    engine.journal.append({ layer: 'facts', action: 'test.x', item: 'fact:april', actor: 'person', summary: 'April' });
    engine.close();
    c.set('2026-06-01T00:00:00Z');
    engine = openEngine({ home, now: c.now, host: 'server', qdrant: { enabled: false } });
    expect(engine.journal.list().entries).toEqual([]);
    expect(engine.retention.lastRunAt()).toBe(c.now().getTime());
  });
});

describe('mem0 memories: forgotten with history, put back by undo', () => {
  const DIM = 64;
  let llm: ScriptedLlm;
  const isExtraction = (r: RecordedRequest) => r.api === 'openai-chat' && r.body?.response_format?.type === 'json_object';

  beforeEach(async () => {
    llm = await startScriptedLlm({ embeddingDim: DIM });
    llm.setDefault((req) => {
      if (!isExtraction(req)) return { kind: 'text', text: 'Noted.' };
      const user = String(req.body.messages.find((m: { role: string }) => m.role === 'user').content);
      const turn = user.slice(user.indexOf('## New Messages'), user.indexOf('## Observation Date'));
      const memory = [
        [/Porto/, 'Ana lives in Porto'],
        [/violin/, 'User plays the violin'],
      ].filter(([re]) => (re as RegExp).test(turn)).map(([, text], i) => ({ id: String(i), text, attributed_to: 'user' }));
      return { kind: 'json', value: { memory } };
    });
  });
  afterEach(async () => {
    await llm.close();
  });

  async function mem0Engine(): Promise<{ engine: Engine; chat: string }> {
    const engine = openEngine({ qdrant: { enabled: false } });
    useScriptedModel(engine, llm, { roles: ['chat', 'memory', 'embedding'] });
    engine.config.update((c) => {
      c.memory.backend = 'mem0';
      return c;
    });
    const s = engine.sessions.create({ agentId: 'default', title: 'Family' });
    await engine.chat.send(s.id, 'My sister Ana moved to Porto.');
    await engine.chat.send(s.id, 'I play the violin.');
    await engine.mem0.idle();
    return { engine, chat: s.id };
  }

  it('the explorer’s delete is journaled; undo puts back the same memory (id, text, agent, chat)', async () => {
    const { engine, chat } = await mem0Engine();
    const before = (await engine.mem0.entries()).entries;
    const porto = before.find((e) => e.text === 'Ana lives in Porto')!;
    await call(engine, 'mem0.delete', { id: porto.id });
    expect((await engine.mem0.entries()).entries.map((e) => e.text)).toEqual(['User plays the violin']);

    const [entry] = (await call(engine, 'history.list', { layer: 'facts' })).entries;
    expect(entry).toMatchObject({ action: 'mem0.forgotten', item: `mem0:${porto.id}`, scope: 'agent:default', actor: 'person', source: { via: 'app' }, canUndo: true });
    expect(entry.summary).toBe('Forgot the mem0 memory “Ana lives in Porto”');

    const undo = await call(engine, 'history.undo', { id: entry.id });
    expect(undo.done).toBe(true);
    expect(undo.entries[0]).toMatchObject({ action: 'mem0.restored', undoes: entry.id });
    const back = (await engine.mem0.entries()).entries.find((e) => e.id === porto.id);
    expect(back).toMatchObject({ text: 'Ana lives in Porto', agentId: 'default', metadata: { sessionId: chat } });
    // And mem0 finds it again for a question about it (its vector came back with it).
    const s2 = engine.sessions.create({ agentId: 'default' });
    await engine.chat.send(s2.id, 'Where does Ana live? Porto?');
    await engine.mem0.idle();
    const system = llm.chatRequests().filter((r) => !isExtraction(r)).at(-1)!.body.messages[0].content as string;
    expect(system).toContain('- Ana lives in Porto');
  });

  it('forget everything about Ana lists the mem0 memory, forgets it into one group, and the group’s undo brings it back', async () => {
    const { engine, chat } = await mem0Engine();
    const preview = await call(engine, 'forget.preview', { target: { kind: 'text', text: 'Ana' } });
    const mem0Items = preview.items.filter((i) => i.kind === 'mem0');
    expect(mem0Items.map((i) => [i.text, i.scope, i.why])).toEqual([['Ana lives in Porto', 'agent:default', 'mentions “Ana”']]);
    // From the chat: both memories were learned there.
    const fromChat = await call(engine, 'forget.preview', { target: { kind: 'session', sessionId: chat } });
    expect(fromChat.items.filter((i) => i.kind === 'mem0').map((i) => i.text).sort()).toEqual(['Ana lives in Porto', 'User plays the violin']);

    const out = await call(engine, 'forget.apply', { target: { kind: 'text', text: 'Ana' }, keys: mem0Items.map((i) => i.key) });
    expect(out.forgotten).toEqual(mem0Items.map((i) => i.key));
    expect(out.groupId).not.toBeNull();
    const entry = engine.journal.get(out.entryId!)!;
    expect(entry).toMatchObject({ action: 'mem0.forgotten', groupId: out.groupId, source: { detail: 'Forgot everything about “Ana”' } });
    expect((await engine.mem0.entries()).entries.map((e) => e.text)).toEqual(['User plays the violin']);

    await call(engine, 'history.undo', { id: out.entryId!, confirm: true });
    expect((await engine.mem0.entries()).entries.map((e) => e.text).sort()).toEqual(['Ana lives in Porto', 'User plays the violin']);
  });
});
