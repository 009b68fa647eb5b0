// App migration 12 (sessions.settings, sessions.title_source): a chat from before keeps its title and has
// no settings of its own (its agent's apply); it is never retitled by the title model; its settings can be
// set and read back, and a row that no longer parses reads as none.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { openDatabase } from '../../src/main/db/open';
import { SessionStore } from '../../src/main/conversations/session-store';
import { tempHome } from '../helpers/temp-home';

describe('app migration 12: per-chat settings and where a title came from', () => {
  it('upgrades from 10 keeping a chat as it was, then stores its settings', () => {
    const path = join(tempHome(), 'app.sqlite');
    const db = new BetterSqlite3(path);
    migrate(db, appMigrations, 'app', { target: 10 });
    db.prepare(`INSERT INTO sessions (id, agent_id, title, created_at, updated_at) VALUES ('s1', 'default', 'Bees', 't', 't')`).run();
    db.close();

    const upgraded = openDatabase(path, appMigrations, 'app');
    expect(schemaVersion(upgraded)).toBe(appMigrations.at(-1)!.version); // every later migration too
    const sessions = new SessionStore(upgraded);
    expect(sessions.get('s1')).toMatchObject({ title: 'Bees', settings: {} });
    // A chat from before is never retitled: only a first-line title is.
    expect(sessions.titleSource('s1')).toBeNull();
    expect(sessions.replaceFirstLineTitle('s1', 'Bees', 'Generated')).toBe(false);
    expect(sessions.get('s1').title).toBe('Bees');

    expect(sessions.setSettings('s1', { temperature: 0.2, contextLength: 2048 }).settings).toEqual({ temperature: 0.2, contextLength: 2048 });
    expect(sessions.setSettings('s1', { temperature: null }).settings).toEqual({ contextLength: 2048 });
    upgraded.prepare(`UPDATE sessions SET settings = '{"temperature": 7}' WHERE id = 's1'`).run();
    expect(sessions.get('s1').settings).toEqual({});
    upgraded.close();
  });
});
