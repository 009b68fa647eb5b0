// `monad laws …` against a real home: list (text and --json), reject with a reason, pin, edit, the
// rejected list, proposals; the changes are the person's through the CLI in the history; usage and
// unknown ids are clear errors with exit codes 2 and 1.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/main/engine';
import type { LawView } from '../../src/shared/domain';
import { runCli } from '../helpers/cli';
import { tempHome } from '../helpers/temp-home';

const SCOPE = 'agent:default';

function seed(home: string): { spicy: number; cooks: number } {
  const engine = Engine.open({ home, host: 'cli' });
  try {
    const fact = engine.facts.memory.record(SCOPE, 'Adds chilli to every dish').fact!;
    engine.laws.writer.replaceDerived(
      SCOPE,
      [
        { statement: 'The user likes spicy food', confidence: 0.7, support: [`fact:${fact.id}`] },
        { statement: 'The user cooks every day', confidence: 0.6, support: [`fact:${fact.id}`] },
      ],
      'fp',
      { actor: 'inference' },
    );
    const [spicy, cooks] = ['spicy', 'cooks'].map((w) => engine.laws.views().find((l) => l.statement.includes(w))!.id);
    return { spicy, cooks };
  } finally {
    engine.close();
  }
}

describe('monad laws', () => {
  it('lists, rejects with a reason, pins and edits; the history says the person did it through the CLI', () => {
    const home = tempHome();
    const { spicy, cooks } = seed(home);

    const list = runCli(['laws', 'list', '--home', home]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#${spicy} [agent:default] 0.70 in recall — The user likes spicy food`);

    const reject = runCli(['laws', 'reject', String(spicy), '--reason', 'Only on Fridays', '--home', home, '--json']);
    expect(reject.code).toBe(0);
    expect(JSON.parse(reject.stdout) as LawView).toMatchObject({ id: spicy, eligible: false, rejected: { reason: 'Only on Fridays' } });

    expect(runCli(['laws', 'pin', String(cooks), '--home', home]).stdout).toContain(`#${cooks} [agent:default] 0.60 in recall, pinned — The user cooks every day`);
    const edit = runCli(['laws', 'edit', String(cooks), 'The', 'user', 'cooks', 'most', 'days', '--home', home]);
    expect(edit.stdout).toContain('pinned, edited by you — The user cooks most days');

    const json = JSON.parse(runCli(['laws', 'list', '--scope', SCOPE, '--home', home, '--json']).stdout) as LawView[];
    expect(json.map((l) => [l.id, l.statement, l.pinned])).toEqual([[cooks, 'The user cooks most days', true]]);
    const rejected = runCli(['laws', 'list', '--rejected', '--home', home]);
    expect(rejected.stdout).toContain(`#${spicy} [agent:default] 0.70 rejected — The user likes spicy food\n    Rejected by you: Only on Fridays.`);
    expect(runCli(['laws', 'proposals', '--home', home]).stdout).toBe('No proposed changes.\n');

    const engine = Engine.open({ home, host: 'cli' });
    try {
      const entries = engine.journal.list({ layer: 'laws', actor: 'person' }).entries;
      expect(entries.map((e) => [e.action, e.source?.via])).toEqual([
        ['law.edited', 'cli'],
        ['law.pinned', 'cli'],
        ['law.rejected', 'cli'],
      ]);
    } finally {
      engine.close();
    }
  }, 120_000); // eight CLI runs; from source each starts tsx

  it('usage errors exit 2 with the help; an unknown law exits 1 with its code', () => {
    const home = tempHome();
    seed(home);
    const bad = runCli(['laws', 'reject', 'abc', '--home', home]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('give the law id');
    expect(runCli(['laws', 'frobnicate', '--home', home]).code).toBe(2);
    const missing = runCli(['laws', 'pin', '99999', '--home', home]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No law 99999 [NOT_FOUND]');
  }, 60_000);
});
