// The history's retention (memory.history.retentionDays; null keeps everything): once a day, entries
// older than the setting go, with the fact versions closed before then. Only history is dropped; what
// memory holds now lives in the layers, so the latest state stays exact. The last run is remembered in
// db/memory.sqlite, so an app restarted often still compacts once a day, not on every start.
import type { Database } from 'better-sqlite3';
import type { MemoryJournal } from './journal';

/** Compaction runs at most this often. */
export const COMPACT_EVERY_MS = 24 * 60 * 60 * 1000;
/** How often a long-running host checks whether a compaction is due (cheap: one row read). */
export const CHECK_EVERY_MS = 60 * 60 * 1000;
const STATE_KEY = 'journal:compactedAt';

export interface RetentionDeps {
  journal: MemoryJournal;
  memoryDb: Database;
  retentionDays: () => number | null;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
}

export interface CompactionRun {
  at: string;
  retentionDays: number;
  entries: number;
  versions: number;
}

export class HistoryRetention {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly d: RetentionDeps) {}

  /** Checks now and then every CHECK_EVERY_MS; the timer never keeps the process alive. */
  start(): void {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A shorter retention takes effect at once, not at the next daily run. */
  settingChanged(previous: number | null): void {
    const days = this.d.retentionDays();
    if (days === null || (previous !== null && days >= previous)) return;
    try {
      this.run();
    } catch (err) {
      this.d.log('[history] compaction failed', err);
    }
  }

  /** Compacts when a retention is set and the last run is a day old (or there was none). */
  runIfDue(): CompactionRun | null {
    if (this.d.retentionDays() === null) return null;
    const last = this.lastRunAt();
    if (last !== null && this.d.now().getTime() - last < COMPACT_EVERY_MS) return null;
    return this.run();
  }

  /** Compacts now (when a retention is set) and remembers when. */
  run(): CompactionRun | null {
    const days = this.d.retentionDays();
    if (days === null) return null;
    const at = this.d.now().toISOString();
    const { entries, versions } = this.d.journal.compact(days);
    this.d.memoryDb
      .prepare(
        `INSERT INTO consolidation_state (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(STATE_KEY, at, at);
    if (entries || versions) this.d.log(`[history] retention ${days} days: dropped ${entries} entr${entries === 1 ? 'y' : 'ies'} and ${versions} old fact version${versions === 1 ? '' : 's'}`);
    return { at, retentionDays: days, entries, versions };
  }

  lastRunAt(): number | null {
    const v = this.d.memoryDb.prepare(`SELECT value FROM consolidation_state WHERE key = ?`).pluck().get(STATE_KEY) as string | undefined;
    const t = v ? Date.parse(v) : NaN;
    return Number.isNaN(t) ? null : t;
  }

  private tick(): void {
    try {
      this.runIfDue();
    } catch (err) {
      // A busy or full disk: the next check tries again; history only grows meanwhile.
      this.d.log('[history] compaction failed', err);
    }
  }
}
