// What MemoryDir tells the one who tracks its changes (facts/fact-ledger.ts: the journal and fact versions),
// and the shape of a scope as read from its file.
import type { Fact } from '../../../shared/domain';

/** What a write did, as the method that made it knows it (the tracker journals it in those terms). */
export type FactOp =
  | { kind: 'record' }
  /** `from` was edited; its text now has the id `to` (the same id when only case or punctuation changed). */
  | { kind: 'update'; from: string; to: string }
  | { kind: 'forget'; id: string }
  /** A wholesale replace (consolidation). */
  | { kind: 'replace' }
  /** The scope file was removed (a session's scope at its end). */
  | { kind: 'drop' };

export interface FactChange {
  scope: string;
  op: FactOp;
  before: readonly Fact[];
  after: readonly Fact[];
}

/**
 * Told about every change of a scope's facts, under the scope file's lock, so that what it records (the
 * journal, fact versions) can never interleave with another process's write of the same file.
 */
export interface FactTracker {
  /** A write of this MemoryDir landed on disk. */
  changed(change: FactChange): void;
  /**
   * The scope as it is on disk, read after it changed outside this process's own writes, or for the
   * first time in this process (a missing file reads as no facts). The tracker compares it with what it
   * knows: a difference is another process's write it already recorded, or an edit by hand.
   */
  observed(scope: string, facts: readonly Fact[]): void;
}

export interface ScopeRead {
  scope: string;
  facts: Fact[];
  warnings: string[];
  updated: string | null;
  chars: number;
}
