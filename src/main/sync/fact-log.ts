// A fact scope's synced history (issue 30 §3, docs/sync.md): every change a device makes is a new, never
// rewritten version record; the sync engine merges the records of all devices as a union, and this rule —
// the same on every device — decides which version stands. The engine's own pick (by client id) is never
// used: it is neither "the later edit" nor "an edit beats a forget" nor "a correction beats a derivation".
import { createHash } from 'node:crypto';
import type { JournalActor } from '../../shared/journal';

/** record: a fact's first text; edit: a new text for the same fact (or a pick that ends a conflict); forget. */
export type FactVersionKind = 'record' | 'edit' | 'forget';

export interface FactVersion {
  /** A hash of everything below: the same write arriving twice is one record. */
  id: string;
  /**
   * The fact this version belongs to: the id its first text had when it was recorded (ids are hashes of the
   * normalised text, so the same fact recorded on two devices is one fact). An edit keeps it: a fact's id on
   * a device changes with its text, its line of versions does not.
   */
  factId: string;
  /** The versions of this fact the writing device had seen (its heads then); empty for a first record. */
  parents: string[];
  kind: FactVersionKind;
  /** The text (null for a forget). */
  text: string | null;
  /**
   * The id of `text` (edit), or of the text a forget removed, as the writing device computed it. Absent on
   * format-1 records, where it is the fact's id (records) or its last text (forgets).
   */
  textId?: string;
  /** Who made the change on its device (person, agent, consolidation…). */
  actor: JournalActor;
  /** ISO time on the writing device. */
  at: string;
  device: string;
  /**
   * Set when the change was the person's undo in History on its device (a forget undoing a record, a record
   * undoing a forget, an edit back): the other devices mark their entry for the change it reverses undone.
   */
  undo?: true;
}

export function versionId(v: Omit<FactVersion, 'id'>): string {
  const fields: unknown[] = [v.factId, [...v.parents].sort(), v.kind, v.text, v.actor, v.at, v.device];
  // Only when present, so that a format-1 record keeps the id every device already gave it.
  if (v.textId !== undefined) fields.push(v.textId);
  if (v.undo) fields.push('undo');
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 24);
}

/** The id of the text a live version leaves (null for a forget). */
export function liveTextId(v: FactVersion): string | null {
  if (v.kind === 'forget') return null;
  return v.textId ?? v.factId;
}

/** The versions no other version names as a parent: what devices wrote without seeing each other. */
export function headsOf(versions: readonly FactVersion[]): FactVersion[] {
  const named = new Set(versions.flatMap((v) => v.parents));
  return versions.filter((v) => !named.has(v.id));
}

/**
 * Whether the person made this change themselves. Their correction beats whatever a derivation
 * (consolidation, extraction, an agent's write, an inference, an import) wrote concurrently on another
 * device, whatever the times: a re-derivation must never undo what the person set right.
 */
export function byPerson(v: Pick<FactVersion, 'actor'>): boolean {
  return v.actor === 'person';
}

// A record or an edit beats a concurrent forget.
const KIND_RANK: Record<FactVersionKind, number> = { record: 1, edit: 1, forget: 0 };

/** The order of concurrent heads, best first; total, so every device picks the same one. */
export function compareHeads(x: FactVersion, y: FactVersion): number {
  return (
    Number(byPerson(y)) - Number(byPerson(x)) ||
    KIND_RANK[y.kind] - KIND_RANK[x.kind] ||
    y.at.localeCompare(x.at) ||
    y.device.localeCompare(x.device) ||
    y.id.localeCompare(x.id)
  );
}

/** Every version `v` descends from (its parents, theirs, …), by id. */
function ancestorsOf(v: FactVersion, byId: ReadonlyMap<string, FactVersion>): Set<string> {
  const seen = new Set<string>();
  const todo = [...v.parents];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(byId.get(id)?.parents ?? []));
  }
  return seen;
}

/**
 * The heads that take part in the rule. A head whose text another version of the fact already wrote without
 * seeing it (two devices recorded the same text apart: ids are hashes of the text), and which a later change
 * has since superseded (edited or forgotten), is that same write arriving twice, not a change of its own: it
 * stands no longer than the first did. So the same fact recorded on two devices before they first synced
 * does not bring back what one of them then forgot or merged away; a different text (a real edit), or a
 * record made after seeing the forget (it descends from it), still counts. Deterministic: it depends only on
 * the set of versions. Should every head be such a copy of another's superseded text (lines that crossed),
 * all stay.
 */
export function standingHeadsOf(versions: readonly FactVersion[]): FactVersion[] {
  const heads = headsOf(versions);
  if (heads.length < 2) return heads;
  const byId = new Map(versions.map((v) => [v.id, v]));
  const named = new Set(versions.flatMap((v) => v.parents));
  const kept = heads.filter((h) => {
    const text = liveTextId(h);
    if (!text) return true;
    const before = ancestorsOf(h, byId);
    // A forget with no parents removed a text its device held before it ever synced it: that text is the
    // write it supersedes (it never travelled as a record of its own). So does an edit with no parents of the
    // line that text names (fact-bridge.ts: an edit made before the first sync of the text it replaced).
    const wrote = (v: FactVersion): boolean =>
      (named.has(v.id) && liveTextId(v) === text) ||
      (!v.parents.length && ((v.kind === 'forget' && (v.textId ?? v.factId) === text) || (v.kind === 'edit' && v.factId === text)));
    return !versions.some((v) => v.id !== h.id && !before.has(v.id) && wrote(v));
  });
  return kept.length ? kept : heads;
}

/**
 * The version that stands for one fact, and the heads (best first) when devices disagreed. Among heads (a
 * copy of an already superseded text left out, `standingHeadsOf`): the person's correction beats a
 * derivation, then an edit beats a forget, then the later one wins, then the greater device id.
 */
export function resolveFact(versions: readonly FactVersion[]): { current: FactVersion; concurrent: FactVersion[] } | null {
  const heads = standingHeadsOf(versions);
  if (!heads.length) return null;
  const sorted = [...heads].sort(compareHeads);
  return { current: sorted[0], concurrent: sorted.length > 1 ? sorted : [] };
}

/** The versions of each fact, by its factId. */
export function byFact(versions: Iterable<FactVersion>): Map<string, FactVersion[]> {
  const out = new Map<string, FactVersion[]>();
  for (const v of versions) {
    const list = out.get(v.factId);
    if (list) list.push(v);
    else out.set(v.factId, [v]);
  }
  return out;
}

/** Per text id, the version that stands with that text (facts whose winning version is a forget are absent). */
export function liveFacts(versions: Iterable<FactVersion>): Map<string, FactVersion> {
  const live = new Map<string, FactVersion>();
  for (const list of byFact(versions).values()) {
    const r = resolveFact(list);
    const textId = r ? liveTextId(r.current) : null;
    if (r && textId) live.set(textId, r.current);
  }
  return live;
}
