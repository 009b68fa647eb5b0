import type { Database } from 'better-sqlite3';
import type { Migration } from '../migrate';

// One order for a chat on every device (issue 30 §6; src/shared/message-order.ts). `seq` is the order a
// message arrived in on this device and stays the search index's rowid (app-0003), so it is never
// renumbered; readers of a chat in order sort by (sort_at, sort_tie, id) instead.
//
// A message written here — by the message store, an import, or any later writer, since a trigger does it —
// is placed after everything its chat holds: sort_at is its own time, or 1 ms after the chat's latest
// sort_at when that is not earlier (a clock behind another device's, a clock set back, two writes in one
// millisecond); sort_tie is its seq. A message from another device is written with the place its chat's
// document gives (sort_at not empty), which the trigger leaves alone.
const CANONICAL = `'%Y-%m-%dT%H:%M:%fZ'`;
const place = (seq: string): string => `
  UPDATE messages SET sort_tie = seq, sort_at = (
    SELECT CASE
      WHEN latest IS NOT NULL AND (own IS NULL OR latest >= own) THEN coalesce(strftime(${CANONICAL}, latest, '+0.001 seconds'), latest)
      ELSE coalesce(own, '1970-01-01T00:00:00.000Z')
    END
    FROM (
      SELECT strftime(${CANONICAL}, m.created_at) AS own,
             -- Not yet placed rows hold '', below every time: max() is the latest placed one (an index lookup).
             nullif((SELECT max(o.sort_at) FROM messages o WHERE o.session_id = m.session_id), '') AS latest
      FROM messages m WHERE m.seq = ${seq}
    )
  )
  WHERE seq = ${seq};`;

export const app0014MessageOrder: Migration = {
  version: 14,
  name: 'message-order',
  up(db: Database) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN sort_at TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN sort_tie INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX messages_in_order ON messages(session_id, sort_at, sort_tie, id);
    `);
    // Existing chats keep the order they are shown in today: placed one by one in seq order, as written.
    const placeOne = db.prepare(place('?'));
    const seqs = db.prepare(`SELECT seq FROM messages ORDER BY session_id, seq`).pluck().all() as number[];
    for (const seq of seqs) placeOne.run(seq, seq);
    db.exec(`CREATE TRIGGER messages_placed AFTER INSERT ON messages WHEN new.sort_at = '' BEGIN ${place('new.seq')} END;`);
  },
};
