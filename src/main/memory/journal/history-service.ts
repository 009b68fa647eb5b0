// Memory → History and `monad history` / `monad undo`: the journal's pages as a person reads them
// (with whether each entry can be undone, and the scopes to filter by), and undo that waits for the
// layers' asynchronous work (mem0's stores) before it answers.
import type { Database } from 'better-sqlite3';
import { MonadError } from '../../../shared/errors';
import type { HistoryPage, JournalFilter, UndoResult } from '../../../shared/journal';
import type { MemoryJournal } from './journal';

export interface HistoryServiceDeps {
  journal: MemoryJournal;
  memoryDb: Database;
  /** Resolves once the layers' queued work (a mem0 memory being put back) is done. */
  settle: () => Promise<void>;
}

export interface HistoryQuery extends JournalFilter {
  before?: string | null;
  limit?: number;
}

export class HistoryService {
  private readonly scopesStmt;

  constructor(private readonly d: HistoryServiceDeps) {
    this.scopesStmt = d.memoryDb.prepare(`SELECT DISTINCT scope FROM memory_journal WHERE scope IS NOT NULL ORDER BY scope`).pluck();
  }

  list(q: HistoryQuery = {}): HistoryPage {
    const { before, limit, ...filter } = q;
    const page = this.d.journal.list({ ...filter, since: filter.since ? sinceIso(filter.since) : undefined }, { before, limit });
    const entries = page.entries.map((e) => ({ ...e, canUndo: e.undoneBy === null && e.undoes === null && this.d.journal.hasUndo(e.action) }));
    // The filter's choices come with the first page only: later pages are the same list, further down.
    return before ? { entries, next: page.next } : { entries, next: page.next, scopes: this.scopesStmt.all() as string[] };
  }

  /**
   * Undoes one entry. When that changes more than the entry, nothing happens without `confirm`: the
   * answer is the plan (what else it undoes), for the person to see first.
   */
  async undo(id: number, opts: { confirm?: boolean } = {}): Promise<UndoResult> {
    const result = this.d.journal.undo(id, opts);
    if (result.done) await this.d.settle();
    return result;
  }
}

/**
 * "2026-12-01" is the start of that day where the person is (not UTC midnight); a date-time is taken as
 * written. Entries are stored in UTC ISO, so the bound is turned into the same form.
 */
export function sinceIso(since: string): string {
  const day = /^(\d{4})-(\d\d)-(\d\d)$/.exec(since);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(since);
  if (Number.isNaN(date.getTime())) throw new MonadError('BAD_INPUT', `Not a date: ${since.slice(0, 40)}`);
  return date.toISOString();
}
