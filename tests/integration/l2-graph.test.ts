// L2 extraction end to end: a real multi-session chat in app.sqlite, the scripted memory model
// answering extraction passes, the graph in memory.sqlite, the query tools and reconciliation.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

/** The transcript lines the extraction pass saw, by tag. */
function lines(req: RecordedRequest): Map<string, string> {
  const prompt = String(req.body.messages.at(-1).content);
  const out = new Map<string, string>();
  for (const m of prompt.matchAll(/^\[(m\d+)\] \([^)]*\) \w+: (.*)$/gm)) out.set(m[1], m[2]);
  return out;
}

/** A tiny rule-based "memory model" so the test can assert on exactly what gets built. */
function extractor(req: RecordedRequest) {
  const entities: { name: string; type: string; summary: string }[] = [];
  const relations: object[] = [];
  for (const [tag, text] of lines(req)) {
    const live = /I (?:live|moved) (?:in|to) (\w+)/.exec(text);
    if (live) {
      entities.push({ name: 'User', type: 'person', summary: 'The person chatting' }, { name: live[1], type: 'place', summary: '' });
      relations.push({ src: 'User', relation: 'lives_in', dst: live[1], source: 'user', evidence: [tag], supersedes: /moved/.test(text), singleValued: true });
    }
    const pet = /my (cat|dog) is called (\w+)/i.exec(text);
    if (pet) relations.push({ src: 'User', relation: 'owns', dst: pet[2], source: 'user', evidence: [tag, 'm999'] });
  }
  return { kind: 'json' as const, value: { entities, relations } };
}

function chat(engine: Engine, sessionId: string, turns: [string, string][], start: string) {
  let t = Date.parse(start);
  for (const [user, assistant] of turns) {
    engine.messages.append({ sessionId, role: 'user', content: user, createdAt: new Date(t).toISOString() });
    engine.messages.append({ sessionId, role: 'assistant', content: assistant, createdAt: new Date(t + 1000).toISOString() });
    t += 86_400_000;
  }
}

function setup() {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  llm.setDefault(extractor);
  return engine;
}

describe('consolidateGraph', () => {
  it('extracts from a multi-session chat into agent and project scopes, with supersession and provenance', async () => {
    const engine = setup();
    const ws = join(tempHome(), 'garden');
    mkdirSync(ws);
    // Created a moment apart, as they would be: sessions are walked oldest first (same-millisecond
    // creations would tie, and the tie falls to the most recently updated).
    const s1 = engine.sessions.create({ agentId: 'default', createdAt: '2026-01-10T09:00:00.000Z' });
    const s2 = engine.sessions.create({ agentId: 'default', workspace: ws, createdAt: '2026-06-01T09:00:00.000Z' });
    chat(engine, s1.id, [['Hello!', 'Hi there.'], ['I live in Porto, near the river.', 'Porto is lovely.'], ['My cat is called Miso and she is grumpy.', 'Cats are like that.']], '2026-01-10T10:00:00Z');
    chat(engine, s2.id, [['Big news: I moved to Lisbon for the new job.', 'Congratulations on the move!']], '2026-06-01T10:00:00Z');

    const res = await engine.graph.consolidate();
    expect(res.failures).toBe(0);
    expect(res.passes.map((p) => p.ok)).toEqual([true, true]);
    expect(res.usage.calls).toBe(2);
    expect(res.passes.every((p) => p.inputTokens > 0)).toBe(true);

    const agent = engine.graph.store.snapshot('agent:default');
    const name = (id: number) => agent.nodes.find((n) => n.id === id)!.name;
    const rels = agent.edges.map((e) => `${name(e.src)} ${e.relation} ${name(e.dst)} ${e.validTo ? 'closed' : 'open'}`).sort();
    expect(rels).toEqual(['User lives_in Lisbon open', 'User lives_in Porto closed', 'User owns Miso open']);
    const porto = agent.edges.find((e) => name(e.dst) === 'Porto')!;
    expect(porto.validTo).toBe('2026-06-01T10:00:00.000Z');
    // The invented citation (m999) was dropped; support is the real message id.
    const owns = agent.edges.find((e) => e.relation === 'owns')!;
    expect(owns.support).toHaveLength(1);
    expect(engine.messages.get(owns.support[0]).content).toContain('Miso');
    // The workspace session also fed its project scope, and only that session.
    const project = engine.graph.store.snapshot(`project:${s2.projectKey}`);
    expect(project.edges).toHaveLength(1);
    expect(project.nodes.map((n) => n.name).sort()).toEqual(['Lisbon', 'User']);
    // The greetings never reached the model. (The two passes may reach the model in either order, so
    // find the one that carried the Porto session by its content, not by its position.)
    const requests = llm.chatRequests();
    expect(requests).toHaveLength(2);
    const portoPass = requests.filter((r) => JSON.stringify(r.body).includes('Porto'));
    expect(portoPass).toHaveLength(1);
    expect(lines(portoPass[0]).size).toBe(4);
    expect(requests.some((r) => JSON.stringify(r.body).includes('Hello!'))).toBe(false);
    // Provenance: the edge's sources resolve to the message with its session and date.
    const detail = engine.graph.edgeDetail(porto.id);
    expect(detail.sources).toEqual([expect.objectContaining({ sessionId: s1.id, sessionTitle: s1.title, createdAt: '2026-01-11T10:00:00.000Z' })]);
  });

  it('advances the watermark, so an unchanged history costs zero LLM calls', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    chat(engine, s.id, [['I live in Porto these days.', 'Nice.']], '2026-01-01T00:00:00Z');
    await engine.graph.consolidate();
    const calls = llm.chatRequests().length;
    const again = await engine.graph.consolidate();
    expect(again.usage.calls).toBe(0);
    expect(llm.chatRequests().length).toBe(calls);
    chat(engine, s.id, [['My dog is called Rex, a beagle.', 'Cute.']], '2026-02-01T00:00:00Z');
    await engine.graph.consolidate();
    expect([...lines(llm.chatRequests().at(-1)!).values()]).toEqual(['My dog is called Rex, a beagle.']); // only the new message ("Cute." is too short to matter)
  });

  it('a malformed reply fails that pass only, keeps the watermark, writes nothing; the next run retries', async () => {
    const engine = setup();
    const a = engine.sessions.create({ agentId: 'default' });
    const b = engine.sessions.create({ agentId: 'default' });
    chat(engine, a.id, [['I live in Porto, honestly.', 'ok then']], '2026-01-01T00:00:00Z');
    chat(engine, b.id, [['My cat is called Miso, a tabby.', 'ok then']], '2026-01-01T00:00:00Z');
    // Sessions are walked oldest first: a, then b.
    // A cut-off reply is repaired now (issue 18): what fails is a reply with no JSON, twice (the repair
    // attempt shows the model its error once).
    const unusable = { kind: 'raw_json_text', text: 'I am sorry, I cannot extract anything from this.' } as const;
    llm.enqueue(unusable, unusable);
    const first = await engine.graph.consolidate();
    expect(first.failures).toBe(1);
    expect(first.passes.find((p) => !p.ok)!.error).toMatch(/could not be used \(building the knowledge graph from chats\), even after being shown the problem: The reply holds no JSON object/);
    expect(engine.graph.store.counts()).toEqual({ nodes: 2, edges: 1 });
    const second = await engine.graph.consolidate();
    expect(second.failures).toBe(0);
    expect(second.usage.calls).toBe(1);
    expect(engine.graph.store.counts().edges).toBe(2);
  });

  it('splits a long backlog into several passes under the cap', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    const long = 'I live in Porto and this message goes on about it at length. '.repeat(60);
    chat(engine, s.id, Array.from({ length: 10 }, () => [long, 'Understood, tell me more about it.'] as [string, string]), '2026-01-01T00:00:00Z');
    const res = await engine.graph.consolidate();
    expect(res.passes.length).toBeGreaterThan(2);
    for (const req of llm.chatRequests()) expect(String(req.body.messages.at(-1).content).length).toBeLessThan(13_000);
  });

  it('forgets what was learned only from a deleted chat or deleted message', async () => {
    const engine = setup();
    const s1 = engine.sessions.create({ agentId: 'default' });
    const s2 = engine.sessions.create({ agentId: 'default' });
    chat(engine, s1.id, [['I live in Porto, by the sea.', 'ok then']], '2026-01-01T00:00:00Z');
    chat(engine, s2.id, [['My cat is called Miso, she is old.', 'ok then'], ['I live in Porto, still.', 'ok then']], '2026-02-01T00:00:00Z');
    await engine.graph.consolidate();
    expect(engine.graph.store.counts()).toEqual({ nodes: 3, edges: 2 });
    await engine.deleteSession(s2.id);
    const res = await engine.graph.consolidate();
    expect(res).toMatchObject({ edgesRetracted: 1, nodesRemoved: 1 });
    expect(engine.graph.store.counts()).toEqual({ nodes: 2, edges: 1 }); // Porto survives: s1 still says it
    const portoMsg = engine.messages.list(s1.id).items.find((m) => m.content.includes('Porto'))!;
    engine.messages.softDelete([portoMsg.id]);
    await engine.graph.consolidate();
    expect(engine.graph.store.counts()).toEqual({ nodes: 0, edges: 0 });
  });

  it('never extracts from incognito sessions', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default', incognito: true });
    chat(engine, s.id, [['I live in Porto, do not tell anyone.', 'ok then']], '2026-01-01T00:00:00Z');
    const res = await engine.graph.consolidate();
    expect(res.usage.calls).toBe(0);
    expect(engine.graph.store.counts().nodes).toBe(0);
  });
});

describe('graph tools in the agent loop', () => {
  it('graph_explore and graph_node answer from the calling agent’s scopes only', async () => {
    const engine = setup();
    engine.agents.create({ id: 'other', name: 'Other' });
    const mine = engine.sessions.create({ agentId: 'default' });
    const theirs = engine.sessions.create({ agentId: 'other' });
    chat(engine, mine.id, [['I live in Porto near the bridge.', 'ok then']], '2026-01-01T00:00:00Z');
    chat(engine, theirs.id, [['My dog is called Rex the beagle.', 'ok then']], '2026-01-01T00:00:00Z');
    await engine.graph.consolidate();

    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'g1', name: 'graph_explore', args: { query: 'porto' } }, { id: 'g2', name: 'graph_node', args: { name: 'Rex' } }, { id: 'g3', name: 'graph_node', args: { name: 'user' } }] },
      { kind: 'text', text: 'ok' },
    );
    const chatSession = engine.sessions.create({ agentId: 'default' });
    await engine.chat.send(chatSession.id, 'what do you know?');
    const results = new Map(engine.messages.list(chatSession.id).items.filter((m) => m.role === 'tool').map((m) => [m.toolCallId, m.content]));
    expect(results.get('g1')).toMatch(/User —lives_in→ Porto \(since 2026-01-01; user-stated; edge:\d+\)/);
    expect(results.get('g2')).toBe('No entity named "Rex" in the knowledge graph.');
    expect(results.get('g3')).toMatch(/^User \[person\]/);
    // Never injected: the system prompt does not mention the graph's content.
    const sys = llm.chatRequests().at(-2)!.body.messages[0].content as string;
    expect(sys).not.toContain('Porto');
  });
});
