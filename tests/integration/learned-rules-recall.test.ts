// The "Learned rules" section of the recall block (issue 28 §4): at most MAX_INJECTED_RULES rules, the
// strongest first (pinned, then by effective confidence), and the section counts toward the agent's
// recall budget like everything else in the block — the weakest rules are cut first, and the block says
// how many. Real engine, real SQLite in a temp home; laws are written straight into the store (no model).
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { DATA_CLOSE } from '../../src/main/llm/spotlight';
import { DEFAULT_RECALL_BUDGET_CHARS } from '../../src/shared/cost-guards';
import { openEngine } from '../helpers/temp-home';

/**
 * The cap, written out rather than imported: a test that reads MAX_INJECTED_RULES would follow it to
 * 100,000 and still pass (issue 28 §4: nothing caught that).
 */
const MAX_INJECTED_RULES = 20;

const PERSON = { actor: 'person', source: { via: 'app' } } as const;

/** Letters-only words unique to law `i` (no two laws share a content word, so none is "near-same"). */
function wordsOf(i: number, n: number): string[] {
  const letters = (x: number) => {
    let s = '';
    do {
      s = String.fromCharCode(97 + (x % 26)) + s;
      x = Math.floor(x / 26);
    } while (x > 0);
    return s;
  };
  return Array.from({ length: n }, (_, j) => `q${letters(i * 1000 + j + 700)}z`);
}

/** `count` distinct laws in global; law i has confidence `confidence(i)` and roughly `chars` characters. */
function seedLaws(engine: Engine, count: number, confidence: (i: number) => number, chars = 60): string[] {
  const statements = Array.from({ length: count }, (_, i) => {
    const words: string[] = [];
    let text = `The user keeps rule ${wordsOf(i, 1)[0]}`;
    for (const w of wordsOf(i + count, 200)) {
      if (text.length + w.length + 1 > chars) break;
      words.push(w);
      text += ` ${w}`;
    }
    return text;
  });
  engine.laws.store.replaceScope('global', statements.map((statement, i) => ({ statement, confidence: confidence(i), support: [] })), 'fp-rules');
  return statements;
}

const ruleLines = (text: string) => text.split('\n').filter((l) => l.startsWith('- The user keeps rule '));
const statementOf = (line: string) => line.slice(2).replace(/ \(confidence [0-9.]+\)$/, '');

function block(engine: Engine): string {
  const session = engine.sessions.create({ agentId: 'default' });
  return engine.facts.recall.frozen(session, engine.agents.get('default'));
}

/** The text inside the recall block's data tags: what the budget measures. */
function inner(b: string): string {
  expect(b.endsWith(`\n${DATA_CLOSE}`)).toBe(true);
  return b.slice(b.indexOf('\n') + 1, b.length - DATA_CLOSE.length - 1);
}

describe('the learned-rules cap', () => {
  it(`injects exactly ${MAX_INJECTED_RULES} of 35 active rules: pinned first, then the most confident, in that order`, () => {
    const engine = openEngine();
    // Confidence rises with i, so the strongest are the last ones written.
    const statements = seedLaws(engine, 35, (i) => 0.5 + i * 0.01);
    // A pinned rule outranks every unpinned one, whatever its confidence (the weakest here).
    const weakest = engine.laws.views(['global']).find((v) => v.statement === statements[0])!;
    engine.laws.corrections.pin(weakest.id, true, PERSON);

    const expected = [statements[0], ...statements.slice(1).reverse().slice(0, MAX_INJECTED_RULES - 1)];
    const section = engine.laws.learnedRules(['global'])!;
    expect(ruleLines(section).map(statementOf)).toEqual(expected);

    // The same twenty in the recall block the model is sent (well under the budget here).
    const lines = ruleLines(inner(block(engine)));
    expect(lines).toHaveLength(MAX_INJECTED_RULES);
    expect(lines.map(statementOf)).toEqual(expected);
    expect(lines[1]).toMatch(/\(confidence 0\.84\)$/);
  });
});

describe('the learned rules count toward the recall budget', () => {
  it('keeps the whole block within the default budget: the weakest rules are cut and the block says how many', () => {
    const engine = openEngine();
    // 20 rules of ~490 characters: ~10,000 characters of rules alone against the 8,000 default.
    const statements = seedLaws(engine, MAX_INJECTED_RULES, (i) => 0.95 - i * 0.01, 490);
    engine.facts.memory.replaceAll('global', Array.from({ length: 40 }, (_, i) => `Fact number ${i} about the person: enjoys long walks by the river`), []);

    const text = inner(block(engine));
    expect(text.length).toBeLessThanOrEqual(DEFAULT_RECALL_BUDGET_CHARS);
    const shown = ruleLines(text).map(statementOf);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(MAX_INJECTED_RULES);
    // Strongest first: what is shown is the head of the ranking, in order.
    expect(shown).toEqual(statements.slice(0, shown.length));
    const cut = MAX_INJECTED_RULES - shown.length;
    expect(text).toContain(`${cut} more learned rules (the weakest) left out to keep this block within its budget`);
    // Facts fill what the rules left (a cut rule is longer than a fact) and keep their pointer; the parts
    // that are never cut are there.
    const facts = text.split('\n').filter((l) => /^- (\([^)]*\) )?Fact number/.test(l)).length;
    expect(text).toContain(`\n${40 - facts} more facts: use \`memory view\``);
    expect(facts).toBeLessThan(40);
    expect(text).toContain('## Your private notes');
    expect(text).toContain('## Learned rules');
  });

  it('follows a small per-agent budget too, and cuts nothing when everything fits', () => {
    const engine = openEngine();
    seedLaws(engine, MAX_INJECTED_RULES, (i) => 0.95 - i * 0.01, 300);
    engine.agents.update('default', { memory: { recallBudgetChars: 2000 } });
    const small = inner(block(engine));
    expect(small.length).toBeLessThanOrEqual(2000);
    expect(small).toMatch(/\d+ more learned rules? \(the weakest\) left out/);

    engine.agents.update('default', { memory: { recallBudgetChars: 100_000 } });
    const big = inner(block(engine));
    expect(ruleLines(big)).toHaveLength(MAX_INJECTED_RULES);
    expect(big).not.toContain('more learned rule');
  });
});
