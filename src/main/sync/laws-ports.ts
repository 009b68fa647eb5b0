// The sync room's port onto this home's laws (issue 30 §2–§3), built by engine-sync-laws.ts. A law is named by
// a content key (its scope and its statement as first derived, normalised), since law row ids differ per device.
import type { WriteOutcome } from './sync-ports';

/** A law as it travels: its state as the person (or, for a removal, a re-derivation) left it. */
export interface SyncedLaw {
  key: string;
  statement: string;
  /** The wording as inferred, once the person edited it. */
  derivedStatement: string | null;
  confidence: number;
  /** Only refs that mean the same on every device (facts: content hashes); graph refs are local ids. */
  support: string[];
  origin: 'inference' | 'person' | 'import';
  /** `removed`: the law is gone (the person undid its addition, or a re-derivation dropped it). */
  status: 'active' | 'rejected' | 'removed';
  rejectedReason: string | null;
  pinned: boolean;
  /**
   * Set when the decision was to take the law out of recall (with the person's reason) or to bring it back;
   * absent for other decisions, which leave recall as each device's own cascade has it.
   */
  recall?: { out: boolean; reason: string | null } | null;
  /** Whether the law was out of recall where this state was read (compared with `recall`, never applied). */
  suppressed?: boolean;
  /** When the decision was made, on the device that made it (rejected, un-rejected, edited, pinned, added, removed). */
  decidedAt: string;
  /** Who removed it (only with `removed`); a record without it is the person's. */
  removedBy?: 'person' | 'derivation';
  /**
   * For a removal by re-derivation: the person's latest decision on the law that the removing device had
   * seen. A person's decision newer than that was made apart from the re-derivation, and beats it.
   */
  basis?: string | null;
  /**
   * Set when the decision was the person's undo in History on its device (a rejection, edit, pin, recall
   * decision or addition undone): the other devices mark their entry for the decision it reverses undone.
   */
  undo?: true;
}

/** A law of this home that the person decided on, with what tells this device's decisions from synced ones. */
export interface LocalLaw extends SyncedLaw {
  /** This home's row id (differs per device). */
  id: number;
  /** The id of the person's latest History entry for it: a new one means a new decision here. */
  entry: number;
}

/** What became of a law row that is no longer here. */
export interface LawRemoval {
  by: 'person' | 'derivation';
  at: string;
  statement: string;
  /** The person's latest History entry for the law before it left (a decision made here, or one applied from sync). */
  lastDecision: { entry: number; at: string } | null;
  /** The removal was the person's undo in History (of the law's addition). */
  undo?: true;
}

export interface LawSyncPort {
  scopes(): string[];
  /** The laws of a scope the person decided on (an inferred law no one touched is re-derived on each device). */
  decided(scope: string): LocalLaw[];
  /** The keys of every law of the scope this home holds, decided on or not. */
  keys(scope: string): string[];
  /** How the law with this row id left this home (its last History entry), or null when unknown or still here. */
  removal(id: number): LawRemoval | null;
  /**
   * Brings this home's law of that key to the given state through the laws' own paths (or adds it, or
   * removes it). `id: null, reason: null` when this home keeps its own (a re-derivation here since).
   */
  apply(scope: string, law: SyncedLaw, device: string): WriteOutcome;
  /** The key this home gives a law first derived as this statement (laws-sent-view.ts: a redacted law's key). */
  keyOf?(scope: string, derivedStatement: string): string;
  /** The laws each device derived and no one decided on (laws-derived.ts); absent: they stay on their device. */
  derived?: DerivedLawPort;
}

/** A law a device derived itself and no one decided on, as it travels in the `derived` map of `laws/<scope>`. */
export interface DerivedLaw {
  statement: string;
  confidence: number;
  /** Only refs that mean the same on every device (`fact:<hash>`). */
  support: string[];
  /** When that device derived it (a law's decay runs from then, on every device). */
  derivedAt: string;
}

/** A law row of this home, as the derived pass sees it. */
export interface HeldLaw extends DerivedLaw {
  id: number;
  key: string;
  status: 'active' | 'rejected';
  /** Brought here from another device's derivations (not this device's inference). */
  synced: boolean;
  /** The person decided on it (it travels as decisions, laws-bridge.ts). */
  decided: boolean;
  /** This device derived it, and no one decided on it: it goes in this device's entry. */
  own: boolean;
}

export interface DerivedLawPort {
  /** Every law of the scope this home holds, rejected ones too. */
  held(scope: string): HeldLaw[];
  /** The key a statement has here, as it is (no check: for statements this home already holds a law of). */
  keyOf(scope: string, statement: string): string;
  /** Another device's statement checked as a law written here would be (the sanitizer), and the key it has here. */
  admit(scope: string, statement: string): { key: string; text: string } | { key: string; reason: string };
  /** Adds another device's law through the laws' own write path, by inference, via sync (never the person's). */
  add(scope: string, law: DerivedLaw, device: string): WriteOutcome;
  /**
   * Takes a law out as one History entry whose undo brings it back: by inference when no device derives it
   * any more, or as the person's removal made on another device.
   */
  drop(id: number, by: 'inference' | 'person', device: string | null): void;
  /** How the law with this row id left this home (laws-ports' LawRemoval), or null when unknown or still here. */
  removal(id: number): LawRemoval | null;
  /** Runs the writes of one pass in one transaction (a first sync adds a scope's laws at once, not one commit each). */
  batch<T>(fn: () => T): T;
}
