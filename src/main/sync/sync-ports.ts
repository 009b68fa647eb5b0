// What the sync room needs from the rest of Monad, and nothing more (issue 28's clean ports): the
// composition root (engine-sync.ts) builds these from the memory layer; this room never imports it.
import type { JournalActor } from '../../shared/journal';

export interface SyncedFact {
  id: string;
  text: string;
  /** Who wrote its current text on this device (null when no source is kept). */
  actor: JournalActor | null;
}

/** One home's L1 facts, as the sync bridge reads and writes them. */
export interface FactSyncPort {
  /** Every scope that has a file. */
  scopes(): string[];
  facts(scope: string): SyncedFact[];
  /**
   * Writes a fact that came from another device through the same path as a local write (the sanitizer,
   * the file lock, History, fact versions), attributed to `actor` and to sync from `device`. Returns the
   * id the fact has here, or null when this home refused the text (the reason says why).
   */
  record(scope: string, text: string, actor: JournalActor, device: string): { id: string | null; reason: string | null };
  /** Forgets a fact because another device forgot it; a fact no longer here is no error. */
  forget(scope: string, id: string, device: string): void;
}
