// The person's relation edits as sync records (issue 30 §3): `edit:<key before>:<at>:<device>`, one per edit
// in History, never rewritten. A relation's key follows its wording, so an edit of the wording joins two keys:
// the keys joined by edits are one relation's "line". In a line, the later edit of each field (wording,
// start, end) stands, on every device, and a field no edit touched is left as each home has it — so a start
// date corrected on one device and the wording on the other both stand. Records of relations under any key
// of a line are read as the line's current wording: a re-derivation that still says the old wording reaches
// the corrected relation (its support joins it), as a renamed entity's old name does.
import type { RelationEditField, RelationPatch, SyncedEnd, SyncedRelation, SyncedRelationEdit } from './graph-ports';

type Stamped<T> = T & { device: string };

export interface EditLine {
  /** Every key the relation had (joined by wording edits). */
  keys: Set<string>;
  /** The key it stands under now: the latest wording edit's, else its only one. */
  key: string;
  /** The later edit of each field. */
  standing: Partial<Record<RelationEditField, Stamped<SyncedRelationEdit>>>;
  /** The latest edit of the line (whose device a change is credited to). */
  latest: Stamped<SyncedRelationEdit>;
}

const later = (a: { at: string; device: string }, b: { at: string; device: string }): boolean => a.at > b.at || (a.at === b.at && a.device > b.device);

/** The lines of a document's edits, by every key each covers. */
export function editLines(edits: readonly Stamped<SyncedRelationEdit>[]): Map<string, EditLine> {
  // Union–find over keys: an edit joins the key before it and the key after it.
  const parent = new Map<string, string>();
  const root = (k: string): string => {
    if (!parent.has(k)) parent.set(k, k);
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  for (const e of edits) {
    const [a, b] = [root(e.from), root(e.to)];
    if (a !== b) parent.set(a, b);
  }
  const groups = new Map<string, Stamped<SyncedRelationEdit>[]>();
  for (const e of edits) {
    const r = root(e.from);
    groups.set(r, [...(groups.get(r) ?? []), e]);
  }
  const out = new Map<string, EditLine>();
  for (const list of groups.values()) {
    const standing: EditLine['standing'] = {};
    for (const e of list) for (const f of e.changed) if (!standing[f] || later(e, standing[f]!)) standing[f] = e;
    const latest = list.reduce((a, b) => (later(b, a) ? b : a));
    const keys = new Set(list.flatMap((e) => [e.from, e.to]));
    const line: EditLine = { keys, key: standing.relation?.to ?? list[0].from, standing, latest };
    for (const k of keys) out.set(k, line);
  }
  return out;
}

/** Relation records under an old key of a line become records of the line's current key and wording. */
export function foldIntoLines<R extends SyncedRelation>(relations: Map<string, R[]>, lines: Map<string, EditLine>): Map<string, R[]> {
  // No edits (a graph nobody corrected, a device's first pull): the records stay where they are, uncopied — a
  // copy of every relation's list was garbage the size of the whole graph.
  if (!lines.size) return relations;
  const out = new Map<string, R[]>();
  for (const [key, records] of relations) {
    const line = lines.get(key);
    const into = line ? line.key : key;
    const wording = line?.standing.relation?.relation;
    const moved = into === key || !wording ? records : records.map((r) => ({ ...r, key: into, relation: wording }));
    const there = out.get(into);
    out.set(into, there ? [...there, ...moved] : moved);
  }
  return out;
}

/**
 * What a line sets here: each field's standing value. Its end only while no end record of the person's is
 * later (the person's end made after the edit stands, through the end records).
 */
export function linePatch(line: EditLine, ends: Map<string, SyncedEnd>): RelationPatch {
  const s = line.standing;
  const patch: RelationPatch = {};
  if (s.relation) patch.relation = s.relation.relation;
  if (s.validFrom) patch.validFrom = s.validFrom.validFrom;
  // An undone close is applied as such (closeReopens), not as an edit that makes the relation the person's.
  if (s.validTo && !s.validTo.closeUndone && !endOutlivesEdit(line, ends)) patch.validTo = s.validTo.validTo;
  return patch;
}

/**
 * The person's undo of the relation's close, when it is the line's latest word on its end and no end was made
 * after it: the relation holds again here too. An end made after it (a newer value derived since) stands.
 */
export function closeReopens(line: EditLine, ends: Map<string, SyncedEnd>): Stamped<SyncedRelationEdit> | null {
  const edit = line.standing.validTo;
  if (!edit?.closeUndone) return null;
  return [...line.keys].some((k) => endOverridesReopen(ends.get(k), edit)) ? null : edit;
}

const endOverridesReopen = (end: SyncedEnd | undefined, edit: SyncedRelationEdit): boolean => !!end && end.at > edit.at;

function endOutlivesEdit(line: EditLine, ends: Map<string, SyncedEnd>): boolean {
  const edit = line.standing.validTo;
  if (!edit) return true;
  return [...line.keys].some((k) => {
    const end = ends.get(k);
    return !!end?.person && end.at > edit.at;
  });
}

/**
 * An end record gives way to the person's later edit of the end (a date, or "still holds"); a derived end
 * gives way to any edit of the end by the person, earlier or later: a correction beats a derivation. The
 * person's undo of a close leaves the relation as derived, as it does locally: it beats the ends made before
 * it, and an end made after it (a newer value) stands.
 */
export function endOverridden(end: SyncedEnd, line: EditLine | undefined): boolean {
  const edit = line?.standing.validTo;
  if (!edit) return false;
  if (edit.closeUndone) return !endOverridesReopen(end, edit);
  return !end.person || edit.at >= end.at;
}

/** The person corrected the relation in any way (an edit, a bringing back, an undone close) after that retraction. */
export function correctedAfter(line: EditLine | undefined, retraction: { at: string; device: string }): boolean {
  return !!line && later(line.latest, retraction);
}

/** The person brought the relation back (an undo of its retraction) after that retraction. */
export function restoredAfter(line: EditLine | undefined, retraction: { at: string } | undefined): boolean {
  const restored = line?.standing.restored;
  return !!restored && (!retraction || restored.at > retraction.at);
}
