// Issue 15 §4: a correction anywhere reaches the laws at once. Forgetting or editing a fact, retracting a
// relation, deleting or merging an entity takes every law that cites it out of recall, with the reason,
// until it is re-derived; the suppressions are one undo with the change that caused them. And the
// recall block carries a law learned in several scopes once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { By } from '../../src/main/memory/laws/law-writer';
import type { JournalEntry } from '../../src/shared/journal';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

const SCOPE = 'agent:default';
const PERSON: By = { actor: 'person', source: { via: 'app' } };

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

// The facts and graph layers' own journaled calls: their journal entries are the whole interface the
// cascade listens to.
function forgetFact(engine: Engine, scope: string, id: string, by: By): JournalEntry {
  engine.facts.forget(scope, id, by);
  return engine.journal.list({ layer: 'facts' }).entries.find((e) => e.action === 'fact.forgotten')!;
}
async function editFact(engine: Engine, scope: string, id: string, text: string, by: By): Promise<{ entry: JournalEntry; id: string }> {
  const r = await engine.facts.edit(scope, id, text, { ...by, origin: 'person' });
  return { entry: engine.journal.list({ layer: 'facts' }).entries.find((e) => e.action === 'fact.edited')!, id: r.fact!.id };
}

async function derive(engine: Engine, laws: { statement: string; confidence: number; support: string[] }[], scope = SCOPE) {
  llm.enqueue({ kind: 'json', value: { laws } });
  return engine.laws.infer(scope, { force: true });
}

function seed(engine: Engine) {
  const veg = engine.facts.memory.record(SCOPE, 'Orders the vegetarian option at restaurants').fact!;
  const chilli = engine.facts.memory.record(SCOPE, 'Adds chilli to every dish').fact!;
  const g = engine.graph.store;
  const user = g.upsertNode(SCOPE, 'User', 'person').id;
  const ana = g.upsertNode(SCOPE, 'Ana', 'person').id;
  const porto = g.upsertNode(SCOPE, 'Porto', 'place').id;
  const sister = g.upsertEdge({ scope: SCOPE, src: user, dst: ana, relation: 'has_sister', provClass: 'user', validFrom: '2026-03-01T12:00:00.000Z', support: ['m1'], supersede: false }).id;
  const lives = g.upsertEdge({ scope: SCOPE, src: user, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: '2026-03-01T12:00:00.000Z', support: ['m1'], supersede: false }).id;
  return { veg, chilli, ana, porto, sister, lives };
}

const byStatement = (engine: Engine, words: string) => engine.laws.views().find((l) => l.statement.includes(words))!;

describe('cascade from the journal', () => {
  it('forgetting a fact takes every law citing it out of recall at once, with the reason; laws elsewhere stay; re-derivation replaces them', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { veg } = seed(engine);
    // The same fact text in global has the same id: a law there rests on global's fact, which stays.
    engine.facts.memory.record('global', 'Orders the vegetarian option at restaurants');
    await derive(engine, [
      { statement: 'The user avoids meat when eating out', confidence: 0.8, support: ['f1'] },
      { statement: 'The user eats vegetarian at restaurants', confidence: 0.7, support: ['f1', 'f2'] },
      { statement: 'The user likes spicy food', confidence: 0.7, support: ['f2'] },
    ]);
    await derive(engine, [{ statement: 'The user picks vegetarian dishes', confidence: 0.7, support: ['f1'] }], 'global');
    expect(engine.laws.learnedRules(['global', SCOPE])!.split('\n')).toHaveLength(4);

    const cause = forgetFact(engine, SCOPE, veg.id, PERSON);

    for (const words of ['avoids meat', 'eats vegetarian']) {
      expect(byStatement(engine, words)).toMatchObject({
        eligible: false,
        suppressed: { reason: 'A fact it rests on was forgotten: “Orders the vegetarian option at restaurants”.', ref: `fact:${veg.id}` },
        outOfRecall: ['A fact it rests on was forgotten: “Orders the vegetarian option at restaurants”.'],
      });
    }
    expect(byStatement(engine, 'spicy')).toMatchObject({ eligible: true, suppressed: null });
    expect(byStatement(engine, 'picks vegetarian')).toMatchObject({ eligible: true, suppressed: null, scope: 'global' });
    const rules = engine.laws.learnedRules(['global', SCOPE])!;
    expect(rules).not.toContain('avoids meat');
    expect(rules).not.toContain('eats vegetarian');

    // One group with the forget; the suppressions are the person's, like the forget.
    const entries = engine.journal.list({ layer: 'laws', actor: 'person' }).entries;
    expect(entries.map((e) => e.action)).toEqual(['law.suppressed', 'law.suppressed']);
    expect(new Set([...entries.map((e) => e.groupId), engine.journal.get(cause.id)!.groupId]).size).toBe(1);
    expect(entries[0].groupId).not.toBeNull();

    // The forget changed the scope's inputs: the next consolidation re-derives it, and the fresh laws
    // take the suppressed ones' place.
    llm.enqueue({ kind: 'json', value: { laws: [{ statement: 'The user likes hot food', confidence: 0.7, support: ['f1'] }] } });
    const r = await engine.laws.infer(SCOPE);
    expect(r).toMatchObject({ skipped: false, derived: 1, dropped: 3 });
    expect(engine.laws.views([SCOPE]).map((l) => [l.statement, l.eligible])).toEqual([['The user likes hot food', true]]);
  });

  it('undoing the forget undoes the cascade with it, as one undo; editing a fact suppresses, and undoing the edit restores', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { veg, chilli } = seed(engine);
    await derive(engine, [
      { statement: 'The user avoids meat when eating out', confidence: 0.8, support: ['f1'] },
      { statement: 'The user likes spicy food', confidence: 0.7, support: ['f2'] },
    ]);
    const meat = byStatement(engine, 'avoids meat');
    const forgot = forgetFact(engine, SCOPE, veg.id, PERSON);
    const plan = engine.journal.plan(forgot.id);
    expect(plan.possible).toBe(true);
    expect(plan.alsoUndoes).toEqual([expect.objectContaining({ action: 'law.suppressed', item: `law:${meat.id}` })]);
    expect(engine.journal.undo(forgot.id).done).toBe(false); // the plan is shown first
    engine.journal.undo(forgot.id, { confirm: true });
    expect(engine.facts.memory.read(SCOPE).facts.map((f) => f.text)).toContain('Orders the vegetarian option at restaurants');
    expect(engine.laws.view(meat.id)).toMatchObject({ suppressed: null, stale: false, eligible: true });
    expect(engine.laws.learnedRules([SCOPE])).toContain('The user avoids meat when eating out');

    // An edit (the id is a hash of the text, so it changes): out of recall, saying what changed.
    const spicy = byStatement(engine, 'spicy');
    const edit = await editFact(engine, SCOPE, chilli.id, 'Adds chilli only when cooking for friends', PERSON);
    expect(engine.laws.view(spicy.id)).toMatchObject({
      eligible: false,
      suppressed: { reason: 'A fact it rests on was edited: “Adds chilli to every dish” → “Adds chilli only when cooking for friends”.' },
    });
    // Undoing the edit puts back what the law was derived from: the law is back, and is not suppressed again.
    engine.journal.undo(edit.entry.id, { confirm: true });
    expect(engine.facts.memory.read(SCOPE).facts.map((f) => f.id)).toContain(chilli.id);
    expect(engine.laws.view(spicy.id)).toMatchObject({ suppressed: null, eligible: true });
    expect(engine.journal.list({ item: `law:${spicy.id}` }).entries.map((e) => e.action)).toEqual(['law.unsuppressed', 'law.suppressed', 'law.derived']);
  });

  it('retracting a relation takes the laws citing it out of recall in every scope, with the reason given', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { sister, lives } = seed(engine);
    await derive(engine, [
      { statement: 'The user visits their sister Ana often', confidence: 0.8, support: ['e1'] },
      { statement: 'The user spends weekends in Porto', confidence: 0.6, support: ['e2'] },
    ]);
    const ana = byStatement(engine, 'sister Ana');
    engine.graph.corrections.retractRelation(sister, { reason: 'I have no sister' }, PERSON);
    expect(engine.laws.view(ana.id)).toMatchObject({ eligible: false, suppressed: { reason: expect.stringMatching(/A relation it rests on was marked wrong: .*sister.*Ana/), ref: `edge:${sister}` } });
    expect(byStatement(engine, 'Porto').eligible).toBe(true);
    expect(engine.laws.learnedRules([SCOPE])).not.toContain('sister');
    expect(lives).toBeGreaterThan(0);
  });

  it('deleting or merging an entity takes the laws resting on its relations out of recall; the others stay', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { ana, porto } = seed(engine);
    await derive(engine, [
      { statement: 'The user visits their sister Ana often', confidence: 0.8, support: ['e1'] },
      { statement: 'The user spends weekends in Porto', confidence: 0.6, support: ['e2'] },
      { statement: 'The user likes spicy food', confidence: 0.7, support: ['f2'] },
    ]);
    engine.graph.corrections.deleteEntity(ana, PERSON);
    await Promise.resolve(); // entity entries are checked again in a microtask, after the graph's transaction
    expect(byStatement(engine, 'sister Ana')).toMatchObject({ eligible: false, suppressed: { reason: expect.stringMatching(/Ana/) } });
    expect(byStatement(engine, 'Porto').eligible).toBe(true);
    const keep = engine.graph.store.upsertNode(SCOPE, 'Oporto', 'place').id;
    engine.graph.corrections.mergeEntities(keep, porto, PERSON);
    await Promise.resolve();
    expect(byStatement(engine, 'Porto')).toMatchObject({ eligible: false, suppressed: { reason: expect.stringMatching(/merged/) } });
    expect(byStatement(engine, 'spicy').eligible).toBe(true);
  });

  it('a model’s change takes an inferred law out of recall, but only proposes that for a law the person pinned', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { veg } = seed(engine);
    await derive(engine, [
      { statement: 'The user avoids meat when eating out', confidence: 0.8, support: ['f1'] },
      { statement: 'The user eats vegetarian at restaurants', confidence: 0.7, support: ['f1'] },
    ]);
    const pinned = byStatement(engine, 'eats vegetarian');
    engine.laws.corrections.pin(pinned.id, true, PERSON);
    forgetFact(engine, SCOPE, veg.id, { actor: 'agent', source: { sessionId: 's1', messageId: 'm9' } });
    expect(byStatement(engine, 'avoids meat')).toMatchObject({ eligible: false, suppressed: { reason: expect.stringContaining('forgotten') } });
    expect(engine.journal.list({ layer: 'laws', actor: 'agent' }).entries[0]).toMatchObject({ action: 'law.suppressed', source: { sessionId: 's1', messageId: 'm9' } });
    expect(engine.laws.view(pinned.id)).toMatchObject({ eligible: true, suppressed: null });
    expect(engine.laws.openProposals([SCOPE])).toEqual([expect.objectContaining({ kind: 'suppress', lawId: pinned.id, actor: 'agent', reason: expect.stringContaining('forgotten') })]);
  });

  it('grounding lost without any journal entry (a hand edit of the Markdown, a deleted chat) still leaves recall, with the reason', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const { veg } = seed(engine);
    await derive(engine, [
      { statement: 'The user avoids meat when eating out', confidence: 0.8, support: ['f1'] },
      { statement: 'The user visits their sister Ana often', confidence: 0.8, support: ['e1'] },
    ]);
    engine.facts.memory.forget(SCOPE, veg.id); // straight to the store (the facts layer still journals it)
    engine.graph.store.reconcile(() => new Set()); // every relation's messages are gone
    expect(byStatement(engine, 'avoids meat')).toMatchObject({ eligible: false, stale: true, outOfRecall: [expect.stringMatching(/A fact it rests on (is no longer remembered|was forgotten).*Orders the vegetarian option at restaurants/)] });
    expect(byStatement(engine, 'sister')).toMatchObject({ eligible: false, stale: true, outOfRecall: [expect.stringContaining('A relation it rests on was retracted (User has sister Ana')] });
    expect(engine.laws.learnedRules([SCOPE])).toBeNull();
  });
});

describe('recall across scopes', () => {
  it('carries a law learned in several scopes once, the strongest wording, and each law knows where else it was learned', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    seed(engine);
    engine.facts.memory.record('global', 'Orders the vegetarian option at restaurants');
    await derive(engine, [
      { statement: 'The user avoids meat when eating out', confidence: 0.6, support: ['f1'] },
      { statement: 'The user likes spicy food', confidence: 0.7, support: ['f2'] },
    ]);
    await derive(engine, [{ statement: 'User avoids meat when eating out.', confidence: 0.9, support: ['f1'] }], 'global');
    const agentLaw = byStatement(engine, 'The user avoids meat');
    const globalLaw = engine.laws.views(['global'])[0];
    expect(agentLaw.alsoIn).toEqual([{ id: globalLaw.id, scope: 'global' }]);
    expect(globalLaw.alsoIn).toEqual([{ id: agentLaw.id, scope: SCOPE }]);

    const rules = engine.laws.learnedRules(['global', SCOPE])!;
    expect(rules.split('\n')).toEqual(['- User avoids meat when eating out. (confidence 0.90)', '- The user likes spicy food (confidence 0.70)']);

    // What the model is sent in a new session.
    const chat = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'ok' });
    await engine.chat.send(chat.id, 'Suggest dinner');
    const system = String(llm.chatRequests().at(-1)!.body.messages.find((m: { role: string }) => m.role === 'system').content);
    expect(system.match(/avoids meat when eating out/g)).toHaveLength(1);

    // With the stronger one out of recall, the other still carries the law.
    engine.laws.corrections.suppress(globalLaw.id, 'Checking it', PERSON);
    expect(engine.laws.learnedRules(['global', SCOPE])).toContain('- The user avoids meat when eating out (confidence 0.60)');
    // Rejecting it rejects it wherever it was learned, as one undo.
    engine.laws.corrections.reject(agentLaw.id, { reason: 'I eat fish' }, PERSON);
    expect(engine.laws.rejectedViews().map((l) => l.id).sort()).toEqual([agentLaw.id, globalLaw.id].sort());
    expect(engine.laws.learnedRules(['global', SCOPE])).toBe('- The user likes spicy food (confidence 0.70)');
    const rejection = engine.journal.list({ item: `law:${agentLaw.id}` }).entries[0];
    engine.journal.undo(rejection.id, { confirm: true });
    expect(engine.laws.rejectedViews()).toEqual([]);
  });
});
