import type { Database } from 'better-sqlite3';
import { resolvedDays } from '../../search/message-dates';
import type { Migration } from '../migrate';

// The days each message talks about (search/message-dates.ts), for matching dates in questions.
// Filled by MessageStore.append from now on; here for the messages already stored. Only messages with
// a time expression are parsed, so even a large history takes seconds, once.
export const app0005MessageDates: Migration = {
  version: 5,
  name: 'message-dates',
  up: (db: Database) => {
    db.exec(`
      CREATE TABLE message_dates (
        seq  INTEGER NOT NULL REFERENCES messages(seq) ON DELETE CASCADE,
        day  TEXT NOT NULL,
        PRIMARY KEY (seq, day)
      ) WITHOUT ROWID;
    `);
    const insert = db.prepare(`INSERT OR IGNORE INTO message_dates (seq, day) VALUES (?, ?)`);
    const rows = db.prepare(`SELECT seq, content, created_at FROM messages WHERE role IN ('user', 'assistant') AND deleted_at IS NULL`).iterate() as IterableIterator<{ seq: number; content: string; created_at: string }>;
    const pending: Array<[number, string]> = [];
    for (const r of rows) for (const day of resolvedDays(r.content, r.created_at)) pending.push([r.seq, day]);
    for (const [seq, day] of pending) insert.run(seq, day);
  },
};
