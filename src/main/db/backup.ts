// Automatic backups of both databases with SQLite's online backup API (`db.backup()`: a consistent copy
// taken page by page while the engine keeps working), one set per day, the newest BACKUP_KEEP kept:
//
//   <home>/backups/<stamp>/app.sqlite, memory.sqlite, manifest.json
//
// A set is built in `.partial-<stamp>/` and renamed into place when complete, so a crash never leaves
// a half set that looks whole. Restore is staged, not live: `stageRestore` checks the set and writes
// `restore-pending.json`; the next start applies it before any database is opened (see
// `applyPendingRestore` for why a restart is the safe design).
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import type { BackupInfo, Notice, RestoreStaged } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import { ensurePrivateFile, mkdirPrivate } from '../fs/private-mode';
import type { HomePaths } from '../home';
import { copyHomeFiles, HOME_FILES_DIR, listCarried, carriedRoots, setCarriesHomeFiles, stageHomeFiles, swapHomeFiles } from './backup-home-files';
import { fsyncDir, fsyncFile, heldByAnotherConnection, isCorruption, quickCheck, stageDurableCopy, storageError, verifyDatabaseFile } from './health';

/** A week of daily sets: enough to step back past a bad day, small enough not to fill the disk. */
export const BACKUP_KEEP = 7;
/** A backup is due when the newest set is at least this old. */
export const BACKUP_EVERY_MS = 24 * 60 * 60 * 1000;
/** The first check waits a minute after start, so backups never compete with start-up (or short test engines). */
const FIRST_CHECK_MS = 60_000;
/** Then hourly: a laptop that slept through the due time catches up within the hour. */
const CHECK_EVERY_MS = 60 * 60_000;

const FILES = ['app.sqlite', 'memory.sqlite'] as const;
type DbFile = (typeof FILES)[number];
const NAME_RE = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z(-\d{1,3})?$/;
const PARTIAL = '.partial-';
/** Far longer than any backup takes. */
const STALE_PARTIAL_MS = 60 * 60_000;
const REPLACING = '.replacing-';
const PENDING = 'restore-pending.json';

/** Version 2 (issue 27) adds the home's files (`homeFiles`); version 1 sets hold the databases only. */
interface Manifest {
  format: 'monad-backup';
  version: 1 | 2;
  name: string;
  createdAt: string;
  reason: BackupInfo['reason'];
  files: BackupInfo['files'];
  homeFiles?: BackupInfo['homeFiles'];
}

export function backupsDir(root: string): string {
  return join(root, 'backups');
}

/** Every complete backup set, newest first. Damaged or foreign folders are ignored. */
export function listBackups(dir: string): BackupInfo[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: BackupInfo[] = [];
  for (const name of names) {
    if (!NAME_RE.test(name)) continue;
    try {
      const m = JSON.parse(readFileSync(join(dir, name, 'manifest.json'), 'utf8')) as Manifest;
      if (m.format !== 'monad-backup' || m.name !== name) continue;
      out.push({ name, createdAt: m.createdAt, reason: m.reason, files: m.files, ...(m.homeFiles ? { homeFiles: m.homeFiles } : {}) });
    } catch {
      continue;
    }
  }
  return out.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** Paths of one database's copies, newest set first (for start-up recovery). */
export function backupFilesFor(dir: string, file: DbFile): string[] {
  return listBackups(dir)
    .map((b) => join(dir, b.name, file))
    .filter((p) => existsSync(p));
}

function stampOf(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

function uniqueName(dir: string, date: Date): string {
  const base = stampOf(date);
  if (!existsSync(join(dir, base))) return base;
  for (let i = 1; i < 1000; i++) if (!existsSync(join(dir, `${base}-${i}`))) return `${base}-${i}`;
  throw new MonadError('CONFLICT', 'Too many backups with the same time stamp');
}

/**
 * Turns a fresh copy into a self-contained single file: WAL folded in, journal mode DELETE (so opening
 * it later needs no -wal/-shm beside it), then checked. Returns its schema version.
 */
function sealCopy(path: string): number {
  const db = new BetterSqlite3(path);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    const verdict = quickCheck(db);
    if (!verdict.ok) throw new MonadError('DB_ERROR', `The backup copy failed its check: ${verdict.problem}`);
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

function writeManifest(dir: string, m: Manifest): void {
  writeFileAtomic(join(dir, 'manifest.json'), `${JSON.stringify(m, null, 2)}\n`);
}

export interface BackupDeps {
  paths: HomePaths;
  appDb: Database;
  memoryDb: Database;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
  /** Called when an automatic backup fails, so the person is told. */
  onNotice?: (n: Notice) => void;
  /**
   * Hears the verdict of each copy's full quick_check. The copy is the live database page for page, so
   * a pass is a full check of the live file, done in the background (open-checks.ts then skips it at the
   * next open), and a failure means the live file itself is damaged.
   */
  onCopyChecked?: (file: DbFile, ok: boolean, at: Date) => void;
  keep?: number;
}

export class BackupService {
  readonly dir: string;
  private inFlight: Promise<BackupInfo> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  /** One notice per failure streak, not one an hour. */
  private failureNoticed = false;

  constructor(private readonly d: BackupDeps) {
    this.dir = backupsDir(d.paths.root);
    // A set a crash interrupted is incomplete by definition (the live databases are untouched by it).
    // Only old ones: a fresh one may belong to another Monad process backing up this home right now.
    for (const name of safeReaddir(this.dir)) {
      if (!name.startsWith(PARTIAL)) continue;
      const path = join(this.dir, name);
      try {
        if (Date.now() - statSync(path).mtimeMs > STALE_PARTIAL_MS) rmSync(path, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
    }
  }

  list(): BackupInfo[] {
    return listBackups(this.dir);
  }

  /** Takes a backup set now (single-flight: a second call joins the running one). */
  create(reason: BackupInfo['reason'] = 'manual'): Promise<BackupInfo> {
    if (this.stopped) return Promise.reject(new MonadError('CANCELLED', 'The engine is closing'));
    this.inFlight ??= this.build(reason).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Takes the daily set when the newest one is a day old (or there is none). */
  async runDue(): Promise<BackupInfo | null> {
    const newest = this.list()[0];
    if (newest && this.d.now().getTime() - Date.parse(newest.createdAt) < BACKUP_EVERY_MS) return null;
    return this.create('daily');
  }

  start(): void {
    if (this.timers.length || this.stopped) return;
    const tick = () => {
      this.runDue().then(
        () => {
          this.failureNoticed = false;
        },
        (err) => {
          if (this.stopped) return;
          this.d.log('[backup] automatic backup failed', err);
          if (this.failureNoticed) return;
          this.failureNoticed = true;
          this.d.onNotice?.({ level: 'warning', code: 'backup-failed', message: `The automatic backup failed: ${(err as Error).message}`, at: this.d.now().toISOString() });
        },
      );
    };
    const first = setTimeout(tick, FIRST_CHECK_MS);
    const every = setInterval(tick, CHECK_EVERY_MS);
    first.unref();
    every.unref();
    this.timers.push(first, every);
  }

  /** Stops the timers; a backup still copying fails quietly when the databases close under it. */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  pending(): { name: string; requestedAt: string } | null {
    return readPending(this.dir);
  }

  /**
   * Checks the set and stages it; it is applied at the next start. Staging again replaces the choice.
   * Throws NOT_FOUND for an unknown name and DB_ERROR for a set whose copies fail their check.
   */
  stageRestore(name: string): RestoreStaged {
    const set = this.list().find((b) => b.name === name);
    if (!set) throw new MonadError('NOT_FOUND', `No backup named ${name}`);
    for (const file of FILES) {
      const verdict = verifyDatabaseFile(join(this.dir, name, file));
      if (!verdict.ok) throw new MonadError('DB_ERROR', `The backup ${name} cannot be used: ${file} is damaged (${verdict.problem})`);
    }
    writeFileAtomic(join(this.dir, PENDING), `${JSON.stringify({ name, requestedAt: this.d.now().toISOString() })}\n`);
    return {
      name,
      restartRequired: true,
      message: `The backup from ${set.createdAt} will be restored when Monad next starts. Restart Monad (and stop any \`monad serve\` on this home) to finish.`,
    };
  }

  private async build(reason: BackupInfo['reason']): Promise<BackupInfo> {
    mkdirPrivate(this.dir);
    const createdAt = this.d.now();
    const name = uniqueName(this.dir, createdAt);
    const tmp = join(this.dir, `${PARTIAL}${name}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirPrivate(tmp);
    try {
      const files: BackupInfo['files'] = [];
      for (const [file, db] of [['app.sqlite', this.d.appDb], ['memory.sqlite', this.d.memoryDb]] as const) {
        const dest = join(tmp, file);
        // The backup API creates a missing destination 0644; it keeps the mode of one that exists.
        ensurePrivateFile(dest);
        await db.backup(dest);
        if (this.stopped) throw new MonadError('CANCELLED', 'The engine closed during the backup');
        let schemaVersion: number;
        try {
          schemaVersion = sealCopy(dest);
        } catch (err) {
          if ((err instanceof MonadError && err.code === 'DB_ERROR') || isCorruption(err)) this.d.onCopyChecked?.(file, false, createdAt);
          throw err;
        }
        this.d.onCopyChecked?.(file, true, createdAt);
        fsyncFile(dest); // durable before the set is published by the rename below
        files.push({ file, bytes: statSync(dest).size, schemaVersion });
      }
      // The facts, identity files and settings, taken right after the databases (backup-home-files.ts).
      const homeFiles = copyHomeFiles(this.d.paths, tmp);
      if (this.stopped) throw new MonadError('CANCELLED', 'The engine closed during the backup');
      const info: BackupInfo = { name, createdAt: createdAt.toISOString(), reason, files, homeFiles };
      writeManifest(tmp, { format: 'monad-backup', version: 2, ...info });
      renameSync(tmp, join(this.dir, name));
      fsyncDir(this.dir);
      this.prune();
      return info;
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      if (this.stopped) throw new MonadError('CANCELLED', 'The engine closed during the backup');
      throw storageError(err) ?? err;
    }
  }

  /** Keeps the newest `keep` sets, and always the one a pending restore names. */
  private prune(): void {
    const keep = this.d.keep ?? BACKUP_KEEP;
    const pinned = this.pending()?.name;
    for (const old of this.list().slice(keep)) {
      if (old.name === pinned) continue;
      rmSync(join(this.dir, old.name), { recursive: true, force: true });
    }
  }
}

function readPending(dir: string): { name: string; requestedAt: string } | null {
  try {
    const p = JSON.parse(readFileSync(join(dir, PENDING), 'utf8')) as { name?: unknown; requestedAt?: unknown };
    return typeof p.name === 'string' ? { name: p.name, requestedAt: String(p.requestedAt ?? '') } : null;
  } catch {
    return null;
  }
}

/**
 * Applies a staged restore. Called by the engine before it opens either database, which is why restore
 * needs a restart: at that point no handle, prepared statement, running turn or consolidation holds the
 * old files, so swapping them cannot tear a transaction or leave a layer reading a file that is gone.
 *
 * It is not applied while another process (the app, `monad serve`, a command) has either database open:
 * that process would keep writing into the moved-aside files. The marker then waits for a later start.
 *
 * Steps, each crash-safe: the set's copies are written beside the live files (temp + fsync), the current
 * files (with their -wal/-shm) are moved into `.replacing-<stamp>/`, the copies are renamed in, and only
 * then is the marker removed; a crash before that repeats the restore on the next start. Finally the
 * moved-aside files are sealed into a normal backup set (reason "before-restore"), so a restore can itself be undone from the same list.
 */
export function applyPendingRestore(paths: HomePaths, now: () => Date): Notice | null {
  const dir = backupsDir(paths.root);
  const pending = readPending(dir);
  const markerPath = join(dir, PENDING);
  if (!pending) {
    rmSync(markerPath, { force: true }); // an unreadable marker names nothing to restore
    return null;
  }
  const at = now().toISOString();
  const setDir = join(dir, pending.name);
  const problems = NAME_RE.test(pending.name)
    ? FILES.map((f) => ({ f, v: verifyDatabaseFile(join(setDir, f)) })).filter((x) => !x.v.ok)
    : [{ f: 'name', v: { ok: false as const, problem: 'not a backup name' } }];
  if (problems.length) {
    rmSync(markerPath, { force: true });
    return {
      level: 'error',
      code: 'restore-failed',
      message: `The restore of backup ${pending.name} was not applied: ${problems.map((p) => `${p.f}: ${'problem' in p.v ? p.v.problem : ''}`).join('; ')}. Nothing was changed.`,
      at,
    };
  }

  if (heldByAnotherConnection(paths.appDb) || heldByAnotherConnection(paths.memoryDb)) {
    return {
      level: 'warning',
      code: 'restore-pending',
      message: `Backup ${pending.name} is waiting to be restored, but another Monad process (the app, \`monad serve\` or a command) has the databases open. Close it, then start Monad again.`,
      at,
    };
  }
  const replacedName = uniqueName(dir, now());
  const replacing = join(dir, `${REPLACING}${replacedName}`);
  mkdirPrivate(replacing);
  const live: Record<DbFile, string> = { 'app.sqlite': paths.appDb, 'memory.sqlite': paths.memoryDb };
  // Copy first (the slow part), then swap by renames: the live files are missing only between two
  // renames. A crash anywhere before the marker is removed repeats the whole restore on the next start.
  mkdirPrivate(paths.db);
  const staged = FILES.map((file) => ({ file, tmp: stageDurableCopy(join(setDir, file), live[file]) }));
  // The home's files come back with the databases they belong with; a set made before they were carried
  // leaves them as they are (and the notice says so).
  const withFiles = setCarriesHomeFiles(setDir);
  const homeStaging = join(paths.root, '.restoring-home');
  if (withFiles) stageHomeFiles(paths, setDir, homeStaging);
  for (const file of FILES) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) {
      if (existsSync(live[file] + suffix)) renameSync(live[file] + suffix, join(replacing, file + suffix));
    }
  }
  for (const { file, tmp } of staged) renameSync(tmp, live[file]);
  fsyncDir(paths.db);
  if (withFiles) swapHomeFiles(paths, homeStaging, replacing);
  rmSync(markerPath, { force: true });
  fsyncDir(dir);

  let kept = `the previous databases were kept in ${replacing}`;
  try {
    const files: BackupInfo['files'] = [];
    for (const file of FILES) {
      const p = join(replacing, file);
      if (!existsSync(p)) continue;
      const schemaVersion = sealCopy(p);
      for (const suffix of ['-wal', '-shm']) rmSync(p + suffix, { force: true });
      fsyncFile(p);
      files.push({ file, bytes: statSync(p).size, schemaVersion });
    }
    const homeFiles = { count: 0, bytes: 0 };
    for (const rel of listCarried(join(replacing, HOME_FILES_DIR), carriedRoots(paths))) {
      homeFiles.count++;
      homeFiles.bytes += statSync(join(replacing, HOME_FILES_DIR, ...rel.split('/'))).size;
    }
    writeManifest(replacing, { format: 'monad-backup', version: 2, name: replacedName, createdAt: at, reason: 'before-restore', files, homeFiles });
    renameSync(replacing, join(dir, replacedName));
    fsyncDir(dir);
    kept = `what was there before is kept as backup ${replacedName}`;
  } catch {
    // The previous files stay in .replacing-… untouched; the notice says where.
  }
  const scope = withFiles
    ? 'the databases, your facts, identity files and settings'
    : 'the databases (this backup was made by an older Monad and holds no facts files, identity files or settings: those were left as they were)';
  return { level: 'info', code: 'restore-applied', message: `Restored the backup from ${pending.name}: ${scope}; ${kept}.`, at };
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
