// The static core: identity files people write themselves, injected verbatim into the system prompt.
//   core/USER.md                  who the person is (every agent)
//   agents/<id>/SOUL.md           the agent's character
//   agents/<id>/AGENTS.md         the agent's working instructions (AGENT.md accepted too)
//   <workspace>/AGENTS.md         a project's instructions, for sessions with that workspace
// Read fresh on each turn (cheap: stat + cached content), so edits apply without a restart.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { isValidId } from '../../../shared/config';
import type { CoreFileKind, CoreFileView } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { IdentityWarning, IdentityWarningDetails } from '../../../shared/identity-warnings';
import { writeFileAtomic } from '../../fs/atomic-write';
import { mkdirPrivate, PRIVATE_FILE_MODE } from '../../fs/private-mode';
import type { HomePaths } from '../../home';
import { checkIdentityText } from './identity-check';
import { IdentityOrigins } from './identity-origins';

/** Identity files are read on every turn; a huge one would swamp the context window. */
export const MAX_CORE_FILE_BYTES = 256 * 1024;
/** Warnings listed in a refusal; a long file can hold hundreds, and the first ones make the point. */
const MAX_LISTED_WARNINGS = 50;
/** A new file in a project folder gets the usual mode of a project file (the umask still applies). */
const WORKSPACE_FILE_MODE = 0o644;

export interface CoreBlock {
  kind: CoreFileKind;
  path: string;
  content: string;
  /** The bytes came from an import (accepted by the person, never edited since): quoted, not trusted. */
  imported: boolean;
}

export class IdentityFiles {
  private cache = new Map<string, { mtimeMs: number; size: number; content: string | null; error: string | null }>();

  readonly origins: IdentityOrigins;

  constructor(private readonly paths: HomePaths) {
    this.origins = new IdentityOrigins(paths.identityOrigins);
  }

  pathOf(kind: CoreFileKind, agentId?: string, workspace?: string | null): string {
    switch (kind) {
      case 'user':
        return join(this.paths.core, 'USER.md');
      case 'soul':
        return join(this.paths.agents, requireAgent(agentId), 'SOUL.md');
      case 'agents': {
        const dir = join(this.paths.agents, requireAgent(agentId));
        const alt = join(dir, 'AGENT.md');
        return !existsSync(join(dir, 'AGENTS.md')) && existsSync(alt) ? alt : join(dir, 'AGENTS.md');
      }
      case 'workspace': {
        if (!workspace) throw new MonadError('BAD_INPUT', 'This session has no workspace folder');
        const alt = join(workspace, 'AGENT.md');
        return !existsSync(join(workspace, 'AGENTS.md')) && existsSync(alt) ? alt : join(workspace, 'AGENTS.md');
      }
    }
  }

  view(kind: CoreFileKind, agentId?: string, workspace?: string | null): CoreFileView {
    const path = this.pathOf(kind, agentId, workspace);
    const r = this.load(path);
    let mtimeMs: number | null = null;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      mtimeMs = null;
    }
    return { kind, path, exists: mtimeMs !== null, content: r.content ?? '', mtimeMs, error: r.error };
  }

  /**
   * Saves a file the person edited. `expectedMtimeMs` is what they loaded: if the file changed on disk
   * since, the save is refused (CONFLICT) instead of overwriting someone else's edit.
   *
   * The text is saved as it is, but a save holding a value from the secret store (`knownSecrets`),
   * something shaped like a secret or an instruction-shaped line is refused with CONFIRM_REQUIRED and
   * the warnings (identity-check.ts) unless `confirm` says the person saw them and saves anyway.
   */
  write(
    kind: CoreFileKind,
    content: string,
    opts: { agentId?: string; workspace?: string | null; expectedMtimeMs?: number | null; confirm?: boolean; knownSecrets?: readonly string[] },
  ): CoreFileView {
    const path = this.pathOf(kind, opts.agentId, opts.workspace);
    if (Buffer.byteLength(content) > MAX_CORE_FILE_BYTES) throw new MonadError('BAD_INPUT', `Identity files are at most ${MAX_CORE_FILE_BYTES / 1024} KB`);
    if (opts.expectedMtimeMs !== undefined) {
      let current: number | null = null;
      try {
        current = statSync(path).mtimeMs;
      } catch {
        current = null;
      }
      if (current !== opts.expectedMtimeMs) {
        throw new MonadError('CONFLICT', `${path} changed on disk since you opened it. Reload it, then apply your edit again.`);
      }
    }
    if (!opts.confirm) {
      const warnings = checkIdentityText(content, opts.knownSecrets ?? []);
      if (warnings.length) throw confirmRequired(basename(path), warnings);
    }
    const inHome = isInside(this.paths.root, path);
    if (inHome) mkdirPrivate(dirname(path));
    else mkdirSync(dirname(path), { recursive: true });
    // In the home: owner-only like everything there. A project's AGENTS.md is the person's project file
    // and keeps the mode it has.
    writeFileAtomic(path, content, { mode: inHome ? PRIVATE_FILE_MODE : modeOf(path) ?? WORKSPACE_FILE_MODE });
    this.cache.delete(path);
    // Saved by the person: from now on the file is theirs, whatever it held before.
    this.origins.forget(path);
    return this.view(kind, opts.agentId, opts.workspace);
  }

  /** The blocks for a turn, in prompt order. Unreadable files are skipped and reported, never injected. */
  blocksFor(agentId: string, workspace: string | null, onProblem: (path: string, error: string) => void): CoreBlock[] {
    const kinds: { kind: CoreFileKind; path: string }[] = [
      { kind: 'soul', path: this.pathOf('soul', agentId) },
      { kind: 'agents', path: this.pathOf('agents', agentId) },
      { kind: 'user', path: this.pathOf('user') },
    ];
    if (workspace) kinds.push({ kind: 'workspace', path: this.pathOf('workspace', agentId, workspace) });
    const out: CoreBlock[] = [];
    for (const k of kinds) {
      const r = this.load(k.path);
      if (r.error) onProblem(k.path, r.error);
      if (r.content && r.content.trim()) out.push({ kind: k.kind, path: k.path, content: r.content.trim(), imported: this.origins.isImported(k.path, r.content) });
    }
    return out;
  }

  private load(path: string): { content: string | null; error: string | null } {
    let st;
    try {
      st = statSync(path);
    } catch {
      return { content: null, error: null };
    }
    const hit = this.cache.get(path);
    if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit;
    let entry: { mtimeMs: number; size: number; content: string | null; error: string | null };
    if (!st.isFile()) entry = { mtimeMs: st.mtimeMs, size: st.size, content: null, error: 'not a regular file' };
    else if (st.size > MAX_CORE_FILE_BYTES) entry = { mtimeMs: st.mtimeMs, size: st.size, content: null, error: `larger than ${MAX_CORE_FILE_BYTES / 1024} KB; not injected` };
    else {
      const buf = readFileSync(path);
      entry = looksBinary(buf)
        ? { mtimeMs: st.mtimeMs, size: st.size, content: null, error: 'contains binary data; not injected' }
        : { mtimeMs: st.mtimeMs, size: st.size, content: buf.toString('utf8').replace(/^\uFEFF/, ''), error: null };
    }
    this.cache.set(path, entry);
    return entry;
  }
}

function confirmRequired(name: string, warnings: IdentityWarning[]): MonadError {
  const details: IdentityWarningDetails = { warnings: warnings.slice(0, MAX_LISTED_WARNINGS), omitted: Math.max(0, warnings.length - MAX_LISTED_WARNINGS) };
  const first = warnings.slice(0, 3).map((w) => {
    const where = w.endLine > w.line ? `lines ${w.line}–${w.endLine}` : `line ${w.line}`;
    return w.kind === 'instruction' ? `${where} reads like an instruction to the assistant` : `${where} holds ${w.what}${w.last4 ? ` ending in …${w.last4}` : ''}`;
  });
  const more = warnings.length > 3 ? `, and ${warnings.length - 3} more` : '';
  return new MonadError(
    'CONFIRM_REQUIRED',
    `${name} was not saved: ${first.join('; ')}${more}. It is sent to the model word for word. Edit it, or save again confirming you want it as it is.`,
    details,
  );
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function modeOf(path: string): number | null {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return null;
  }
}

function requireAgent(agentId: string | undefined): string {
  if (!agentId || !isValidId(agentId)) throw new MonadError('BAD_INPUT', 'An agent id is required for this file');
  return agentId;
}

/** NUL bytes or invalid UTF-8 mean this is not a text file a person wrote. */
function looksBinary(buf: Buffer): boolean {
  if (buf.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return false;
  } catch {
    return true;
  }
}
