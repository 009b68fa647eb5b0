// What search keeps between searches is keyed on this (kept-postings.ts, kept-rows.ts, derived-index.ts).
import type { Database, Statement } from 'better-sqlite3';

/** The counter's value for the duration of one search, per database (pinChanges). */
const pinned = new WeakMap<Database, string>();
/** pinChanges' own reader of each database's counter (its statements prepared once). */
const readers = new WeakMap<Database, () => string>();

/**
 * A value that changes whenever the database may have: rows this connection inserted, updated or
 * deleted (triggers included: SQLite's total_changes) and commits of other connections (data_version).
 * Inside pinChanges it answers the value read when the pin began, without a statement.
 */
export function changeCounter(db: Database): () => string {
  // Two statements: the pragma prepared directly costs half what its table-valued form in a SELECT did.
  let changes: Statement | null = null;
  let version: Statement | null = null;
  return () => {
    const pin = pinned.get(db);
    if (pin !== undefined) return pin;
    changes ??= db.prepare(`SELECT total_changes()`).pluck();
    version ??= db.prepare(`PRAGMA data_version`).pluck();
    return `${changes.get() as number}:${version.get() as number}`;
  };
}

/**
 * Runs `work` (synchronous, and writing nothing to `db`) with every change counter of `db` answering one
 * value read at its start. A search asked the counter once per kept source (~10 statements a search); the
 * database cannot change under a synchronous search from this connection, and a commit by another one
 * during it is seen by the next search (its counter moves), as before. Nested pins keep the outer value.
 */
export function pinChanges<T>(db: Database, work: () => T): T {
  if (pinned.has(db)) return work();
  let read = readers.get(db);
  if (!read) readers.set(db, (read = changeCounter(db)));
  pinned.set(db, read());
  try {
    return work();
  } finally {
    pinned.delete(db);
  }
}
