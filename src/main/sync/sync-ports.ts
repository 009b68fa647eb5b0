// What the sync room needs from the rest of Monad, and nothing more (issue 28's clean ports): the
// composition root (engine-sync.ts) builds these from the memory layer; this room never imports it.
import type { JournalActor } from '../../shared/journal';

export interface SyncedFact {
  id: string;
  text: string;
  /** Who wrote its current text on this device (null when no source is kept). */
  actor: JournalActor | null;
}

export interface IncomingFact {
  text: string;
  actor: JournalActor;
  /** The device that wrote it. */
  device: string;
}

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
  record(scope: string, items: readonly IncomingFact[]): { id: string | null; reason: string | null }[];
  /** Forgets a fact because another device forgot it; a fact no longer here is no error. */
  forget(scope: string, id: string, device: string): void;
}
