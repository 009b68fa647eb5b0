// The home directory layout (DESIGN.md "Home directory"). Every path the engine touches comes from here.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Notice } from '../shared/domain';
import { mkdirPrivate, tightenTree } from './fs/private-mode';

export interface HomePaths {
  root: string;
  config: string;
  secrets: string;
  core: string;
  agents: string;
  memory: string;
  db: string;
  appDb: string;
  memoryDb: string;
  /** Which identity files hold bytes taken from an import (memory/core/identity-origins.ts). */
  identityOrigins: string;
  /** Files sent with messages, each named by its sha256 (issue 29 §1). */
  attachments: string;
  logs: string;
  bin: string;
}

export function homePaths(root: string): HomePaths {
  const abs = resolve(root);
  return {
    root: abs,
    config: join(abs, 'config.json'),
    secrets: join(abs, 'secrets.json'),
    core: join(abs, 'core'),
    agents: join(abs, 'agents'),
    memory: join(abs, 'memory'),
    db: join(abs, 'db'),
    appDb: join(abs, 'db', 'app.sqlite'),
    memoryDb: join(abs, 'db', 'memory.sqlite'),
    identityOrigins: join(abs, 'db', 'identity-origins.json'),
    attachments: join(abs, 'attachments'),
    logs: join(abs, 'logs'),
    bin: join(abs, 'bin'),
  };
}

/** Creates the home and its folders owner-only (fs/private-mode.ts says why). */
export function ensureHome(paths: HomePaths): void {
  // The folder the home sits in (~/.config…) is the person's, with their usual modes.
  mkdirSync(dirname(paths.root), { recursive: true });
  for (const dir of [paths.root, paths.core, paths.agents, paths.memory, paths.db, paths.logs]) mkdirPrivate(dir);
}

/** What Monad itself keeps in the home; the desktop host's Chromium profile shares the folder. */
const MONAD_ENTRIES = new Set(['.', 'config.json', 'secrets.json', 'core', 'agents', 'memory', 'db', 'backups', 'logs', 'bin', 'attachments']);
/** Folders whose contents another program writes with its own modes (mem0's library, the qdrant process). */
const WRITTEN_BY_OTHERS = ['memory/mem0/', 'db/qdrant/'];
/** How many paths the notice names; the rest are counted. */
const NOTICE_PATHS = 5;

/**
 * Takes group/other permissions off everything in the home (a home made by an older Monad had 0755
 * folders and 0644 files). Returns a notice when any of Monad's own files or folders had to change, so
 * the person hears it once: the next start finds nothing to change and says nothing. Files other programs
 * keep here (Chromium's profile, what mem0 and qdrant write in their folders) are tightened quietly, or
 * every start would repeat the notice for files Monad does not create. Nothing to do on Windows.
 */
export function tightenHome(paths: HomePaths, now: () => Date, platform: NodeJS.Platform = process.platform): Notice | null {
  const { changed } = tightenTree(paths.root, platform);
  const own = changed.filter((p) => MONAD_ENTRIES.has(p.split('/')[0]) && !WRITTEN_BY_OTHERS.some((dir) => p.startsWith(dir)));
  if (!own.length) return null;
  const named = own.slice(0, NOTICE_PATHS).map((p) => (p === '.' ? 'the home folder' : p));
  const more = own.length > NOTICE_PATHS ? ` and ${own.length - NOTICE_PATHS} more` : '';
  return {
    level: 'warning',
    code: 'home-permissions-tightened',
    message:
      `Other accounts on this computer could read part of Monad's home (${paths.root}). ` +
      `Its files and folders are now readable by you only: ${named.join(', ')}${more}.`,
    at: now().toISOString(),
  };
}

/**
 * The OS-conventional home, matching Electron's `app.getPath('userData')` for an app named "Monad",
 * so the desktop app, `monad serve` and the CLI share one home by default.
 */
export function defaultHome(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.MONAD_HOME) return resolve(env.MONAD_HOME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Monad');
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Monad');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Monad');
}
