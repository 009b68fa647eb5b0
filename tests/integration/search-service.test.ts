// SearchService through a real engine: message hits with their context, facts and graph entities in
// the agent's scopes, neighbouring turns, the search.query channel, and the memory_search tool.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import type { ToolContext } from '../../src/main/turn/tools';
import type { SearchResults } from '../../src/shared/search';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome } from '../helpers/temp-home';

function addAgent(engine: Engine, id: string, name = id): void {
  engine.agents.create({ id, name } as Parameters<Engine['agents']['create']>[0]);
}

function seed(engine: Engine) {
  addAgent(engine, 'coder', 'Coder');
  const trip = engine.sessions.create({ agentId: 'default', title: 'Trip planning', createdAt: '2024-05-02T10:00:00.000Z' });
  const sky = engine.sessions.create({ agentId: 'default', title: 'Night sky', createdAt: '2024-07-20T21:00:00.000Z' });
  const work = engine.sessions.create({ agentId: 'coder', title: 'Work' });
  const m = {
    lisbon: engine.messages.append({ sessionId: trip.id, role: 'user', content: 'I want to spend a week in Lisbon, eating pastel de nata.', createdAt: '2024-05-02T10:00:00.000Z' }),
    plan: engine.messages.append({ sessionId: trip.id, role: 'assistant', content: 'A week in Lisbon: Alfama on day one, Belém on day two.', createdAt: '2024-05-02T10:00:05.000Z' }),
    asked: engine.messages.append({ sessionId: sky.id, role: 'assistant', content: 'Did you see the Perseid meteor shower last night?', createdAt: '2024-07-20T21:00:00.000Z' }),
    answer: engine.messages.append({ sessionId: sky.id, role: 'user', content: 'Yes! We lay on the grass for hours, it was breathtaking.', createdAt: '2024-07-20T21:00:05.000Z' }),
    other: engine.messages.append({ sessionId: work.id, role: 'user', content: 'Deploy the Lisbon office dashboard', createdAt: '2024-06-01T09:00:00.000Z' }),
  };
  return { trip, sky, work, m };
}

describe('SearchService', () => {
  it('returns ranked messages with id, session title, role, date and a highlighted snippet', () => {
    const engine = openEngine();
    const { trip, m } = seed(engine);
    const t0 = performance.now();
    const r = engine.search.search({ query: 'week in Lisbon', agentId: 'default' });
    const wall = performance.now() - t0;
    expect(r.messages.map((h) => h.messageId).sort()).toEqual([m.lisbon.id, m.plan.id].sort());
    const hit = r.messages.find((h) => h.messageId === m.plan.id)!;
    expect(hit).toMatchObject({ sessionId: trip.id, sessionTitle: 'Trip planning', agentId: 'default', role: 'assistant', createdAt: '2024-05-02T10:00:05.000Z' });
    expect(hit.highlights.map(([a, b]) => hit.snippet.slice(a, b))).toEqual(['week', 'Lisbon']);
    // The reported time is the search's own, measured inside the call: it cannot exceed the wall time
    // around it (a stale or made-up figure would), and it is a real measurement, not a constant.
    expect(Number.isFinite(r.tookMs)).toBe(true);
    expect(r.tookMs).toBeLessThanOrEqual(wall + 0.5);
    // Unscoped, the other agent's message is found too; k limits.
    expect(engine.search.search({ query: 'Lisbon' }).messages).toHaveLength(3);
    expect(engine.search.search({ query: 'Lisbon', k: 1 }).messages).toHaveLength(1);
    expect(engine.search.search({ query: 'zebra crossing' }).messages).toEqual([]);
  });

  it("knows both sides' names: USER.md's person and the agent's name prefer that side's messages", () => {
    const engine = openEngine();
    const s = engine.sessions.create({ agentId: 'default', title: 'Holidays' });
    const when = (i: number) => `2024-06-0${i}T10:00:00.000Z`;
    const userSaid = engine.messages.append({ sessionId: s.id, role: 'user', content: 'The trip to the mountains was wonderful', createdAt: when(1) });
    engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Sounds great.', createdAt: when(2) });
    engine.messages.append({ sessionId: s.id, role: 'user', content: 'Anything else?', createdAt: when(3) });
    const agentSaid = engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'A trip to the mountains could be wonderful in autumn', createdAt: when(4) });
    const agentName = engine.agents.list().find((a) => a.id === 'default')!.name;
    const first = (query: string) => engine.search.search({ query, agentId: 'default', k: 2 }).messages[0]?.messageId;
    // Without a name in USER.md only the agent's side can be named.
    expect(engine.personName()).toBeNull();
    expect(first(`what did ${agentName} say about the mountains trip`)).toBe(agentSaid.id);
    engine.facts.identity.write('user', '# About me\n\nName: Ana Sousa\n', {});
    expect(engine.personName()).toBe('Ana Sousa');
    expect(first('what did Ana say about the mountains trip')).toBe(userSaid.id);
    expect(first(`what did ${agentName} say about the mountains trip`)).toBe(agentSaid.id);
  });

  it('matches a day named in the question to a message that talks about it in relative words ("last night")', () => {
    const engine = openEngine();
    const s = engine.sessions.create({ agentId: 'default', title: 'Films' });
    const lastNight = engine.messages.append({ sessionId: s.id, role: 'user', content: 'I watched a great movie last night', createdAt: '2022-05-02T09:00:00.000Z' });
    engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Nice!', createdAt: '2022-05-02T09:00:01.000Z' });
    const other = engine.messages.append({ sessionId: s.id, role: 'user', content: 'Another great movie I watched, a classic', createdAt: '2022-05-20T09:00:00.000Z' });
    const hits = engine.search.search({ query: 'What movie did I watch on 1 May, 2022?', agentId: 'default', k: 3 }).messages.map((m) => m.messageId);
    expect(hits.indexOf(lastNight.id)).toBe(0);
    expect(hits).toContain(other.id);
  });

  it('brings in the reply to a matching question even when it shares no word with the query', () => {
    const engine = openEngine();
    const { m } = seed(engine);
    const r = engine.search.search({ query: 'meteor shower', agentId: 'default' });
    expect(r.messages.map((h) => h.messageId)).toEqual([m.asked.id, m.answer.id]);
    expect(r.messages[1].highlights).toEqual([]);
  });

  it('searches facts in global, the agent scope and its projects, never another agent\'s', () => {
    const engine = openEngine();
    addAgent(engine, 'coder');
    const folder = join(tempHome(), 'garden-project');
    mkdirSync(folder);
    const s = engine.sessions.create({ agentId: 'default', workspace: folder });
    engine.facts.memory.record('global', 'The user drinks green tea every morning');
    engine.facts.memory.record('agent:default', 'Recommended sencha green tea from Shizuoka');
    engine.facts.memory.record(`project:${s.projectKey}`, 'The garden plan puts tea plants by the wall');
    engine.facts.memory.record('agent:coder', 'Green tea break at 3pm for the coder');
    const facts = engine.search.search({ query: 'green tea', agentId: 'default' }).facts;
    expect(facts.map((f) => f.scope).sort()).toEqual(['agent:default', 'global', `project:${s.projectKey}`].sort());
    const top = facts[0];
    expect(top.highlights.map(([a, b]) => top.text.slice(a, b).toLowerCase())).toEqual(['green', 'tea']);
    expect(engine.search.scopesFor('default')).toEqual(['global', 'agent:default', `project:${s.projectKey}`]);
    // Without an agent: every durable scope.
    expect(engine.search.search({ query: 'green tea' }).facts).toHaveLength(4);
  });

  it('finds graph entities in the agent\'s scopes through the L2 store', () => {
    const engine = openEngine();
    addAgent(engine, 'coder');
    engine.graph.store.upsertNode('agent:default', 'Lisbon', 'place', 'City of the May trip');
    engine.graph.store.upsertNode('agent:coder', 'Lisbon office', 'place', 'Where the servers are');
    engine.graph.store.upsertNode('agent:default', 'Porto', 'place', 'Wine city');
    const entities = engine.search.search({ query: 'trip to Lisbon', agentId: 'default' }).entities;
    expect(entities.map((e) => e.name)).toEqual(['Lisbon']);
    expect(entities[0]).toMatchObject({ scope: 'agent:default', type: 'place' });
    expect(engine.search.search({ query: 'Lisbon' }).entities.map((e) => e.name).sort()).toEqual(['Lisbon', 'Lisbon office']);
  });

  it('answers the search.query channel, checking its input', async () => {
    const engine = openEngine();
    const { m } = seed(engine);
    const handlers = createHandlers(engine);
    const ok = await dispatch(handlers, 'search.query', { query: 'pastel de nata', agentId: 'default', k: 5 });
    expect(ok.ok).toBe(true);
    expect((ok as { data: SearchResults }).data.messages[0].messageId).toBe(m.lisbon.id);
    expect(await dispatch(handlers, 'search.query', { query: '' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(await dispatch(handlers, 'search.query', { query: 'x', k: 1000 })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(await dispatch(handlers, 'search.query', { query: 'x', agentId: 'ghost' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('memory_search tool', () => {
  let llm: ScriptedLlm;
  beforeEach(async () => {
    llm = await startScriptedLlm();
  });
  afterEach(async () => {
    await llm.close();
  });

  it('is registered and returns the calling agent\'s messages with ids, dates and chat titles', async () => {
    const engine = openEngine();
    const { m } = seed(engine);
    const tool = engine.tools.get('memory_search');
    expect(tool).toBeDefined();
    const session = engine.sessions.create({ agentId: 'default' });
    const ctx: ToolContext = { session, agent: engine.agents.get('default'), signal: new AbortController().signal };
    const out = String(await tool!.execute({ query: 'Lisbon' }, ctx));
    expect(out).toContain(`[message ${m.lisbon.id}] 2024-05-02 · chat "Trip planning" · user:`);
    expect(out).toContain('**Lisbon**');
    expect(out).not.toContain(m.other.id); // the coder agent's chat
    const coder = engine.sessions.create({ agentId: 'coder' });
    const out2 = String(await tool!.execute({ query: 'Lisbon' }, { ...ctx, session: coder, agent: engine.agents.get('coder') }));
    expect(out2).toContain(m.other.id);
    expect(out2).not.toContain(m.lisbon.id);
    expect(String(await tool!.execute({ query: 'submarine' }, ctx))).toBe('Nothing in your memory matches "submarine".');
  });

  it('runs inside a real chat turn', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { m } = seed(engine);
    const session = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_s', name: 'memory_search', args: { query: 'Lisbon trip', k: 3 } }] },
      { kind: 'text', text: 'You planned a week in Lisbon.' },
    );
    await engine.chat.send(session.id, 'What did we plan for Lisbon?');
    const toolRow = engine.appDb.prepare(`SELECT content FROM messages WHERE session_id = ? AND role = 'tool'`).get(session.id) as { content: string };
    expect(toolRow.content).toContain(m.plan.id);
    expect(toolRow.content).toContain('Trip planning');
    expect(toolRow.content).not.toContain(m.other.id);
    // The tool's own output is not indexed: searching again does not find the tool message.
    expect(engine.search.search({ query: 'Trip planning Lisbon', agentId: 'default' }).messages.every((h) => h.role !== 'tool')).toBe(true);
  });
});
