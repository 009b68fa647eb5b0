// Numbered migrations over `PRAGMA user_version`. Each migration runs in its own transaction together
// with the version bump, so a crash midway leaves the previous version intact (SQLite DDL is transactional).
import type { Database } from 'better-sqlite3';
import { MonadError } from '../../shared/errors';

export interface Migration {
  version: number;
  name: string;
  up: string | ((db: Database) => void);
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.length ? migrations[migrations.length - 1].version : 0;
}

/** Checks the list itself: versions 1..N, contiguous, in order. A gap is a programming error. */
export function assertMigrationList(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration #${i} has version ${m.version}, expected ${i + 1}`);
  });
}

export function migrate(
  db: Database,
  migrations: readonly Migration[],
  label: string,
  opts: { target?: number } = {},
): { from: number; to: number } {
  assertMigrationList(migrations);
  const from = schemaVersion(db);
  const latest = latestVersion(migrations);
  if (from > latest) {
    throw new MonadError(
      'DB_TOO_NEW',
      `${label} was written by a newer version of Monad (schema ${from}; this version knows up to ${latest}). ` +
        'Update Monad to open it; the file was left untouched.',
      { from, latest },
    );
  }
  const target = opts.target ?? latest;
  for (const m of migrations) {
    if (m.version <= from || m.version > target) continue;
    db.transaction(() => {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return { from, to: Math.max(from, target) };
}
