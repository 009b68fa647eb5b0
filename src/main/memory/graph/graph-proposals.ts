// Proposed changes: what a model wanted to do against what the person asserted — bring back a relation
// they marked wrong, or close a relation they added in favour of a new value — waits here for the person.
// One proposal per (scope, what it proposes): the same finding again adds its messages to the pending
// one; a dismissed proposal is not made again; an accepted one can be made again (the person may have
// changed their mind since).
import type { GraphCorrectionResult, GraphProposal, ProvClass, SourceMessage } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { JournalActor, JournalSource } from '../../../shared/journal';
import type { GraphCorrections } from './graph-corrections';
import { recordUpsert } from './graph-corrections';
import { nodeItem, quote, sentence, type By } from './graph-journal';

export interface ProposalPayload {
  src: string;
  srcId: number;
  dst: string;
  dstId: number;
  relation: string;
  provClass: ProvClass;
  validFrom: string;
  support: string[];
  supersede: boolean;
  /** The relation the person marked wrong that this would bring back. */
  retracted: number | null;
  /** The same relation, which the person said ended before this mention. */
  ended?: number | null;
  /** An entity the person deleted that this would bring back (srcId or dstId is its id). */
  deleted?: number | null;
  /** Relations the person asserted that accepting would close. */
  closes: number[];
}

interface Row {
  id: number;
  scope: string;
  kind: GraphProposal['kind'];
  key: string;
  payload: string;
  summary: string;
  reason: string;
  actor: JournalActor;
  source: string | null;
  created_at: string;
  updated_at: string;
  status: GraphProposal['status'];
  decided_at: string | null;
}

export class GraphProposals {
  constructor(
    private readonly corrections: GraphCorrections,
    private readonly sources: (ids: string[]) => SourceMessage[],
    private readonly now: () => Date,
  ) {}

  private get g() {
    return this.corrections.g;
  }

  private get db() {
    return this.corrections.g.store.db;
  }

  /** Records (or refreshes) a proposal; returns its id, or null when the person already dismissed it. Runs in the caller's transaction. */
  propose(scope: string, payload: ProposalPayload, by: { actor: JournalActor; source?: JournalSource }): number | null {
    const kind: GraphProposal['kind'] = payload.closes.length ? 'relation.supersede' : 'relation.add';
    const key = `${kind}:${payload.srcId}:${payload.relation}:${payload.dstId}`;
    const text = sentence(payload.src, payload.relation, payload.dst);
    const summary = kind === 'relation.add' ? `Add ${quote(text)} again` : `Replace ${payload.closes.map((id) => quote(this.g.edge(id).text)).join(', ')} with ${quote(text)}`;
    const reason =
      payload.retracted !== null
        ? `You marked ${quote(this.g.edge(payload.retracted).text)} as wrong; a later message says it again`
        : payload.deleted
          ? `You deleted ${quote(this.g.node(payload.deleted).name)}; a later message mentions it again`
          : payload.ended
            ? `You said ${quote(this.g.edge(payload.ended).text)} ended on ${this.g.edge(payload.ended).validTo!.slice(0, 10)}; a later message says it holds`
            : `You added ${payload.closes.length === 1 ? 'that relation' : 'those relations'} yourself, so ${by.actor} does not change ${payload.closes.length === 1 ? 'it' : 'them'} on its own`;
    const at = this.now().toISOString();
    const existing = this.db.prepare(`SELECT * FROM graph_proposal WHERE scope = ? AND key = ?`).get(scope, key) as Row | undefined;
    if (!existing) {
      const r = this.db
        .prepare(
          `INSERT INTO graph_proposal (scope, kind, key, payload, summary, reason, actor, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(scope, kind, key, JSON.stringify(payload), summary, reason, by.actor, by.source ? JSON.stringify(by.source) : null, at, at);
      return Number(r.lastInsertRowid);
    }
    if (existing.status === 'dismissed') return null;
    const old = JSON.parse(existing.payload) as ProposalPayload;
    const merged: ProposalPayload =
      existing.status === 'pending'
        ? { ...payload, support: [...new Set([...old.support, ...payload.support])], validFrom: old.validFrom < payload.validFrom ? old.validFrom : payload.validFrom }
        : payload;
    this.db
      .prepare(`UPDATE graph_proposal SET payload = ?, summary = ?, reason = ?, status = 'pending', decided_at = NULL, updated_at = ? WHERE id = ?`)
      .run(JSON.stringify(merged), summary, reason, at, existing.id);
    return existing.id;
  }

  list(opts: { scope?: string; status?: GraphProposal['status'] | 'all' } = {}): GraphProposal[] {
    const where: string[] = [];
    const args: unknown[] = [];
    if (opts.scope) (where.push('scope = ?'), args.push(opts.scope));
    const status = opts.status ?? 'pending';
    if (status !== 'all') (where.push('status = ?'), args.push(status));
    const rows = this.db.prepare(`SELECT * FROM graph_proposal ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT 500`).all(...args) as Row[];
    return rows.map((r) => this.view(r));
  }

  get(id: number): GraphProposal {
    return this.view(this.row(id));
  }

  pendingCount(scope?: string): number {
    return (scope
      ? this.db.prepare(`SELECT count(*) FROM graph_proposal WHERE status = 'pending' AND scope = ?`).pluck().get(scope)
      : this.db.prepare(`SELECT count(*) FROM graph_proposal WHERE status = 'pending'`).pluck().get()) as number;
  }

  /** The person agrees: the relation is added as theirs (closing what it replaces), with its messages as support. */
  accept(id: number, by: By): GraphCorrectionResult {
    const row = this.row(id);
    if (row.status !== 'pending') throw new MonadError('CONFLICT', `This proposed change was already ${row.status}`);
    const p = JSON.parse(row.payload) as ProposalPayload;
    const store = this.g.store;
    return this.g.group(() => {
      let first: number | null = null;
      const endpoint = (entityId: number, name: string): number => {
        if (store.nodeById(entityId)?.scope === row.scope) return entityId;
        const found = store.resolveName(row.scope, name);
        if (found) return found.id;
        const created = store.upsertNode(row.scope, name, 'thing', '', { assertedBy: 'person' });
        const e = this.g.append({ action: 'entity.added', item: nodeItem(created.id), scope: row.scope, by, after: this.g.node(created.id), summary: `Added ${quote(name)}` });
        first ??= e.id;
        return created.id;
      };
      const src = endpoint(p.srcId, p.src);
      const dst = endpoint(p.dstId, p.dst);
      const res = store.upsertEdge({ scope: row.scope, src, dst, relation: p.relation, provClass: p.provClass, validFrom: p.validFrom, support: p.support, supersede: p.supersede || p.closes.length > 0, assertedBy: 'person' });
      for (const e of recordUpsert(this.g, res, by)) first ??= e.id;
      this.db.prepare(`UPDATE graph_proposal SET status = 'accepted', decided_at = ? WHERE id = ?`).run(this.now().toISOString(), id);
      return { journalId: first, edge: store.edgeById(res.id)! };
    });
  }

  /** The person says no: nothing changes, and the same proposal is not made again. */
  dismiss(id: number): GraphProposal {
    const row = this.row(id);
    if (row.status !== 'pending') throw new MonadError('CONFLICT', `This proposed change was already ${row.status}`);
    this.db.prepare(`UPDATE graph_proposal SET status = 'dismissed', decided_at = ? WHERE id = ?`).run(this.now().toISOString(), id);
    return this.get(id);
  }

  private row(id: number): Row {
    const r = this.db.prepare(`SELECT * FROM graph_proposal WHERE id = ?`).get(id) as Row | undefined;
    if (!r) throw new MonadError('NOT_FOUND', `No proposed change ${id}`);
    return r;
  }

  private view(r: Row): GraphProposal {
    const p = JSON.parse(r.payload) as ProposalPayload;
    const text = (id: number) => {
      try {
        return this.g.edge(id).text;
      } catch {
        return `relation ${id}`;
      }
    };
    return {
      id: r.id,
      scope: r.scope,
      kind: r.kind,
      summary: r.summary,
      reason: r.reason,
      relation: { src: p.src, relation: p.relation, dst: p.dst, validFrom: p.validFrom, provClass: p.provClass },
      closes: p.closes.map((id) => ({ id, text: text(id) })),
      retracted: p.retracted === null ? null : { id: p.retracted, text: text(p.retracted) },
      sources: this.sources(p.support),
      actor: r.actor,
      createdAt: r.created_at,
      status: r.status,
      decidedAt: r.decided_at,
    };
  }
}
