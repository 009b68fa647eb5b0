// One transaction runner per connection. better-sqlite3's db.transaction(fn) builds a new wrapper (and its
// deferred/immediate/exclusive variants) on every call: called once per incoming relation, that was ~96 MB of
// garbage in a device's first pull, the largest single share. The runner made here once behaves the same —
// a transaction, or a savepoint inside one already open, rolled back when `fn` throws.
import type { Database } from 'better-sqlite3';

const runners = new WeakMap<Database, (fn: () => unknown) => unknown>();

export function inTransaction<T>(db: Database, fn: () => T): T {
  let run = runners.get(db);
  if (!run) runners.set(db, (run = db.transaction((f: () => unknown) => f())));
  return run(fn) as T;
}
