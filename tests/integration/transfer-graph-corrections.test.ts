// Issue 27 §1 (graph and laws half): an archive carries the person's corrections, and an import keeps
// them binding. Before: export wrote only what was current — a relation marked wrong, a merged, renamed or
// deleted entity, a rejected law were left out (with a rejected law as the only law, `laws: []`) — so in
// the new home the next extraction re-added the wrong relation and re-created the deleted entity, the old
// names made duplicates, and re-deriving brought the rejected law back into recall.
// Real engines on temp homes (SQLite + Markdown), the scripted OpenAI-wire model for extraction and laws.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { By } from '../../src/main/memory/graph/graph-journal';
import { V1_CORRECTIONS_LEFT_OUT } from '../../src/main/transfer/import-graph';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

const ME: By = { actor: 'person', source: { via: 'app' } };
const SCOPE = 'agent:default';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

/** A rule-based memory model: entities and relations from fixed sentence shapes. */
function extractor(req: RecordedRequest) {
  const entities: { name: string; type: string; summary: string }[] = [];
  const relations: object[] = [];
  const text = String(req.body.messages.at(-1).content);
  for (const [, tag, line] of text.matchAll(/^\[(m\d+)\] \([^)]*\) \w+(?:, part \d+ of \d+)?: (.*)$/gm)) {
    for (const m of line.matchAll(/my sister is called (\w+)/g)) {
      entities.push({ name: 'User', type: 'person', summary: '' }, { name: m[1], type: 'person', summary: '' });
      relations.push({ src: 'User', relation: 'has_sister', dst: m[1], source: 'user', evidence: [tag] });
    }
    for (const m of line.matchAll(/I know (\w+)/g)) {
      entities.push({ name: 'User', type: 'person', summary: '' }, { name: m[1], type: 'person', summary: '' });
      relations.push({ src: 'User', relation: 'knows', dst: m[1], source: 'user', evidence: [tag] });
    }
    for (const m of line.matchAll(/I live in (\w+)/g)) {
      entities.push({ name: m[1], type: 'place', summary: '' });
      relations.push({ src: 'User', relation: 'lives_in', dst: m[1], source: 'user', evidence: [tag], singleValued: true });
    }
  }
  return { kind: 'json' as const, value: { entities, relations } };
}

function setup(): Engine {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  llm.setDefault(extractor);
  return engine;
}

async function derive(engine: Engine, laws: { statement: string; confidence: number; support: string[] }[]) {
  llm.enqueue({ kind: 'json', value: { laws } });
  return engine.laws.infer(SCOPE, { force: true });
}

const REJECTED = 'The user avoids meat when eating out';
const EDITED_FROM = 'The user likes spicy food';
const EDITED_TO = 'The user likes very spicy Thai food';
const PINNED = 'The user runs on Sunday mornings';
const OPPOSITE = 'The user never runs on Sunday mornings';

/** A home where the person corrected the graph and the laws in every way the issue names. */
async function correctedHome(): Promise<Engine> {
  const a = setup();
  const s = a.sessions.create({ agentId: 'default' });
  a.messages.append({ sessionId: s.id, role: 'user', content: 'You know what, my sister is called Ana.', createdAt: '2026-01-05T10:00:00.000Z' });
  a.messages.append({ sessionId: s.id, role: 'user', content: 'I know Bob. I know Sam. I know Samuel. I live in Lisboa.', createdAt: '2026-01-05T10:01:00.000Z' });
  await a.graph.consolidate();
  const g = a.graph.store;
  const id = (name: string) => g.findNode([SCOPE], name)!.id;
  const sister = g.snapshot(SCOPE).edges.find((e) => e.relation === 'has_sister')!;
  a.graph.corrections.retractRelation(sister.id, { reason: 'Ana is my cousin' }, ME);
  // Said again, it is only proposed; the person says no, and it is not asked again.
  a.messages.append({ sessionId: s.id, role: 'user', content: 'As I said, my sister is called Ana.', createdAt: '2026-01-05T10:02:00.000Z' });
  await a.graph.consolidate();
  a.graph.proposals.dismiss(a.graph.proposals.list({ scope: SCOPE })[0].id);
  a.graph.corrections.mergeEntities(id('Samuel'), id('Sam'), ME);
  a.graph.corrections.renameEntity(id('Lisboa'), 'Lisbon', ME);
  a.graph.corrections.deleteEntity(id('Bob'), ME);
  a.graph.corrections.addRelation({ scope: SCOPE, src: 'User', dst: 'Acme', relation: 'works at', validFrom: '2025-02-01' }, ME);

  a.facts.memory.record(SCOPE, 'Orders the vegetarian option at restaurants');
  a.facts.memory.record(SCOPE, 'Adds chilli to every dish');
  a.facts.memory.record(SCOPE, 'Goes for a run every Sunday at 8');
  await derive(a, [
    { statement: REJECTED, confidence: 0.8, support: ['f1'] },
    { statement: EDITED_FROM, confidence: 0.7, support: ['f2'] },
    { statement: PINNED, confidence: 0.6, support: ['f3', 'e1'] },
  ]);
  const law = (statement: string) => a.laws.views([SCOPE]).find((l) => l.statement === statement)!.id;
  a.laws.corrections.reject(law(REJECTED), { reason: 'I eat fish and chicken' }, ME);
  a.laws.corrections.edit(law(EDITED_FROM), EDITED_TO, ME);
  a.laws.corrections.pin(law(PINNED), true, ME);
  // Inferred the other way round, the pinned law is only put to the person, who says no.
  expect(await derive(a, [{ statement: OPPOSITE, confidence: 0.9, support: ['f3'] }])).toMatchObject({ proposed: 1 });
  a.laws.corrections.dismiss(a.laws.proposals.open([SCOPE])[0].id, ME);
  return a;
}

const graphAndLaws = (text: string) => {
  const doc = JSON.parse(text) as { graph: unknown; laws: unknown };
  return { graph: doc.graph, laws: doc.laws };
};

function live(engine: Engine): string[] {
  const snap = engine.graph.store.snapshot(SCOPE);
  const name = (n: number) => snap.nodes.find((x) => x.id === n)?.name ?? '?';
  return snap.edges.map((e) => `${name(e.src)} ${e.relation} ${name(e.dst)}`).sort();
}

describe('an archive carries the corrections of the graph and of the laws', () => {
  it('after export and import into a fresh home: the relation marked wrong is not current and keeps its reason, old names resolve, the deleted entity stays deleted, the person’s relation is theirs, and the laws keep their state', async () => {
    const a = await correctedHome();
    const text = a.transfer.exportText();
    const b = setup();
    const report = b.transfer.importText(text);
    expect(report.leftOut).not.toContain(V1_CORRECTIONS_LEFT_OUT);

    // The graph as the person left it.
    expect(live(b)).toEqual(live(a));
    expect(live(b)).not.toContain('User has_sister Ana');
    const wrong = b.memoryDb.prepare(`SELECT retracted_by, retracted_reason FROM graph_edge WHERE relation = 'has_sister'`).all();
    expect(wrong).toEqual([{ retracted_by: 'person', retracted_reason: 'Ana is my cousin' }]);
    expect(b.graph.store.findNode([SCOPE], 'Sam')?.name).toBe('Samuel');
    expect(b.graph.store.findNode([SCOPE], 'Lisboa')?.name).toBe('Lisbon');
    expect(b.graph.store.findNode([SCOPE], 'Bob')).toBeNull();
    const acme = b.graph.store.snapshot(SCOPE).edges.find((e) => e.relation === 'works_at')!;
    expect(acme.assertedBy).toBe('person');

    // The laws with the person's state.
    const rules = b.laws.learnedRules([SCOPE]) ?? '';
    expect(rules).not.toContain('avoids meat');
    expect(b.laws.rejectedViews([SCOPE])).toEqual([expect.objectContaining({ statement: REJECTED, rejected: expect.objectContaining({ reason: 'I eat fish and chicken' }) })]);
    const views = b.laws.views([SCOPE]);
    expect(views.find((l) => l.statement === PINNED)).toMatchObject({ pinned: true });
    expect(b.laws.store.list([SCOPE]).find((l) => l.statement === EDITED_TO)).toMatchObject({ origin: 'person', derivedStatement: EDITED_FROM });
    // The pinned law's citation of a relation still resolves to that relation here.
    expect(views.find((l) => l.statement === PINNED)!.relations).toHaveLength(1);

    // Exported again, the graph and the laws are the same archive.
    expect(graphAndLaws(b.transfer.exportText())).toEqual(graphAndLaws(text));
  });

  it('what the person corrected stays corrected in the new home: the same words extracted again do not bring back the wrong relation or the deleted entity, old names are no duplicates, and re-deriving keeps the rejected law out of recall', async () => {
    const a = await correctedHome();
    const b = setup();
    b.transfer.importText(a.transfer.exportText());
    const s = b.sessions.create({ agentId: 'default' });
    b.messages.append({ sessionId: s.id, role: 'user', content: 'Again: my sister is called Ana. I know Bob. I know Sam. I live in Lisboa.', createdAt: '2026-02-01T10:00:00.000Z' });
    const res = await b.graph.consolidate();
    expect(res.failures).toBe(0);
    expect(live(b)).not.toContain('User has_sister Ana');
    expect(b.graph.store.findNode([SCOPE], 'Bob')).toBeNull();
    const names = b.graph.store.snapshot(SCOPE).nodes.map((n) => n.name).sort();
    expect(names).toEqual(['Acme', 'Ana', 'Lisbon', 'Samuel', 'User']);
    // A change against the person's corrections waits for them; the one they already said no to is not asked again.
    expect(b.graph.proposals.list({ scope: SCOPE }).map((p) => p.reason)).toEqual(['You deleted “Bob”; a later message mentions it again']);
    expect(b.graph.proposals.list({ scope: SCOPE, status: 'dismissed' }).map((p) => p.reason)).toEqual([
      'You marked “User has sister Ana” as wrong; a later message says it again',
    ]);

    const r = await derive(b, [
      { statement: REJECTED, confidence: 0.9, support: ['f1'] },
      { statement: EDITED_FROM, confidence: 0.7, support: ['f2'] },
      { statement: 'The user cooks at home on weekdays', confidence: 0.5, support: ['f1'] },
      { statement: OPPOSITE, confidence: 0.9, support: ['f3'] },
    ]);
    expect(r).toMatchObject({ excluded: 1, proposed: 0 });
    expect(b.laws.proposals.open([SCOPE])).toEqual([]);
    const rules = b.laws.learnedRules([SCOPE]) ?? '';
    expect(rules).not.toContain('avoids meat');
    expect(rules).toContain(EDITED_TO);
    expect(rules).toContain(PINNED);
    expect(b.laws.views([SCOPE]).map((l) => l.statement)).not.toContain(EDITED_FROM);
    // And the model was told the rejected law is an exclusion.
    expect(String(llm.chatRequests().at(-1)!.body.messages.at(-1).content)).toContain(`- ${REJECTED}`);
  });

  it('a home whose only law is rejected exports it (not `laws: []`), and importing the same archive twice adds nothing', async () => {
    const a = setup();
    a.facts.memory.record(SCOPE, 'Orders the vegetarian option at restaurants');
    await derive(a, [{ statement: REJECTED, confidence: 0.8, support: ['f1'] }]);
    a.laws.corrections.reject(a.laws.views([SCOPE])[0].id, { reason: 'I eat fish' }, ME);
    const s = a.sessions.create({ agentId: 'default' });
    a.messages.append({ sessionId: s.id, role: 'user', content: 'I know Sam. I know Samuel. You know what, my sister is called Ana.', createdAt: '2026-01-05T10:00:00.000Z' });
    await a.graph.consolidate();
    const g = a.graph.store;
    a.graph.corrections.mergeEntities(g.findNode([SCOPE], 'Samuel')!.id, g.findNode([SCOPE], 'Sam')!.id, ME);
    a.graph.corrections.deleteEntity(g.findNode([SCOPE], 'Ana')!.id, ME);
    const text = a.transfer.exportText();
    expect(JSON.parse(text).laws).toEqual([expect.objectContaining({ statement: REJECTED, status: 'rejected', rejectedReason: 'I eat fish' })]);

    const b = openEngine();
    b.transfer.importText(text);
    const once = graphAndLaws(b.transfer.exportText());
    const again = b.transfer.importText(text);
    expect(again).toMatchObject({ graph: { nodes: 0, edges: 0 }, laws: { added: 0 } });
    expect(graphAndLaws(b.transfer.exportText())).toEqual(once);
    const rows = (sql: string) => b.memoryDb.prepare(sql).pluck().get();
    expect(rows(`SELECT count(*) FROM graph_node WHERE removed_at IS NOT NULL`)).toBe(2);
    expect(rows(`SELECT count(*) FROM graph_law WHERE status = 'rejected'`)).toBe(1);
  });
});

describe('two current entities of one name', () => {
  it('an entity brought back after a new one took its name stays its own entity through export and import, and the name still leads to the newer one; importing again adds nothing', async () => {
    const a = setup();
    const g = a.graph.store;
    a.graph.corrections.addRelation({ scope: SCOPE, src: 'Ana', dst: 'Acme', relation: 'works at' }, ME);
    const old = g.findNode([SCOPE], 'Ana')!.id;
    const deleted = a.graph.corrections.deleteEntity(old, ME);
    a.graph.corrections.addRelation({ scope: SCOPE, src: 'Porto', dst: 'Ana', relation: 'knows' }, ME);
    const newer = g.findNode([SCOPE], 'Ana')!.id;
    a.journal.undo(deleted.journalId!, { confirm: true });
    expect(g.snapshot(SCOPE).nodes.filter((n) => n.name === 'Ana').map((n) => n.id)).toEqual([old, newer]);
    const text = a.transfer.exportText();
    expect(JSON.parse(text).graph.nodes.filter((n: { name: string }) => n.name === 'Ana').map((n: { nameFreed?: true }) => n.nameFreed)).toEqual([true, undefined]);

    const b = openEngine();
    b.transfer.importText(text);
    const anas = b.graph.store.snapshot(SCOPE).nodes.filter((n) => n.name === 'Ana');
    expect(anas).toHaveLength(2);
    // The name leads where it led in the first home: to the entity made after the other was deleted.
    const edges = b.graph.store.snapshot(SCOPE).edges;
    expect(edges.map((e) => e.relation).sort()).toEqual(['knows', 'works_at']);
    const knows = edges.find((e) => e.relation === 'knows')!;
    const worksAt = edges.find((e) => e.relation === 'works_at')!;
    expect(b.graph.store.findNode([SCOPE], 'Ana')!.id).toBe(knows.dst);
    expect(worksAt.src).not.toBe(knows.dst);
    expect(anas.map((n) => n.id).sort()).toEqual([knows.dst, worksAt.src].sort());
    const once = graphAndLaws(b.transfer.exportText());
    expect(once).toEqual(graphAndLaws(text));
    expect(b.transfer.importText(text)).toMatchObject({ graph: { nodes: 0, edges: 0 } });
    expect(graphAndLaws(b.transfer.exportText())).toEqual(once);
  });

  it('two entities of the file that this home merged (one name now an alias here) still fold into this home’s entity, in either order', () => {
    for (const order of [['Sam', 'Samuel'], ['Samuel', 'Sam']]) {
      const a = setup();
      for (const name of order) a.graph.corrections.addRelation({ scope: SCOPE, src: name, dst: 'Acme', relation: 'works at' }, ME);
      const b = setup();
      b.graph.corrections.addRelation({ scope: SCOPE, src: 'Sam', dst: 'Porto', relation: 'lives in' }, ME);
      b.graph.corrections.addRelation({ scope: SCOPE, src: 'Samuel', dst: 'Porto', relation: 'knows' }, ME);
      const g = b.graph.store;
      b.graph.corrections.mergeEntities(g.findNode([SCOPE], 'Samuel')!.id, g.findNode([SCOPE], 'Sam')!.id, ME);
      b.transfer.importText(a.transfer.exportText());
      const names = g.snapshot(SCOPE).nodes.map((n) => n.name).sort();
      expect(names, order.join(' then ')).toEqual(['Acme', 'Porto', 'Samuel']);
    }
  });

  it('a file whose two current entities share a name (written by hand, or by an older Monad) keeps them two', () => {
    const a = setup();
    a.graph.corrections.addRelation({ scope: SCOPE, src: 'Ana', dst: 'Acme', relation: 'works at' }, ME);
    const doc = JSON.parse(a.transfer.exportText());
    const ana = doc.graph.nodes.find((n: { name: string }) => n.name === 'Ana');
    doc.graph.nodes.push({ ...ana, id: 99 });
    const acme = doc.graph.nodes.find((n: { name: string }) => n.name === 'Acme');
    doc.graph.edges.push({ ...doc.graph.edges[0], id: 99, src: 99, dst: acme.id, relation: 'knows' });
    const b = openEngine();
    b.transfer.importText(JSON.stringify(doc));
    const anas = b.graph.store.snapshot(SCOPE).nodes.filter((n) => n.name === 'Ana');
    expect(anas).toHaveLength(2);
    const edges = b.graph.store.snapshot(SCOPE).edges;
    expect(edges).toHaveLength(2);
    expect(new Set(edges.map((e) => e.src))).toEqual(new Set(anas.map((n) => n.id)));
  });
});

describe('relations a merge took out of the graph', () => {
  it('a relation folded by one merge into another, both made loops by a second merge, comes across as it was', () => {
    const a = setup();
    const c = a.graph.corrections;
    const g = a.graph.store;
    c.addRelation({ scope: SCOPE, src: 'Ana', dst: 'Sam', relation: 'lives in', validFrom: '2026-01-01' }, ME);
    c.addRelation({ scope: SCOPE, src: 'Samuel', dst: 'Sam', relation: 'lives in', validFrom: '2026-01-01' }, ME);
    const ana = g.findNode([SCOPE], 'Ana')!.id;
    // Samuel into Ana: "Samuel lives in Sam" is now "Ana lives in Sam" and folds into it; Sam into Ana:
    // that one is a loop (marked wrong), and the folded one a loop folded into it.
    c.mergeEntities(ana, g.findNode([SCOPE], 'Samuel')!.id, ME);
    c.mergeEntities(ana, g.findNode([SCOPE], 'Sam')!.id, ME);
    const text = a.transfer.exportText();
    const edges = JSON.parse(text).graph.edges as { src: number; dst: number; mergedInto: number | null; retracted: unknown }[];
    expect(edges.map((e) => [e.src === e.dst, e.mergedInto !== null, e.retracted !== null])).toEqual([
      [true, false, true],
      [true, true, false],
    ]);
    const b = openEngine();
    const report = b.transfer.importText(text);
    expect(report.refusedTotal).toBe(0);
    expect(graphAndLaws(b.transfer.exportText())).toEqual(graphAndLaws(text));
    expect(b.graph.store.snapshot(SCOPE).edges).toEqual([]);
  });
});

describe('an archive Monad exported always imports', () => {
  it('a law out of recall because a long fact it rested on was edited (the reason quotes both, over 4,000 characters) comes across with its reason', async () => {
    const a = setup();
    const long = (what: string) => `${what} ${Array.from({ length: 180 }, (_, i) => `walks the dog ${i}`).join(', ')}`.slice(0, 1990);
    a.facts.memory.record(SCOPE, long('In the morning the user'));
    await derive(a, [{ statement: 'The user walks the dog every day', confidence: 0.8, support: ['f1'] }]);
    const [law] = a.laws.store.list([SCOPE]);
    const reason = `A fact it rests on was edited: “${long('In the morning the user')}” → “${long('In the evening the user')}”.`;
    expect(reason.length).toBeGreaterThan(4000);
    a.laws.store.update(law.id, { suppressed: { reason, ref: law.support[0], at: '2026-02-01T00:00:00.000Z' } });
    const b = openEngine();
    const report = b.transfer.importText(a.transfer.exportText());
    expect(report.laws.added).toBe(1);
    expect(b.laws.store.list([SCOPE])[0].suppressed).toMatchObject({ reason });
  });
});

describe('into a home that learned the same things', () => {
  it('the file’s corrections leave this home’s own relations and entities as they are, and the report says which to correct here too', async () => {
    const a = await correctedHome();
    const b = setup();
    const s = b.sessions.create({ agentId: 'default' });
    b.messages.append({ sessionId: s.id, role: 'user', content: 'You know what, my sister is called Ana. I know Bob.', createdAt: '2026-01-07T10:00:00.000Z' });
    await b.graph.consolidate();
    const before = live(b);
    expect(before).toEqual(['User has_sister Ana', 'User knows Bob']);
    const report = b.transfer.importText(a.transfer.exportText());
    expect(live(b)).toEqual(expect.arrayContaining(before));
    const out = report.leftOut.join('\n');
    expect(out).toContain('The file\'s "this is wrong" on 1 relation that is current in this home, learned here: it stays as it is. Mark it wrong here too if it is wrong.');
    expect(out).toContain('The file\'s deletion of 1 entity that is in this home\'s graph: it stays. Delete it here too if it should go.');
  });
});

describe('version 1 archives', () => {
  it('still import, and the report says the corrections were not in the file', async () => {
    const a = await correctedHome();
    const doc = JSON.parse(a.transfer.exportText());
    // What a version-1 export wrote: current entities and relations, active laws, none of the v2 fields
    // (and facts as plain texts, no History, no Inbox).
    doc.version = 1;
    doc.facts = Object.fromEntries(Object.entries(doc.facts as Record<string, { facts: { text: string }[] }>).map(([scope, v]) => [scope, v.facts.map((f) => f.text)]));
    delete doc.journal;
    delete doc.inbox;
    doc.graph = {
      nodes: doc.graph.nodes.filter((n: { removed: unknown }) => !n.removed).map(({ id, scope, name, type, summary, createdAt, updatedAt }: Record<string, unknown>) => ({ id, scope, name, type, summary, createdAt, updatedAt })),
      edges: doc.graph.edges
        .filter((e: { retracted: unknown; mergedInto: unknown }) => !e.retracted && !e.mergedInto)
        .map(({ assertedBy: _a, retracted: _r, supersededBy: _s, mergedInto: _m, ...rest }: Record<string, unknown>) => rest),
      cursors: doc.graph.cursors,
    };
    doc.laws = doc.laws
      .filter((l: { status: string }) => l.status === 'active')
      .map(({ scope, statement, confidence, support, contradictedBy, contradictedWhy, derivedAt, fingerprint }: Record<string, unknown>) => ({ scope, statement, confidence, support, contradictedBy, contradictedWhy, derivedAt, fingerprint }));
    const b = openEngine();
    const report = b.transfer.importText(JSON.stringify(doc));
    expect(report.leftOut).toContain(V1_CORRECTIONS_LEFT_OUT);
    expect(report.leftOut.join('\n')).toMatch(/relations marked wrong.*rejected.*laws\): a version-1 archive does not carry them/);
    expect(report.graph).toEqual({ nodes: 5, edges: 3 });
    expect(report.laws.added).toBe(2);
    expect(live(b)).toEqual(live(a));
  });
});
