// The graph as a sync kind (issue 30 §2–§3): one document per scope, `graph/<scope>`, holding add-only
// records, each under `<what>:<content key>:<device>` so that a device only ever rewrites its own record and
// the engine's merge is a plain union. Entities and relations carry their content keys (graph-ports.ts), so the
// same relation derived on two devices is one relation with the support of both. The person's retraction is a
// record too, and it outranks every model record of that relation, earlier or later: a correction beats a
// re-derivation. Only the person's own add, or their correction of it (a rewording, a date, a bringing back, an
// undone close: the later of the two acts stands), made after the retraction brings the relation back. A relation's
// end (`end:<key>:<device>`) travels the same way: the person's end beats a derivation, and between two
// derivations the later stands (a relation derived again after another device closed it stays open). The
// person's entity corrections (`fix:<old entity key>:<op>:<device>`: rename, merge, delete) are applied
// first, oldest first, and an entity record under a corrected key is not added again (unless the person made
// that entity after the correction): a correction beats the derivation that named the entity so. A fix the
// person undid is undone on every device that applied it. Every other relation edit by the person travels as
// `edit:<key before>:<at>:<device>` (graph-edits.ts): the later edit of each field stands.
import { sentGraph } from './graph-sent-view';
import type * as Y from 'yjs';
import { closeReopens, correctedAfter, editLines, endOverridden, foldIntoLines, linePatch, restoredAfter, type EditLine } from './graph-edits';
import type { GraphSyncPort, SyncedEnd, SyncedEntity, SyncedEntityFix, SyncedRelation, SyncedRelationEdit, SyncedRetraction } from './graph-ports';
import type { KindReport, SyncKind } from './sync-kind';

type Stamped<T> = T & { device: string };
type GraphRecord =
  | ({ t: 'entity' } & Stamped<SyncedEntity>)
  | ({ t: 'relation' } & Stamped<SyncedRelation>)
  | ({ t: 'retract' } & Stamped<SyncedRetraction>)
  | ({ t: 'end' } & Stamped<SyncedEnd>)
  | ({ t: 'fix' } & Stamped<SyncedEntityFix>)
  | ({ t: 'edit' } & Stamped<SyncedRelationEdit>);

export function graphRecordsOf(doc: Y.Doc): Y.Map<GraphRecord> {
  return doc.getMap<GraphRecord>('records');
}

/** Per relation key: every device's record, the union of their support, and the latest retraction. */
function gather(map: Y.Map<GraphRecord>) {
  const relations = new Map<string, Stamped<SyncedRelation>[]>();
  const retracted = new Map<string, Stamped<SyncedRetraction>>();
  const entities = new Map<string, Stamped<SyncedEntity>>();
  const ends = new Map<string, Stamped<SyncedEnd>>();
  const fixes: Stamped<SyncedEntityFix>[] = [];
  const edits: Stamped<SyncedRelationEdit>[] = [];
  for (const r of map.values()) {
    if (r.t === 'edit') {
      edits.push(r);
    } else if (r.t === 'relation') {
      const list = relations.get(r.key);
      if (list) list.push(r);
      else relations.set(r.key, [r]);
    } else if (r.t === 'retract') {
      const prev = retracted.get(r.key);
      if (!prev || r.at > prev.at || (r.at === prev.at && r.device > prev.device)) retracted.set(r.key, r);
    } else if (r.t === 'fix') {
      fixes.push(r);
    } else if (r.t === 'end') {
      const prev = ends.get(r.key);
      if (!prev || outranks(r, prev)) ends.set(r.key, r);
    } else {
      const prev = entities.get(r.key);
      // The person's entity first, then the later, then the device id: every device picks the same one.
      if (!prev || (r.assertedBy === 'person' && prev.assertedBy !== 'person') || (r.assertedBy === prev.assertedBy && laterEntity(r, prev))) entities.set(r.key, r);
    }
  }
  // Oldest first, so that a chain (Sam → Samuel → Sam Smith) is replayed in order on every device.
  fixes.sort((a, b) => a.at.localeCompare(b.at) || a.device.localeCompare(b.device));
  // The latest correction still standing under each entity key (an undone one no longer corrects it).
  const fixedAt = new Map<string, string>();
  for (const f of fixes) if (!f.undone) fixedAt.set(f.key, f.at);
  // The name an undone rename gave is given up again: its entity record is not added back.
  for (const f of fixes) if (f.undone && f.toKey && !(f.undone <= (fixedAt.get(f.toKey) ?? ''))) fixedAt.set(f.toKey, f.undone);
  // Records under a key the person's wording edit moved away from count for the relation as it reads now.
  const lines = editLines(edits);
  /**
   * The latest retraction of a relation under any key its line had: a retraction follows the relation through a
   * rewording made on another device (it was the same relation the person said was wrong).
   */
  const retractionOf = (key: string): Stamped<SyncedRetraction> | undefined =>
    [...(lines.get(key)?.keys ?? [key])].map((k) => retracted.get(k)).reduce<Stamped<SyncedRetraction> | undefined>((a, b) => (b && (!a || later(b, a)) ? b : a), undefined);
  return { relations: foldIntoLines(relations, lines), retracted, retractionOf, entities, ends, fixes, fixedAt, lines };
}

/** The person's end first, then the later, then the device id: every device picks the same one. */
function outranks(a: Stamped<SyncedEnd>, b: Stamped<SyncedEnd>): boolean {
  if (a.person !== b.person) return a.person;
  return a.at > b.at || (a.at === b.at && a.device > b.device);
}

/** An end stands unless it was derived and some device derived the relation again afterwards. */
function endStands(end: SyncedEnd, records: readonly SyncedRelation[]): boolean {
  return end.person || !records.some((r) => r.at > end.at);
}

const laterEntity = (a: Stamped<SyncedEntity>, b: Stamped<SyncedEntity>): boolean => (a.at ?? '') > (b.at ?? '') || ((a.at ?? '') === (b.at ?? '') && a.device > b.device);

/**
 * An entity record under a name the person corrected (renamed, merged, deleted) is not added again, unless
 * it is the person's own entity made after that correction: the person named it so again.
 */
function entityStands(e: SyncedEntity, fixedAt: string | undefined): boolean {
  return fixedAt === undefined || (e.assertedBy === 'person' && (e.at ?? '') > fixedAt);
}

/**
 * A relation stands unless the person retracted it and neither added it again themselves nor corrected it
 * afterwards: brought it back (an undo), or reworded it, moved its dates, undid its close — on another device,
 * apart. The retraction says "this is wrong", the correction "it is right, so": of two such acts of the person
 * on one relation the later stands, as for facts, whichever device hears of them first.
 */
function stands(records: readonly SyncedRelation[], retraction: Stamped<SyncedRetraction> | undefined, line?: EditLine): boolean {
  if (!retraction) return true;
  return correctedAfter(line, retraction) || records.some((r) => r.assertedBy === 'person' && r.at > retraction.at);
}

const later = (a: { at: string; device: string }, b: { at: string; device: string }): boolean => a.at > b.at || (a.at === b.at && a.device > b.device);

function merged(records: readonly Stamped<SyncedRelation>[]): Stamped<SyncedRelation> {
  const sorted = [...records].sort((a, b) => (a.assertedBy === b.assertedBy ? a.device.localeCompare(b.device) : a.assertedBy === 'person' ? -1 : 1));
  const support = [...new Set(records.flatMap((r) => r.support))].sort();
  const validFrom = records.map((r) => r.validFrom).sort()[0];
  // Derived when its latest derivation was, on whichever device.
  const at = records.map((r) => r.at).sort().at(-1)!;
  return { ...sorted[0], support, validFrom, at };
}

export function reconcileGraph(scope: string, doc: Y.Doc, port: GraphSyncPort, device: string): KindReport {
  const map = graphRecordsOf(doc);
  const report: KindReport = { kind: 'graph', key: scope, sent: 0, received: 0, forgotten: 0, refused: [] };
  const put = (id: string, r: GraphRecord): void => {
    map.set(id, r);
    report.sent++;
  };

  // Outgoing: what this home holds that the document does not say yet, as this device's own records.
  const localRelations = port.relations(scope);
  const localRetractions = port.retractions(scope);
  const localEnds = port.ends(scope);
  const localFixes = port.entityFixes(scope);
  const localEdits = port.relationEdits(scope);
  doc.transact(() => {
    const known = gather(map);
    for (const e of port.entities(scope)) {
      const said = known.entities.get(e.key);
      // Sent again when the document's record is older than a correction of that name and this one is not.
      const fixedAt = known.fixedAt.get(e.key);
      const again = said && fixedAt !== undefined && !entityStands(said, fixedAt) && entityStands(e, fixedAt);
      if (!said || again) put(`entity:${e.key}:${device}`, { t: 'entity', ...e, device });
    }
    for (const r of localRelations) {
      // Said already (by any device, this one included) when some record is as much the person's and the
      // records' support covers this one's: writing it again would only echo what came in.
      const others = known.relations.get(r.key) ?? [];
      const support = new Set(others.flatMap((o) => o.support));
      const said = others.some((o) => o.assertedBy === 'person' || r.assertedBy !== 'person') && r.support.every((m) => support.has(m));
      // Its end travels as an end record of its own, never inside the relation record.
      const { validTo: _end, ...record } = r;
      if (!said) put(`relation:${r.key}:${device}`, { t: 'relation', ...record, support: [...r.support].sort(), device });
    }
    for (const x of localRetractions) {
      // Only while the document still says the relation stands (a retraction that came in is not sent back).
      const mine = map.get(`retract:${x.key}:${device}`);
      if (!(mine?.t === 'retract' && mine.at === x.at) && stands(known.relations.get(x.key) ?? [], known.retractionOf(x.key), known.lines.get(x.key))) put(`retract:${x.key}:${device}`, { t: 'retract', ...x, device });
    }
    for (const x of localFixes) {
      const id = `fix:${x.key}:${x.op}:${device}`;
      const mine = map.get(id);
      if (!(mine?.t === 'fix' && mine.at === x.at && mine.to === x.to && mine.undone === x.undone)) put(id, { t: 'fix', ...x, device });
    }
    for (const x of localEdits) {
      // One record per edit, never rewritten: what it says is the same whenever it is read.
      const id = `edit:${x.from}:${x.at}:${device}`;
      if (!map.has(id)) put(id, { t: 'edit', ...x, device });
    }
    for (const x of localEnds) {
      // Said already when the standing end is at least as much the person's and ends the relation at the same
      // instant (an end that came in is not echoed back); a person's end is sent over a derived one.
      const best = known.ends.get(x.key);
      // Unless the standing one gave way to the person's edit and this one, made after it, does not (a newer
      // value closed again a relation whose close the person had undone).
      const line = known.lines.get(x.key);
      const outlives = !!best && endOverridden(best, line) && !endOverridden(x, line);
      if (best && best.validTo === x.validTo && (best.person || !x.person) && !outlives) continue;
      put(`end:${x.key}:${device}`, { t: 'end', ...x, device });
    }
  });

  // Incoming: this home follows what stands.
  port.batch(() => incoming(scope, map, port, localRelations, report));
  return report;
}

function incoming(scope: string, map: Y.Map<GraphRecord>, port: GraphSyncPort, localRelations: readonly SyncedRelation[], report: KindReport): void {
  const known = gather(map);
  let here = new Map(localRelations.map((r) => [r.key, r]));
  // The latest undo of an entity correction, and the messages behind each wording here (readBeforeUndo).
  const lastUndo = known.fixes.reduce<string>((a, f) => (f.undone && f.undone > a ? f.undone : a), '');
  const heldBy = new Map<string, Set<string>>();
  for (const fix of known.fixes) {
    if (fix.undone) continue;
    const r = port.fixEntity(scope, fix, fix.device);
    if (r.reason) report.refused.push({ text: fix.from, reason: r.reason });
    else if (r.changed) report.received++;
  }
  // Corrections undone on their device are undone here too, in the order they were undone (one undo of
  // several corrections: the latest correction first, as History undoes).
  const undone = known.fixes.filter((f) => f.undone).sort((x, y) => x.undone!.localeCompare(y.undone!) || y.at.localeCompare(x.at) || x.device.localeCompare(y.device));
  for (const fix of undone) {
    const r = port.undoEntityFix(scope, fix, fix.device);
    if (r.reason) report.refused.push({ text: fix.from, reason: r.reason });
    else if (r.changed) report.received++;
  }
  const entitiesHere = new Set(port.entities(scope).map((e) => e.key));
  for (const [key, e] of known.entities) {
    if (entitiesHere.has(key) || !entityStands(e, known.fixedAt.get(key))) continue;
    const r = port.addEntity(scope, e, e.device);
    if (r.id) report.received++;
    else report.refused.push({ text: e.name, reason: r.reason ?? 'refused' });
  }
  // The person's relation edits, before the relations (a relation reworded here is found under its new key)
  // and again after them (a relation this home only now has gets its corrected start and end).
  if (applyEdits(scope, known, port, report)) here = new Map(port.relations(scope).map((r) => [r.key, r]));
  if (lastUndo) for (const r of port.relations(scope)) heldBy.set(r.relation, new Set([...(heldBy.get(r.relation) ?? []), ...r.support]));
  for (const [key, records] of known.relations) {
    const retraction = known.retractionOf(key);
    const local = here.get(key);
    if (!stands(records, retraction, known.lines.get(key))) {
      if (local && port.retract(scope, key, retraction!.reason, retraction!.device)) report.forgotten++;
      continue;
    }
    const want = merged(records);
    if (local && want.support.every((m) => local.support.includes(m)) && (local.assertedBy === 'person' || want.assertedBy !== 'person')) continue;
    if (!local && readBeforeUndo(want, lastUndo, heldBy)) continue;
    const r = port.addRelation(scope, want, want.device);
    if (r.id) report.received++;
    else if (!r.held && !r.same) report.refused.push({ text: `${want.src} ${want.relation} ${want.dst}`, reason: r.reason ?? 'refused' });
  }
  applyEdits(scope, known, port, report);
  // A retraction of a relation whose records this device never had: nothing to do here.
  const mine = known.ends.size ? port.relations(scope) : [];
  const open = new Map(mine.filter((r) => !r.validTo).map((r) => [r.key, r]));
  const closed = new Map(known.ends.size ? port.ends(scope).map((x) => [x.key, x]) : []);
  for (const [key, end] of known.ends) {
    const records = known.relations.get(key) ?? [];
    if (!stands(records, known.retractionOf(key), known.lines.get(key))) continue;
    // The person's edit of the end (a date, or "still holds") was applied above.
    if (endOverridden(end, known.lines.get(key))) continue;
    const local = open.get(key);
    if (local) {
      // Judged on the document's records only: a row this home made when the relation came in (after the end
      // was made elsewhere) is no derivation of its own; one that is has been sent above.
      if (endStands(end, records) && port.endRelation(scope, end, end.device)) report.received++;
      continue;
    }
    // Closed here by a derivation that another device's later derivation outlived (the latest end is older
    // than it): the later stands, so this home re-opens it too and both devices agree.
    const here = closed.get(key);
    if (here && !here.person && !endStands(end, records)) {
      const later = records.reduce((a, b) => (b.at > a.at ? b : a));
      if (port.reopenRelation(scope, key, later.device)) report.received++;
    }
  }
}

/**
 * A relation record written while an entity correction stood that has been undone since (made before the
 * undo) whose messages are all behind the same wording here: it is that relation as it read under the
 * corrected name ("Samuel works at Globex" once the rename to Samuel is undone), not a new one.
 */
function readBeforeUndo(r: SyncedRelation, lastUndo: string, heldBy: Map<string, Set<string>>): boolean {
  if (!lastUndo || r.at >= lastUndo || !r.support.length) return false;
  const held = heldBy.get(r.relation);
  return !!held && r.support.every((m) => held.has(m));
}

/** Each line's standing fields, through the port; true when something changed here. */
function applyEdits(scope: string, known: Pick<ReturnType<typeof gather>, 'lines' | 'ends' | 'retractionOf'>, port: GraphSyncPort, report: KindReport): boolean {
  if (!known.lines.size) return false;
  // This home's relations read once: a line that already reads as it stands here costs no write path.
  const mine = port.relations(scope);
  let changed = false;
  for (const line of new Set(known.lines.values())) {
    const rows = mine.filter((r) => line.keys.has(r.key)).sort((x, y) => x.validFrom.localeCompare(y.validFrom));
    // Brought back by the person after its latest retraction, or corrected after it on another device (the
    // later act of the person stands): restored here too, then edited as it stands.
    const retraction = known.retractionOf(line.key);
    const restored = line.standing.restored && restoredAfter(line, retraction) ? line.standing.restored : null;
    const by = restored ?? (retraction && correctedAfter(line, retraction) ? line.latest : null);
    if (!rows.length && by && port.restoreRelation(scope, [...line.keys], by.device, by === restored && by.undo === true)) {
      report.received++;
      changed = true;
    }
    const row = rows.at(-1);
    // The person undid its close there (and no newer value closed it since): it holds again here, as derived.
    const reopen = closeReopens(line, known.ends);
    if (reopen && row?.validTo) {
      const r = port.editRelation(scope, [...line.keys], { validTo: null, closeUndone: true }, reopen.device, reopen.undo === true);
      if (r.reason) report.refused.push({ text: line.key, reason: r.reason });
      else if (r.changed) {
        report.received++;
        changed = true;
      }
    }
    const patch = linePatch(line, known.ends);
    if (!Object.keys(patch).length) continue;
    const same = row && (patch.relation === undefined || patch.relation === row.relation) && (patch.validFrom === undefined || patch.validFrom === row.validFrom) && (patch.validTo === undefined || patch.validTo === (row.validTo ?? null));
    if (same) continue;
    // The line's latest edit an undo there: this home marks its entry for the edit it reverses undone.
    const r = port.editRelation(scope, [...line.keys], patch, line.latest.device, line.latest.undo === true);
    if (r.reason) report.refused.push({ text: patch.relation ?? line.key, reason: r.reason });
    else if (r.changed) {
      report.received++;
      changed = true;
    }
  }
  return changed;
}

/** The knowledge graph as a sync kind: one document per scope, `graph/<scope>`. */
export function graphKind(port: GraphSyncPort): SyncKind {
  return {
    kind: 'graph',
    localKeys: () => port.scopes(),
    reconcile: (scope, doc, ctx) => reconcileGraph(scope, doc, sentGraph(port, ctx.outgoing), ctx.device),
  };
}
