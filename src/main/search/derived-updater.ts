// Keeps the derived field of message search (derived-store.ts) in step with memory (issue 31 §1). Every
// change to memory is journaled (facts, graph corrections, merges, undo, forgetting), so one journal
// listener marks the field stale; the recomputation reads memory as it is now and rewrites only the
// messages whose derived text changed. The same recomputation is the rebuild path: a home opened after
// an import, after another process changed memory, or before this field existed starts stale.
//
// Stale is resolved twice over: in the background soon after the change (a long-running host), and at
// the latest by the next search (`fresh()`), so a result never reflects a fact that was forgotten.
import type { DerivedEntry, DerivedStore } from './derived-store';

export interface DerivedUpdaterDeps {
  store: Pick<DerivedStore, 'replaceAll' | 'open'>;
  /** What memory learned from each message now (derived-sources.ts), by message id. */
  read: () => ReadonlyMap<string, readonly DerivedEntry[]>;
  log?: (msg: string, err?: unknown) => void;
}

export class DerivedUpdater {
  private stale = true;
  private scheduled = false;
  private closed = false;
  private holds = 0;

  constructor(private readonly d: DerivedUpdaterDeps) {}

  /** Memory changed: recompute soon (coalesced: a consolidation run journals many entries at once). */
  changed(): void {
    this.stale = true;
    if (this.scheduled || this.closed || this.holds > 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.closed && this.d.store.open) this.fresh();
    });
  }

  /** Brings the field up to date if memory changed since it was last computed (cheap when it did not). */
  fresh(): void {
    if (!this.stale) return;
    try {
      this.sync();
    } catch (err) {
      // Search still answers by words; the next change or search tries again.
      this.d.log?.('search: the derived field could not be brought up to date', err);
    }
  }

  /** Recomputes every message's derived text from memory now; returns how many rows changed. */
  sync(): { written: number; removed: number } {
    this.stale = false;
    try {
      return this.d.store.replaceAll(this.d.read());
    } catch (err) {
      this.stale = true;
      throw err;
    }
  }

  /**
   * Background recomputation waits until the returned release is called (once; nested holds wait for the last):
   * a run that changes memory document by document between network waits (a whole home arriving by sync) would
   * otherwise recompute every message's field after each document — a whole-home read each time, and the
   * largest garbage of a first pull. A search meanwhile still brings the field up to date first (`fresh`).
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0 && this.stale) this.changed();
    };
  }

  close(): void {
    this.closed = true;
  }
}
