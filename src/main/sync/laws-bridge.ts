// Laws as a sync kind (issue 30 §2–§3): one document per scope, `laws/<scope>`, holding one add-only record
// per law and device (`law:<content key>:<device>`), each the law's state as the person left it on that
// device. Among the records of one law the person's latest decision stands (then the device id, so every
// device picks the same one). Only laws the person decided on travel: an inferred law no one touched is
// replaced wholesale by each re-derivation, so each device derives its own (consolidation runs on demand), while
// the person's rejections, edits and pins must never be lost — a rejection that travels also keeps the
// other device's inference from proposing that law again.
import type * as Y from 'yjs';
import type { LawSyncPort, SyncedLaw } from './laws-ports';
import type { KindReport, SyncKind } from './sync-kind';

type LawRecord = SyncedLaw & { device: string };

export function lawRecordsOf(doc: Y.Doc): Y.Map<LawRecord> {
  return doc.getMap<LawRecord>('laws');
}

const sameState = (a: SyncedLaw, b: SyncedLaw): boolean => a.status === b.status && a.statement === b.statement && a.pinned === b.pinned;

function standingByKey(map: Y.Map<LawRecord>): Map<string, LawRecord> {
  const out = new Map<string, LawRecord>();
  for (const r of map.values()) {
    const prev = out.get(r.key);
    if (!prev || r.decidedAt > prev.decidedAt || (r.decidedAt === prev.decidedAt && r.device > prev.device)) out.set(r.key, r);
  }
  return out;
}

export function reconcileLaws(scope: string, doc: Y.Doc, port: LawSyncPort, device: string): KindReport {
  const map = lawRecordsOf(doc);
  const report: KindReport = { kind: 'laws', key: scope, sent: 0, received: 0, forgotten: 0, refused: [] };
  const local = new Map(port.decided(scope).map((l) => [l.key, l]));
  // Outgoing: a decision here that is newer than what stands (and says something else) becomes this device's record.
  doc.transact(() => {
    const standing = standingByKey(map);
    for (const [key, l] of local) {
      const s = standing.get(key);
      if (s && (sameState(s, l) || s.decidedAt >= l.decidedAt)) continue;
      map.set(`law:${key}:${device}`, { ...l, device });
      report.sent++;
    }
  });
  // Incoming: this home follows the latest decision wherever it was made.
  for (const [key, s] of standingByKey(map)) {
    const l = local.get(key);
    if (l && (sameState(s, l) || l.decidedAt > s.decidedAt)) continue;
    const r = port.apply(scope, s, s.device);
    if (r.id) report.received++;
    else report.refused.push({ text: s.statement, reason: r.reason ?? 'refused' });
  }
  return report;
}

export function lawsKind(port: LawSyncPort): SyncKind {
  return { kind: 'laws', localKeys: () => port.scopes(), reconcile: (scope, doc, ctx) => reconcileLaws(scope, doc, port, ctx.device) };
}
