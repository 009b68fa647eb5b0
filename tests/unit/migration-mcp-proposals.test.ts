// Memory migration 13 (memory_proposal.client): a proposal an agent made under "Ask me first" before the
// upgrade is kept as it was, with no app named; one an app makes after it names the app.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { openDatabase } from '../../src/main/db/open';
import { tempHome } from '../helpers/temp-home';

describe('memory migration 13: the app behind an Inbox proposal', () => {
  it('upgrades from 12 keeping a pending proposal (client null), then stores an app name', () => {
    const path = join(tempHome(), 'memory.sqlite');
    const db = new BetterSqlite3(path);
    migrate(db, memoryMigrations, 'memory', { target: 12 });
    db.prepare(
      `INSERT INTO memory_proposal (agent_id, scope, action, text, fingerprint, proposed_at) VALUES ('default', 'global', 'record', 'The user has two hives', 'fp1', '2026-12-01T10:00:00Z')`,
    ).run();
    db.close();

    const upgraded = openDatabase(path, memoryMigrations, 'memory');
    expect(schemaVersion(upgraded)).toBe(memoryMigrations.at(-1)!.version);
    expect(upgraded.prepare(`SELECT text, status, client FROM memory_proposal`).get()).toEqual({ text: 'The user has two hives', status: 'pending', client: null });
    upgraded
      .prepare(`INSERT INTO memory_proposal (agent_id, scope, action, text, fingerprint, proposed_at, client) VALUES ('default', 'global', 'record', 'Likes tea', 'fp2', 't', 'Cursor')`)
      .run();
    expect(upgraded.prepare(`SELECT client FROM memory_proposal WHERE fingerprint = 'fp2'`).get()).toEqual({ client: 'Cursor' });
    upgraded.close();
  });
});
