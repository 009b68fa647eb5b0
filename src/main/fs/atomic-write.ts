// Crash-safe file replacement: write a temp file beside the target, fsync it, rename over the target,
// then fsync the directory so the rename itself is durable. A reader (or a crash) only ever sees the
// complete old or the complete new file, never a truncated one.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MonadError } from '../../shared/errors';
import { PRIVATE_FILE_MODE } from './private-mode';
import { isAlive, sweepFiles } from './sweep';

const TEMP_MARK = '.monad-tmp-';

/**
 * `data` may be several buffers written one after another (a cached body behind a fresh header).
 * `mode` defaults to owner-only: nearly every caller writes into the home. The temp file is created with
 * it, so the file has its final mode from its first byte, and the rename never exposes it.
 */
export function writeFileAtomic(path: string, data: string | Buffer | readonly Buffer[], opts: { mode?: number; durable?: boolean } = {}): void {
  const parts = typeof data === 'string' ? [Buffer.from(data, 'utf8')] : Buffer.isBuffer(data) ? [data] : data;
  writeFileAtomicWith(
    path,
    (fd) => {
      for (const buf of parts) writeAll(fd, buf);
    },
    opts,
  );
}

/** Writes all of `buf` at the descriptor's position (writeSync may write less than asked). */
export function writeAll(fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}

/**
 * The same replacement, with the content written by `write` into the temp file's descriptor: for a file
 * too large to hold in memory as one string (an export), written a block at a time.
 */
export function writeFileAtomicWith(path: string, write: (fd: number) => void, opts: { mode?: number; durable?: boolean } = {}): void {
  const durable = opts.durable ?? true;
  const dir = dirname(path);
  const tmp = join(dir, tempName(basename(path), `${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`));
  let fd: number | null = null;
  try {
    // 'wx': the name is fresh, so the mode given here is the one the file gets.
    fd = openSync(tmp, 'wx', opts.mode ?? PRIVATE_FILE_MODE);
    write(fd);
    if (durable) fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, path);
    if (durable) fsyncDir(dir);
  } catch (err) {
    if (fd !== null) closeSync(fd);
    try {
      rmSync(tmp, { force: true });
    } catch {
      // The temp file was never made (a name the disk refuses): the first error is the one to report.
    }
    throw toFsError(err, path);
  }
}

/** Below this, a target's own name is short enough that the temp name's suffix fits beside it anyway. */
const SHORT_NAME_BYTES = 100;

/**
 * `.<name><suffix>`, but never longer (in bytes, as file systems count) than the target's own name once
 * that name is long: a name the file system accepts must never fail only because its temp name did
 * not fit (ENAMETOOLONG at 255 bytes). The name's start is kept, cut on a character boundary.
 */
export function tempName(name: string, suffix: string): string {
  const full = `.${name}${suffix}`;
  const limit = Buffer.byteLength(name);
  if (limit <= SHORT_NAME_BYTES || Buffer.byteLength(full) <= limit) return full;
  let keep = '';
  let bytes = 1 + Buffer.byteLength(suffix);
  for (const ch of name) {
    const b = Buffer.byteLength(ch);
    if (bytes + b > limit) break;
    keep += ch;
    bytes += b;
  }
  return `.${keep}${suffix}`;
}

function fsyncDir(dir: string): void {
  // Directories cannot be opened for fsync on Windows; the rename is as durable as NTFS makes it.
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** An in-flight temp file lives for milliseconds; one this old is left over whatever its pid says. */
const TEMP_MAX_AGE_MS = 10 * 60_000;

/**
 * Removes temp files a crash left behind in `dir`. Returns how many were swept. Another Monad process
 * (the desktop app, `monad serve`, a CLI command) may be writing in the same folder right now, so a
 * temp file whose writer is still alive is left alone: deleting it would fail that writer's rename.
 */
export function sweepTempFiles(dir: string): number {
  return sweepFiles(dir, (name, path) => {
    const at = name.indexOf(TEMP_MARK);
    if (at < 0) return false;
    const pid = Number.parseInt(name.slice(at + TEMP_MARK.length), 10);
    return !isAlive(pid) || isOlderThan(path, TEMP_MAX_AGE_MS);
  });
}

function isOlderThan(path: string, ms: number): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
}

export function toFsError(err: unknown, path: string): MonadError {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new MonadError('DISK_FULL', `The disk is full: could not save ${basename(path)}. Nothing already saved was lost.`, {
      path,
    });
  }
  if (err instanceof MonadError) return err;
  if (code === 'ENAMETOOLONG') {
    return new MonadError('BAD_INPUT', `The file name is too long for this disk: ${basename(path).slice(0, 80)}… Choose a shorter name.`, { path, code });
  }
  if (code === 'ENOENT') return new MonadError('NOT_FOUND', `The folder ${dirname(path)} does not exist: choose a folder that does.`, { path, code });
  if (code === 'EACCES' || code === 'EPERM') return new MonadError('FORBIDDEN', `Monad may not write in ${dirname(path)}: choose another folder.`, { path, code });
  const message = err instanceof Error ? err.message : String(err);
  return new MonadError('INTERNAL', `Could not write ${basename(path)}: ${message}`, { path, code });
}
