// A fact scope's synced history (issue 30 §3, docs/sync.md): every change a device makes is a new, never
// rewritten version record; the sync engine merges the records of all devices as a union, and this rule —
// the same on every device — decides which version stands. The engine's own pick (by client id) is never
// used: it is neither "the later edit" nor "an edit beats a forget".
import { createHash } from 'node:crypto';
import type { JournalActor } from '../../shared/journal';

export type FactVersionKind = 'record' | 'forget';

export interface FactVersion {
  /** A hash of everything below: the same write arriving twice is one record. */
  id: string;
  /** The fact's id (a hash of its normalised text: the same fact recorded on two devices is one fact). */
  factId: string;
  /** The versions of this fact the writing device had seen (its heads then); empty for a first record. */
  parents: string[];
  kind: FactVersionKind;
  /** The text (null for a forget). */
  text: string | null;
  /** Who made the change on its device (person, agent, consolidation…). */
  actor: JournalActor;
  /** ISO time on the writing device. */
  at: string;
  device: string;
}

export function versionId(v: Omit<FactVersion, 'id'>): string {
  const key = JSON.stringify([v.factId, [...v.parents].sort(), v.kind, v.text, v.actor, v.at, v.device]);
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}

/** The versions no other version names as a parent: what devices wrote without seeing each other. */
export function headsOf(versions: readonly FactVersion[]): FactVersion[] {
  const named = new Set(versions.flatMap((v) => v.parents));
  return versions.filter((v) => !named.has(v.id));
}

// A record (or an edit, which is a record of the new text) beats a concurrent forget.
const RANK: Record<FactVersionKind, number> = { record: 1, forget: 0 };

/**
 * The version that stands for one fact, and the heads when devices disagreed. Among heads: an edit beats a
 * forget, then the later one wins, then the greater device id (so every device picks the same one).
 */
export function resolveFact(versions: readonly FactVersion[]): { current: FactVersion; concurrent: FactVersion[] } | null {
  const heads = headsOf(versions);
  if (!heads.length) return null;
  const sorted = [...heads].sort((x, y) => RANK[y.kind] - RANK[x.kind] || y.at.localeCompare(x.at) || y.device.localeCompare(x.device));
  return { current: sorted[0], concurrent: sorted.length > 1 ? sorted : [] };
}

/** Per fact id, the text that stands (facts whose winning version is a forget are absent). */
export function liveFacts(versions: Iterable<FactVersion>): Map<string, FactVersion> {
  const byFact = new Map<string, FactVersion[]>();
  for (const v of versions) {
    const list = byFact.get(v.factId);
    if (list) list.push(v);
    else byFact.set(v.factId, [v]);
  }
  const live = new Map<string, FactVersion>();
  for (const [factId, list] of byFact) {
    const r = resolveFact(list);
    if (r && r.current.kind === 'record') live.set(factId, r.current);
  }
  return live;
}
