import type { Database } from 'better-sqlite3';
import type { Migration } from '../migrate';
import { nextOrderTime } from '../../../shared/message-order';

// One order for a chat on every device (issue 30 §6; src/shared/message-order.ts). `seq` is the order a
// message arrived in on this device and stays the search index's rowid (app-0003), so it is never
// renumbered; readers of a chat in order sort by (sort_at, sort_tie, id) instead. Existing messages keep
// the order they are shown in today: per chat, in seq order, sort_at is the message's time or just after the
// previous one, and sort_tie is seq. Messages synced from another device are set to the key the chat's
// document carries at the next sync.
export const app0014MessageOrder: Migration = {
  version: 14,
  name: 'message-order',
  up(db: Database) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN sort_at TEXT NOT NULL DEFAULT '';
      ALTER TABLE messages ADD COLUMN sort_tie INTEGER NOT NULL DEFAULT 0;
    `);
    const set = db.prepare(`UPDATE messages SET sort_at = ?, sort_tie = seq WHERE seq = ?`);
    const rows = db.prepare(`SELECT seq, session_id, created_at FROM messages ORDER BY session_id, seq`).iterate() as IterableIterator<{ seq: number; session_id: string; created_at: string }>;
    const pending: [string, number][] = [];
    let session: string | null = null;
    let latest: string | null = null;
    for (const r of rows) {
      if (r.session_id !== session) [session, latest] = [r.session_id, null];
      latest = nextOrderTime(r.created_at, latest);
      pending.push([latest, r.seq]);
    }
    for (const [at, seq] of pending) set.run(at, seq);
    db.exec(`CREATE INDEX messages_in_order ON messages(session_id, sort_at, sort_tie, id);`);
  },
};
