// Prepared statements kept per connection, by their SQL and how they return rows. A statement prepared on each
// call holds its compiled program in native memory that V8 does not see, until a full collection finalizes its
// wrapper: a device's first pull prepared ~58,000 statements (three per relation) and the process's malloc heap
// grew by ~84 MB before anything freed them (docs/sync.md, Known limits). Kept here, the same few are reused.
//
// The result mode is part of the key and set once when the statement is made: better-sqlite3's pluck()/raw()
// change a statement for every later caller, so no caller may call them on a statement from here.
import type { Database, Statement } from 'better-sqlite3';

export type RowMode = 'rows' | 'pluck' | 'raw';

/** Distinct statements kept per connection (SQL built with a list of `?` varies with the list's length). */
const KEPT_PER_CONNECTION = 256;
const kept = new WeakMap<Database, Map<string, Statement>>();

export function statement(db: Database, sql: string, mode: RowMode = 'rows'): Statement {
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  const key = `${mode}\u0000${sql}`;
  const found = byKey.get(key);
  // One still being iterated (a nested read of the same SQL) cannot run again: that caller gets one of its own.
  if (found && !found.busy) return found;
  const made = db.prepare(sql);
  if (mode === 'pluck') made.pluck();
  else if (mode === 'raw') made.raw();
  if (!found) {
    if (byKey.size >= KEPT_PER_CONNECTION) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, made);
  }
  return made;
}
