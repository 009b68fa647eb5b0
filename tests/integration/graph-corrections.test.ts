// The graph a person can correct, end to end: real chats in app.sqlite, the scripted memory model
// answering extraction passes, the graph and the journal in memory.sqlite. Long messages are read whole;
// entities without relations are kept while their messages exist; what the person asserted is never
// overwritten by extraction (it proposes instead); retracting a superseding relation re-opens the old one;
// every change is in the history, and the system's reconciliation can be undone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { By } from '../../src/main/memory/graph/graph-journal';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { runCli } from '../helpers/cli';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

const ME: By = { actor: 'person', source: { via: 'app' } };
const SCOPE = 'agent:default';

function prompt(req: RecordedRequest): string {
  return String(req.body.messages.at(-1).content);
}

/** The transcript lines a pass saw: tag, part label, text. */
function lines(req: RecordedRequest): { tag: string; part: string | null; text: string }[] {
  return [...prompt(req).matchAll(/^\[(m\d+)\] \([^)]*\) \w+(?:, part (\d+ of \d+))?: (.*)$/gm)].map((m) => ({ tag: m[1], part: m[2] ?? null, text: m[3] }));
}

/** A rule-based memory model: entities and relations from fixed sentence shapes. */
function extractor(req: RecordedRequest) {
  const entities: { name: string; type: string; summary: string }[] = [];
  const relations: object[] = [];
  for (const { tag, text } of lines(req)) {
    for (const m of text.matchAll(/my sister is called (\w+)/g)) {
      entities.push({ name: 'User', type: 'person', summary: '' }, { name: m[1], type: 'person', summary: '' });
      relations.push({ src: 'User', relation: 'has_sister', dst: m[1], source: 'user', evidence: [tag] });
    }
    for (const m of text.matchAll(/I (live|moved) (?:in|to) (\w+)/g)) {
      entities.push({ name: m[2], type: 'place', summary: '' });
      relations.push({ src: 'User', relation: 'lives_in', dst: m[2], source: 'user', evidence: [tag], supersedes: m[1] === 'moved', singleValued: true });
    }
    for (const m of text.matchAll(/I am reading (\w+)/g)) entities.push({ name: m[1], type: 'book', summary: 'A book the user reads' });
  }
  return { kind: 'json' as const, value: { entities, relations } };
}

function say(engine: Engine, sessionId: string, content: string, createdAt: string, role: 'user' | 'assistant' = 'user') {
  return engine.messages.append({ sessionId, role, content, createdAt });
}

function setup() {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  llm.setDefault(extractor);
  return engine;
}

function relations(engine: Engine): string[] {
  const snap = engine.graph.store.snapshot(SCOPE);
  const name = (id: number) => snap.nodes.find((n) => n.id === id)?.name ?? '?';
  return snap.edges.map((e) => `${name(e.src)} ${e.relation} ${name(e.dst)}${e.validTo ? ` until ${e.validTo.slice(0, 10)}` : ''}`).sort();
}

const paragraph = (i: number) => `Paragraph ${i} is about the weather in the valley and nothing else of note today.`;
/** About 20,000 characters; the one statement that matters is at the very end. */
const LONG = `${Array.from({ length: 240 }, (_, i) => paragraph(i)).join(' ')} And finally: my sister is called Ana.`;

describe('long messages are extracted in full', () => {
  it('a 20,000-character message is read in overlapping parts, every sentence reaches the model, and the statement at its end is learned', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    const msg = say(engine, s.id, LONG, '2026-01-05T10:00:00.000Z');
    const res = await engine.graph.consolidate();
    expect(res.failures).toBe(0);
    expect(res.passes.length).toBeGreaterThan(1);
    const seen = llm.chatRequests().flatMap(lines);
    for (const req of llm.chatRequests()) expect(prompt(req).length).toBeLessThan(13_000);
    // Every part is labelled, and together they cover every sentence of the message.
    expect(seen.every((l) => l.part !== null)).toBe(true);
    const count = Number(seen[0].part!.split(' of ')[1]);
    expect(seen.map((l) => l.part)).toEqual(Array.from({ length: count }, (_, i) => `${i + 1} of ${count}`));
    const all = seen.map((l) => l.text).join(' ');
    for (let i = 0; i < 240; i++) expect(all).toContain(paragraph(i));
    expect(all).toContain('my sister is called Ana');
    expect(relations(engine)).toEqual(['User has_sister Ana']);
    expect(engine.graph.store.snapshot(SCOPE).edges[0].support).toEqual([msg.id]);
  });

  it('a pass that fails inside a long message keeps the watermark before it: the next run reads the whole message again', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    say(engine, s.id, LONG, '2026-01-05T10:00:00.000Z');
    // No JSON at all, twice: the repair attempt fails too (a cut-off reply would be repaired, issue 18).
    llm.enqueue(extractor, { kind: 'raw_json_text', text: 'Sorry, no.' }, { kind: 'raw_json_text', text: 'Still no.' });
    const first = await engine.graph.consolidate();
    expect(first.failures).toBe(1);
    expect(relations(engine)).toEqual([]);
    const before = llm.chatRequests().length;
    const second = await engine.graph.consolidate();
    expect(second.failures).toBe(0);
    expect(lines(llm.chatRequests()[before])[0].part).toMatch(/^1 of /);
    expect(relations(engine)).toEqual(['User has_sister Ana']);
  });
});

describe('entities without a relation', () => {
  it('are kept while a message they came from exists, and the run summary counts only what is kept', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    const other = engine.sessions.create({ agentId: 'default' });
    say(engine, s.id, 'These days I am reading Dune, slowly.', '2026-01-05T10:00:00.000Z');
    say(engine, other.id, 'I live in Porto, near the river.', '2026-01-06T10:00:00.000Z');
    const first = await engine.graph.consolidate();
    const names = () => engine.graph.store.snapshot(SCOPE).nodes.map((n) => n.name).sort();
    expect(names()).toEqual(['Dune', 'Porto', 'User']);
    expect(first.nodesAdded).toBe(3);
    // The next run (nothing new) keeps it; so does one with news elsewhere.
    say(engine, other.id, 'My sister is called Ana, by the way: my sister is called Ana.', '2026-01-07T10:00:00.000Z');
    const second = await engine.graph.consolidate();
    expect(second).toMatchObject({ nodesAdded: 1, nodesRemoved: 0 });
    expect(names()).toEqual(['Ana', 'Dune', 'Porto', 'User']);
    // The view draws it from when it was learned, though it has no relation.
    const dune = engine.graph.store.snapshot(SCOPE).nodes.find((n) => n.name === 'Dune')!;
    expect(dune).toMatchObject({ degree: 0, since: expect.any(String) });
    // Once its only message is gone, so is it.
    await engine.deleteSession(s.id);
    const third = await engine.graph.consolidate();
    expect(third.nodesRemoved).toBe(1);
    expect(names()).toEqual(['Ana', 'Porto', 'User']);
  });
});

describe('what the person asserted outranks extraction', () => {
  it('a relation the person added is not closed by a later "moved": the change waits as a proposal, and accepting it applies it as theirs', async () => {
    const engine = setup();
    const mine = engine.graph.corrections.addRelation({ scope: SCOPE, src: 'User', dst: 'Lisbon', relation: 'lives_in', validFrom: '2025-01-01' }, ME).edge!;
    const s = engine.sessions.create({ agentId: 'default' });
    const msg = say(engine, s.id, 'Big news: I moved to Porto last week.', '2026-03-01T10:00:00.000Z');
    const res = await engine.graph.consolidate();
    expect(res).toMatchObject({ proposed: 1, edgesAdded: 0, edgesClosed: 0 });
    expect(relations(engine)).toEqual(['User lives_in Lisbon']);
    const [p] = engine.graph.proposals.list({ scope: SCOPE });
    expect(p).toMatchObject({ kind: 'relation.supersede', summary: 'Replace “User lives in Lisbon” with “User lives in Porto”', closes: [{ id: mine.id }], actor: 'extraction', status: 'pending' });
    expect(p.sources.map((x) => x.id)).toEqual([msg.id]);
    const r = engine.graph.proposals.accept(p.id, ME);
    expect(relations(engine)).toEqual(['User lives_in Lisbon until 2026-03-01', 'User lives_in Porto']);
    expect(r.edge).toMatchObject({ assertedBy: 'person', support: [msg.id] });
    const entries = engine.journal.list({ layer: 'graph', actor: 'person' }).entries.filter((e) => e.groupId === engine.journal.get(r.journalId!)!.groupId);
    expect(entries.map((e) => e.action).sort()).toEqual(['relation.added', 'relation.closed']);
    expect(engine.graph.proposals.list({ scope: SCOPE })).toEqual([]);
    expect(() => engine.graph.proposals.accept(p.id, ME)).toThrow(/already accepted/);
  });

  it('a relation the person marked wrong is not re-added by a later message: it is proposed once; dismissed, it is not proposed again', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    say(engine, s.id, 'You know what, my sister is called Ana.', '2026-01-05T10:00:00.000Z');
    await engine.graph.consolidate();
    const sister = engine.graph.store.snapshot(SCOPE).edges[0];
    engine.graph.corrections.retractRelation(sister.id, { reason: 'Ana is my cousin' }, ME);
    say(engine, s.id, 'As I said before, my sister is called Ana.', '2026-01-06T10:00:00.000Z');
    const res = await engine.graph.consolidate();
    expect(res.proposed).toBe(1);
    expect(relations(engine)).toEqual([]);
    const [p] = engine.graph.proposals.list();
    expect(p).toMatchObject({ kind: 'relation.add', retracted: { id: sister.id }, reason: 'You marked “User has sister Ana” as wrong; a later message says it again' });
    engine.graph.proposals.dismiss(p.id);
    say(engine, s.id, 'Again: my sister is called Ana, honestly.', '2026-01-07T10:00:00.000Z');
    const again = await engine.graph.consolidate();
    expect(again.proposed).toBe(0);
    expect(engine.graph.proposals.list()).toEqual([]);
    expect(relations(engine)).toEqual([]);
  });
});

describe('corrections extraction does not undo on its own', () => {
  it('an entity the person deleted is not re-created by a later mention: its relation is proposed, and accepting brings it back as theirs', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    say(engine, s.id, 'You know what, my sister is called Ana.', '2026-01-05T10:00:00.000Z');
    await engine.graph.consolidate();
    const ana = engine.graph.store.findNode([SCOPE], 'Ana')!;
    engine.graph.corrections.deleteEntity(ana.id, ME);
    say(engine, s.id, 'As I said before, my sister is called Ana.', '2026-01-06T10:00:00.000Z');
    const res = await engine.graph.consolidate();
    expect(res).toMatchObject({ proposed: 1, nodesAdded: 0, edgesAdded: 0 });
    expect(engine.graph.store.findNode([SCOPE], 'Ana')).toBeNull();
    const [p] = engine.graph.proposals.list();
    expect(p).toMatchObject({ kind: 'relation.add', summary: 'Add “User has sister Ana” again', reason: 'You deleted “Ana”; a later message mentions it again' });
    engine.graph.proposals.accept(p.id, ME);
    expect(relations(engine)).toEqual(['User has_sister Ana']);
    expect(engine.graph.store.findNode([SCOPE], 'Ana')).toMatchObject({ assertedBy: 'person' });
  });

  it('a relation the person said ended is not re-opened by a later mention: it is proposed', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    say(engine, s.id, 'I live in Porto, near the river.', '2026-01-05T10:00:00.000Z');
    await engine.graph.consolidate();
    const porto = engine.graph.store.snapshot(SCOPE).edges[0];
    engine.graph.corrections.editRelation(porto.id, { validTo: '2026-02-01' }, ME);
    say(engine, s.id, 'I live in Porto, as you know.', '2026-04-01T10:00:00.000Z');
    const res = await engine.graph.consolidate();
    expect(res.proposed).toBe(1);
    expect(relations(engine)).toEqual(['User lives_in Porto until 2026-02-01']);
    expect(engine.graph.proposals.list()[0].reason).toBe('You said “User lives in Porto” ended on 2026-02-01; a later message says it holds');
  });
});

describe('retracting the relation that superseded another', () => {
  it('re-opens the one it closed, so the graph shows the right current value; a law citing the retracted one loses its grounding at once', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    say(engine, s.id, 'I live in Porto, near the river.', '2026-01-05T10:00:00.000Z');
    say(engine, s.id, 'Big news: I moved to Lisbon for the job.', '2026-06-01T10:00:00.000Z');
    await engine.graph.consolidate();
    expect(relations(engine)).toEqual(['User lives_in Lisbon', 'User lives_in Porto until 2026-06-01']);
    const lisbon = engine.graph.store.snapshot(SCOPE).edges.find((e) => e.validTo === null)!;
    engine.laws.store.replaceScope(SCOPE, [{ statement: 'Lives by the sea in Lisbon', confidence: 0.8, support: [`edge:${lisbon.id}`] }], 'fp');
    expect(engine.laws.views([SCOPE])[0].stale).toBe(false);
    const r = engine.graph.corrections.retractRelation(lisbon.id, { reason: 'only visited' }, ME);
    expect(relations(engine)).toEqual(['User lives_in Porto']);
    expect(r.reopened).toHaveLength(1);
    expect(engine.laws.views([SCOPE])[0]).toMatchObject({ stale: true, relations: [{ id: lisbon.id, text: null }] });
    expect(engine.graph.store.currentRelations(SCOPE).map((x) => x.text)).toEqual([expect.stringContaining('User —lives_in→ Porto')]);
  });
});

describe('the history of the graph', () => {
  it('extraction journals what it learned with the session and message; reconciliation after a deleted chat is one group the person can undo, and what they restore stays', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    const msg = say(engine, s.id, 'I live in Porto, near the river.', '2026-01-05T10:00:00.000Z');
    await engine.graph.consolidate();
    const learned = engine.journal.list({ layer: 'graph', actor: 'extraction' }).entries;
    expect(learned.map((e) => e.action).sort()).toEqual(['entity.added', 'entity.added', 'relation.added']);
    expect(learned.find((e) => e.action === 'relation.added')).toMatchObject({ source: { sessionId: s.id, messageId: msg.id }, summary: 'Learned “User lives in Porto”', scope: SCOPE });

    await engine.deleteSession(s.id);
    const res = await engine.graph.consolidate();
    expect(res).toMatchObject({ edgesRetracted: 1, nodesRemoved: 2 });
    expect(engine.graph.store.counts()).toEqual({ nodes: 0, edges: 0 });
    const dropped = engine.journal.list({ layer: 'graph', actor: 'system' }).entries;
    expect(dropped.map((e) => e.action).sort()).toEqual(['entity.deleted', 'entity.deleted', 'relation.retracted']);
    expect(new Set(dropped.map((e) => e.groupId)).size).toBe(1);
    expect(dropped.find((e) => e.action === 'relation.retracted')!.summary).toBe('Dropped “User lives in Porto”: the messages it was learned from were deleted');

    const plan = engine.journal.plan(dropped[0].id);
    expect(plan.alsoUndoes).toHaveLength(2);
    engine.journal.undo(dropped[0].id, { confirm: true });
    expect(relations(engine)).toEqual(['User lives_in Porto']);
    // It now stands on the person's word: the next reconciliation leaves it.
    expect(engine.graph.store.snapshot(SCOPE).edges[0].assertedBy).toBe('person');
    await engine.graph.consolidate();
    expect(relations(engine)).toEqual(['User lives_in Porto']);
  });
});

describe('export', () => {
  it('a relation marked wrong or a deleted entity does not come back into the graph on import (it comes across as corrected: transfer-graph-corrections.test.ts)', () => {
    const a = setup();
    const g = a.graph.store;
    const user = g.upsertNode(SCOPE, 'User', 'person').id;
    const ana = g.upsertNode(SCOPE, 'Ana', 'person').id;
    const porto = g.upsertNode(SCOPE, 'Porto', 'place').id;
    const wrong = g.upsertEdge({ scope: SCOPE, src: user, dst: ana, relation: 'has_sister', provClass: 'user', validFrom: '2026-01-01', support: ['m1'], supersede: false }).id;
    g.upsertEdge({ scope: SCOPE, src: user, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: '2026-01-01', support: ['m1'], supersede: false });
    a.graph.corrections.retractRelation(wrong, {}, ME);
    a.graph.corrections.deleteEntity(ana, ME);
    const b = openEngine();
    expect(b.transfer.importText(a.transfer.exportText()).graph).toMatchObject({ nodes: 2, edges: 1 });
    expect(b.graph.store.snapshot(SCOPE).nodes.map((n) => n.name).sort()).toEqual(['Porto', 'User']);
  });
});

describe('monad graph (CLI)', () => {
  it('lists, merges, retracts, edits and adds, with --json, through the journaled corrections', () => {
    const home = tempHome();
    const engine = openEngine({ home });
    const sam = engine.graph.store.upsertNode(SCOPE, 'Sam', 'person').id;
    const samuel = engine.graph.store.upsertNode(SCOPE, 'Samuel', 'person').id;
    const globex = engine.graph.store.upsertNode(SCOPE, 'Globex', 'organization').id;
    const job = engine.graph.store.upsertEdge({ scope: SCOPE, src: samuel, dst: globex, relation: 'works_at', provClass: 'user', validFrom: '2025-03-01', support: ['m1'], supersede: false }).id;
    engine.close();
    const cli = (...args: string[]) => runCli(['graph', ...args, '--home', home]);

    const list = cli('entity', 'list', '--scope', SCOPE, '--json');
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((n) => n.name).sort()).toEqual(['Globex', 'Sam', 'Samuel']);

    const merged = cli('entity', 'merge', 'Sam', 'Samuel', '--scope', SCOPE, '--json');
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout)).toMatchObject({ node: { id: sam, name: 'Sam', degree: 1 }, journalId: expect.any(Number) });

    const retract = cli('relation', 'retract', String(job), '--reason', 'never worked there');
    expect(retract.code).toBe(0);
    expect(retract.stdout).toMatch(/marked wrong: \d+\tSam —works at→ Globex/);

    const add = cli('relation', 'add', 'Sam', 'works at', 'Acme', '--scope', SCOPE, '--since', '2024-01-10', '--json');
    expect(add.code).toBe(0);
    const added = JSON.parse(add.stdout) as { edge: { id: number; relation: string; assertedBy: string; validFrom: string } };
    expect(added.edge).toMatchObject({ relation: 'works_at', assertedBy: 'person', validFrom: '2024-01-10T00:00:00.000Z' });

    const edit = cli('relation', 'edit', String(added.edge.id), '--until', '2025-03-01');
    expect(edit.code).toBe(0);
    expect(edit.stdout).toContain('2024-01-10 → 2025-03-01');

    // Read by a person: relations in words, as every other view says them; --json keeps the stored key.
    const text = cli('relation', 'list', '--entity', 'Sam', '--scope', SCOPE).stdout;
    expect(text).toContain('Sam —works at→ Acme');
    expect(text).not.toContain('works_at');
    const rels = JSON.parse(cli('relation', 'list', '--entity', 'Sam', '--scope', SCOPE, '--json').stdout) as { relation: string; validTo: string | null }[];
    expect(rels).toEqual([expect.objectContaining({ relation: 'works_at', validTo: '2025-03-01T00:00:00.000Z' })]);

    const reopened = openEngine({ home });
    const history = reopened.journal.list({ layer: 'graph' }).entries;
    expect(history.every((e) => e.actor === 'person' && e.source?.via === 'cli')).toBe(true);
    expect(history.map((e) => e.action)).toEqual(['relation.edited', 'relation.added', 'entity.added', 'relation.retracted', 'entity.merged']);
  }, 180_000);
});
