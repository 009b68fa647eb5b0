// Changes a model wanted to make to facts the person asserted (issue 15 §3). What the person wrote
// outranks what a model derived: consolidation never merges a person's fact into other words on its own.
// It proposes the merge instead; the proposal waits in fact_proposal (memory migration 8) until the
// person applies it (then it is the person's merge, journaled as such) or dismisses it. A proposal whose
// facts have changed since is stale and no longer offered.
import type { Database } from 'better-sqlite3';
import type { FactProposal } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { JournalActor, JournalSource } from '../../../shared/journal';
import type { FactChangeBy, FactLedger } from './fact-ledger';
import type { FactOrigins } from './fact-origins';
import type { MemoryDir } from './memory-dir';
import type { InboxRejections } from '../inbox/rejections';

interface Row {
  id: number;
  scope: string;
  kind: 'merge';
  text: string;
  from_ids: string;
  from_texts: string;
  actor: JournalActor;
  source: string | null;
  proposed_at: string;
}

const toProposal = (r: Row): FactProposal => {
  const ids = JSON.parse(r.from_ids) as string[];
  const texts = JSON.parse(r.from_texts) as string[];
  return {
    id: r.id,
    scope: r.scope,
    kind: r.kind,
    text: r.text,
    from: ids.map((id, i) => ({ id, text: texts[i] })),
    actor: r.actor,
    source: r.source ? (JSON.parse(r.source) as JournalSource) : null,
    proposedAt: r.proposed_at,
  };
};

export class FactProposals {
  constructor(
    private readonly d: {
      db: Database;
      memory: MemoryDir;
      ledger: FactLedger;
      origins: FactOrigins;
      now: () => Date;
      /** What the person rejected in the Inbox: the same merge is not proposed again (issue 16 §3). */
      rejections?: InboxRejections;
    },
  ) {}

  /** Records a merge a model proposed; the same open proposal is not recorded twice. */
  proposeMerge(scope: string, text: string, from: readonly { id: string; text: string }[], by: FactChangeBy): void {
    const ids = JSON.stringify(from.map((f) => f.id));
    const open = this.d.db.prepare(`SELECT 1 FROM fact_proposal WHERE scope = ? AND kind = 'merge' AND text = ? AND from_ids = ? AND status = 'open'`).get(scope, text, ids);
    if (open) return;
    if (this.d.rejections?.has('merge', scope, text)) return;
    this.d.db
      .prepare(`INSERT INTO fact_proposal (scope, kind, text, from_ids, from_texts, actor, source, proposed_at) VALUES (?, 'merge', ?, ?, ?, ?, ?, ?)`)
      .run(scope, text, ids, JSON.stringify(from.map((f) => f.text)), by.actor, by.source ? JSON.stringify(by.source) : null, this.d.now().toISOString());
  }

  /** Open proposals (of one scope, or all), oldest first. Those whose facts changed since are set aside as stale. */
  list(scope?: string): FactProposal[] {
    const rows = (
      scope
        ? this.d.db.prepare(`SELECT * FROM fact_proposal WHERE status = 'open' AND scope = ? ORDER BY id`).all(scope)
        : this.d.db.prepare(`SELECT * FROM fact_proposal WHERE status = 'open' ORDER BY id`).all()
    ) as Row[];
    const out: FactProposal[] = [];
    for (const r of rows) {
      const p = toProposal(r);
      if (this.current(p)) out.push(p);
      else this.decide(p.id, 'stale');
    }
    return out;
  }

  /**
   * The person applies a proposed merge: the facts it covers become its text, in the place of the first
   * of them, as the person's change (one fact.merged entry; its undo restores them).
   */
  apply(id: number, by: FactChangeBy, editedText?: string): FactProposal {
    const opened = this.open(id);
    // Edit, then approve (the Inbox): the person's words replace the proposed ones.
    const p = editedText?.trim() ? { ...opened, text: editedText.trim() } : opened;
    if (!this.current(p)) {
      this.decide(id, 'stale');
      throw new MonadError('CONFLICT', 'The facts this proposal would merge have changed since; it was set aside');
    }
    const facts = this.d.memory.read(p.scope).facts;
    const covered = new Set(p.from.map((f) => f.id));
    const first = facts.findIndex((f) => covered.has(f.id));
    const texts: string[] = [];
    facts.forEach((f, i) => {
      if (i === first) texts.push(p.text);
      else if (!covered.has(f.id)) texts.push(f.text);
    });
    const preview = this.d.memory.preview(p.text);
    if (!preview.ok) throw new MonadError('CONFLICT', `The proposed text cannot be saved: ${preview.result.reason ?? 'refused'}`);
    const merges = new Map([[preview.id, [...covered]]]);
    const applied = this.d.ledger.as({ ...by, merges }, () => this.d.memory.replaceAll(p.scope, texts, facts.map((f) => f.id)));
    if (!applied) throw new MonadError('CONFLICT', 'The scope changed while the proposal was applied; try again');
    // The person's own merge: it vouches for the fact (recall marks), like an edit in the Memory tab.
    this.d.origins.record({ scope: p.scope, factId: preview.id, origin: 'person', event: 'updated', previousId: p.from[0].id, detail: 'applied a proposed merge' });
    this.decide(id, 'applied');
    return p;
  }

  dismiss(id: number): FactProposal {
    const p = this.open(id);
    this.d.rejections?.remember('merge', p.scope, p.text);
    this.decide(id, 'dismissed');
    return p;
  }

  private open(id: number): FactProposal {
    const r = this.d.db.prepare(`SELECT * FROM fact_proposal WHERE id = ? AND status = 'open'`).get(id) as Row | undefined;
    if (!r) throw new MonadError('NOT_FOUND', 'That proposed change is no longer open (applied, dismissed, or its facts changed)');
    return toProposal(r);
  }

  /** Every fact the proposal covers is still there with the same text. */
  private current(p: FactProposal): boolean {
    const now = new Map(this.d.memory.read(p.scope).facts.map((f) => [f.id, f.text]));
    return p.from.every((f) => now.get(f.id) === f.text);
  }

  private decide(id: number, status: 'applied' | 'dismissed' | 'stale'): void {
    this.d.db.prepare(`UPDATE fact_proposal SET status = ?, decided_at = ? WHERE id = ?`).run(status, this.d.now().toISOString(), id);
  }
}
