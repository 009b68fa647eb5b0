// Days a message talks about, resolved against the day it was written (search/message-dates.ts).
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { resolvedDays } from '../../src/main/search/message-dates';

describe('resolvedDays', () => {
  const at = '2022-05-02T11:54:00.000Z';
  const cases: [string, string[]][] = [
    ['I watched the whole trilogy last night!', ['2022-05-01']],
    ['We went camping two weeks ago.', ['2022-04-18']],
    ['Yesterday was my first day at the new job', ['2022-05-01']],
    ['The exam is on 13 May.', ['2022-05-13']],
    ['I love turtles and long walks', []],
    ['Maybe in May, sometime', []],
    ['', []],
  ];
  for (const [text, want] of cases) it(`${JSON.stringify(text)} → ${JSON.stringify(want)}`, () => expect(resolvedDays(text, at)).toEqual(want));

  it('never throws and never resolves against a broken date', () => {
    expect(resolvedDays('yesterday', 'not a date')).toEqual([]);
    expect(resolvedDays('last week '.repeat(5000), at).length).toBeLessThanOrEqual(8);
  });
});

describe('app migration 5 (message dates)', () => {
  it('resolves the days of the messages already stored, and only of live chat turns', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, appMigrations.filter((m) => m.version <= 4), 'app');
    db.prepare(`INSERT INTO sessions (id, agent_id, title, created_at, updated_at) VALUES ('s', 'default', 't', '2022-05-02T00:00:00Z', '2022-05-02T00:00:00Z')`).run();
    const add = db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at, deleted_at) VALUES (?, 's', ?, ?, '2022-05-02T11:00:00.000Z', ?)`);
    add.run('a', 'user', 'I watched it last night', null);
    add.run('b', 'assistant', 'No date here', null);
    add.run('c', 'tool', 'yesterday', null);
    add.run('d', 'user', 'yesterday was fun', '2022-05-03T00:00:00Z');
    migrate(db, appMigrations, 'app');
    expect(db.prepare(`SELECT m.id, d.day FROM message_dates d JOIN messages m ON m.seq = d.seq ORDER BY m.id`).all()).toEqual([{ id: 'a', day: '2022-05-01' }]);
    db.close();
  });
});
