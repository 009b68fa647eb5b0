// Identity files from an import (USER.md, SOUL.md, AGENTS.md) are never written by the import: they
// are system prompt, and a file someone sent you must not become your agent's instructions unseen.
// Each one waits here — in db/pending-identity.json, so it survives a restart — until the person has
// seen the diff against the current file (instruction-shaped lines and redacted secrets flagged) and
// accepts or dismisses it. Accepting writes the cleaned text and records it as imported, so the prompt
// keeps quoting it as data until the person edits it (memory/core/identity-origins.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { idSchema } from '../../shared/config';
import type { IdentityDiffLine, PendingIdentityView } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { IdentityReviewPorts } from './transfer-ports';
import { writeFileAtomic } from '../fs/atomic-write';
import { MAX_CORE_FILE_BYTES } from '../memory/core/identity-files';
import { sanitizeFact } from '../memory/facts/sanitize';
import { PLACEHOLDER } from '../memory/facts/sanitize-secrets';
import { diffLines, splitLines } from './line-diff';

export type IdentityFile = PendingIdentityView['file'];

/** The identity files an archive may carry, by their path in the archive (relative to the home). */
const ARCHIVE_PATH = /^(?:core\/USER\.md|agents\/([^/]+)\/(SOUL|AGENTS|AGENT)\.md)$/;

export function identityTarget(rel: string): { file: IdentityFile; agentId: string | null } | null {
  const m = ARCHIVE_PATH.exec(rel);
  if (!m) return null;
  if (!m[1]) return { file: 'user', agentId: null };
  if (!idSchema.safeParse(m[1]).success) return null;
  return { file: m[2] === 'SOUL' ? 'soul' : 'agents', agentId: m[1] };
}

const itemSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  file: z.enum(['user', 'soul', 'agents']),
  agentId: idSchema.nullable(),
  content: z.string().max(MAX_CORE_FILE_BYTES),
  source: z.string().max(300),
  importedAt: z.string().max(64),
  cleaned: z.object({ redactions: z.number().int().min(0), strippedChars: z.number().int().min(0) }),
});
export type PendingIdentity = z.infer<typeof itemSchema>;
const fileSchema = z.object({ version: z.literal(1), items: z.array(itemSchema).max(1000) });

export function pendingId(file: IdentityFile, agentId: string | null, content: string): string {
  return createHash('sha256').update(`${file}\0${agentId ?? ''}\0${content}`).digest('hex').slice(0, 24);
}

export class IdentityReview {
  readonly path: string;

  constructor(private readonly engine: IdentityReviewPorts) {
    this.path = join(engine.paths.db, 'pending-identity.json');
  }

  /** Adds (or replaces: one pending item per target file) the items an import produced. */
  stage(items: PendingIdentity[]): void {
    if (!items.length) return;
    const all = this.read().filter((x) => !items.some((n) => n.file === x.file && n.agentId === x.agentId));
    this.write([...all, ...items]);
  }

  /** What the target file holds now; `null` content when it does not exist. */
  current(file: IdentityFile, agentId: string | null): { path: string; content: string | null; mtimeMs: number | null } {
    const view = this.engine.facts.identity.view(file, agentId ?? undefined);
    return { path: view.path, content: view.exists ? view.content : null, mtimeMs: view.mtimeMs };
  }

  list(): PendingIdentityView[] {
    return this.read().map((item) => this.view(item));
  }

  accept(id: string, expectedMtimeMs?: number | null): { path: string; pending: PendingIdentityView[] } {
    const item = this.find(id);
    // The person's review was of the file as it was then: a change since must be seen first.
    // The review itself is the save warning (flagged lines were shown, and confirmed in the app), so the
    // write is confirmed.
    const view = this.engine.facts.identity.write(item.file, item.content, {
      agentId: item.agentId ?? undefined,
      expectedMtimeMs,
      confirm: true,
      // The person's save of text an import brought.
      by: { actor: 'person', source: { via: 'import' } },
    });
    this.engine.facts.identity.origins.markImported(view.path, item.content, this.engine.now());
    this.write(this.read().filter((x) => x.id !== id));
    return { path: view.path, pending: this.list() };
  }

  dismiss(id: string): { pending: PendingIdentityView[] } {
    this.find(id);
    this.write(this.read().filter((x) => x.id !== id));
    return { pending: this.list() };
  }

  private find(id: string): PendingIdentity {
    const item = this.read().find((x) => x.id === id);
    if (!item) throw new MonadError('NOT_FOUND', 'That identity file is no longer waiting for review (accepted or dismissed already?)');
    return item;
  }

  private view(item: PendingIdentity): PendingIdentityView {
    const cur = this.current(item.file, item.agentId);
    const diff: IdentityDiffLine[] = diffLines(splitLines(cur.content ?? ''), splitLines(item.content)).map((d) => {
      if (d.op === 'remove') return { ...d, flags: [], reason: null };
      return { ...d, ...flagsOf(d.text) };
    });
    return {
      id: item.id,
      file: item.file,
      agentId: item.agentId,
      path: relative(this.engine.paths.root, cur.path).split('\\').join('/'),
      importedAt: item.importedAt,
      source: item.source,
      incoming: item.content,
      current: { exists: cur.content !== null, content: cur.content ?? '', mtimeMs: cur.mtimeMs },
      diff,
      flagged: {
        instruction: diff.filter((d) => d.flags.includes('instruction')).length,
        secret: diff.filter((d) => d.flags.includes('secret')).length,
      },
      cleaned: item.cleaned,
    };
  }

  private read(): PendingIdentity[] {
    if (!existsSync(this.path)) return [];
    try {
      return fileSchema.parse(JSON.parse(readFileSync(this.path, 'utf8'))).items;
    } catch (err) {
      // A damaged list must not silently drop what waits for review, nor let it be written unseen.
      throw new MonadError('CONFLICT', `${this.path} cannot be read (${(err as Error).message}); move it aside to continue.`);
    }
  }

  private write(items: PendingIdentity[]): void {
    writeFileAtomic(this.path, `${JSON.stringify({ version: 1, items }, null, 1)}\n`, { mode: 0o600 });
  }
}

/** Why an imported line deserves a second look: it reads as an instruction, or a secret was redacted in it. */
function flagsOf(line: string): { flags: IdentityDiffLine['flags']; reason: string | null } {
  const flags: IdentityDiffLine['flags'] = [];
  let reason: string | null = null;
  const text = line.replace(/^\s*(?:[-*+]\s+|#{1,6}\s+|>\s*)/, '').trim();
  if (text) {
    const verdict = sanitizeFact(text);
    if (!verdict.ok) {
      flags.push('instruction');
      reason = verdict.reason;
    }
  }
  PLACEHOLDER.lastIndex = 0;
  if (PLACEHOLDER.test(line)) flags.push('secret');
  PLACEHOLDER.lastIndex = 0;
  return { flags, reason };
}
