// Identity files in the history of memory (issue 15): every save (and removal) of USER.md, SOUL.md,
// AGENTS.md and a project's AGENTS.md is one journal entry holding the text before and after, and its
// undo writes the text before back (or removes a file the save created).
import { basename } from 'node:path';
import type { CoreFileKind } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import { projectKeyFor } from '../../conversations/session-store';
import type { MemoryJournal } from '../journal/journal';
import { agentScope, projectScope } from '../scope';
import type { IdentityFiles, IdentitySave } from './identity-files';

/** An identity file in a journal entry's before/after. */
export interface IdentitySnapshot {
  kind: CoreFileKind;
  agentId: string | null;
  workspace: string | null;
  path: string;
  /** null: there was no file. */
  content: string | null;
  /** The file existed but could not be kept (too large, not text). */
  unknown?: boolean;
}

/** The memory scope an identity file belongs to: USER.md is everyone's, SOUL/AGENTS.md an agent's, a project's its own. */
export function identityScope(s: Pick<IdentitySave, 'kind' | 'agentId' | 'workspace'>): string | null {
  if (s.kind === 'user') return 'global';
  if (s.kind === 'workspace') return s.workspace ? projectScope(projectKeyFor(s.workspace)) : null;
  return s.agentId ? agentScope(s.agentId) : null;
}

export function journalIdentitySaves(identity: IdentityFiles, journal: MemoryJournal): void {
  identity.onSaved((s) => {
    const name = basename(s.path);
    const common = { kind: s.kind, agentId: s.agentId, workspace: s.workspace, path: s.path };
    journal.append({
      layer: 'identity',
      action: 'identity.saved',
      scope: identityScope(s),
      item: `identity:${s.path}`,
      actor: s.by.actor,
      source: s.by.source ?? null,
      before: { ...common, content: s.before, ...(s.beforeUnknown ? { unknown: true } : {}) } satisfies IdentitySnapshot,
      after: { ...common, content: s.after } satisfies IdentitySnapshot,
      summary: s.after === null ? `Removed ${name}` : s.before === null && !s.beforeUnknown ? `Created ${name}` : `Saved ${name}`,
    });
  });

  journal.registerUndo('identity.saved', (e) => {
    const b = e.before as IdentitySnapshot;
    if (b.unknown) throw new MonadError('CONFLICT', `${basename(b.path)} was too large or not text before this save, so no copy was kept; the save cannot be undone`);
    const opts = { agentId: b.agentId ?? undefined, workspace: b.workspace, by: { actor: 'person' as const } };
    if (b.content === null) identity.remove(b.kind, opts);
    // The text was the file's before; the person's undo is the go-ahead the save warnings ask for.
    else identity.write(b.kind, b.content, { ...opts, confirm: true });
  });
}
