// The SQL side of the derived field (app migration 13): its posting lists and statistics from its own
// FTS5 index, and the derived text of candidate messages. Like message-index.ts: no ranking here.
import type { Database, Statement } from 'better-sqlite3';
import type { DerivedEntry } from './derived-store';
import { changeCounter } from './change-counter';
import { KeptRows } from './kept-rows';
import { keptAverages, readVarint, type Postings } from './message-index';

/** Rows' parsed entries kept (LoCoMo's stand-in has ~1,100 rows); past this the oldest go first. */
const PARSED_MAX = 20_000;

export class DerivedIndex {
  private stmts: { postings: Statement; stats: Statement; bodies: Statement; entries: Statement; entryCount: Statement } | null | undefined;
  /** The entries' mean length, kept while the field's statistics record is unchanged. */
  private entryAvg: { key: string; avg: number } | null = null;
  /** The field's statistics record, kept the same way (message-index.ts keptAverages). */
  private readonly averages: () => { docs: number; avgLength: number };
  /** Moves on any write to the database (kept-postings.ts): FTS5's statistics record does not move on every delete. */
  private readonly changes: () => string;
  /**
   * Rows' entries parsed, by the row's JSON text: the same candidates' rows are read search after search,
   * and the text is the key, so a rewritten row is parsed afresh (no change needs announcing). Frozen:
   * every caller shares them.
   */
  private readonly parsed = new Map<string, readonly DerivedEntry[]>();
  /** Candidates' entries, kept while the database is unchanged (kept-rows.ts): one statement a search less. */
  private readonly keptEntries: KeptRows<[seq: number, entries: readonly DerivedEntry[]]>;

  constructor(private readonly db: Database) {
    this.changes = changeCounter(db);
    this.averages = keptAverages(this.changes, () => this.s?.stats.get() as Buffer | undefined);
    this.keptEntries = new KeptRows((seqs) => (this.s!.entries.all(JSON.stringify(seqs)) as Array<[number, string]>).map(([seq, json]) => [seq, [seq, this.parse(json)]]), this.changes);
  }

  /** Prepared on first use; null on a database from before migration 13 (nothing derived to read). */
  private get s() {
    if (this.stmts !== undefined) return this.stmts;
    const has = this.db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'message_derived_fts'`).get();
    this.stmts = has
      ? {
          postings: this.db.prepare(`SELECT rowid FROM message_derived_fts WHERE message_derived_fts MATCH ? ORDER BY rowid DESC LIMIT ?`).pluck(),
          stats: this.db.prepare(`SELECT block FROM message_derived_fts_data WHERE id = 1`).pluck(),
          bodies: this.db.prepare(`SELECT d.seq, d.body FROM json_each(?) j JOIN message_derived d ON d.seq = j.value`).raw(),
          entries: this.db.prepare(`SELECT d.seq, d.entries FROM json_each(?) j JOIN message_derived d ON d.seq = j.value`).raw(),
          entryCount: this.db.prepare(`SELECT coalesce(sum(json_array_length(entries)), 0) FROM message_derived`).pluck(),
        }
      : null;
    return this.stmts;
  }

  /** Indexed derived documents and their mean length in tokens (FTS5's own averages record). */
  stats(): { docs: number; avgLength: number } {
    return this.averages();
  }

  /**
   * The mean length in tokens of one derived entry (a fact, a relation's sentence): the field's tokens
   * over the entries' count. Counting the entries reads the whole table, so it is done again only when
   * the database changed. Not keyed on the statistics record: a row deleted from the field (a forgotten
   * fact) can leave that record as it was, and the mean then stayed the old one until the next write.
   */
  entryAvgLength(): number {
    const key = this.changes();
    if (this.entryAvg?.key === key) return this.entryAvg.avg;
    const block = this.s?.stats.get() as Buffer | undefined;
    if (!block || block.length === 0) return 1;
    const [, at] = readVarint(block, 0);
    const [tokens] = readVarint(block, at);
    const entries = this.s!.entryCount.get() as number;
    const avg = entries > 0 ? Math.max(1, tokens / entries) : 1;
    this.entryAvg = { key, avg };
    return avg;
  }

  /** Rowids (message-index.ts's scheme) whose derived text has the word, newest first, at most `cap`. */
  postings(word: string, cap: number): Postings {
    if (!this.s) return { rowids: [], capped: false };
    let rowids: number[];
    try {
      rowids = this.s.postings.all(`"${word.replace(/"/g, '""')}"`, cap + 1) as number[];
    } catch (err) {
      if (/phrase queries are not supported/i.test((err as Error).message)) return { rowids: [], capped: false };
      throw err;
    }
    const capped = rowids.length > cap;
    if (capped) rowids.length = cap;
    return { rowids, capped };
  }

  /** The derived text of those of `seqs` that have one. */
  bodies(seqs: number[]): Map<number, string> {
    if (!this.s || !seqs.length) return new Map();
    return new Map(this.s.bodies.all(JSON.stringify(seqs)) as Array<[number, string]>);
  }

  /** The derived entries of those of `seqs` that have any (for telling why a message was found). */
  entries(seqs: number[]): Map<number, readonly DerivedEntry[]> {
    if (!this.s || !seqs.length) return new Map();
    return new Map(this.keptEntries.get(seqs));
  }

  private parse(json: string): readonly DerivedEntry[] {
    let list = this.parsed.get(json);
    if (!list) {
      list = Object.freeze((JSON.parse(json) as DerivedEntry[]).map((e) => Object.freeze(e)));
      if (this.parsed.size >= PARSED_MAX) this.parsed.delete(this.parsed.keys().next().value!);
      this.parsed.set(json, list);
    }
    return list;
  }
}

/** Two newest-first posting lists as one (a message in both counts once), at most `cap` long. */
export function unionPostings(a: Postings, b: Postings, cap: number): Postings {
  if (!b.rowids.length) return a;
  if (!a.rowids.length) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while ((i < a.rowids.length || j < b.rowids.length) && out.length < cap) {
    const x = a.rowids[i];
    const y = b.rowids[j];
    if (y === undefined || (x !== undefined && x > y)) {
      out.push(x);
      i++;
    } else if (x === undefined || y > x) {
      out.push(y);
      j++;
    } else {
      out.push(x);
      i++;
      j++;
    }
  }
  return { rowids: out, capped: a.capped || b.capped || i < a.rowids.length || j < b.rowids.length };
}
