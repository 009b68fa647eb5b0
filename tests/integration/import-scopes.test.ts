// Issue 26 §5 (import half): an imported graph and its laws follow the API's rules, and no id in the file
// resolves to a record of this home unless the file holds what it names. Before: an edge whose entities sit
// in other scopes was imported as it was, and a law citing `edge:<id>` (or `fact:<id>`) that the file did
// not hold kept the id, which then named this home's own relation (or fact).
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { ImportReport } from '../../src/shared/domain';
import { openEngine } from '../helpers/temp-home';

const AT = '2026-01-04T08:00:00.000Z';
const PERSON = { actor: 'person' } as const;

function archive(parts: Record<string, unknown> = {}) {
  return { format: 'monad-export', version: 1, exportedAt: '2026-01-04T00:00:00.000Z', config: {}, identity: {}, facts: {}, sessions: [], graph: { nodes: [], edges: [], cursors: [] }, laws: [], ...parts };
}
const node = (id: number, name: string, scope = 'global') => ({ id, scope, name, type: 'thing', summary: '', createdAt: AT, updatedAt: AT });
const edge = (id: number, src: number, dst: number, relation: string, scope = 'global', support: string[] = []) => ({
  id, scope, src, dst, relation, provClass: 'user', validFrom: AT, validTo: null, createdAt: AT, updatedAt: AT, support,
});
const law = (statement: string, support: string[], extra: Record<string, unknown> = {}) => ({
  scope: 'global', statement, confidence: 0.8, support, contradictedBy: null, contradictedWhy: null, derivedAt: AT, fingerprint: 'fp', ...extra,
});
const session = (id: string, messages: { id: string; content: string }[]) => ({
  id, agentId: 'default', title: 'A chat', workspace: null, projectKey: null, incognito: false, createdAt: AT, updatedAt: AT, recallBlock: null, recallBuiltAt: null,
  messages: messages.map((m) => ({ ...m, role: 'user', toolCalls: null, toolCallId: null, usage: null, error: null, createdAt: AT })),
});

const importJson = (engine: Engine, doc: unknown): ImportReport => engine.transfer.importText(JSON.stringify(doc));
const edges = (engine: Engine) =>
  engine.memoryDb.prepare(`select e.id, e.scope, s.scope as srcScope, d.scope as dstScope, s.name as src, d.name as dst, e.relation from graph_edge e join graph_node s on s.id = e.src join graph_node d on d.id = e.dst order by e.id`).all() as {
    id: number; scope: string; srcScope: string; dstScope: string; src: string; dst: string; relation: string;
  }[];

describe('an imported relation links entities of its own scope, as the API requires', () => {
  it('refuses (and reports) a relation whose entities sit in other scopes; the rest of the graph comes in', () => {
    const engine = openEngine({ backgroundJobs: false });
    const report = importJson(
      engine,
      archive({
        graph: {
          nodes: [node(1, 'Rui'), node(2, 'Porto', 'agent:default'), node(3, 'Tea'), node(4, 'Secret plan', 'project:atlas'), node(5, 'Lisbon', 'agent:default')],
          edges: [
            edge(1, 1, 2, 'lives_in'), // global relation to an agent's entity
            edge(2, 1, 3, 'drinks'), // fine
            edge(3, 2, 4, 'knows', 'agent:default'), // agent relation to a project's entity
            edge(4, 1, 3, 'likes', 'agent:default'), // agent relation between two global entities
            edge(5, 2, 5, 'near', 'agent:default'), // fine
            edge(6, 1, 1, 'is'), // an entity to itself
          ],
          cursors: [],
        },
      }),
    );
    expect(report.graph.edges).toBe(2);
    expect(edges(engine).map((e) => [e.scope, e.src, e.relation, e.dst])).toEqual([
      ['global', 'Rui', 'drinks', 'Tea'],
      ['agent:default', 'Porto', 'near', 'Lisbon'],
    ]);
    for (const e of edges(engine)) expect([e.srcScope, e.dstScope]).toEqual([e.scope, e.scope]);
    const refused = (where: string) => report.refused.find((r) => r.where === where);
    expect(refused('graph.edges[0]')).toMatchObject({ what: 'graph relation', reason: expect.stringMatching(/in global but links an entity of agent:default/) });
    expect(refused('graph.edges[2]')).toMatchObject({ what: 'graph relation', reason: expect.stringMatching(/links an entity of project:atlas/) });
    expect(refused('graph.edges[3]')).toMatchObject({ what: 'graph relation', reason: expect.stringMatching(/in agent:default but links an entity of global/) });
    expect(refused('graph.edges[5]')).toMatchObject({ what: 'graph relation', reason: expect.stringMatching(/two different entities/) });
  });
});

describe('an id in the file never names a record of this home unless the file holds it', () => {
  it('a law citing edge:<id> / fact:<id> the file does not hold: the citation is dropped and reported, never pointed at this home’s record', () => {
    const engine = openEngine({ backgroundJobs: false });
    // This home's own relation and fact, with the ids an attacker would cite.
    const home = engine.graph.corrections.addRelation({ scope: 'global', src: 'Ana', dst: 'Berlin', relation: 'lives in' }, PERSON).edge!;
    const homeFact = engine.facts.memory.record('global', 'Ana keeps her passwords in a notebook').fact!;
    // The file's relation 1 takes the same id as this home's: it must map to the imported row, not this home's.
    const report = importJson(
      engine,
      archive({
        facts: { global: ['Rui drinks green tea every morning'] },
        graph: { nodes: [node(1, 'Rui'), node(2, 'Tea'), node(3, 'Porto', 'agent:default'), node(4, 'Braga', 'agent:default')], edges: [edge(home.id, 1, 2, 'drinks'), edge(50, 3, 4, 'near', 'agent:default')], cursors: [] },
        laws: [
          law('Rui starts the day with tea', [`edge:${home.id}`, `edge:${home.id + 1000}`, 'edge:50', `fact:${homeFact.id}`, 'fact:0123456789ab'], { contradictedBy: `fact:${homeFact.id}`, contradictedWhy: 'says otherwise' }),
        ],
      }),
    );
    const imported = edges(engine).find((e) => e.src === 'Rui')!;
    expect(imported.id).not.toBe(home.id);
    const teaFact = engine.facts.memory.read('global').facts.find((f) => /green tea/.test(f.text))!;
    const [stored] = engine.laws.store.list(['global']);
    expect(stored.statement).toBe('Rui starts the day with tea');
    // Only what the file holds, remapped to what it became here.
    expect(stored.support).toEqual([`edge:${imported.id}`]);
    expect(stored.support.join(' ')).not.toContain(`fact:${homeFact.id}`);
    expect(stored.contradictedBy).toBeNull();
    // The law still cites the file's own fact when it names it.
    const second = importJson(engine, archive({ facts: { 'agent:default': ['Rui drinks green tea every morning'] }, laws: [law('Rui likes tea', [`fact:${teaFact.id}`], { scope: 'agent:default' })] }));
    expect(engine.laws.store.list(['agent:default'])[0].support).toEqual([`fact:${teaFact.id}`]);
    expect(second.leftOut.join('\n')).not.toMatch(/citation/);
    // Each dropped citation is counted and listed, with why.
    const out = report.leftOut.join('\n');
    expect(out).toMatch(/^5 citations of imported laws/m);
    expect(out).toContain(`laws[0].support: edge:${home.id + 1000} — no relation of this file has that id`);
    expect(out).toContain(`laws[0].support: edge:50 — that relation is in agent:default, not in the law's scope global`);
    expect(out).toContain(`laws[0].support: fact:${homeFact.id} — no fact of this file in global has that id`);
    expect(out).toContain('laws[0].support: fact:0123456789ab — no fact of this file in global has that id');
    expect(out).toContain(`laws[0].contradictedBy: fact:${homeFact.id} — no fact of this file in global has that id`);
  });

  it('a relation’s source messages and a consolidation cursor that name this home’s chat are left out, and reported', () => {
    const engine = openEngine({ backgroundJobs: false });
    // This home's chat (brought in by an earlier import of its own).
    importJson(engine, archive({ sessions: [session('home-chat', [{ id: 'home-m1', content: 'I moved to Berlin' }, { id: 'home-m2', content: 'and I like it' }])] }));
    const report = importJson(
      engine,
      archive({
        sessions: [session('file-chat', [{ id: 'file-m1', content: 'Rui drinks tea' }])],
        graph: {
          nodes: [node(1, 'Rui'), node(2, 'Tea')],
          edges: [edge(1, 1, 2, 'drinks', 'global', ['file-m1', 'home-m1'])],
          cursors: [
            { sessionId: 'home-chat', lastMessageId: 'home-m2' },
            { sessionId: 'file-chat', lastMessageId: 'file-m1' },
          ],
        },
      }),
    );
    const support = engine.memoryDb.prepare('select message_id from graph_edge_support').pluck().all();
    expect(support).toEqual(['file-m1']);
    const cursors = engine.memoryDb.prepare('select session_id from l2_cursor').pluck().all();
    expect(cursors).toEqual(['file-chat']);
    expect(report.leftOut).toContain('1 source link of imported relations: it names a message not in this file, which would point at chats of yours.');
    expect(report.leftOut).toContain('1 consolidation cursor: it names a chat not in this file.');
  });
});
