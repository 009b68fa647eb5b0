// Memory migration 15 (correction_link): a home at version 14 upgrades with its Inbox as it was, and the
// new table takes one pending proposal per (kind, scope, target, text), any number once decided, and only
// the kinds a correction can carry.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { openDatabase } from '../../src/main/db/open';
import { tempHome } from '../helpers/temp-home';

describe('memory migration 15: corrections carried to another layer', () => {
  it('upgrades from 14 keeping pending Inbox items; one pending proposal per target and text', () => {
    const path = join(tempHome(), 'memory.sqlite');
    const db = new BetterSqlite3(path);
    migrate(db, memoryMigrations, 'memory', { target: 14 });
    db.prepare(`INSERT INTO memory_proposal (agent_id, scope, action, text, fingerprint, proposed_at) VALUES ('default', 'global', 'record', 'Rui lives in Braga', 'fp1', '2026-12-01T10:00:00Z')`).run();
    db.close();

    const upgraded = openDatabase(path, memoryMigrations, 'memory');
    expect(schemaVersion(upgraded)).toBeGreaterThanOrEqual(15);
    expect(upgraded.prepare(`SELECT text, status FROM memory_proposal`).get()).toEqual({ text: 'Rui lives in Braga', status: 'pending' });
    const insert = upgraded.prepare(
      `INSERT INTO correction_link (kind, scope, target, target_text, text, cause_entry, cause, basis, proposed_at) VALUES (?, 'agent:default', 'fact:0123456789ab', 'Rui lives in Braga', ?, 1, 'You marked it wrong', 'source', 't')`,
    );
    insert.run('fact.forget', 'Rui lives in Braga');
    expect(() => insert.run('fact.forget', 'Rui lives in Braga')).toThrow(/UNIQUE/);
    insert.run('fact.edit', 'Rui Costa lives in Braga'); // another change to the same fact
    upgraded.prepare(`UPDATE correction_link SET status = 'rejected' WHERE kind = 'fact.forget'`).run();
    insert.run('fact.forget', 'Rui lives in Braga'); // decided ones do not block (the rejection list does)
    expect(() => insert.run('fact.delete', 'x')).toThrow(/CHECK/);
    upgraded.close();
  });
});
