// Owner-only file modes for everything in the Monad home. The home holds API keys, the person's facts and
// chats: another account on the same computer must not be able to list or read any of it. Files are
// created with these modes (never chmod-ed afterwards, which would leave a window in which they are
// readable); `tightenTree` repairs a home created by an older version or touched by other tools.
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, chmodSync } from 'node:fs';
import { join, relative } from 'node:path';

/** rw for the owner only. */
export const PRIVATE_FILE_MODE = 0o600;
/** rwx for the owner only: no one else can list the folder or reach anything inside it. */
export const PRIVATE_DIR_MODE = 0o700;
/** Group and other bits: what tightening removes (never adds anything, so a read-only file stays so). */
const OTHERS = 0o077;

/** Whether modes mean anything here: on Windows `chmod` only toggles the read-only flag. */
export function hasPosixModes(platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'win32';
}

/**
 * Creates `dir` (and missing parents) owner-only. An existing folder is left as it is (tightenTree
 * repairs those); `mode` is masked by the umask, which only ever removes bits, so 0700 stays 0700.
 */
export function mkdirPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Makes sure `path` exists, creating it empty and owner-only when it does not. For files another
 * library creates with its own default mode (SQLite creates databases 0644): an empty file is a valid
 * new database, SQLite keeps the mode of the file it opens, and gives its -wal/-shm/-journal the same.
 */
export function ensurePrivateFile(path: string): void {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE));
  } catch (err) {
    // An existing file is left exactly as it is (its mode is tightenTree's business).
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

export interface TightenReport {
  /** Paths (relative to the root, `/`-separated) whose group/other bits were removed. */
  changed: string[];
  /** Entries looked at. */
  scanned: number;
}

/**
 * Removes group/other permissions from `root` and everything below it. Symbolic links are neither
 * followed nor changed (chmod would change their target, which may be outside the home). Entries that
 * vanish or cannot be changed meanwhile are skipped: another Monad process may be writing here.
 */
export function tightenTree(root: string, platform: NodeJS.Platform = process.platform): TightenReport {
  const report: TightenReport = { changed: [], scanned: 0 };
  if (!hasPosixModes(platform)) return report;
  const visit = (path: string): void => {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      return;
    }
    if (st.isSymbolicLink() || !(st.isFile() || st.isDirectory())) return;
    report.scanned++;
    if (st.mode & OTHERS) {
      try {
        chmodSync(path, st.mode & 0o7777 & ~OTHERS);
        report.changed.push(relative(root, path).split('\\').join('/') || '.');
      } catch {
        // gone, or not ours to change: nothing to repair here
      }
    }
    if (!st.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) visit(join(path, name));
  };
  visit(root);
  return report;
}
