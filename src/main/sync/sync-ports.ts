// What the sync room needs from the rest of Monad, and nothing more (issue 28's clean ports): the
// composition root (engine-sync.ts) builds these from the memory layer; this room never imports it.
import type { FactOriginKind } from '../../shared/facts';
import type { JournalActor } from '../../shared/journal';

/**
 * A message a fact was learned from (its fact_origin rows, its earlier texts' included), as it travels: under the
 * fact's text id. What makes the fact's message findable through it (issue 31), the chat it came only from
 * deletable with it, and its second-hand mark in recall the same on every device.
 */
export interface SyncedFactSource {
  factId: string;
  messageId: string;
  sessionId: string | null;
  origin: FactOriginKind;
}

export interface SyncedFact {
  id: string;
  text: string;
  /** Who wrote its current text on this device (null when no source is kept). */
  actor: JournalActor | null;
  /**
   * For a text that replaced others on this device (an edit: one id; a consolidation merge: several), the
   * ids it replaced, so that an edit travels as one edit of the same fact rather than a forget and a record.
   */
  replaces?: readonly string[];
  /** When its current text was written here, if known (a version's time: "the later edit wins" means this). */
  at?: string | null;
}

export interface IncomingFact {
  text: string;
  actor: JournalActor;
  /** The device that wrote it. */
  device: string;
  /**
   * Set when the other device wrote it as an undo in its History: the id of the text whose last change here
   * it reverses (History marks that entry undone by this one, rather than showing a new change).
   */
  undoOf?: string;
}

/** A new text for a fact this home holds under `fromId`, written on another device. */
export interface IncomingEdit extends IncomingFact {
  fromId: string;
}

/** What a device saw when two or more devices changed one fact apart, for this home's History. */
export interface SyncConflictNote {
  /** The fact's line of versions (FactVersion.factId). */
  factId: string;
  /** The id of the text that stands now (null when the fact stands forgotten). */
  keptId: string | null;
  /** 'edited': two texts (ends with a pick); 'kept': an edit beat a forget; 'corrected': the person's beat a derivation. */
  kind: 'edited' | 'kept' | 'corrected';
  /** One line in words, e.g. 'Edited on both devices: “…” (device-a) and “…” (device-b); kept “…”'. */
  summary: string;
  /** Every concurrent version, the one that stands first. */
  versions: { versionId: string; kind: string; text: string | null; actor: JournalActor; device: string; at: string }[];
}

/** A fact this home forgot, as History recorded it. */
export interface ForgottenFact {
  id: string;
  text: string;
  actor: JournalActor;
  /** When it was forgotten here. */
  at: string;
}

export type WriteOutcome = { id: string | null; reason: string | null };

/** One home's L1 facts, as the sync bridge reads and writes them. */
export interface FactSyncPort {
  /** Every scope that has a file. */
  scopes(): string[];
  facts(scope: string): SyncedFact[];
  /**
   * Writes facts that came from other devices through the same path as a local write (the sanitizer, the
   * file lock, History, fact versions), each attributed to its `actor` and to sync from its `device`; many
   * at once, so that a device's first sync writes each scope file a few times, not once per fact. Returns,
   * in order, the id each fact has here, or null when this home refused the text (the reason says why).
   */
  record(scope: string, items: readonly IncomingFact[]): WriteOutcome[];
  /**
   * Edits facts through the same path as a local edit (History shows one edit made on another device).
   * A fact no longer here is recorded instead. Returns, in order, the new id or the refusal.
   */
  edit(scope: string, items: readonly IncomingEdit[]): WriteOutcome[];
  /**
   * Forgets a fact because another device forgot it; a fact no longer here is no error. `undo`: the other
   * device's forget was an undo (of the record or edit that brought the fact), and History says so.
   */
  forget(scope: string, id: string, device: string, undo?: boolean): void;
  /**
   * The texts (ids) the text with this id replaced when it was written here, also once it is no longer held
   * (its last version's source): an edit of an edit made between two syncs travels as one edit of the first.
   */
  replacedHere?(scope: string, id: string): readonly string[];
  /** Whether this device's last change to the fact with this text id was an undo in History (it travels as one). */
  undid?(scope: string, id: string): boolean;
  /**
   * The facts this home forgot itself in this scope (not by sync, not undone), newest first, one per text id:
   * a device's first sync of the scope tells the others about forgets it made before it ever synced them.
   */
  forgottenHere?(scope: string): ForgottenFact[];
  /**
   * When this device's last change to the fact with this text id was the undo of an edit (the old text put
   * back in place), the id of the text it replaced; else null. The undo then travels as an edit back.
   */
  editedBack?(scope: string, id: string): string | null;
  /** The messages each fact held here was learned from, by the fact's id (absent: no sources travel). */
  messageSources?(scope: string): SyncedFactSource[];
  /** Records that facts held here were learned from these messages on another device; returns how many were new here. */
  addMessageSources?(scope: string, items: readonly SyncedFactSource[]): number;
  /** Tells this home's History what happened when devices changed one fact apart (never undone: nothing was written). */
  noteConflict(scope: string, note: SyncConflictNote): void;
  /**
   * The id this home gives a fact with this text (its content hash): a fact sent with a stored secret
   * redacted travels under its redacted text's id (fact-sent-view.ts). Absent: texts are sent as held.
   */
  idOf?(text: string): string;
}
