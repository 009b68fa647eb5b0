// The engine's two databases opened at start-up (app.sqlite, memory.sqlite): each through its migrations,
// recovered from the newest good backup when it cannot be opened, and checked as much as its last run
// gives reason to (db/open-checks.ts). Kept apart from engine.ts, which wires the parts that use them.
import type { Database } from 'better-sqlite3';
import type { AppStatus, Notice } from '../shared/domain';
import { backupFilesFor, backupsDir } from './db/backup';
import { appMigrations } from './db/migrations/app';
import { memoryMigrations } from './db/migrations/memory';
import { openDatabase } from './db/open';
import { OpenChecks, type CheckReport } from './db/open-checks';
import type { HomePaths } from './home';

export interface EngineDatabaseDeps {
  paths: HomePaths;
  host: AppStatus['host'];
  now: () => Date;
  /** A database recovered from a backup, or another thing the person must be told. */
  onNotice: (n: Notice) => void;
  /** What the start-up check of each file ran, and why. */
  onChecked: (report: CheckReport) => void;
}

/** Opens both databases, or closes what it opened and throws. */
export function openEngineDatabases(d: EngineDatabaseDeps): { appDb: Database; memoryDb: Database; checks: OpenChecks } {
  let appDb: Database;
  let memoryDb: Database;
  const recover = (file: 'app.sqlite' | 'memory.sqlite') => ({
    backupFiles: () => backupFilesFor(backupsDir(d.paths.root), file),
    now: d.now,
    onNotice: d.onNotice,
  });
  // A full quick_check only when the file has a reason to be doubted (db/open-checks.ts).
  const checks = OpenChecks.begin(d.paths.db, d.now, d.host);
  const check = (file: 'app.sqlite' | 'memory.sqlite') => ({
    ...checks.plan(file),
    onChecked: (r: Omit<CheckReport, 'file'>) => {
      const report = { file, ...r };
      d.onChecked(report);
      checks.opened(report);
    },
  });
  try {
    appDb = openDatabase(d.paths.appDb, appMigrations, 'db/app.sqlite', recover('app.sqlite'), check('app.sqlite'));
  } catch (err) {
    checks.abandon();
    throw err;
  }
  try {
    memoryDb = openDatabase(d.paths.memoryDb, memoryMigrations, 'db/memory.sqlite', recover('memory.sqlite'), check('memory.sqlite'));
  } catch (err) {
    appDb.close();
    checks.abandon();
    throw err;
  }
  checks.settle();
  return { appDb, memoryDb, checks };
}
