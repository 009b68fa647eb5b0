// The sync room's port onto this home's laws (issue 30 §2–§3), built by engine-sync-laws.ts. A law is named by
// a content key (its scope and its statement as first derived, normalised), since law row ids differ per device.
import type { WriteOutcome } from './sync-ports';

/** A law as it travels: its state as the person left it. */
export interface SyncedLaw {
  key: string;
  statement: string;
  /** The wording as inferred, once the person edited it. */
  derivedStatement: string | null;
  confidence: number;
  /** Only refs that mean the same on every device (facts: content hashes); graph refs are local ids. */
  support: string[];
  origin: 'inference' | 'person' | 'import';
  status: 'active' | 'rejected';
  rejectedReason: string | null;
  pinned: boolean;
  /** When the person last decided on it here (rejected, un-rejected, edited, pinned, added). */
  decidedAt: string;
}

export interface LawSyncPort {
  scopes(): string[];
  /** The laws of a scope the person decided on (an inferred law no one touched is re-derived on each device). */
  decided(scope: string): SyncedLaw[];
  /** Brings this home's law of that key to the given state through the laws' own correction paths (or adds it). */
  apply(scope: string, law: SyncedLaw, device: string): WriteOutcome;
}
