// The home directory layout (DESIGN.md "Home directory"). Every path the engine touches comes from here.
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

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
    logs: join(abs, 'logs'),
    bin: join(abs, 'bin'),
  };
}

export function ensureHome(paths: HomePaths): void {
  for (const dir of [paths.root, paths.core, paths.agents, paths.memory, paths.db, paths.logs]) {
    mkdirSync(dir, { recursive: true });
  }
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
