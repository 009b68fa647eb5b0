// Database health: the checks an open runs (a full `quick_check`, or a light one when open-checks.ts finds
// no reason to doubt the file), what happens to a damaged file (moved aside, the
// newest good backup put in its place, the person told), and the one place storage failures such as a
// full disk get their coded error.
import { chmodSync, closeSync, copyFileSync, existsSync, fstatSync, fsyncSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { Notice } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { hasPosixModes, mkdirPrivate, PRIVATE_FILE_MODE } from '../fs/private-mode';

export type CheckVerdict = { ok: true } | { ok: false; problem: string };

/** SQLite's answers that mean "these bytes are not a sound database", as opposed to busy, locked or I/O trouble. */
const CORRUPTION_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB', 'SQLITE_CORRUPT_VTAB', 'SQLITE_CORRUPT_SEQUENCE', 'SQLITE_CORRUPT_INDEX']);

export function isCorruption(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && CORRUPTION_CODES.has(code);
}

/**
 * `PRAGMA quick_check`: O(N) and much cheaper than integrity_check (it skips index-content checks),
 * which is why it is the full check at open. Throws for anything that is not corruption (busy, locked…):
 * a database another process holds is not damaged and must never be moved aside.
 */
export function quickCheck(db: Database): CheckVerdict {
  try {
    const rows = db.pragma('quick_check') as { quick_check: string }[];
    if (rows.length === 1 && rows[0].quick_check === 'ok') return { ok: true };
    return { ok: false, problem: rows.slice(0, 5).map((r) => r.quick_check).join('; ') || 'quick_check returned nothing' };
  } catch (err) {
    if (isCorruption(err)) return { ok: false, problem: (err as Error).message };
    throw err;
  }
}

/**
 * The check an open runs when the file has no reason to be doubted (open-checks.ts decides): the header
 * is SQLite's, the page size valid, the file a whole number of pages and as long as the header says, and
 * the schema parses. Microseconds, whatever the size. A problem here is a reason to run `quickCheck`,
 * not a verdict: a checkpoint by another process can briefly make the size and header disagree.
 */
export function lightCheck(path: string, db: Database): CheckVerdict {
  const header = Buffer.alloc(100);
  let size = 0;
  let read = 0;
  try {
    const fd = openSync(path, 'r');
    try {
      size = fstatSync(fd).size;
      read = readSync(fd, header, 0, 100, 0);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    return { ok: false, problem: `cannot read the file: ${(err as Error).message}` };
  }
  if (size > 0) {
    if (read < 100 || header.toString('latin1', 0, 16) !== 'SQLite format 3\u0000') return { ok: false, problem: 'not an SQLite header' };
    const raw = header.readUInt16BE(16);
    const pageSize = raw === 1 ? 65536 : raw;
    if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) return { ok: false, problem: `invalid page size ${raw}` };
    if (size % pageSize !== 0) return { ok: false, problem: `the file (${size} bytes) is not a whole number of ${pageSize}-byte pages` };
    // The in-header page count is only meaningful when "version-valid-for" matches the change counter.
    const pages = header.readUInt32BE(28);
    if (pages > 0 && header.readUInt32BE(92) === header.readUInt32BE(24) && pages * pageSize !== size) {
      return { ok: false, problem: `the header says ${pages} pages, the file has ${size / pageSize}` };
    }
  }
  try {
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return { ok: true };
  } catch (err) {
    if (isCorruption(err)) return { ok: false, problem: (err as Error).message };
    throw err;
  }
}

/** Opens a database file read-only and checks it (for backup copies, never for live files). */
export function verifyDatabaseFile(path: string): CheckVerdict {
  let db: Database | null = null;
  try {
    db = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
    return quickCheck(db);
  } catch (err) {
    return { ok: false, problem: (err as Error).message };
  } finally {
    db?.close();
  }
}

/**
 * True when another connection (another Monad process: the app, `monad serve`, a CLI command) has the
 * database open. Probed by asking for an exclusive lock, which any open WAL connection prevents; files
 * must never be moved aside under a live connection, whose later writes would land in the moved file.
 */
export function heldByAnotherConnection(path: string): boolean {
  if (!existsSync(path)) return false;
  let db: Database | null = null;
  try {
    db = new BetterSqlite3(path, { fileMustExist: true, timeout: LOCK_PROBE_MS });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'SQLITE_BUSY' || (err as { code?: string }).code === 'SQLITE_LOCKED';
  } finally {
    db?.close();
  }
}

/** Long enough for another process to finish a short write, short enough not to stall start-up. */
const LOCK_PROBE_MS = 250;

export interface RecoverOptions {
  /** Backup copies of this database file, newest first. */
  backupFiles: () => string[];
  now: () => Date;
}

/**
 * Moves a damaged database (and its -wal/-shm) aside into `db/damaged-<stamp>/`, then puts the newest
 * backup copy that passes its own check in its place. With no usable backup the database starts empty;
 * either way the damaged file is kept for the person (or a recovery tool) and the returned notice says so.
 */
export function recoverDatabase(path: string, label: string, problem: string, opts: RecoverOptions): Notice {
  if (heldByAnotherConnection(path)) {
    throw new MonadError('DB_ERROR', `${label} is damaged (${problem.slice(0, 200)}), and another Monad process has it open. Close the other Monad windows, \`monad serve\` or commands, then start Monad again to repair it from a backup.`, { path });
  }
  const at = opts.now().toISOString();
  const aside = join(dirname(path), `damaged-${at.replace(/[:.]/g, '-')}`);
  mkdirPrivate(aside);
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, join(aside, basename(path) + suffix));
  }
  fsyncDir(dirname(path));
  for (const candidate of opts.backupFiles()) {
    if (!verifyDatabaseFile(candidate).ok) continue;
    copyDurably(candidate, path);
    const backupName = basename(dirname(candidate));
    return {
      level: 'warning',
      code: 'db-restored',
      message:
        `${label} was damaged (${problem.slice(0, 200)}), so it was replaced with the backup from ${backupName}. ` +
        `Changes made after that backup are not in it. The damaged file was kept in ${aside}.`,
      at,
    };
  }
  return {
    level: 'error',
    code: 'db-reset',
    message:
      `${label} was damaged (${problem.slice(0, 200)}) and no usable backup was found, so Monad started with an empty one. ` +
      `The damaged file was kept in ${aside}; a SQLite recovery tool may get data back from it.`,
    at,
  };
}

/** Copies through a temp file + fsync + rename, so a crash leaves either no file or the whole copy. */
export function copyDurably(from: string, to: string): void {
  renameSync(stageDurableCopy(from, to), to);
  fsyncDir(dirname(to));
}

/**
 * The slow half of `copyDurably`: a whole, fsynced copy beside `to` (returned), not yet in place. Lets a
 * caller copy everything first and then swap with renames only, so a crash leaves the live files missing
 * for as short a time as possible.
 */
export function stageDurableCopy(from: string, to: string): string {
  const tmp = `${to}.restoring`;
  rmSync(tmp, { force: true });
  copyPrivateDurable(from, tmp);
  return tmp;
}

/**
 * A whole copy at `to`, owner-only and fsynced: what a restore stages before it swaps anything in, for the
 * databases (stageDurableCopy) and for the home's files (backup-home-files.ts) alike. A copy takes its
 * source's mode (a backup made by an older version may be 0644), so it is made owner-only before anything
 * renames it into place.
 */
export function copyPrivateDurable(from: string, to: string): void {
  copyFileSync(from, to);
  if (hasPosixModes()) chmodSync(to, PRIVATE_FILE_MODE);
  fsyncFile(to);
}

export function fsyncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export function fsyncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The one mapping of "out of space" to a coded error: SQLite says SQLITE_FULL (or an I/O error whose
 * errno is ENOSPC), Node's fs says ENOSPC / EDQUOT. Returns null for anything else.
 */
export function storageError(err: unknown): MonadError | null {
  if (err instanceof MonadError) return err.code === 'DISK_FULL' ? err : null;
  const code = (err as { code?: unknown })?.code;
  const message = err instanceof Error ? err.message : '';
  const full =
    code === 'SQLITE_FULL' ||
    code === 'ENOSPC' ||
    code === 'EDQUOT' ||
    (typeof code === 'string' && code.startsWith('SQLITE_IOERR') && /ENOSPC|no space|disk is full/i.test(message));
  if (!full) return null;
  return new MonadError('DISK_FULL', 'The disk is full, so the change was not saved. Nothing already saved was lost; free some space and try again.');
}
