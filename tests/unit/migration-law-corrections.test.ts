// Memory migration 10 (law corrections) applied to a database of the previous version that holds laws:
// every law keeps its id and data and becomes an active inferred law; ids are never reused afterwards;
// the new columns and law_proposal refuse values outside their sets.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { LawStore } from '../../src/main/memory/laws/law-store';
import { tempHome } from '../helpers/temp-home';

describe('memory migration 10: law corrections', () => {
  it('keeps every law with its id, and a deleted id is never handed out again', () => {
    const db = new BetterSqlite3(join(tempHome(), 'memory.sqlite'));
    migrate(db, memoryMigrations, 'memory', { target: 9 });
    const ins = db.prepare(`insert into graph_law (id, scope, statement, confidence, support, contradicted_by, contradicted_why, derived_at, fingerprint) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    ins.run(3, 'global', 'Likes tea', 0.7, '["fact:aaaaaaaaaaaa"]', null, null, '2026-01-01T00:00:00.000Z', 'fp');
    ins.run(8, 'agent:default', 'Cycles to work', 0.6, '["edge:4"]', 'fact:bbbbbbbbbbbb', 'drives now', '2026-02-01T00:00:00.000Z', 'fp2');
    migrate(db, memoryMigrations, 'memory', { target: 10 });
    expect(schemaVersion(db)).toBe(10);
    const laws = new LawStore(db);
    expect(laws.list().map((l) => [l.id, l.statement, l.origin, l.status, l.pinned, l.contradictedBy, l.suppressed])).toEqual([
      [8, 'Cycles to work', 'inference', 'active', false, 'fact:bbbbbbbbbbbb', null],
      [3, 'Likes tea', 'inference', 'active', false, null, null],
    ]);
    expect(laws.get(3)).toMatchObject({ support: ['fact:aaaaaaaaaaaa'], supportText: {}, derivedAt: '2026-01-01T00:00:00.000Z' });
    // The highest id deleted: the next law still gets a new one (the journal names laws by id).
    laws.remove(8);
    expect(laws.insert('global', { statement: 'Reads at night', confidence: 0.5, support: [] }, 'fp3').id).toBe(9);

    expect(() => db.prepare(`update graph_law set status = 'maybe' where id = 3`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`update graph_law set origin = 'model' where id = 3`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`insert into law_proposal (scope, kind, law_id, statement, reason, actor, proposed_at) values ('global', 'delete', 3, 's', 'r', 'agent', 't')`).run()).toThrow(/CHECK/);
    db.prepare(`insert into law_proposal (scope, kind, law_id, statement, reason, actor, proposed_at) values ('global', 'suppress', 3, 's', 'r', 'agent', 't')`).run();
    expect(db.prepare(`select status from law_proposal`).pluck().get()).toBe('open');
    db.close();
  });
});
