// `monad history` and `monad undo`, the real CLI in a child process against a seeded home: the history
// newest first grouped by local day with its filters (text and --json), usage errors, and an undo that
// changes more than its entry: the plan is printed and nothing changes until --yes.
import { describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/main/engine';
import { mem0Layout } from '../../src/main/memory/mem0/layout';
import { readLocalStore, vectorToBase64, writeLocalRaw } from '../../src/main/memory/mem0/stores';
import { homePaths } from '../../src/main/home';
import { mkdirPrivate } from '../../src/main/fs/private-mode';
import { runCli } from '../helpers/cli';
import { tempHome } from '../helpers/temp-home';

vi.setConfig({ testTimeout: 180_000 });

function withEngine<T>(home: string, now: () => Date, run: (e: Engine) => T): T {
  const engine = Engine.open({ home, host: 'cli', now, qdrant: { enabled: false } });
  try {
    return run(engine);
  } finally {
    engine.close();
  }
}

describe('monad history', () => {
  it('lists what changed, newest first, grouped by day, filtered by layer and date; --json gives the page', () => {
    const home = tempHome();
    let t = new Date(2026, 10, 5, 9, 30).getTime(); // local time: the day headings are local days
    withEngine(home, () => new Date(t), (engine) => {
      const add = (layer: 'facts' | 'graph' | 'laws', summary: string, actor: 'person' | 'extraction' = 'person') => {
        engine.journal.append({ layer, action: 'test.changed', scope: 'agent:default', item: `${layer}:1`, actor, source: actor === 'person' ? { via: 'app' } : undefined, summary });
        t += 12 * 3_600_000;
      };
      add('facts', 'Recorded “Likes tea”');
      add('graph', 'Added Sam works at Globex', 'extraction');
      add('laws', 'Derived “Prefers mornings”');
      add('facts', 'Forgot “Likes tea”');
    });

    const all = runCli(['history', '--home', home]);
    expect(all.code).toBe(0);
    const lines = all.stdout.split('\n');
    expect(lines[0]).toBe(`2026-11-06 ${new Date(2026, 10, 6).toLocaleDateString('en', { weekday: 'long' })}`);
    expect(all.stdout.indexOf('Forgot “Likes tea”')).toBeLessThan(all.stdout.indexOf('Recorded “Likes tea”'));
    expect(all.stdout).toMatch(/^ {2}21:30 {2}#4 {2}person \(app\)\s+facts\s+agent:default\s+Forgot “Likes tea”$/m);
    expect(all.stdout).toMatch(/^2026-11-05 /m);

    const graph = runCli(['history', '--home', home, '--layer', 'graph', '--json']);
    expect(graph.code).toBe(0);
    const page = JSON.parse(graph.stdout);
    expect(page.entries.map((e: { summary: string }) => e.summary)).toEqual(['Added Sam works at Globex']);
    expect(page.entries[0]).toMatchObject({ actor: 'extraction', canUndo: false, layer: 'graph' });
    expect(page.scopes).toEqual(['agent:default']);

    const since = JSON.parse(runCli(['history', '--home', home, '--since', '2026-11-06', '--json']).stdout);
    expect(since.entries.map((e: { summary: string }) => e.summary)).toEqual(['Forgot “Likes tea”', 'Derived “Prefers mornings”']);

    const paged = runCli(['history', '--home', home, '--limit', '3']);
    expect(paged.stdout).toContain('Older entries: monad history --before 2');

    for (const [args, message] of [
      [['--layer', 'mem0'], '--layer must be one of facts, identity, graph, laws'],
      [['--since', 'last week'], '--since takes a date'],
      [['--limit', '0'], '--limit must be'],
    ] as const) {
      const r = runCli(['history', '--home', home, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });

  it('undo: prints what else it would undo and changes nothing; with --yes undoes all of it', async () => {
    const home = tempHome();
    const layout = mem0Layout(homePaths(home));
    const point = (id: string, text: string) => ({ id, vector: vectorToBase64(Array.from({ length: 8 }, (_, i) => (i + text.length) / 10)), payload: { data: text, agent_id: 'default', user_id: 'local', hash: id } });
    const ids = ['4f1e7d2a-0000-4000-8000-000000000001', '4f1e7d2a-0000-4000-8000-000000000002'];
    // Two memories in mem0's local store, forgotten as one group, the way "forget everything about Ana" does.
    const engine = Engine.open({ home, host: 'cli', qdrant: { enabled: false } });
    let firstId: number;
    try {
      mkdirPrivate(layout.dir);
      writeLocalRaw(layout.localVectors, point(ids[0], 'Ana lives in Porto'));
      writeLocalRaw(layout.localVectors, point(ids[1], 'Ana plays the cello'));
      for (const id of ids) await engine.mem0.forget(id, { actor: 'person', source: { via: 'cli' } }, 'group-ana');
      firstId = engine.journal.list().entries.at(-1)!.id;
    } finally {
      engine.close();
    }
    expect(readLocalStore(layout.localVectors)).toEqual([]);

    const dry = runCli(['undo', String(firstId), '--home', home]);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain(`Undoing #${firstId} (Forgot the mem0 memory “Ana lives in Porto”) also undoes 1 later change`);
    expect(dry.stderr).toContain('Forgot the mem0 memory “Ana plays the cello”');
    expect(dry.stderr).toContain('Run again with --yes');
    expect(readLocalStore(layout.localVectors)).toEqual([]);

    const done = runCli(['undo', `#${firstId}`, '--yes', '--home', home]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain('Undone: Forgot the mem0 memory “Ana lives in Porto”');
    expect(done.stdout).toContain('also undone:');
    expect(readLocalStore(layout.localVectors).map((p) => p.payload.data).sort()).toEqual(['Ana lives in Porto', 'Ana plays the cello']);

    const again = runCli(['undo', String(firstId), '--home', home]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Already undone [CONFLICT]');
    const bad = runCli(['undo', 'abc', '--home', home]);
    expect(bad.code).toBe(2);
  });
});
