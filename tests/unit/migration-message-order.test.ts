// App migration 14 (messages.sort_at / sort_tie, one order for a chat on every device): a chat keeps the
// order it was shown in before the upgrade, even where its times go backwards (a clock set back, an
// import); the search index's rows are untouched (seq is not renumbered); a message written after the
// upgrade goes at the end even when this clock is behind.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { openDatabase } from '../../src/main/db/open';
import { MessageStore } from '../../src/main/conversations/message-store';
import { tempHome } from '../helpers/temp-home';

describe('app migration 14: the order of a chat', () => {
  it('upgrades from 13 keeping each chat in the order it was shown, the search rows as they were', () => {
    const path = join(tempHome(), 'app.sqlite');
    const db = new BetterSqlite3(path);
    migrate(db, appMigrations, 'app', { target: 13 });
    for (const s of ['s1', 's2']) db.prepare(`INSERT INTO sessions (id, agent_id, title, created_at, updated_at) VALUES (?, 'default', 'Bees', 't', 't')`).run(s);
    const add = db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)`);
    add.run('q1', 's1', 'user', 'How many hives?', '2026-03-01T10:00:00.000Z');
    add.run('other', 's2', 'user', 'Another chat', '2026-03-01T08:00:00.000Z');
    // The clock was set back between these two: the reply is dated before its question.
    add.run('r1', 's1', 'assistant', 'Two hives.', '2026-03-01T09:59:00.000Z');
    add.run('q2', 's1', 'user', 'Where?', '2026-03-01T09:59:00Z');
    const indexed = db.prepare(`SELECT rowid FROM message_fts ORDER BY rowid`).pluck().all();
    expect(indexed).toHaveLength(4);
    db.close();

    const upgraded = openDatabase(path, appMigrations, 'app');
    expect(schemaVersion(upgraded)).toBe(appMigrations.at(-1)!.version);
    const messages = new MessageStore(upgraded);
    expect(messages.list('s1').items.map((m) => m.id)).toEqual(['q1', 'r1', 'q2']);
    expect(upgraded.prepare(`SELECT id, sort_at FROM messages WHERE session_id = 's1' ORDER BY seq`).all()).toEqual([
      { id: 'q1', sort_at: '2026-03-01T10:00:00.000Z' },
      { id: 'r1', sort_at: '2026-03-01T10:00:00.001Z' },
      { id: 'q2', sort_at: '2026-03-01T10:00:00.002Z' },
    ]);
    // Times shown are the messages' own.
    expect(messages.get('r1').createdAt).toBe('2026-03-01T09:59:00.000Z');
    expect(upgraded.prepare(`SELECT rowid FROM message_fts ORDER BY rowid`).pluck().all()).toEqual(indexed);

    // Written after the upgrade with a clock still behind: at the end of its chat.
    const late = messages.append({ sessionId: 's1', role: 'assistant', content: 'By the hedge.', createdAt: '2026-03-01T09:00:00.000Z' });
    expect(messages.list('s1').items.map((m) => m.id)).toEqual(['q1', 'r1', 'q2', late.id]);
    expect(messages.inOrder('s1').map((m) => m.message.id)).toEqual(['q1', 'r1', 'q2', late.id]);
    upgraded.close();
  });
});
