// What search keeps between searches is keyed on this (kept-postings.ts, kept-rows.ts, derived-index.ts).
import type { Database, Statement } from 'better-sqlite3';

/**
 * A value that changes whenever the database may have: rows this connection inserted, updated or
 * deleted (triggers included: SQLite's total_changes) and commits of other connections (data_version).
 */
export function changeCounter(db: Database): () => string {
  let stmt: Statement | null = null;
  return () => {
    stmt ??= db.prepare(`SELECT total_changes(), (SELECT data_version FROM pragma_data_version)`).raw();
    const [changes, version] = stmt.get() as [number, number];
    return `${changes}:${version}`;
  };
}
