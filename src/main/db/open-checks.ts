// How much checking a database needs when it is opened. A full `quick_check` reads every page: about
// 4 s on a 440 MB app.sqlite, which every one-shot CLI command would pay. So it runs only when there is
// a reason to doubt the file:
//
//   - the previous run did not shut down cleanly: a run marker (db/running/<pid>-<id>.json) is left
//     by a process that no longer exists;
//   - the file is not as Monad left it: its size, mtime, ctime or inode differ from the stamp the last
//     engine to close it recorded (something else wrote it, copied over it, truncated it…);
//   - a -wal file is lingering although no Monad process has the database open;
//   - the last full check (at open, or of the daily backup's page-for-page copy) is more than a day old,
//     missing, or was failed by a backup copy; or the clock went backwards.
//
// Otherwise the open runs a light check (health.ts `lightCheck`: header, size and schema, well under a
// millisecond), and anything odd it finds escalates to the full check. A wrong "light" only delays
// detection to the next full check (a day at most); it never moves a sound file aside.
//
// Several Monad processes may share a home (the app, `monad serve`, commands), so each has its own marker,
// and the shared state file (db/check-state.json) is re-read just before every write, updating only the
// entries that process knows about. A lost update can only cause an extra full check.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeFileAtomic } from '../fs/atomic-write';
import { mkdirPrivate } from '../fs/private-mode';
import { isAlive } from '../fs/sweep';

export type CheckDepth = 'full' | 'light';

export interface CheckPlan {
  depth: CheckDepth;
  /** Why, in words (kept in the engine's open report and shown by tests and diagnostics). */
  reason: string;
}

/** What an open actually ran: a light check that found something escalates to `full`. */
export interface CheckReport extends CheckPlan {
  file: string;
  ok: boolean;
  ms: number;
}

/**
 * A full check at least daily even when nothing suggests damage: damage at rest (a failing disk, a sync
 * tool) changes no stamp. The daily automatic backup resets it, as its copy gets a full check.
 */
export const FULL_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

const STATE_FILE = 'check-state.json';
const RUNNING_DIR = 'running';

interface FileStamp {
  size: string;
  mtimeNs: string;
  ctimeNs: string;
  ino: string;
}

interface FileState {
  /** When this file last passed a full quick_check (ISO), or null when one is owed. */
  fullCheckAt: string | null;
  /** The file as the last engine to close it left it. */
  closed: FileStamp | null;
}

interface State {
  version: 1;
  files: Record<string, FileState | undefined>;
}

interface Marker {
  pid: number;
  /** Linux: boot id and the process's start time, so a recycled pid is not taken for the old process. */
  boot: string | null;
  start: string | null;
  host: string;
  at: string;
}

/** Markers this process wrote (a marker with our pid that is not in here is from an earlier process). */
const ownMarkers = new Set<string>();

export class OpenChecks {
  private readonly stale: string[];
  private readonly livePeers: number;
  private readonly markerName: string;
  private readonly updates = new Map<string, Partial<FileState>>();
  private ended = false;

  private constructor(
    private readonly dir: string,
    private readonly now: () => Date,
    host: string,
  ) {
    const running = join(dir, RUNNING_DIR);
    try {
      mkdirPrivate(running);
    } catch {
      // see below: the open goes on without a marker
    }
    const stale: string[] = [];
    let live = 0;
    for (const name of safeReaddir(running)) {
      if (!name.endsWith('.json')) continue;
      if (markerAlive(name, readMarker(join(running, name)))) live++;
      else stale.push(name);
    }
    this.stale = stale;
    this.livePeers = live;
    // Ours exists before any write of this run, durably, so a crash at any later point is seen next time.
    this.markerName = `${process.pid}-${randomBytes(4).toString('hex')}.json`;
    const self = processIdentity(process.pid);
    const marker: Marker = { pid: process.pid, boot: self?.boot ?? null, start: self?.start ?? null, host, at: now().toISOString() };
    try {
      writeFileAtomic(join(running, this.markerName), `${JSON.stringify(marker)}\n`);
      ownMarkers.add(this.markerName);
    } catch {
      // A full or read-only disk must not keep the person from their data. Without our marker a crash of
      // this run is still caught next time by the stamp rule: whatever this run writes changes the file.
    }
  }

  /** Reads the markers and the state, and leaves this run's marker. `dir` is <home>/db. */
  static begin(dir: string, now: () => Date, host: string): OpenChecks {
    return new OpenChecks(dir, now, host);
  }

  /** True when an earlier run ended without closing (for the report and tests). */
  get uncleanExit(): boolean {
    return this.stale.length > 0;
  }

  plan(file: string): CheckPlan {
    const path = join(this.dir, file);
    if (this.stale.length) return { depth: 'full', reason: 'the previous run did not shut down cleanly' };
    if (!existsSync(path)) return { depth: 'full', reason: 'new database' };
    const s = readState(this.dir).files[file];
    if (!s?.fullCheckAt) return { depth: 'full', reason: 'no full check on record' };
    const age = this.now().getTime() - Date.parse(s.fullCheckAt);
    if (!(age >= 0)) return { depth: 'full', reason: 'the last full check is dated in the future' };
    if (age > FULL_CHECK_EVERY_MS) return { depth: 'full', reason: 'the last full check is more than a day old' };
    // With another Monad process running, the file legitimately changes under us; that process's own
    // open was checked, and its marker will tell the next start if it dies.
    if (this.livePeers === 0) {
      if (!s.closed || !sameStamp(s.closed, stampOf(path))) return { depth: 'full', reason: 'the file changed since Monad last closed it' };
      if (fileSize(`${path}-wal`) > 0) return { depth: 'full', reason: 'a write-ahead log was left behind' };
    }
    return { depth: 'light', reason: 'closed cleanly and fully checked within the day' };
  }

  /** After an open: a full check that passed (or a recovery, whose restored copy passed one) is recorded. */
  opened(report: CheckReport): void {
    if (report.depth === 'full' && report.ok) this.merge(report.file, { fullCheckAt: this.now().toISOString() });
  }

  /**
   * The daily backup copies the database page for page (SQLite's backup API) and runs a full quick_check
   * on the copy: that is a full check of the live file as of the backup, done in the background.
   * A copy that fails means the live file is damaged: the next open checks it fully.
   */
  backupCopyChecked(file: string, ok: boolean, at: Date): void {
    this.merge(file, { fullCheckAt: ok ? at.toISOString() : null });
    this.flush();
  }

  /** Both databases are open: stale markers have been dealt with, so they go. */
  settle(): void {
    const running = join(this.dir, RUNNING_DIR);
    for (const name of this.stale) removeQuietly(join(running, name));
    this.flush();
  }

  /** After the databases closed: stamps them as left, and removes this run's marker. */
  closedCleanly(files: readonly string[]): void {
    if (this.ended) return;
    for (const file of files) {
      const path = join(this.dir, file);
      if (existsSync(path)) this.merge(file, { closed: stampOf(path) });
    }
    this.flush();
    this.end();
  }

  /** The open failed: nothing was written by this run, so its marker goes (the stale ones stay). */
  abandon(): void {
    this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    removeQuietly(join(this.dir, RUNNING_DIR, this.markerName));
    ownMarkers.delete(this.markerName);
  }

  private merge(file: string, patch: Partial<FileState>): void {
    this.updates.set(file, { ...this.updates.get(file), ...patch });
  }

  private flush(): void {
    if (this.updates.size === 0) return;
    const state = readState(this.dir);
    for (const [file, patch] of this.updates) state.files[file] = { fullCheckAt: null, closed: null, ...state.files[file], ...patch };
    this.updates.clear();
    try {
      // Not fsynced: lost on power failure, the state only costs a full check (stamps will not match).
      writeFileAtomic(join(this.dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`, { durable: false });
    } catch {
      // A full disk: the next open simply checks fully.
    }
  }
}

function readState(dir: string): State {
  try {
    const s = JSON.parse(readFileSync(join(dir, STATE_FILE), 'utf8')) as State;
    if (s && s.version === 1 && typeof s.files === 'object' && s.files !== null) return s;
  } catch {
    // missing or unreadable: every file is owed a full check
  }
  return { version: 1, files: {} };
}

function readMarker(path: string): Marker | null {
  try {
    const m = JSON.parse(readFileSync(path, 'utf8')) as Marker;
    return Number.isInteger(m.pid) ? m : null;
  } catch {
    return null;
  }
}

/** An unreadable marker counts as stale: it can only have been left by a crash while writing it. */
function markerAlive(name: string, m: Marker | null): boolean {
  if (!m) return false;
  if (m.pid === process.pid) return ownMarkers.has(name);
  const now = processIdentity(m.pid);
  if (m.boot && m.start) {
    if (bootId() !== null) return now !== null && now.boot === m.boot && now.start === m.start;
  }
  return isAlive(m.pid);
}

let cachedBoot: string | null | undefined;
function bootId(): string | null {
  if (cachedBoot !== undefined) return cachedBoot;
  try {
    cachedBoot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    cachedBoot = null;
  }
  return cachedBoot;
}

/** Linux only: (boot id, start time in clock ticks) names one process for the lifetime of the machine. */
function processIdentity(pid: number): { boot: string; start: string } | null {
  const boot = bootId();
  if (!boot) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) may contain spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start ? { boot, start } : null;
  } catch {
    return null;
  }
}

function stampOf(path: string): FileStamp | null {
  try {
    const s = statSync(path, { bigint: true });
    return { size: String(s.size), mtimeNs: String(s.mtimeNs), ctimeNs: String(s.ctimeNs), ino: String(s.ino) };
  } catch {
    return null;
  }
}

function sameStamp(a: FileStamp, b: FileStamp | null): boolean {
  return b !== null && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.ino === b.ino;
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** A marker that cannot be removed (read-only disk) only costs the next start a full check. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // see above
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
