// What exactly a tool server runs as, and where. Secrets and "Always in this chat" approvals are given to
// one launch, not to a server's id or its command name: the same `python3` with other arguments, another
// working directory or other environment values is another program, and must not inherit what the person
// entrusted to the first (issue 26 §3). A stdio server started without a working directory runs in a fresh
// empty folder outside Monad's home, never in the home, where secrets.json and the memory live.
import { createHash } from 'node:crypto';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { McpServer } from '../../shared/config';
import { MonadError } from '../../shared/errors';

/**
 * A digest of everything that decides what runs: the transport kind, and for a program its command,
 * arguments, working directory and non-secret environment (names and values); for a web address the
 * whole URL. Secret values are left out (they are what is being bound); so are secret names, so adding a
 * secret does not orphan the others.
 */
export function launchFingerprint(server: McpServer): string {
  const t = server.transport;
  const what =
    t.kind === 'stdio'
      ? {
          kind: 'stdio',
          command: t.command,
          args: t.args,
          cwd: t.cwd ?? null,
          env: t.env
            .filter((v) => !v.secret)
            .map((v) => [v.name, v.value])
            .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
        }
      : { kind: 'http', url: t.url };
  return createHash('sha256').update(JSON.stringify(what)).digest('hex');
}

/** The key "Always in this chat" approvals are stored under: the server and the launch they were given for. */
export function approvalScope(server: McpServer): string {
  return `${server.id}#${launchFingerprint(server).slice(0, 32)}`;
}

/** The path with symlinks resolved as far as it exists (a folder not yet created is compared as written). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

export function isInside(path: string, root: string): boolean {
  const rel = relative(real(root), real(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Refuses a working directory inside Monad's home: a server started there reads secrets.json and the
 * memory files by their relative names, without anyone having given it the path.
 */
export function checkWorkingDir(cwd: string | undefined, homeRoot: string, serverName: string): void {
  if (cwd === undefined) return;
  if (!isAbsolute(cwd)) throw new MonadError('BAD_INPUT', `The working directory of "${serverName}" must be a full path (it is "${cwd}"); choose a folder such as your projects folder`);
  if (isInside(cwd, homeRoot)) {
    throw new MonadError('BAD_INPUT', `The working directory of "${serverName}" is inside Monad's home folder, where its keys and memory are kept; choose another folder, or leave it empty for a fresh empty one`);
  }
}

/**
 * A fresh, empty, owner-only folder for one server that names no working directory. mkdtemp creates it
 * with a random name and mode 0700 in one step, so another local user cannot plant it or a link in its place.
 */
export class NeutralWorkDir {
  private path: string | null = null;

  constructor(private readonly homeRoot: string) {}

  get(): string {
    if (this.path) return this.path;
    const dir = mkdtempSync(join(tmpdir(), 'monad-tool-'));
    // A TMPDIR pointed into the home would defeat the point: say so rather than start the server there.
    if (isInside(dir, this.homeRoot)) {
      rmSync(dir, { recursive: true, force: true });
      throw new MonadError('CONFLICT', `The temporary folder (${tmpdir()}) is inside Monad's home; tool servers are not started there. Set TMPDIR to a folder outside it, or give the server a working directory`);
    }
    this.path = dir;
    return dir;
  }

  /** Removes the folder and what the server left in it (the server has stopped). */
  dispose(): void {
    if (!this.path) return;
    rmSync(this.path, { recursive: true, force: true });
    this.path = null;
  }
}
