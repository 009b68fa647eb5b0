// What the person said no to in the Inbox, remembered as a fingerprint of (kind, scope, normalised text):
// a rejected proposal is never made again in the same form, whichever layer would make it. Normalised as
// fact ids are (case, spacing, Unicode form, trailing punctuation), so "Likes tea." and "likes tea" are
// the same proposal; another scope or another kind of change is a different one.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { normalizeFact } from '../facts/fact-id';

/** The kinds of change a fingerprint tells apart: a fact remembered, changed or forgotten; a merge; a graph or law change; a correction carried to another layer (cross-layer/). */
export type ProposalKind = 'record' | 'update' | 'delete' | 'merge' | 'graph' | 'law' | 'held' | 'link';

export function proposalFingerprint(kind: ProposalKind, scope: string, text: string): string {
  return createHash('sha256').update(`${kind}\u0000${scope}\u0000${normalizeFact(text)}`).digest('hex').slice(0, 32);
}

export class InboxRejections {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  remember(kind: ProposalKind, scope: string, text: string): void {
    this.db
      .prepare(`INSERT INTO inbox_rejection (fingerprint, kind, scope, text, rejected_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (fingerprint) DO NOTHING`)
      .run(proposalFingerprint(kind, scope, text), kind, scope, text, this.now().toISOString());
  }

  has(kind: ProposalKind, scope: string, text: string): boolean {
    return this.db.prepare(`SELECT 1 FROM inbox_rejection WHERE fingerprint = ?`).get(proposalFingerprint(kind, scope, text)) !== undefined;
  }
}
