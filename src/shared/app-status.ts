// The app's own health as the status view, `monad status` and notices show it: config, databases, backups.

export interface HealthItem {
  ok: boolean;
  path: string;
  error: string | null;
}

export interface AppStatus {
  app: { name: string; version: string };
  versions: { node: string; electron: string | null; chrome: string | null; sqlite: string };
  host: 'electron' | 'server' | 'cli';
  home: string;
  config: HealthItem & { lastGoodAt: string | null };
  db: HealthItem & { schemaVersion: number };
  secrets: { kind: 'safeStorage' | 'file'; encrypted: boolean; warning: string | null };
  /** Things the person must be told about this run: a damaged database restored, a restore applied or pending. */
  notices: Notice[];
}

export interface Notice {
  level: 'info' | 'warning' | 'error';
  code:
    | 'db-restored'
    | 'db-reset'
    | 'restore-applied'
    | 'restore-failed'
    | 'restore-pending'
    | 'backup-failed'
    /** Files or folders in the home were readable by other accounts and have been made owner-only. */
    | 'home-permissions-tightened'
    /** A memory task failed several times in a row (issue 18 §4): the notice offers the model self-test. */
    | 'memory-task-failing';
  message: string;
  at: string;
}

/** One backup set under <home>/backups/<name>/: both databases, copied with SQLite's online backup API. */
export interface BackupInfo {
  name: string;
  createdAt: string;
  reason: 'daily' | 'manual' | 'before-restore';
  files: { file: 'app.sqlite' | 'memory.sqlite'; bytes: number; schemaVersion: number }[];
  /** The facts, identity files and settings carried beside the databases; absent in sets made before issue 27. */
  homeFiles?: { count: number; bytes: number };
}

export interface RestoreStaged {
  name: string;
  /** Always true: a restore is applied when Monad next starts, before any database is opened. */
  restartRequired: true;
  message: string;
}
