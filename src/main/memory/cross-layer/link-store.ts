// The proposals a correction in one layer makes to another (table correction_link, migration 15): made
// once per (kind, scope, target, text) while pending, never again in a form the person rejected
// (inbox/rejections.ts), and decided once.
import type { Database } from 'better-sqlite3';
import { MonadError } from '../../../shared/errors';
import type { InboxRejections } from '../inbox/rejections';

export type LinkKind = 'fact.forget' | 'fact.edit' | 'relation.retract' | 'relation.edit';
export type LinkStatus = 'pending' | 'approved' | 'rejected' | 'stale';

export interface CorrectionLink {
  id: number;
  kind: LinkKind;
  /** The fact's scope, or the relation's. */
  scope: string;
  /** "fact:<id>" or "edge:<id>". */
  target: string;
  /** What would change, as it read when proposed. */
  targetText: string;
  /** What would be written: the new text of an edit (a relation's: its new sentence); for a forget or a retraction, the target's text. */
  text: string;
  /** A relation edit's new relation words ("works in"); else null. */
  relation: string | null;
  /** The journal entry of the correction this follows from. */
  causeEntry: number;
  /** That correction, in words ("You marked “Rui lives in Braga” as wrong"). */
  cause: string;
  basis: 'source' | 'words';
  sessionId: string | null;
  messageId: string | null;
  proposedAt: string;
  status: LinkStatus;
}

export type NewLink = Omit<CorrectionLink, 'id' | 'proposedAt' | 'status'>;

interface Row {
  id: number;
  kind: LinkKind;
  scope: string;
  target: string;
  target_text: string;
  text: string;
  relation: string | null;
  cause_entry: number;
  cause: string;
  basis: 'source' | 'words';
  session_id: string | null;
  message_id: string | null;
  proposed_at: string;
  status: LinkStatus;
}

const toLink = (r: Row): CorrectionLink => ({
  id: r.id,
  kind: r.kind,
  scope: r.scope,
  target: r.target,
  targetText: r.target_text,
  text: r.text,
  relation: r.relation,
  causeEntry: r.cause_entry,
  cause: r.cause,
  basis: r.basis,
  sessionId: r.session_id,
  messageId: r.message_id,
  proposedAt: r.proposed_at,
  status: r.status,
});

/** How a rejection is remembered: the kind of change and both texts, so "forget X" and "edit X to Y" differ. */
export function rejectionText(l: Pick<CorrectionLink, 'kind' | 'targetText' | 'text'>): string {
  return `${l.kind}\u0000${l.targetText}\u0000${l.text}`;
}

export class LinkStore {
  constructor(
    private readonly db: Database,
    private readonly rejections: InboxRejections,
    private readonly now: () => Date,
  ) {}

  /** Records a proposal; null when the same one is pending already or the person rejected it before. */
  propose(l: NewLink): number | null {
    if (this.rejections.has('link', l.scope, rejectionText(l))) return null;
    const r = this.db
      .prepare(
        `INSERT OR IGNORE INTO correction_link (kind, scope, target, target_text, text, relation, cause_entry, cause, basis, session_id, message_id, proposed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(l.kind, l.scope, l.target, l.targetText, l.text, l.relation, l.causeEntry, l.cause, l.basis, l.sessionId, l.messageId, this.now().toISOString());
    return r.changes ? Number(r.lastInsertRowid) : null;
  }

  pending(): CorrectionLink[] {
    return (this.db.prepare(`SELECT * FROM correction_link WHERE status = 'pending' ORDER BY id`).all() as Row[]).map(toLink);
  }

  get(id: number): CorrectionLink {
    const r = this.db.prepare(`SELECT * FROM correction_link WHERE id = ?`).get(id) as Row | undefined;
    if (!r) throw new MonadError('NOT_FOUND', `No proposal link:${id}. Use the ids \`monad inbox list\` shows.`);
    return toLink(r);
  }

  /** Decides a pending proposal; throws CONFLICT when it was decided already. */
  decide(id: number, status: Exclude<LinkStatus, 'pending'>): void {
    const changed = this.db.prepare(`UPDATE correction_link SET status = ?, decided_at = ? WHERE id = ? AND status = 'pending'`).run(status, this.now().toISOString(), id).changes;
    if (!changed) throw new MonadError('CONFLICT', `Proposal link:${id} was already decided`);
  }

  reject(l: CorrectionLink): void {
    this.decide(l.id, 'rejected');
    this.rejections.remember('link', l.scope, rejectionText(l));
  }
}
