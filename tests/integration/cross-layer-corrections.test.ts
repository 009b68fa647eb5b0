// Issue 27 §2: one correction reaches every layer, both ways, through the engine. A relation marked wrong
// proposes forgetting the fact that says it (same message, or same entities and relation words) in the
// Inbox, and only that fact; laws citing it leave recall at once; accepting forgets it; one undo brings
// relation, fact and law back. A rename proposes the fact with the new name; a reworded relation, the
// fact reworded; a fact forgotten proposes retracting its relation. A rejected proposal is not made again.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { JournalEntry } from '../../src/shared/journal';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { RUI_SCOPE as SCOPE, seedRui } from '../helpers/seed-rui';
import { openEngine } from '../helpers/temp-home';

const PERSON = { actor: 'person' as const, source: { via: 'app' as const } };
const VIA = { via: 'app' as const };

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

/** Rui's chat, facts and relations, and facts that merely mention Rui or say another relation between the same two. */
const seed = (engine: Engine) => seedRui(engine, { football: 'Rui likes football', studies: 'Rui studies in Braga' });

/** Laws grounded on each fact (the inference prompt tags facts f1… in the order memory reads them). */
async function deriveLaws(engine: Engine, llmServer: ScriptedLlm) {
  const order = engine.facts.memory.read(SCOPE).facts.map((f) => f.text);
  const tag = (text: string) => `f${order.indexOf(text) + 1}`;
  llmServer.enqueue({
    kind: 'json',
    value: {
      laws: [
        { statement: 'The user has a friend in northern Portugal', confidence: 0.8, support: [tag('Rui lives in Braga')] },
        { statement: 'The user knows people in industry', confidence: 0.8, support: [tag('Rui works at Acme')] },
      ],
    },
  });
  await engine.laws.infer(SCOPE, { force: true });
  const law = (words: string) => engine.laws.views([SCOPE]).find((l) => l.statement.includes(words))!;
  return { north: () => law('northern Portugal'), industry: () => law('industry') };
}

const texts = (engine: Engine) => engine.facts.memory.read(SCOPE).facts.map((f) => f.text);
const links = (engine: Engine) => engine.inbox.list().items.filter((i) => i.source === 'link');
const lastEntry = (engine: Engine, action: string): JournalEntry => engine.journal.list().entries.find((e) => e.action === action)!;

describe('graph → facts', () => {
  it('a relation marked wrong proposes forgetting the fact that says it, and only that one; accept, then one undo restores every layer', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { facts, edges } = seed(engine);
    const laws = await deriveLaws(engine, llm);
    expect(laws.north().facts.map((f) => f.id)).toEqual([facts.lives.id]);
    expect(laws.north().eligible).toBe(true);

    engine.graph.corrections.retractRelation(edges.lives, { reason: 'He moved away years ago' }, PERSON);

    // Proposed, not applied: the fact is the person's words.
    expect(texts(engine)).toContain('Rui lives in Braga');
    const items = links(engine);
    expect(items).toEqual([
      expect.objectContaining({ action: 'Forget', text: 'Rui lives in Braga', scope: SCOPE, editable: false, reason: expect.stringContaining('You marked “Rui lives in Braga” as wrong') }),
    ]);
    expect(items[0].reason).toContain('same message');
    // The law resting on the matched fact left recall at once; the one on the other fact stays.
    expect(laws.north()).toMatchObject({ eligible: false, suppressed: { reason: expect.stringContaining('Rui lives in Braga') } });
    expect(laws.industry().eligible).toBe(true);
    expect(engine.laws.learnedRules([SCOPE])).not.toContain('northern Portugal');

    const decision = await engine.inbox.approve(items[0].id, VIA);
    expect(decision).toMatchObject({ outcome: 'approved', message: expect.stringContaining('Forgot “Rui lives in Braga”') });
    expect(texts(engine)).toEqual(['Rui works at Acme', 'Rui likes football', 'Rui studies in Braga']);
    expect(links(engine)).toEqual([]);

    // One group: the correction, the law leaving recall, and the accepted forget.
    const retracted = lastEntry(engine, 'relation.retracted');
    const forgot = lastEntry(engine, 'fact.forgotten');
    expect(forgot.groupId).toBe(retracted.groupId);
    expect(forgot.actor).toBe('person');
    const plan = engine.journal.plan(retracted.id);
    expect(plan.alsoUndoes.map((e) => e.action).sort()).toEqual(['fact.forgotten', 'law.suppressed']);

    engine.journal.undo(retracted.id, { confirm: true });
    expect(engine.graph.store.edgeById(edges.lives)).not.toBeNull();
    expect(texts(engine)).toContain('Rui lives in Braga');
    expect(laws.north()).toMatchObject({ eligible: true, suppressed: null });
    expect(engine.laws.learnedRules([SCOPE])).toContain('northern Portugal');
    // The undo is not a new correction: nothing is proposed.
    expect(links(engine)).toEqual([]);
  });

  it('matches on the same entities and relation words when the fact has no source message, in another word order', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { edges } = seed(engine);
    engine.facts.memory.record(SCOPE, 'In Braga lives my old friend Rui');
    engine.facts.memory.record(SCOPE, 'Rui no longer lives in Braga');
    engine.graph.corrections.retractRelation(edges.lives, {}, PERSON);
    expect(links(engine).map((i) => [i.text, i.reason.includes('says the same thing')]).sort()).toEqual([
      ['In Braga lives my old friend Rui', true],
      ['Rui lives in Braga', false],
    ]);
  });

  it('a relation the system drops (its messages deleted) proposes nothing: only the person corrects', () => {
    const engine = openEngine();
    const { edges } = seed(engine);
    engine.graph.corrections.retractRelation(edges.lives, { reason: 'its messages were deleted' }, { actor: 'system' });
    expect(links(engine)).toEqual([]);
  });

  it('renaming an entity proposes the facts that say its relations with the new name; the edit can be changed before accepting; one undo reverts both', async () => {
    const engine = openEngine();
    const { nodes } = seed(engine);
    engine.graph.corrections.renameEntity(nodes.rui, 'Rui Costa', PERSON);
    const items = links(engine);
    expect(items.map((i) => [i.action, i.replaces[0], i.text, i.editable]).sort()).toEqual([
      ['Change', 'Rui lives in Braga', 'Rui Costa lives in Braga', true],
      ['Change', 'Rui works at Acme', 'Rui Costa works at Acme', true],
    ]);
    const lives = items.find((i) => i.text === 'Rui Costa lives in Braga')!;
    const works = items.find((i) => i.text === 'Rui Costa works at Acme')!;
    await engine.inbox.approve(lives.id, VIA);
    const d = await engine.inbox.approve(works.id, VIA, 'Rui Costa works at Acme in Porto');
    expect(d.fact).toMatchObject({ text: 'Rui Costa works at Acme in Porto', scope: SCOPE });
    expect(texts(engine)).toEqual(['Rui Costa lives in Braga', 'Rui Costa works at Acme in Porto', 'Rui likes football', 'Rui studies in Braga']);

    const renamed = lastEntry(engine, 'entity.renamed');
    expect(engine.journal.list({ layer: 'facts' }).entries.filter((e) => e.action === 'fact.edited').every((e) => e.groupId === renamed.groupId)).toBe(true);
    engine.journal.undo(renamed.id, { confirm: true });
    expect(engine.graph.store.nodeById(nodes.rui)!.name).toBe('Rui');
    expect(texts(engine)).toEqual(['Rui lives in Braga', 'Rui works at Acme', 'Rui likes football', 'Rui studies in Braga']);
  });

  it('rewording a relation proposes the fact reworded', () => {
    const engine = openEngine();
    const { edges } = seed(engine);
    engine.graph.corrections.editRelation(edges.lives, { relation: 'works in' }, PERSON);
    expect(links(engine).map((i) => [i.action, i.replaces[0], i.text])).toEqual([['Change', 'Rui lives in Braga', 'Rui works in Braga']]);
    // Only a date changed: the fact's words still hold, nothing more is proposed.
    engine.graph.corrections.editRelation(edges.works, { validFrom: '2025-01-01' }, PERSON);
    expect(links(engine)).toHaveLength(1);
  });

  it('a fact whose words the rewording cannot place is offered as it is, to be edited before accepting', async () => {
    const engine = openEngine();
    engine.facts.memory.record(SCOPE, '瑞住在布拉加');
    const g = engine.graph.store;
    const edge = g.upsertEdge({ scope: SCOPE, src: g.upsertNode(SCOPE, '瑞', 'person').id, dst: g.upsertNode(SCOPE, '布拉加', 'place').id, relation: '住在', provClass: 'user', validFrom: '2026-03-01T12:00:00.000Z', support: [], supersede: false }).id;
    engine.graph.corrections.editRelation(edge, { relation: '工作在' }, PERSON);
    const [item] = links(engine);
    expect(item).toMatchObject({ action: 'Change', text: '瑞住在布拉加', editable: true, reason: expect.stringContaining('Edit it to match') });
    await expect(engine.inbox.approve(item.id, VIA)).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await engine.inbox.approve(item.id, VIA, '瑞工作在布拉加');
    expect(texts(engine)).toEqual(['瑞工作在布拉加']);
  });

  it('merging an entity into another proposes the facts with the kept name', () => {
    const engine = openEngine();
    const { nodes } = seed(engine);
    const costa = engine.graph.store.upsertNode(SCOPE, 'Rui Costa', 'person').id;
    engine.graph.corrections.mergeEntities(costa, nodes.rui, PERSON);
    expect(links(engine).map((i) => i.text).sort()).toEqual(['Rui Costa lives in Braga', 'Rui Costa works at Acme']);
  });
});

describe('facts → graph', () => {
  it('a fact forgotten proposes retracting the relation it said; accept, then one undo brings both back', () => {
    const engine = openEngine();
    const { facts, edges } = seed(engine);
    engine.facts.forget(SCOPE, facts.lives.id, PERSON);
    const items = links(engine);
    expect(items).toEqual([expect.objectContaining({ action: 'Mark relation wrong', text: 'Rui lives in Braga', reason: expect.stringContaining('You forgot “Rui lives in Braga”') })]);
    expect(engine.graph.store.edgeById(edges.lives)).not.toBeNull(); // proposed, not applied

    return engine.inbox.approve(items[0].id, VIA).then(() => {
      expect(engine.graph.store.edgeById(edges.lives)).toBeNull();
      expect(engine.graph.store.edgeById(edges.works)).not.toBeNull();
      const forgot = lastEntry(engine, 'fact.forgotten');
      expect(lastEntry(engine, 'relation.retracted').groupId).toBe(forgot.groupId);
      engine.journal.undo(forgot.id, { confirm: true });
      expect(texts(engine)).toContain('Rui lives in Braga');
      expect(engine.graph.store.edgeById(edges.lives)).not.toBeNull();
    });
  });

  it('a fact edited so that it no longer says the relation proposes retracting it; an edit that still says it does not', async () => {
    const engine = openEngine();
    const { facts } = seed(engine);
    engine.facts.ledger.as(PERSON, () => engine.facts.memory.update(SCOPE, facts.works.id, 'Rui works at Acme, in the Porto office'));
    expect(links(engine)).toEqual([]);
    engine.facts.ledger.as(PERSON, () => engine.facts.memory.update(SCOPE, facts.lives.id, 'Rui lives in Porto'));
    expect(links(engine).map((i) => [i.action, i.text])).toEqual([['Mark relation wrong', 'Rui lives in Braga']]);
  });
});

describe('more corrections, both ways', () => {
  it('deleting an entity proposes forgetting the facts that say its relations, and no other', () => {
    const engine = openEngine();
    const { nodes } = seed(engine);
    engine.graph.corrections.deleteEntity(nodes.braga, PERSON);
    expect(links(engine).map((i) => [i.action, i.text])).toEqual([['Forget', 'Rui lives in Braga']]);
    expect(links(engine)[0].reason).toContain('You marked “Rui lives in Braga” as wrong (“Braga” was deleted)');
  });

  it('a fact in another scope that says the relation is proposed too; one that says it is no longer so is not', () => {
    const engine = openEngine();
    const { edges } = seed(engine);
    engine.facts.memory.record('global', 'My friend Rui has lived in Braga since 2019');
    engine.facts.memory.record('global', 'Rui never lived in Braga');
    engine.graph.corrections.retractRelation(edges.lives, {}, PERSON);
    expect(links(engine).map((i) => [i.scope, i.text]).sort()).toEqual([
      ['agent:default', 'Rui lives in Braga'],
      ['global', 'My friend Rui has lived in Braga since 2019'],
    ]);
  });

  it('a fact forgotten takes the laws citing its relation out of recall at once', () => {
    const engine = openEngine();
    const { facts, edges } = seed(engine);
    engine.laws.writer.replaceDerived(SCOPE, [{ statement: 'The user has a friend in Minho', confidence: 0.8, support: [`edge:${edges.lives}`] }], 'seeded', { actor: 'inference' });
    const law = () => engine.laws.views([SCOPE]).find((l) => l.statement.includes('Minho'))!;
    expect(law().eligible).toBe(true);
    engine.facts.forget(SCOPE, facts.lives.id, PERSON);
    expect(law()).toMatchObject({ eligible: false, suppressed: { reason: expect.stringContaining('Rui lives in Braga') } });
    // Undoing the forget (before deciding) brings the law back and the proposal leaves the Inbox.
    engine.journal.undo(lastEntry(engine, 'fact.forgotten').id, { confirm: true });
    expect(law()).toMatchObject({ eligible: true, suppressed: null });
    expect(links(engine)).toEqual([]);
  });

  it('a fact edited to word the relation anew proposes the relation reworded; accepted, one undo of the edit reverts both', async () => {
    const engine = openEngine();
    const { facts, edges } = seed(engine);
    engine.facts.ledger.as(PERSON, () => engine.facts.memory.update(SCOPE, facts.works.id, 'Rui consults for Acme'));
    const items = links(engine);
    expect(items.map((i) => [i.action, i.replaces[0], i.text])).toEqual([['Change relation', 'Rui works at Acme', 'Rui consults for Acme']]);
    await engine.inbox.approve(items[0].id, VIA);
    expect(engine.graph.store.edgeById(edges.works)!.relation).toBe('consults_for');
    const edited = lastEntry(engine, 'fact.edited');
    engine.journal.undo(edited.id, { confirm: true });
    expect(engine.graph.store.edgeById(edges.works)!.relation).toBe('works_at');
    expect(texts(engine)).toContain('Rui works at Acme');
  });

  it('a fact the agent forgets in a chat (the person asked it to) proposes the retraction too; the relation found by an alias a merge left', () => {
    const engine = openEngine();
    const { nodes, edges, session } = seed(engine);
    const costa = engine.graph.store.upsertNode(SCOPE, 'Rui Costa Silva', 'person').id;
    engine.graph.corrections.mergeEntities(costa, nodes.rui, PERSON);
    for (const l of links(engine)) engine.inbox.reject(l.id, VIA);
    const fact = engine.facts.memory.record(SCOPE, 'Rui Costa Silva is married to Ines').fact!;
    const ines = engine.graph.store.upsertNode(SCOPE, 'Ines', 'person').id;
    engine.graph.store.upsertEdge({ scope: SCOPE, src: costa, dst: ines, relation: 'is_married_to', provClass: 'user', validFrom: '2026-03-01T12:00:00.000Z', support: [], supersede: false });
    engine.graph.corrections.renameEntity(costa, 'Rui', PERSON); // "Rui Costa Silva" is an alias now
    for (const l of links(engine)) engine.inbox.reject(l.id, VIA);
    engine.facts.forget(SCOPE, fact.id, { actor: 'agent', source: { sessionId: session.id } });
    expect(links(engine).map((i) => [i.action, i.text, i.reason.startsWith('The assistant forgot')])).toEqual([['Mark relation wrong', 'Rui is married to Ines', true]]);
    // Consolidation forgetting a fact is not a correction.
    const other = engine.facts.memory.read(SCOPE).facts.find((f) => f.text === 'Rui lives in Braga')!;
    engine.facts.ledger.as({ actor: 'consolidation' }, () => engine.facts.memory.forget(SCOPE, other.id));
    expect(links(engine)).toHaveLength(1);
    expect(engine.graph.store.edgeById(edges.lives)).not.toBeNull();
  });

  it('a fact removed from its Markdown file by hand is the person’s correction too', () => {
    const engine = openEngine();
    const { edges } = seed(engine);
    const path = engine.facts.memory.pathOf(SCOPE);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/^- Rui lives in Braga\n/m, ''));
    expect(texts(engine)).not.toContain('Rui lives in Braga');
    expect(links(engine).map((i) => [i.action, i.text])).toEqual([['Mark relation wrong', 'Rui lives in Braga']]);
    expect(engine.graph.store.edgeById(edges.lives)).not.toBeNull();
  });

  it('a proposal whose fact changed meanwhile is not applied; a forget or retraction cannot be edited', async () => {
    const engine = openEngine();
    const { facts, edges } = seed(engine);
    engine.graph.corrections.retractRelation(edges.lives, {}, PERSON);
    const [item] = links(engine);
    await expect(engine.inbox.approve(item.id, VIA, 'Rui lived in Braga once')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    engine.facts.ledger.as(PERSON, () => engine.facts.memory.update(SCOPE, facts.lives.id, 'Rui lives in Braga with his family'));
    await expect(engine.inbox.approve(item.id, VIA)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('no longer applies') });
    expect(texts(engine)).toContain('Rui lives in Braga with his family');
  });
});

describe('"forget everything about X"', () => {
  it('proposes nothing: the person already chose, item by item, what goes and what stays', async () => {
    const engine = openEngine();
    seed(engine);
    const preview = await engine.forget.preview({ kind: 'text', text: 'Braga' });
    const fact = preview.items.find((i) => i.kind === 'fact' && i.text.includes('lives in Braga'))!;
    expect(preview.items.some((i) => i.kind === 'relation')).toBe(true);
    await engine.forget.apply({ kind: 'text', text: 'Braga' }, [fact.key], PERSON); // the relation is kept
    expect(texts(engine)).not.toContain('Rui lives in Braga');
    expect(links(engine)).toEqual([]);
  });
});

describe('a rejected proposal', () => {
  it('is not made again, even when the same correction is made again', () => {
    const engine = openEngine();
    const { edges } = seed(engine);
    engine.graph.corrections.retractRelation(edges.lives, {}, PERSON);
    const [item] = links(engine);
    expect(engine.inbox.reject(item.id, VIA)).toMatchObject({ outcome: 'rejected', message: expect.stringContaining('will not be proposed again') });
    expect(texts(engine)).toContain('Rui lives in Braga');
    engine.journal.undo(lastEntry(engine, 'relation.retracted').id, { confirm: true });
    engine.graph.corrections.retractRelation(edges.lives, {}, PERSON);
    expect(links(engine)).toEqual([]);
  });

  it('brings back the law the correction took out only because it rests on the kept fact; the relation stays wrong', () => {
    const engine = openEngine();
    const { facts, edges } = seed(engine);
    engine.laws.writer.replaceDerived(
      SCOPE,
      [
        { statement: 'The user has a friend in northern Portugal', confidence: 0.8, support: [`fact:${facts.lives.id}`] },
        { statement: 'The user has a friend in Minho', confidence: 0.8, support: [`edge:${edges.lives}`] },
      ],
      'seeded',
      { actor: 'inference' },
    );
    const law = (words: string) => () => engine.laws.views([SCOPE]).find((l) => l.statement.includes(words))!;
    const laws = { north: law('northern Portugal') };
    const minho = law('Minho');
    expect(laws.north().eligible).toBe(true);
    engine.graph.corrections.retractRelation(edges.lives, {}, PERSON);
    expect(laws.north().eligible).toBe(false);
    expect(minho().eligible).toBe(false);
    const [item] = links(engine);
    expect(engine.inbox.reject(item.id, VIA).message).toContain('The law resting on it is back in recall.');
    expect(laws.north()).toMatchObject({ eligible: true, suppressed: null, facts: [expect.objectContaining({ id: facts.lives.id })] });
    expect(minho().eligible).toBe(false); // it rests on the relation the person marked wrong
    expect(engine.graph.store.edgeById(edges.lives)).toBeNull();
  });

  it('a proposal whose correction was undone before a decision leaves the Inbox', () => {
    const engine = openEngine();
    const { edges } = seed(engine);
    engine.graph.corrections.retractRelation(edges.lives, {}, PERSON);
    expect(links(engine)).toHaveLength(1);
    engine.journal.undo(lastEntry(engine, 'relation.retracted').id, { confirm: true });
    expect(links(engine)).toEqual([]);
  });
});
