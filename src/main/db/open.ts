// Opens a SQLite file the way every Monad database is opened: WAL, foreign keys, a busy timeout,
// then migrations. Nothing else in the engine constructs a Database.
import { dirname } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { Notice } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { ensurePrivateFile, mkdirPrivate } from '../fs/private-mode';
import { lightCheck, quickCheck, recoverDatabase, type CheckVerdict, type RecoverOptions } from './health';
import { migrate, type Migration } from './migrate';
import type { CheckPlan, CheckReport } from './open-checks';

/** Long enough to ride out a backup or a consolidation transaction, short enough to surface a real lock. */
const BUSY_TIMEOUT_MS = 5000;
/** Each connection's page cache, in KiB (`PRAGMA cache_size = -N`). */
const PAGE_CACHE_KIB = 8000;

const FULL: CheckPlan = { depth: 'full', reason: 'every open is checked fully' };

/**
 * With `recover`, a database that fails its check is moved aside and replaced by its newest good
 * backup (health.ts) and the notice is handed to `onNotice`; without it, it is a DB_ERROR.
 * `check` says how deep (open-checks.ts decides for the engine; the default is a full `quick_check`);
 * a light check that finds anything odd escalates to the full one. `onChecked` hears what ran.
 */
export function openDatabase(
  path: string,
  migrations: readonly Migration[],
  label: string,
  recover?: RecoverOptions & { onNotice: (n: Notice) => void },
  check: CheckPlan & { onChecked?: (r: Omit<CheckReport, 'file'>) => void } = FULL,
): Database {
  mkdirPrivate(dirname(path));
  let db = connect(path, label);
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const started = performance.now();
    let ran: CheckPlan = { depth: check.depth, reason: check.reason };
    let verdict: CheckVerdict = check.depth === 'light' ? lightCheck(path, db) : quickCheck(db);
    if (!verdict.ok && check.depth === 'light') {
      ran = { depth: 'full', reason: `the light check found ${verdict.problem}` };
      verdict = quickCheck(db);
    }
    if (!verdict.ok) {
      db.close();
      if (!recover) throw new MonadError('DB_ERROR', `${label} is damaged: ${verdict.problem}`, { path });
      recover.onNotice(recoverDatabase(path, label, verdict.problem, recover));
      db = connect(path, label);
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    // A recovered file is a backup copy that passed its own full check (or a new, empty one).
    check.onChecked?.({ ...ran, ok: true, ms: performance.now() - started });
    db.pragma('journal_mode = WAL');
    // FULL: an acknowledged write survives power loss too, not just a process crash.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // 8 MB of pages per connection, not better-sqlite3's 16 MB: the files' pages stay in the system's own cache,
    // and a bulk write (a device's first pull) filled 16 MB in each of the home's databases — measured on the
    // whole-home pull, 8 MB cost no CPU and took ~20 MB off the process's peak (docs/sync.md, Figures).
    db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    migrate(db, migrations, label);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof MonadError) throw err;
    throw new MonadError('DB_ERROR', `${label} cannot be opened: ${(err as Error).message}`, { path });
  }
}

function connect(path: string, label: string): Database {
  try {
    // SQLite would create a missing file 0644; created here owner-only, its -wal/-shm follow its mode.
    ensurePrivateFile(path);
    return new BetterSqlite3(path);
  } catch (err) {
    throw new MonadError('DB_ERROR', `${label} cannot be opened: ${(err as Error).message}`, { path });
  }
}

export function sqliteVersion(db: Database): string {
  return (db.prepare('select sqlite_version() as v').get() as { v: string }).v;
}
