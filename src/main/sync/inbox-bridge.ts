// Inbox decisions as a sync kind (issue 30 §2): one document, `inbox/decisions`, holding the person's
// rejections by content (kind, scope, text): what was said no to on one device is never asked again on another.
// A decision is the same value whichever device wrote it, so the document's map is keyed by that content and
// a second device saying no to the same thing adds nothing. Approvals need no record here: what an approval
// wrote (a fact, a relation, a law change) travels with its own kind.
import { createHash } from 'node:crypto';
import type * as Y from 'yjs';
import type { InboxSyncPort, SyncedRejection } from './inbox-ports';
import type { KindReport, SyncKind } from './sync-kind';

type RejectionRecord = SyncedRejection & { device: string };

/** The only document of the kind. */
export const INBOX_KEY = 'decisions';

const contentKey = (r: SyncedRejection): string => createHash('sha256').update(JSON.stringify([r.kind, r.scope, r.text])).digest('hex').slice(0, 32);

export function rejectionsOf(doc: Y.Doc): Y.Map<RejectionRecord> {
  return doc.getMap<RejectionRecord>('rejections');
}

export function reconcileInbox(doc: Y.Doc, port: InboxSyncPort, device: string): KindReport {
  const map = rejectionsOf(doc);
  const report: KindReport = { kind: 'inbox', key: INBOX_KEY, sent: 0, received: 0, forgotten: 0, refused: [] };
  const local = port.rejections();
  const here = new Set(local.map(contentKey));
  doc.transact(() => {
    for (const r of local) {
      const key = contentKey(r);
      if (map.has(key)) continue;
      map.set(key, { ...r, device });
      report.sent++;
    }
  });
  for (const [key, r] of map) {
    if (here.has(key)) continue;
    const out = port.remember(r, r.device);
    if (out.id) report.received++;
    else report.refused.push({ text: r.text, reason: out.reason ?? 'refused' });
  }
  return report;
}

export function inboxKind(port: InboxSyncPort): SyncKind {
  return { kind: 'inbox', localKeys: () => [INBOX_KEY], reconcile: (_key, doc, ctx) => reconcileInbox(doc, port, ctx.device) };
}
