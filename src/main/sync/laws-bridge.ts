// Laws as a sync kind (issue 30 §2–§3): one document per scope, `laws/<scope>`, holding one add-only record
// per law and device (`law:<content key>:<device>`), each the law's state as the person left it on that
// device. Which record stands is laws-standing.ts. These records carry laws the person decided on: the person's
// decisions — reject, un-reject, edit, revert, pin, unpin — must never be lost (a rejection that travels also
// keeps the other device's inference from proposing that law again). Laws a device derived and no one decided
// on travel beside them, in the same document (laws-derived.ts, run after this pass). A law that travelled and
// then left a device (the person undid its addition, or a re-derivation dropped it once nobody asserted it)
// travels as a removal, so the other devices do not keep a law its deriving device no longer holds.
//
// A decision applied from another device is journaled here when it is applied; its decision time is the
// original one, remembered per document (`KindMemory`), so a late apply never outranks a newer decision.
import type * as Y from 'yjs';
import type { LawSyncPort, LocalLaw, SyncedLaw } from './laws-ports';
import { sameState, standingByKey, standingOf, type LawRecord } from './laws-standing';
import type { KindMemory, KindReport, SyncKind } from './sync-kind';
import { sentLaws } from './laws-sent-view';
import { reconcileDerived } from './laws-derived';

export function lawRecordsOf(doc: Y.Doc): Y.Map<LawRecord> {
  return doc.getMap<LawRecord>('laws');
}

/** What this device knew of each law at its last sync: its row and the decision it stood for. */
type Seen = { id: number; entry: number; decidedAt: string } | { removed: SyncedLaw };
const MEMORY_KEY = 'laws';

function readSeen(memory: KindMemory): Map<string, Seen> {
  try {
    return new Map(Object.entries(JSON.parse(memory.get(MEMORY_KEY) ?? '{}') as Record<string, Seen>));
  } catch {
    return new Map(); // a damaged note: decision times fall back to this device's History
  }
}

/** A record without its undo mark: the standing record's mark is not a removal's made here. */
const withoutUndo = ({ undo: _undo, ...rest }: LawRecord): Omit<LawRecord, 'undo'> => rest;

/** This home's state of each law it decided on or removed since the last sync, with decision times as made. */
function localStates(scope: string, port: LawSyncPort, seen: Map<string, Seen>, standing: Map<string, LawRecord>): Map<string, SyncedLaw> {
  const out = new Map<string, SyncedLaw>();
  const decided = port.decided(scope);
  for (const l of decided) {
    const s = seen.get(l.key);
    const { id: _id, entry: _entry, ...law } = l;
    out.set(l.key, s && 'entry' in s && s.entry === l.entry ? { ...law, decidedAt: s.decidedAt } : law);
  }
  const present = new Set(port.keys(scope));
  for (const [key, s] of seen) {
    if (out.has(key) || present.has(key)) continue;
    if ('removed' in s) {
      out.set(key, s.removed);
      continue;
    }
    const gone = port.removal(s.id);
    if (!gone) continue;
    const before = standing.get(key);
    out.set(key, {
      ...(before ? withoutUndo(before) : { key, derivedStatement: null, confidence: 0, support: [], origin: 'inference', rejectedReason: null, pinned: false }),
      key,
      statement: gone.statement,
      status: 'removed',
      decidedAt: gone.at,
      removedBy: gone.by,
      // What the re-derivation removed: the person's latest decision here — as synced last time (its original
      // time), or one made here since.
      basis: gone.by === 'derivation' ? (gone.lastDecision && gone.lastDecision.entry !== s.entry ? gone.lastDecision.at : s.decidedAt) : null,
      ...(gone.undo ? { undo: true as const } : {}),
    });
  }
  return out;
}

export function reconcileLaws(scope: string, doc: Y.Doc, port: LawSyncPort, device: string, memory: KindMemory): KindReport {
  const map = lawRecordsOf(doc);
  const report: KindReport = { kind: 'laws', key: scope, sent: 0, received: 0, forgotten: 0, refused: [] };
  const seen = readSeen(memory);
  const local = localStates(scope, port, seen, standingByKey(map));
  // Outgoing: a state here that would stand among the records (and says something else) becomes this device's record.
  doc.transact(() => {
    const standing = standingByKey(map);
    for (const [key, l] of local) {
      const s = standing.get(key);
      if (s && sameState(s, l)) continue;
      const mine: LawRecord = { ...l, device };
      // The same decision time is the standing decision applied here (worded as this home words it): not a new one.
      if (s && (s.decidedAt === l.decidedAt || standingOf([s, mine]) !== mine)) continue;
      map.set(`law:${key}:${device}`, mine);
      report.sent++;
    }
  });
  // Incoming: this home follows what stands wherever it was decided.
  const applied = new Map<string, SyncedLaw>();
  for (const [key, s] of standingByKey(map)) {
    const l = local.get(key);
    if (l && sameState(s, l)) continue;
    if (!l && s.status === 'removed') continue; // never here, or gone already
    const r = port.apply(scope, s, s.device);
    if (r.id) {
      applied.set(key, s);
      if (s.status === 'removed') report.forgotten++;
      else report.received++;
    } else if (r.reason) report.refused.push({ text: s.statement, reason: r.reason });
  }
  memory.set(MEMORY_KEY, JSON.stringify(Object.fromEntries(nextSeen(scope, port, local, applied))));
  return report;
}

function nextSeen(scope: string, port: LawSyncPort, local: Map<string, SyncedLaw>, applied: Map<string, SyncedLaw>): Map<string, Seen> {
  const out = new Map<string, Seen>();
  const now = new Map<string, LocalLaw>(port.decided(scope).map((l) => [l.key, l]));
  for (const [key, l] of now) out.set(key, { id: l.id, entry: l.entry, decidedAt: applied.get(key)?.decidedAt ?? local.get(key)?.decidedAt ?? l.decidedAt });
  for (const [key, l] of [...local, ...applied]) if (!now.has(key) && l.status === 'removed') out.set(key, { removed: l });
  return out;
}

export function lawsKind(port: LawSyncPort): SyncKind {
  return {
    kind: 'laws',
    localKeys: () => port.scopes(),
    reconcile: (scope, doc, ctx) => {
      const report = reconcileLaws(scope, doc, sentLaws(port, ctx.outgoing), ctx.device, ctx.memory);
      // After the decisions, so that what the person decided (here or elsewhere) is known before any derivation.
      if (port.derived) reconcileDerived(scope, doc, lawRecordsOf(doc), port.derived, ctx, report);
      return report;
    },
  };
}
