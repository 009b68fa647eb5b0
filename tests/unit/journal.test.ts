// The memory journal: append-only entries, keyset paging with filters, groups, and undo through the
// inverse each layer registers, with dependents undone first (newest first) only after confirmation.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/db/migrate';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { MemoryJournal } from '../../src/main/memory/journal/journal';

function open(now = () => new Date('2026-12-01T10:00:00Z')) {
  const db = new Database(':memory:');
  migrate(db, memoryMigrations, 'memory.sqlite');
  return { db, journal: new MemoryJournal(db, now) };
}

describe('memory journal', () => {
  it('appends entries with actor, source, before/after, and pages newest first with filters', () => {
    const { journal } = open();
    for (let i = 0; i < 7; i++) {
      journal.append({ layer: i % 2 ? 'graph' : 'facts', action: i % 2 ? 'relation.added' : 'fact.recorded', scope: 'global', item: `fact:${i}`, actor: 'person', source: { via: 'app' }, after: { text: `t${i}` }, summary: `s${i}` });
    }
    const first = journal.list({}, { limit: 3 });
    expect(first.entries.map((e) => e.summary)).toEqual(['s6', 's5', 's4']);
    const second = journal.list({}, { before: first.next, limit: 3 });
    expect(second.entries.map((e) => e.summary)).toEqual(['s3', 's2', 's1']);
    const last = journal.list({}, { before: second.next, limit: 3 });
    expect(last.entries.map((e) => e.summary)).toEqual(['s0']);
    expect(last.next).toBeNull();
    expect(journal.list({ layer: 'graph' }).entries.map((e) => e.summary)).toEqual(['s5', 's3', 's1']);
    expect(journal.list({ item: 'fact:2' }).entries[0]).toMatchObject({ actor: 'person', source: { via: 'app' }, after: { text: 't2' }, before: null });
    expect(() => journal.list({}, { before: 'x' })).toThrow(/cursor/);
  });

  it('undoes one entry through its registered inverse, marking both; an undo cannot itself be undone', () => {
    const { journal } = open();
    const state = new Map<string, string>([['a', 'Ana']]);
    journal.registerUndo('fact.forgotten', (e) => {
      const before = e.before as { id: string; text: string };
      state.set(before.id, before.text);
      journal.append({ layer: 'facts', action: 'fact.recorded', item: e.item, actor: 'person', after: before, summary: 'restored' });
    });
    state.delete('a');
    const forgot = journal.append({ layer: 'facts', action: 'fact.forgotten', item: 'fact:a', actor: 'person', before: { id: 'a', text: 'Ana' }, summary: 'forgot' });
    const r = journal.undo(forgot.id);
    expect(r.done).toBe(true);
    expect(state.get('a')).toBe('Ana');
    expect(r.entries).toHaveLength(1);
    expect(r.entries[0]).toMatchObject({ undoes: forgot.id, summary: 'restored' });
    expect(journal.get(forgot.id)?.undoneBy).toBe(r.entries[0].id);
    expect(journal.plan(forgot.id)).toMatchObject({ possible: false, why: 'Already undone' });
    expect(journal.plan(r.entries[0].id)).toMatchObject({ possible: false });
    expect(() => journal.undo(r.entries[0].id)).toThrow();
  });

  it('an entry later entries depend on: the plan names them, nothing happens without confirm, then all are undone newest first', () => {
    const { journal } = open();
    const order: string[] = [];
    journal.registerUndo('x.set', (e) => {
      order.push(e.summary);
      journal.append({ layer: 'facts', action: 'x.unset', item: e.item, actor: 'system', summary: `undo ${e.summary}` });
    });
    const a = journal.append({ layer: 'facts', action: 'x.set', item: 'fact:1', actor: 'person', summary: 'first' });
    journal.append({ layer: 'facts', action: 'x.set', item: 'fact:1', actor: 'agent', summary: 'second' });
    journal.append({ layer: 'facts', action: 'x.set', item: 'fact:2', actor: 'agent', summary: 'unrelated' });
    journal.append({ layer: 'facts', action: 'x.set', item: 'fact:1', actor: 'agent', summary: 'third' });
    const plan = journal.plan(a.id);
    expect(plan.alsoUndoes.map((e) => e.summary)).toEqual(['third', 'second']);
    const dry = journal.undo(a.id);
    expect(dry.done).toBe(false);
    expect(order).toEqual([]);
    const done = journal.undo(a.id, { confirm: true });
    expect(done.done).toBe(true);
    expect(order).toEqual(['third', 'second', 'first']);
    // The undo entries share one group: one undo of the undo is not offered (they are undos), but the group is one action.
    expect(new Set(done.entries.map((e) => e.groupId)).size).toBe(1);
  });

  it('a group (a cascade, "forget everything about X") is undone as one', () => {
    const { journal } = open();
    const undone: string[] = [];
    journal.registerUndo('y', (e) => void undone.push(e.item));
    const ids = journal.inGroup(() => [1, 2, 3].map((i) => journal.append({ layer: 'graph', action: 'y', item: `relation:${i}`, actor: 'person', summary: `r${i}` }).id));
    const plan = journal.plan(ids[1]);
    expect(plan.alsoUndoes.map((e) => e.item).sort()).toEqual(['relation:1', 'relation:3']);
    journal.undo(ids[1], { confirm: true });
    expect(undone).toEqual(['relation:3', 'relation:2', 'relation:1']);
    // Undoers that appended nothing still leave their entries marked undone.
    for (const id of ids) expect(journal.get(id)?.undoneBy).not.toBeNull();
  });

  it('an action without a registered undo is reported, not half-done', () => {
    const { journal } = open();
    journal.registerUndo('ok', () => undefined);
    const a = journal.append({ layer: 'laws', action: 'ok', item: 'law:1', actor: 'person', summary: 'ok' });
    journal.append({ layer: 'laws', action: 'mystery', item: 'law:1', actor: 'inference', summary: 'later' });
    expect(journal.plan(a.id)).toMatchObject({ possible: false, why: expect.stringContaining('later') });
    expect(() => journal.undo(a.id, { confirm: true })).toThrow(/later/);
    expect(journal.get(a.id)?.undoneBy).toBeNull();
  });

  it('retention drops entries older than the setting and closed fact versions, never the current state', () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const { db, journal } = open(() => now);
    const old = journal.append({ layer: 'facts', action: 'fact.recorded', item: 'fact:a', actor: 'person', summary: 'old' });
    db.prepare(`INSERT INTO fact_version (scope, fact_id, text, valid_from, valid_to, journal_id) VALUES ('global', 'a', 'Ana', ?, ?, ?)`).run('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', old.id);
    db.prepare(`INSERT INTO fact_version (scope, fact_id, text, valid_from, valid_to, journal_id) VALUES ('global', 'b', 'Bo', ?, NULL, ?)`).run('2026-01-01T00:00:00Z', old.id);
    now = new Date('2026-06-01T00:00:00Z');
    journal.append({ layer: 'facts', action: 'fact.recorded', item: 'fact:b', actor: 'person', summary: 'new' });
    expect(journal.compact(null)).toEqual({ entries: 0, versions: 0 });
    expect(journal.compact(30)).toEqual({ entries: 1, versions: 1 });
    expect(journal.list().entries.map((e) => e.summary)).toEqual(['new']);
    expect(db.prepare(`SELECT fact_id FROM fact_version`).pluck().all()).toEqual(['b']);
  });
});
