import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MonadError } from '../../src/shared/errors';
import { assertMigrationList, latestVersion, migrate, schemaVersion, type Migration } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { openDatabase } from '../../src/main/db/open';
import { tempHome } from '../helpers/temp-home';

function tables(db: BetterSqlite3.Database): string[] {
  return (db.prepare(`select name from sqlite_master where type='table' and name not like 'sqlite_%' order by name`).all() as { name: string }[]).map(
    (r) => r.name,
  );
}

describe('app.sqlite migrations', () => {
  it('are numbered 1..N without gaps', () => {
    expect(() => assertMigrationList(appMigrations)).not.toThrow();
    expect(appMigrations.map((m) => m.version)).toEqual(appMigrations.map((_, i) => i + 1));
  });

  it('open a fresh database at the latest version with WAL and foreign keys', () => {
    const db = openDatabase(join(tempHome(), 'db', 'app.sqlite'), appMigrations, 'app');
    expect(schemaVersion(db)).toBe(latestVersion(appMigrations));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(tables(db)).toEqual(expect.arrayContaining(['messages', 'sessions']));
    db.close();
  });

  // From every earlier version (0 = empty file) the chain reaches the latest and keeps data.
  for (let from = 0; from < latestVersion(appMigrations); from++) {
    it(`upgrade from version ${from} to the latest`, () => {
      const path = join(tempHome(), 'app.sqlite');
      const db = new BetterSqlite3(path);
      migrate(db, appMigrations, 'app', { target: from });
      expect(schemaVersion(db)).toBe(from);
      if (from >= 1) {
        db.prepare(`insert into sessions (id, agent_id, title, created_at, updated_at) values ('s1','default','kept','t','t')`).run();
      }
      db.close();
      const reopened = openDatabase(path, appMigrations, 'app');
      expect(schemaVersion(reopened)).toBe(latestVersion(appMigrations));
      if (from >= 1) expect(reopened.prepare(`select title from sessions where id='s1'`).get()).toEqual({ title: 'kept' });
      reopened.close();
    });
  }

  it('refuses a database written by a newer version, untouched', () => {
    const path = join(tempHome(), 'app.sqlite');
    const db = new BetterSqlite3(path);
    db.exec('create table future (x)');
    db.pragma('user_version = 999');
    db.close();
    let caught: unknown;
    try {
      openDatabase(path, appMigrations, 'db/app.sqlite');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(MonadError);
    expect((caught as MonadError).code).toBe('DB_TOO_NEW');
    expect((caught as MonadError).message).toMatch(/newer version of Monad.*999/);
    const check = new BetterSqlite3(path);
    expect(schemaVersion(check)).toBe(999);
    expect(tables(check)).toEqual(['future']);
    check.close();
  });

  it('a failing migration leaves the previous version and schema intact', () => {
    const broken: Migration[] = [
      ...appMigrations,
      { version: appMigrations.length + 1, name: 'half', up: `create table half_done (x); insert into nope values (1);` },
    ];
    const path = join(tempHome(), 'app.sqlite');
    const db = new BetterSqlite3(path);
    migrate(db, appMigrations, 'app');
    expect(() => migrate(db, broken, 'app')).toThrow(/no such table: nope/);
    expect(schemaVersion(db)).toBe(latestVersion(appMigrations));
    expect(tables(db)).not.toContain('half_done');
    db.close();
  });

  it('rejects a migration list with a gap', () => {
    expect(() => assertMigrationList([{ version: 2, name: 'x', up: '' }])).toThrow(/expected 1/);
  });
});
