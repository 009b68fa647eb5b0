// A migration killed midway leaves the previous version intact: a child runs a long extra migration
// (tests/fixtures/kill-writer.ts `migrate`) and is SIGKILLed from inside its transaction; the database
// then opens at the old version with all its data, and the migration runs cleanly on the next try.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageStore } from '../../src/main/conversations/message-store';
import { SessionStore } from '../../src/main/conversations/session-store';
import { migrate } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { openDatabase } from '../../src/main/db/open';
import { Engine } from '../../src/main/engine';
import { longMigration } from '../fixtures/kill-writer';
import { tempHome } from '../helpers/temp-home';
import { bundleKillWriter } from './child-bundle';

let bundle: string | null = null;
afterAll(() => {
  if (bundle) rmSync(dirname(bundle), { recursive: true, force: true });
});

function killMidMigration(script: string, dbPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, 'migrate', dbPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (out.includes('MIGRATING')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(out) : reject(new Error(`migration child exited ${code}: ${err}`))));
  });
}

describe('a migration killed midway', () => {
  it('leaves the old version and its data intact; the next run completes it', async () => {
    bundle = await bundleKillWriter();
    const home = tempHome();
    const dbPath = join(home, 'db', 'app.sqlite');
    const db = openDatabase(dbPath, appMigrations, 'db/app.sqlite');
    const sessions = new SessionStore(db);
    const messages = new MessageStore(db);
    const s = sessions.create({ agentId: 'default', title: 'survives the crash' });
    for (let i = 0; i < 50; i++) messages.append({ sessionId: s.id, role: 'user', content: `message ${i}` });
    db.close();

    const out = await killMidMigration(bundle, dbPath);
    expect(out).toContain('MIGRATING');
    expect(out).not.toContain('MIGRATED');

    // Straight after the crash (WAL not yet recovered by anyone else): sound, old version, old data.
    const raw = new BetterSqlite3(dbPath);
    expect(raw.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(raw.pragma('user_version', { simple: true })).toBe(appMigrations.length);
    expect(raw.prepare(`SELECT name FROM sqlite_master WHERE name = 'long_migration'`).all()).toEqual([]);
    expect(raw.prepare(`SELECT title FROM sessions`).pluck().all()).toEqual(['survives the crash']);
    expect(raw.prepare(`SELECT count(*) FROM messages`).pluck().get()).toBe(50);
    raw.close();

    // The app of the old version opens it as if nothing happened.
    const engine = Engine.open({ home, host: 'cli' });
    try {
      expect(engine.status().db).toMatchObject({ ok: true, schemaVersion: appMigrations.length });
      expect(engine.status().notices).toEqual([]);
      expect(engine.messages.list(s.id).items).toHaveLength(50);
    } finally {
      engine.close();
    }

    // And the newer version's migration runs to completion from there.
    const again = new BetterSqlite3(dbPath);
    expect(migrate(again, [...appMigrations, longMigration(1000)], 'db/app.sqlite')).toEqual({ from: appMigrations.length, to: appMigrations.length + 1 });
    expect(again.prepare(`SELECT count(*) FROM long_migration`).pluck().get()).toBe(1000);
    expect(again.prepare(`SELECT title FROM sessions`).pluck().all()).toEqual(['rewritten by the long migration']);
    again.close();
  }, 180_000);
});
