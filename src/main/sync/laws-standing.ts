// Which of a law's records stands (issue 30 §3), the same on every device whatever order the records came in.
// The person's latest decision stands (then the device id, so every device picks the same one). A removal by
// re-derivation stands only over the person's decisions its device had seen when it removed the law (its
// `basis`): a decision the person made on another device meanwhile was made apart from it, and beats it.
import type * as Y from 'yjs';
import type { SyncedLaw } from './laws-ports';

export type LawRecord = SyncedLaw & { device: string };

const later = (a: LawRecord, b: LawRecord | undefined): boolean => !b || a.decidedAt > b.decidedAt || (a.decidedAt === b.decidedAt && a.device > b.device);

export const byDerivation = (r: SyncedLaw): boolean => r.status === 'removed' && r.removedBy === 'derivation';

export function standingOf(records: Iterable<LawRecord>): LawRecord | undefined {
  const all = [...records];
  let person: LawRecord | undefined;
  for (const r of all) if (!byDerivation(r) && later(r, person)) person = r;
  let derivation: LawRecord | undefined;
  for (const r of all) {
    if (!byDerivation(r) || (person && (r.basis ?? '') < person.decidedAt)) continue;
    if (later(r, derivation)) derivation = r;
  }
  return derivation && later(derivation, person) ? derivation : person;
}

/** The standing record of each law in a document's records, by key. */
export function standingByKey(records: Y.Map<LawRecord>): Map<string, LawRecord> {
  const groups = new Map<string, LawRecord[]>();
  for (const r of records.values()) groups.set(r.key, [...(groups.get(r.key) ?? []), r]);
  const out = new Map<string, LawRecord>();
  for (const [key, rs] of groups) {
    const s = standingOf(rs);
    if (s) out.set(key, s);
  }
  return out;
}

/** Two states that say the same thing (then nothing needs to be written or sent); `a` is the standing one. */
export function sameState(a: SyncedLaw, b: SyncedLaw): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'removed') return true;
  // Recall is compared only where one side's decision was about it: a suppression this device's own cascade
  // made (a forgotten fact a law rested on) is not a decision, and each device's cascade makes its own.
  const out = (x: SyncedLaw): boolean => (x.recall ? x.recall.out : (x.suppressed ?? false));
  if ((a.recall || b.recall) && out(a) !== out(b)) return false;
  return a.statement === b.statement && a.pinned === b.pinned && a.derivedStatement === b.derivedStatement;
}
