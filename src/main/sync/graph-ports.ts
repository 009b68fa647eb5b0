// The sync room's port onto this home's knowledge graph (issue 30 §2–§3), built by engine-sync-graph.ts.
// Graph rows have local integer ids, different on every device; every record here is named by a content key
// (the scope and the normalised names and wording that define it), computed by the side that owns the
// normalisation, so that what two devices derived is one record and merges idempotently.
import type { WriteOutcome } from './sync-ports';

export type SyncedProv = 'user' | 'assistant' | 'inferred';

export interface SyncedEntity {
  /** A hash of the scope and the normalised name. */
  key: string;
  name: string;
  type: string;
  summary: string;
  assertedBy: 'model' | 'person';
  /** When it was made on its device: the person's entity made after a correction of its name stands again. */
  at?: string;
}

export interface SyncedRelation {
  /** A hash of the scope, the normalised names of both ends, the normalised wording and the provenance class. */
  key: string;
  src: string;
  dst: string;
  relation: string;
  provClass: SyncedProv;
  validFrom: string;
  /** Its end on this device (null: it still holds); the end travels as its own record (SyncedEnd). */
  validTo?: string | null;
  /** The messages it was learned from (the same ids on every device once chats sync). */
  support: string[];
  assertedBy: 'model' | 'person';
  /**
   * When it was last derived on its device (made, or a later mention merged in, or the person's confirmation):
   * a person's re-add after a retraction outranks it, and a derivation after a derived end re-opens it.
   */
  at: string;
}

/** The person marked a relation wrong: a correction that travels and outranks any re-derivation. */
export interface SyncedRetraction {
  key: string;
  reason: string | null;
  at: string;
}

/**
 * A relation's end: it was closed (superseded by a newer value, or ended by the person's correction). The
 * person's end outranks any derivation; between derivations the later stands.
 */
export interface SyncedEnd {
  key: string;
  validTo: string;
  /** When it was closed on its device. */
  at: string;
  /** The person set the end (a correction), not a newer derived value. */
  person: boolean;
}

/**
 * The person's correction of an entity (rename, merge into another, delete), named by the entity's key and
 * name before it: the other device finds the same entity by that name (or by its alias, once renamed).
 */
export interface SyncedEntityFix {
  /** The content key of the entity as it was named before (hash of scope + normalised name). */
  key: string;
  op: 'rename' | 'merge' | 'delete';
  /** Its name before the correction. */
  from: string;
  /** The new name (rename), the kept entity's name (merge); null for a delete. */
  to: string | null;
  at: string;
  /** When the person undid it on its device: every device undoes it through its own History. */
  undone?: string;
  /** A rename's new name's key: once the rename is undone, an entity record under that name is not added again. */
  toKey?: string;
}

/** What a relation edit changed: its wording, its start, its end (a date, or none: it still holds). */
export type RelationEditField = 'relation' | 'validFrom' | 'validTo' | 'restored';

/**
 * The person's edit of a relation, from this device's History: the relation's key before and after it (the
 * key follows the wording), its state after it, and the fields it changed. Among the edits of one relation
 * (keys joined by edits) the later edit of each field stands, on every device.
 */
export interface SyncedRelationEdit {
  from: string;
  to: string;
  relation: string;
  validFrom: string;
  validTo: string | null;
  changed: RelationEditField[];
  at: string;
  /** Set when the edit was the person's undo in History on its device (an edit put back, a relation restored). */
  undo?: true;
  /**
   * The person undid the relation's close (one a newer value caused, or an end that came from another device):
   * it holds again (`validTo` null) but stays as derived, not the person's, so an end derived after it stands.
   */
  closeUndone?: true;
}

/** The fields of a relation to set: only those some edit changed. */
export interface RelationPatch {
  relation?: string;
  validFrom?: string;
  validTo?: string | null;
  /** With `validTo: null`: re-open it as History's undo of its close does (still as derived), not as an edit. */
  closeUndone?: true;
}

export interface GraphSyncPort {
  scopes(): string[];
  /** Live entities of a scope. */
  entities(scope: string): SyncedEntity[];
  /** Live relations of a scope (not marked wrong, not folded into another), current or ended. */
  relations(scope: string): SyncedRelation[];
  /** The relations of a scope the person marked wrong (and that are not live again). */
  retractions(scope: string): SyncedRetraction[];
  /** The ends of the scope's live relations that are closed. */
  ends(scope: string): SyncedEnd[];
  /**
   * Closes this home's open relation of that key through the graph's correction path (History "on another
   * device"): a person's end as the person's edit, a derived one as extraction's. False when nothing changed.
   */
  endRelation(scope: string, end: SyncedEnd, device: string): boolean;
  /** The person's entity corrections made on this device (not undone; not those that came from another one). */
  entityFixes(scope: string): SyncedEntityFix[];
  /**
   * Applies another device's entity correction through the graph's correction path, as the person's (History
   * "on another device", undo). `changed` false when there is nothing left to do here (already done, or no
   * such entity); a reason when this home refuses it (a name that does not pass the sanitizer, a taken name).
   */
  fixEntity(scope: string, fix: SyncedEntityFix, device: string): { changed: boolean; reason: string | null };
  /** The person's relation edits made on this device (not undone; not those that came from another one). */
  relationEdits(scope: string): SyncedRelationEdit[];
  /**
   * Sets the fields of this home's relation under one of `keys` (the latest, when several) through the graph's
   * correction path, as the person's (History "on another device", undo). `changed` false when it already
   * says so or there is no such relation here; a reason when this home refuses it (sanitizer, dates). With
   * `undo` the edit was an undo in History there: this home's entry for the edit it reverses shows undone by it.
   */
  editRelation(scope: string, keys: string[], patch: RelationPatch, device: string, undo?: boolean): { changed: boolean; reason: string | null };
  /**
   * Undoes here another device's entity correction that this home applied, through History's undo (its
   * entries said to come from another device). A reason when it cannot be undone alone any more here.
   */
  undoEntityFix(scope: string, fix: SyncedEntityFix, device: string): { changed: boolean; reason: string | null };
  /**
   * Brings back this home's relation of one of `keys` marked wrong (none of them live here), as the person's. With
   * `undo` it was brought back by an undo there: this home's entry for the retraction shows undone by it.
   */
  restoreRelation(scope: string, keys: string[], device: string, undo?: boolean): boolean;
  /** Re-opens this home's derived relation of that key that a later derivation elsewhere outlived (History). */
  reopenRelation(scope: string, key: string, device: string): boolean;
  /** Through the graph layer's own write path (sanitizer, journal "on another device"); null id when refused. */
  addEntity(scope: string, e: SyncedEntity, device: string): WriteOutcome;
  /**
   * Through the same path as extraction (a model's relation) or the person's add: the store merges it with the
   * same relation here and adds its support; `held` when this home's person marked it wrong (never written);
   * `same` when it is here already with all its support (a record under a name corrected since).
   */
  addRelation(scope: string, r: SyncedRelation, device: string): WriteOutcome & { held?: boolean; same?: boolean };
  /** The person's retraction made on another device, through the graph's correction path (History, undo). */
  retract(scope: string, key: string, reason: string | null, device: string): boolean;
  /** Runs a pull's writes in one database transaction (thousands of relations: one commit, not one each). */
  batch<T>(fn: () => T): T;
  /** The content keys this home gives an entity and a relation (graph-sent-view.ts: a redacted record's key). */
  keysOf?: { entity(scope: string, name: string): string; relation(scope: string, src: string, relation: string, dst: string, prov: SyncedProv): string };
  /**
   * A relation's wording as it may be sent: a stored secret found in it in the graph's normalised form (lower
   * case, `_` for other characters, cut short) redacted, which the engine's egress filter cannot see. Absent:
   * the wording is sent as the egress filter leaves it.
   */
  sendWording?(wording: string): string;
}
