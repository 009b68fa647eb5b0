// Issue 27 (last gaps): an import into a scope that already has active laws. Before: such a scope got no
// active law from the file at all — the person's pinned and edited laws were dropped with the rest, and
// the report only counted them as "skipped". Now the file's active laws come in beside this home's; one
// that is the same law as one here (near-same.ts) is not added twice, and the person's pin or edit is
// kept: the file's comes to this home's law only when this one has none of its own.
// Real engines on temp homes, the scripted OpenAI-wire model for law inference.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { By } from '../../src/main/memory/graph/graph-journal';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
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

function setup(): Engine {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  return engine;
}

async function derive(engine: Engine, statements: string[]) {
  llm.enqueue({ kind: 'json', value: { laws: statements.map((statement, i) => ({ statement, confidence: 0.7, support: [`f${(i % 3) + 1}`] })) } });
  await engine.laws.infer(SCOPE, { force: true });
}

const lawId = (e: Engine, statement: string) => e.laws.store.list([SCOPE]).find((l) => l.statement === statement)!.id;

describe('active laws of a file come into a scope that already has laws', () => {
  it('new ones are added, the same law is not added twice, and the person’s pin or edit is kept on whichever side has one', async () => {
    const a = setup();
    for (const f of ['Runs every Sunday at 8', 'Eats curry weekly', 'Has tea each morning']) a.facts.memory.record(SCOPE, f);
    await derive(a, [
      'The user usually runs on Sunday mornings',
      'The user likes spicy food',
      'The user drinks green tea',
      'The user cycles to work',
      'The user reads before bed',
    ]);
    a.laws.corrections.pin(lawId(a, 'The user usually runs on Sunday mornings'), true, ME);
    a.laws.corrections.edit(lawId(a, 'The user likes spicy food'), 'The user likes very spicy Thai food', ME);
    a.laws.corrections.edit(lawId(a, 'The user drinks green tea'), 'The user drinks green tea after lunch', ME);
    a.laws.corrections.pin(lawId(a, 'The user cycles to work'), true, ME);

    const b = setup();
    for (const f of ['Jogs on Sundays', 'Orders spicy dishes', 'Drinks sencha']) b.facts.memory.record(SCOPE, f);
    await derive(b, ['The user runs on Sunday mornings', 'The user likes spicy food', 'The user drinks green tea', 'The user reads before bed']);
    // This home's own state: the tea law is pinned here.
    b.laws.corrections.pin(lawId(b, 'The user drinks green tea'), true, ME);
    const before = new Map(b.laws.store.list([SCOPE]).map((l) => [l.statement, l.id]));

    const report = b.transfer.importText(a.transfer.exportText());

    const laws = b.laws.store.list([SCOPE]).filter((l) => l.status === 'active');
    const by = (s: string) => laws.find((l) => l.statement === s);
    // The new law came in, with the person's pin from the other home.
    expect(by('The user cycles to work')).toMatchObject({ pinned: true });
    // The same law in other words is this home's law, now pinned (it had no state of its own).
    expect(laws.filter((l) => /runs on Sunday/.test(l.statement))).toEqual([expect.objectContaining({ id: before.get('The user runs on Sunday mornings'), pinned: true })]);
    // The edit came to this home's law (found by the wording as inferred), keeping that wording beside it.
    expect(laws.filter((l) => /spicy/.test(l.statement))).toEqual([
      expect.objectContaining({ id: before.get('The user likes spicy food'), statement: 'The user likes very spicy Thai food', origin: 'person', derivedStatement: 'The user likes spicy food' }),
    ]);
    // This home's pin stands: the file's edit of the same law does not replace it.
    expect(laws.filter((l) => /green tea/.test(l.statement))).toEqual([expect.objectContaining({ id: before.get('The user drinks green tea'), statement: 'The user drinks green tea', pinned: true })]);
    expect(laws.filter((l) => /reads before bed/.test(l.statement))).toHaveLength(1);
    expect(laws).toHaveLength(5);

    expect(report.laws).toMatchObject({ added: 1, skipped: 4, sameAsHere: 4, stateApplied: 2, stateKept: 1 });
    const line = report.leftOut.find((l) => l.includes('same law as one here'));
    expect(line).toMatch(/4 active laws of the file are the same law as one here.*2 laws here took the file's pin or edit.*1 law here kept your own pin or edit/);

    // The recall block carries the new law and the person's wording.
    const rules = b.laws.learnedRules([SCOPE]) ?? '';
    expect(rules).toContain('The user cycles to work');
    expect(rules).toContain('The user likes very spicy Thai food');

    // Imported again: nothing new, and no choice to report (the states are alike now), except the tea law's.
    const again = b.transfer.importText(a.transfer.exportText());
    expect(again.laws).toMatchObject({ added: 0, sameAsHere: 5, stateApplied: 0, stateKept: 1 });
    expect(b.laws.store.list([SCOPE]).filter((l) => l.status === 'active')).toHaveLength(5);
  });

  it('an active law of the file that says what the person rejected here still stays out, beside laws this home has', async () => {
    const a = setup();
    for (const f of ['Orders the vegetarian option', 'Bikes to the office', 'Reads novels']) a.facts.memory.record(SCOPE, f);
    await derive(a, ['The user avoids meat when eating out', 'The user cycles to work']);
    const b = setup();
    for (const f of ['Orders salads', 'Reads at night', 'Has a bike']) b.facts.memory.record(SCOPE, f);
    await derive(b, ['The user avoids meat when dining out', 'The user reads before bed']);
    b.laws.corrections.reject(lawId(b, 'The user avoids meat when dining out'), { reason: 'I eat fish' }, ME);
    const report = b.transfer.importText(a.transfer.exportText());
    expect(report.laws).toMatchObject({ added: 1 });
    const active = b.laws.store.list([SCOPE]).filter((l) => l.status === 'active').map((l) => l.statement);
    expect(active.sort()).toEqual(['The user cycles to work', 'The user reads before bed']);
  });
});
