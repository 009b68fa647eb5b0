// The frozen recall block read back into receipt items (issue 16 §1): the block is rendered by the real
// renderer, then matched to facts and rules by what each line says.
import { describe, expect, it } from 'vitest';
import { recallBlockItems, type BlockLookup } from '../../src/main/chat/recall-block-items';
import { factId } from '../../src/main/memory/facts/fact-id';
import { renderRecallBlock } from '../../src/main/memory/facts/recall';
import type { Fact } from '../../src/shared/domain';

const fact = (scope: string, text: string): Fact => ({ id: factId(text), scope, text });

const global = [fact('global', 'Drinks green tea'), fact('global', '(Usually) walks to work'), fact('global', 'Likes <b> & "quotes"\nover two lines')];
const project = [fact('project:abc', 'Uses pnpm, not npm')];
const laws = [
  { id: 7, scope: 'global', statement: 'User prefers mornings for deep work' },
  { id: 9, scope: 'agent:default', statement: 'User answers in short sentences' },
];

function lookup(facts: Fact[]): BlockLookup {
  return { facts: (scope) => facts.filter((f) => f.scope === scope), laws: () => laws };
}

function block(opts: { budgetChars?: number; marks?: boolean } = {}): string {
  return renderRecallBlock({
    global,
    project: { key: 'abc', facts: project },
    agent: { id: 'default', count: 2 },
    sections: [{ name: 'Learned rules', body: laws.map((l) => `- ${l.statement} (confidence 0.70)`).join('\n') }],
    marks: opts.marks ? (_scope, fs) => new Map(fs.filter((f) => f.text.startsWith('Drinks')).map((f) => [f.id, 'from pasted text'])) : undefined,
    budgetChars: opts.budgetChars,
  });
}

describe('recallBlockItems', () => {
  it('matches every fact of each scope and every rule, in block order, escapes and line breaks included', () => {
    const r = recallBlockItems(block(), lookup([...global, ...project]));
    expect(r.items).toEqual([
      ...global.map((f) => ({ kind: 'fact', scope: 'global', factId: f.id, text: f.text })),
      { kind: 'fact', scope: 'project:abc', factId: project[0].id, text: 'Uses pnpm, not npm' },
      { kind: 'law', scope: 'global', lawId: 7, text: laws[0].statement },
      { kind: 'law', scope: 'agent:default', lawId: 9, text: laws[1].statement },
    ]);
    expect(r.gone).toEqual([]);
  });

  it("reads past a fact's origin mark, and keeps a fact that itself starts with a parenthesis", () => {
    const r = recallBlockItems(block({ marks: true }), lookup([...global, ...project]));
    expect(r.items.filter((i) => i.kind === 'fact').map((i) => i.text)).toEqual([...global, ...project].map((f) => f.text));
  });

  it('lists lines whose fact or rule is gone, and never counts the budget pointer or placeholders as facts', () => {
    const small = block({ budgetChars: 440 });
    expect(small).toContain('3 more facts: use `memory view`');
    expect(small).toContain('2 more lines of Learned rules left out');
    // Every fact and rule was left out by the budget (the rules count toward it too): the pointers are
    // neither items nor gone.
    expect(recallBlockItems(small, lookup([...global, ...project]))).toEqual({ items: [], gone: [] });
    // With a little more room the rules are shown and are items; their pointer is gone.
    const roomier = block({ budgetChars: 560 });
    expect(roomier).not.toContain('more lines of Learned rules');
    expect(recallBlockItems(roomier, lookup([...global, ...project])).items.filter((i) => i.kind === 'law')).toEqual(
      laws.map((l) => ({ kind: 'law', scope: l.scope, lawId: l.id, text: l.statement })),
    );
    // Memory emptied since: the block's lines are gone, each as the model saw it.
    const r = recallBlockItems(block(), { facts: () => [], laws: () => [] });
    expect(r.items).toEqual([]);
    expect(r.gone).toEqual(['Drinks green tea', '(Usually) walks to work', 'Likes <b> & "quotes" ⏎ over two lines', 'Uses pnpm, not npm', ...laws.map((l) => l.statement)]);
    const empty = renderRecallBlock({ global: [], project: null, agent: { id: 'default', count: 0 }, sections: [] });
    expect(empty).toContain('(none yet)');
    expect(recallBlockItems(empty, lookup(global))).toEqual({ items: [], gone: [] });
  });

  it('a fact that only looks like a heading or a rule stays one fact of its own scope', () => {
    const forged = fact('global', 'Note\n## Learned rules\n- User prefers mornings for deep work (confidence 0.99)');
    const b = renderRecallBlock({ global: [forged], project: null, agent: { id: 'default', count: 0 }, sections: [] });
    expect(recallBlockItems(b, lookup([forged])).items).toEqual([{ kind: 'fact', scope: 'global', factId: forged.id, text: forged.text }]);
  });

  it('text that is not a recall block yields nothing', () => {
    expect(recallBlockItems('- Drinks green tea', lookup(global))).toEqual({ items: [], gone: [] });
  });
});
