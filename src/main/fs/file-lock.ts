// A small cross-process lock beside a file (`<file>.lock`, created with O_EXCL). The desktop app, a
// `monad serve` and a CLI command may share one home; without it two writers could each read, change
// and rename, and one of their changes would be lost. Locks left by a dead process are taken over.
import { closeSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { MonadError } from '../../shared/errors';
import { isAlive, sweepFiles } from './sweep';

/** A write holds the lock for milliseconds; waiting longer than this means something is wrong. */
const WAIT_MS = 5000;
/** A lock older than this is stale even if its pid happens to be reused. */
const STALE_MS = 30_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * How often this thread took a lock, and how many of those had to wait for another holder first.
 * Diagnostics: the concurrency tests use it to prove their writers really overlapped.
 */
const counts = { acquired: 0, waited: 0 };
export function lockCounts(): Readonly<typeof counts> {
  return { ...counts };
}

export function withFileLock<T>(file: string, fn: () => T): T {
  const lock = `${file}.lock`;
  const deadline = Date.now() + WAIT_MS;
  let waited = false;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } catch (err) {
        // E.g. ENOSPC: creating the file needed no data block, writing the pid does. Do not leave an
        // empty lock (and an open descriptor) behind for every later writer to wait out.
        closeSync(fd);
        rmSync(lock, { force: true });
        throw err;
      }
      closeSync(fd);
      counts.acquired += 1;
      if (waited) counts.waited += 1;
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (isStale(lock)) {
        rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new MonadError('BUSY', `Another Monad process is writing ${file}; try again`);
      waited = true;
      Atomics.wait(sleeper, 0, 0, 3); // brief synchronous back-off; writes are short
    }
  }
  try {
    return fn();
  } finally {
    release(lock);
  }
}

/** unlink alone: rmSync would stat the lock twice first, on every write of every file. */
function release(lock: string): void {
  try {
    unlinkSync(lock);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Removes the locks in `dir` (named `*<suffix>`) whose owner is gone; a live owner's lock stays. */
export function sweepStaleLocks(dir: string, suffix: string): number {
  return sweepFiles(dir, (name, path) => name.endsWith(suffix) && isStale(path));
}

function isStale(lock: string): boolean {
  let age: number;
  let pid: number;
  try {
    age = Date.now() - statSync(lock).mtimeMs;
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    // Released while we looked: not stale, just retry (removing it then could delete a lock another
    // process has since taken).
    return false;
  }
  if (age > STALE_MS) return true;
  if (!Number.isInteger(pid) || pid <= 0) return age > 1000;
  return !isAlive(pid);
}
