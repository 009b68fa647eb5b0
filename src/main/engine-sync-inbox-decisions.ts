// Every Inbox decision as it travels (issue 30 §2), built in the composition root's room: read from each
// source's own table (the person's approvals and rejections), and settled on another device through each
// layer's own path. A proposal is named by what it says, never by its id (proposals are made on each device):
// chat (action, text), merge (text), graph (kind, the relation in words), law (kind, the proposed wording),
// carried correction (kind, both texts), held fact (its text).
//
// Approvals: what an approved proposal wrote travels as data of its own kind (a fact, a merge's versions, a
// relation, a forget or edit), so the other device's pending proposal of it is only closed — approving it
// again there would write it twice. Two effects no kind carries are applied through the layer, as a local
// approval would: a held fact approved (the person's word for it, in fact_origin) and a law proposal accepted
// (a suppression; an edit arrives with the laws and accepting it again changes nothing).
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import { normalizeFact } from './memory/facts/fact-id';
import { sanitizeFact } from './memory/facts/sanitize';
import { sentence } from './memory/graph/graph-journal';
import { rejectionText } from './memory/cross-layer/link-store';
import { proposalFingerprint, type ProposalKind } from './memory/inbox/rejections';
import { isHeld } from './memory/inbox/origin-marks';
import { parseScope } from './memory/scope';
import { DECISION_SOURCES, type SyncedDecision } from './sync/inbox-ports';

const CHAT_ACTIONS = ['record', 'update', 'delete'];
const HELD_APPROVED = 'approved in the Inbox';
const HELD_APPROVED_ELSEWHERE = 'approved in the Inbox on another device';

type Row = Record<string, string | null>;

export function localDecisions(engine: Engine): SyncedDecision[] {
  const db = engine.memoryDb;
  const all = (sql: string) => db.prepare(sql).all() as Row[];
  const out: SyncedDecision[] = [];
  const push = (d: Omit<SyncedDecision, 'at'> & { at: string | null }) => {
    if (d.at) out.push({ ...d, at: d.at });
  };
  for (const r of all(`SELECT action, scope, text, target_text, status, decided_at FROM memory_proposal WHERE status IN ('approved', 'rejected')`)) {
    const text = r.action === 'delete' ? (r.target_text ?? r.text!) : r.text!;
    push({ source: 'chat', outcome: r.status as SyncedDecision['outcome'], scope: r.scope!, detail: r.action!, text, at: r.decided_at });
  }
  for (const r of all(`SELECT scope, text, status, decided_at FROM fact_proposal WHERE status IN ('applied', 'dismissed')`)) {
    push({ source: 'merge', outcome: r.status === 'applied' ? 'approved' : 'rejected', scope: r.scope!, detail: '', text: r.text!, at: r.decided_at });
  }
  for (const p of engine.graph.proposals.list({ status: 'all' })) {
    if (p.status !== 'accepted' && p.status !== 'dismissed') continue;
    push({ source: 'graph', outcome: p.status === 'accepted' ? 'approved' : 'rejected', scope: p.scope, detail: p.kind, text: sentence(p.relation.src, p.relation.relation, p.relation.dst), at: p.decidedAt });
  }
  for (const r of all(`SELECT scope, kind, statement, status, decided_at FROM law_proposal WHERE status IN ('accepted', 'dismissed')`)) {
    push({ source: 'law', outcome: r.status === 'accepted' ? 'approved' : 'rejected', scope: r.scope!, detail: r.kind!, text: r.statement!, at: r.decided_at });
  }
  for (const r of all(`SELECT kind, scope, target_text, text, status, decided_at FROM correction_link WHERE status IN ('approved', 'rejected')`)) {
    const l = { kind: r.kind as never, targetText: r.target_text!, text: r.text! };
    push({ source: 'link', outcome: r.status as SyncedDecision['outcome'], scope: r.scope!, detail: r.kind!, text: rejectionText(l), at: r.decided_at });
  }
  // A held fact the person approved as it was (an edit before approving travels as the person's edit).
  const held = db.prepare(`SELECT scope, fact_id, recorded_at FROM fact_origin WHERE origin = 'person' AND detail = ?`).all(HELD_APPROVED) as Row[];
  const texts = new Map<string, Map<string, string>>();
  for (const r of held) {
    if (!texts.has(r.scope!)) texts.set(r.scope!, new Map(engine.facts.memory.read(r.scope!).facts.map((f) => [f.id, f.text])));
    const text = texts.get(r.scope!)!.get(r.fact_id!);
    if (text) push({ source: 'held', outcome: 'approved', scope: r.scope!, detail: '', text, at: r.recorded_at });
  }
  return out;
}

/** The checks an imported decision gets: a known source and detail, a valid scope, the text through the sanitizer. */
function check(d: SyncedDecision): { text: string } | { reason: string } {
  if (!DECISION_SOURCES.includes(d.source)) return { reason: `unknown kind of proposal "${String(d.source)}"` };
  if (d.outcome !== 'approved' && d.outcome !== 'rejected') return { reason: `unknown decision "${String(d.outcome)}"` };
  const details: Record<SyncedDecision['source'], readonly string[]> = {
    chat: CHAT_ACTIONS,
    merge: [''],
    graph: ['relation.add', 'relation.supersede'],
    law: ['edit', 'suppress'],
    held: [''],
    link: ['fact.forget', 'fact.edit', 'relation.retract', 'relation.edit'],
  };
  if (!details[d.source].includes(d.detail)) return { reason: `unknown kind of ${d.source} proposal "${String(d.detail)}"` };
  try {
    parseScope(d.scope);
  } catch (err) {
    if (err instanceof MonadError) return { reason: err.message };
    throw err;
  }
  if (typeof d.text !== 'string' || typeof d.at !== 'string') return { reason: 'not a decision' };
  // A carried correction's text holds two texts and its kind: each part is what a fact or relation says.
  const clean = sanitizeFact(d.text);
  return clean.ok ? { text: d.text } : { reason: clean.reason ?? 'refused' };
}

const same = (a: string, b: string): boolean => normalizeFact(a) === normalizeFact(b);

/** Settles this home's pending proposals that ask what `d` answered; returns how many it closed. */
export function settleDecision(engine: Engine, d: SyncedDecision, device: string): { settled: number; reason: string | null } {
  const ok = check(d);
  if ('reason' in ok) return { settled: 0, reason: ok.reason };
  let settled = 0;
  try {
    settleEach(engine, d, device, () => settled++);
  } catch (err) {
    // This home's proposal cannot take the decision (its law was rejected here meanwhile, it was decided a
    // moment ago): what was settled stays, the rest is reported and tried again at the next sync.
    if (!(err instanceof MonadError)) throw err;
    if (settled) engine.inbox.changed();
    return { settled, reason: `not settled here: ${err.message}` };
  }
  if (settled) engine.inbox.changed();
  return { settled, reason: null };
}

/** Settles each pending proposal matching `d` through its layer, calling `done` after each. */
function settleEach(engine: Engine, d: SyncedDecision, device: string, done: () => void): void {
  const db = engine.memoryDb;
  const via = { via: 'sync' as const };
  const person = { actor: 'person' as const, source: { via: 'sync' as const, detail: `from device ${device}` } };
  const now = engine.now().toISOString();
  const rejected = d.outcome === 'rejected';
  // An approval answers the proposals made before it; a rejection also those made since (never asked again).
  const asked = (at: string) => rejected || at <= d.at;
  switch (d.source) {
    case 'chat': {
      const fp = proposalFingerprint(d.detail as ProposalKind, d.scope, d.text);
      const rows = db.prepare(`SELECT id, proposed_at FROM memory_proposal WHERE fingerprint = ? AND status = 'pending'`).all(fp) as { id: number; proposed_at: string }[];
      for (const r of rows.filter((x) => asked(x.proposed_at))) {
        if (rejected) engine.inbox.reject(`chat:${r.id}`, via);
        else db.prepare(`UPDATE memory_proposal SET status = 'approved', decided_at = ? WHERE id = ? AND status = 'pending'`).run(now, r.id);
        done();
      }
      break;
    }
    case 'merge': {
      // An approved merge needs nothing here: its versions replace the facts, and the proposal goes stale.
      if (!rejected) break;
      for (const p of engine.facts.proposals.list(d.scope).filter((x) => same(x.text, d.text))) {
        engine.inbox.reject(`merge:${p.id}`, via);
        done();
      }
      break;
    }
    case 'graph': {
      const pending = engine.graph.proposals.list({ scope: d.scope }).filter((p) => p.kind === d.detail && same(sentence(p.relation.src, p.relation.relation, p.relation.dst), d.text) && asked(p.createdAt));
      for (const p of pending) {
        if (rejected) engine.inbox.reject(`graph:${p.id}`, via);
        else engine.graph.store.db.prepare(`UPDATE graph_proposal SET status = 'accepted', decided_at = ? WHERE id = ? AND status = 'pending'`).run(now, p.id);
        done();
      }
      break;
    }
    case 'law': {
      for (const p of engine.laws.openProposals([d.scope]).filter((x) => x.kind === d.detail && same(x.statement, d.text) && asked(x.proposedAt))) {
        if (rejected) engine.laws.corrections.dismiss(p.id, person);
        else engine.laws.corrections.accept(p.id, person);
        done();
      }
      break;
    }
    case 'link': {
      for (const l of engine.links.pending().filter((x) => x.scope === d.scope && x.kind === d.detail && same(rejectionText(x), d.text) && asked(x.proposedAt))) {
        if (rejected) engine.inbox.reject(`link:${l.id}`, via);
        else db.prepare(`UPDATE correction_link SET status = 'approved', decided_at = ? WHERE id = ? AND status = 'pending'`).run(now, l.id);
        done();
      }
      break;
    }
    case 'held': {
      if (rejected) break; // a held fact rejected is forgotten: the forget and the rejection travel on their own
      const facts = engine.facts.memory.read(d.scope).facts.filter((f) => same(f.text, d.text));
      const sources = engine.facts.ledger.versions.sources(d.scope);
      const origins = engine.facts.origins.of(d.scope, facts.map((f) => f.id));
      for (const f of facts.filter((x) => isHeld(sources.get(x.id), origins.get(x.id)))) {
        engine.facts.origins.record({ scope: d.scope, factId: f.id, origin: 'person', event: 'duplicate', detail: HELD_APPROVED_ELSEWHERE });
        done();
      }
      break;
    }
  }
}
