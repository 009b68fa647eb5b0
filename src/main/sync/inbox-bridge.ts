// Inbox decisions as a sync kind (issue 30 §2): one document, `inbox/decisions`. Two maps, each keyed by the
// decision's content so that the same answer from two devices is one record:
// - `rejections`: what the person said no to, by (kind, scope, text) — remembered on every device and never
//   proposed again there;
// - `decisions`: every approval and rejection, by (source, outcome, scope, detail, text) — the other device's
//   pending proposal of the same question is settled, so it neither asks again nor keeps a proposal already
//   decided. An approval is not re-applied: what it wrote (a fact, a relation, a law change, a merge) travels
//   with its own kind; only a proposal whose effect no kind carries is applied through its layer (engine-sync-inbox).
import { createHash } from 'node:crypto';
import type * as Y from 'yjs';
import type { InboxSyncPort, SyncedDecision, SyncedRejection } from './inbox-ports';
import { sendable, type KindReport, type ReconcileContext, type SyncKind } from './sync-kind';

type RejectionRecord = SyncedRejection & { device: string };
type DecisionRecord = SyncedDecision & { device: string };

/** The only document of the kind. */
export const INBOX_KEY = 'decisions';

const hash = (parts: string[], n: number): string => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, n);
const contentKey = (r: SyncedRejection): string => hash([r.kind, r.scope, r.text], 32);
/** The same answer to the same question, whichever device wrote it and however it worded the proposal. */
const decisionKey = (d: SyncedDecision, normalize: (t: string) => string): string => hash(['decision', d.source, d.outcome, d.scope, d.detail, normalize(d.text)], 32);

export function rejectionsOf(doc: Y.Doc): Y.Map<RejectionRecord> {
  return doc.getMap<RejectionRecord>('rejections');
}

export function decisionsOf(doc: Y.Doc): Y.Map<DecisionRecord> {
  return doc.getMap<DecisionRecord>('decisions');
}

export function reconcileInbox(doc: Y.Doc, port: InboxSyncPort, device: string, ctx?: ReconcileContext): KindReport {
  const map = rejectionsOf(doc);
  const decisions = decisionsOf(doc);
  const report: KindReport = { kind: 'inbox', key: INBOX_KEY, sent: 0, received: 0, forgotten: 0, refused: [] };
  // In sent form (a stored secret quoted in a proposal leaves redacted), keyed so too: the redacted record read
  // back is this device's own answer, and the other device, holding the redacted text, computes the same key.
  const send = <T>(v: T): T => (ctx ? sendable(ctx, v) : v);
  const local = port.rejections().map(send);
  const here = new Set(local.map(contentKey));
  const decidedHere = new Set<string>();
  doc.transact(() => {
    for (const r of local) {
      const key = contentKey(r);
      if (map.has(key)) continue;
      map.set(key, { ...r, device });
      report.sent++;
    }
    for (const d of port.decisions().map(send)) {
      const key = decisionKey(d, (t) => port.normalize(t));
      decidedHere.add(key);
      if (decisions.has(key)) continue;
      decisions.set(key, { ...d, device });
      report.sent++;
    }
  });
  for (const [key, r] of map) {
    if (here.has(key)) continue;
    const out = port.remember(r, r.device);
    if (out.id) report.received++;
    else report.refused.push({ text: r.text, reason: out.reason ?? 'refused' });
  }
  // Every round: a proposal made here after a rejection arrived (the graph's, a law's) is the same question.
  for (const [key, d] of decisions) {
    if (decidedHere.has(key)) continue;
    const out = port.settle(d, d.device);
    if (out.reason) report.refused.push({ text: d.text, reason: out.reason });
    else report.received += out.settled;
  }
  return report;
}

export function inboxKind(port: InboxSyncPort): SyncKind {
  return { kind: 'inbox', localKeys: () => [INBOX_KEY], reconcile: (_key, doc, ctx) => reconcileInbox(doc, port, ctx.device, ctx) };
}
