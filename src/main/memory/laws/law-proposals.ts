// Proposed changes to person-asserted laws (law_proposal, memory migration 10). A model that wants to
// restate or suppress a law the person edited or pinned may only propose it; the proposal waits for the
// person. The same proposal is never raised twice: an open one is not duplicated and a dismissed one is
// remembered as "no".
import type { Database } from 'better-sqlite3';
import type { LawProposal } from '../../../shared/domain';
import { normalizeName } from '../graph/graph-normalize';
import { nearSame } from './near-same';

interface RawProposal {
  id: number;
  scope: string;
  kind: 'edit' | 'suppress';
  law_id: number;
  statement: string;
  confidence: number | null;
  support: string;
  reason: string;
  actor: string;
  proposed_at: string;
  status: 'open' | 'accepted' | 'dismissed';
  law_statement: string | null;
}

export interface NewProposal {
  scope: string;
  kind: 'edit' | 'suppress';
  lawId: number;
  statement: string;
  confidence?: number | null;
  support?: string[];
  reason: string;
  actor: string;
}

export interface StoredProposal extends LawProposal {
  status: 'open' | 'accepted' | 'dismissed';
  confidence: number | null;
  support: string[];
}

export class LawProposals {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Records a proposal unless the same one is already open or was dismissed: same law, same kind, and
   * the same statement (near-same wording counts) or, for a suppression, the same reason.
   */
  propose(p: NewProposal): StoredProposal | null {
    const earlier = this.db.prepare(`SELECT p.*, NULL AS law_statement FROM law_proposal p WHERE law_id = ? AND kind = ? AND status IN ('open', 'dismissed')`).all(p.lawId, p.kind) as RawProposal[];
    const same = (e: RawProposal) => (p.kind === 'edit' ? nearSame(e.statement, p.statement) : normalizeName(e.reason) === normalizeName(p.reason));
    if (earlier.some(same)) return null;
    const id = Number(
      this.db
        .prepare(`INSERT INTO law_proposal (scope, kind, law_id, statement, confidence, support, reason, actor, proposed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(p.scope, p.kind, p.lawId, p.statement, p.confidence ?? null, JSON.stringify(p.support ?? []), p.reason, p.actor, this.now().toISOString()).lastInsertRowid,
    );
    return this.get(id);
  }

  get(id: number): StoredProposal | null {
    const r = this.db.prepare(`SELECT p.*, l.statement AS law_statement FROM law_proposal p LEFT JOIN graph_law l ON l.id = p.law_id WHERE p.id = ?`).get(id) as RawProposal | undefined;
    return r ? toProposal(r) : null;
  }

  /** Open proposals whose law is still active, oldest first. */
  open(scopes?: string[]): StoredProposal[] {
    if (scopes && !scopes.length) return [];
    const filter = scopes ? `AND p.scope IN (${scopes.map(() => '?').join(',')})` : '';
    const rows = this.db
      .prepare(
        `SELECT p.*, l.statement AS law_statement FROM law_proposal p JOIN graph_law l ON l.id = p.law_id
         WHERE p.status = 'open' AND l.status = 'active' ${filter} ORDER BY p.id`,
      )
      .all(...(scopes ?? [])) as RawProposal[];
    return rows.map(toProposal);
  }

  decide(id: number, status: 'accepted' | 'dismissed'): void {
    this.db.prepare(`UPDATE law_proposal SET status = ?, decided_at = ? WHERE id = ?`).run(status, this.now().toISOString(), id);
  }
}

function toProposal(r: RawProposal): StoredProposal {
  let support: string[] = [];
  try {
    support = JSON.parse(r.support) as string[];
  } catch {
    support = [];
  }
  return {
    id: r.id,
    scope: r.scope,
    kind: r.kind,
    lawId: r.law_id,
    lawStatement: r.law_statement ?? '',
    statement: r.statement,
    reason: r.reason,
    actor: r.actor,
    proposedAt: r.proposed_at,
    status: r.status,
    confidence: r.confidence,
    support,
  };
}
