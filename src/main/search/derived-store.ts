// The derived field of message search (app migration 13): per message, what memory learned from it.
// Only this file writes message_derived; the triggers keep its FTS5 index in step. Writers hand over
// entries by message id; the texts were cleaned by the memory layer that stored them (facts and graph
// text go through the fact sanitizer) and are kept as they are.
import type { Database, Statement } from 'better-sqlite3';
import type { DerivedVia } from '../../shared/search';

export type DerivedEntry = DerivedVia;

/** At most this many characters of derived text per message: a message that fed a long consolidation run
 *  must not turn into a document that matches everything. */
export const MAX_DERIVED_CHARS = 4000;

/**
 * Pages of the field's FTS5 index merged after a write, at most (~1 MB): every write leaves a segment of
 * its own, and a posting read seeks every segment — on LoCoMo's stand-in, merged segments halved the
 * cost of a derived posting read (26 → 14 µs CPU), the most frequent read of a search with derived
 * memory. Bounded so a large field is merged a step at a time, one step per write, never all at once.
 */
export const DERIVED_MERGE_PAGES = 256;

export class DerivedStore {
  private readonly seqOf: Statement;
  private readonly upsert: Statement;
  private readonly remove: Statement;
  private readonly all: Statement;
  private readonly countStmt: Statement;
  private readonly merge: Statement;

  constructor(private readonly db: Database) {
    this.seqOf = db.prepare(`SELECT seq FROM messages WHERE id = ?`).pluck();
    this.upsert = db.prepare(
      `INSERT INTO message_derived (seq, entries, body) VALUES (?, ?, ?)
       ON CONFLICT (seq) DO UPDATE SET entries = excluded.entries, body = excluded.body WHERE entries <> excluded.entries`,
    );
    this.remove = db.prepare(`DELETE FROM message_derived WHERE seq = ?`);
    this.all = db.prepare(`SELECT seq, entries FROM message_derived`).raw();
    this.countStmt = db.prepare(`SELECT count(*) FROM message_derived`).pluck();
    // A negative page count merges segments of every level together (FTS5's 'merge' command).
    this.merge = db.prepare(`INSERT INTO message_derived_fts (message_derived_fts, rank) VALUES ('merge', ?)`);
  }

  /** False once the database was closed (the engine shut down with a recomputation still scheduled). */
  get open(): boolean {
    return this.db.open;
  }

  /** Messages that carry derived text. */
  count(): number {
    return this.countStmt.get() as number;
  }

  /**
   * Sets one message's derived entries ([] removes them). False when no such message exists. Merges the
   * index after each call: for many messages at once use replaceAll (one merge), or the writes slow down as
   * the index grows (the 1M bench's derived arm never finished while it called this row by row).
   */
  set(messageId: string, entries: readonly DerivedEntry[]): boolean {
    const seq = this.seqOf.get(messageId) as number | undefined;
    if (seq === undefined) return false;
    this.write(seq, normalise(entries));
    this.merge.run(-DERIVED_MERGE_PAGES);
    return true;
  }

  /**
   * Makes the table hold exactly `want` (message id → entries), writing only what differs: a sync after
   * one correction rewrites one row, not every row. Messages that no longer exist are skipped.
   */
  replaceAll(want: ReadonlyMap<string, readonly DerivedEntry[]>): { written: number; removed: number } {
    let written = 0;
    let removed = 0;
    this.db.transaction(() => {
      const have = new Map((this.all.all() as Array<[number, string]>).map(([seq, entries]) => [seq, entries]));
      const wanted = new Set<number>();
      for (const [messageId, entries] of want) {
        const seq = this.seqOf.get(messageId) as number | undefined;
        if (seq === undefined) continue;
        const norm = normalise(entries);
        if (!norm.length) continue;
        wanted.add(seq);
        if (have.get(seq) === JSON.stringify(norm)) continue;
        this.write(seq, norm);
        written++;
      }
      for (const seq of have.keys()) {
        if (wanted.has(seq)) continue;
        this.remove.run(seq);
        removed++;
      }
    })();
    if (written || removed) this.merge.run(-DERIVED_MERGE_PAGES);
    return { written, removed };
  }

  private write(seq: number, entries: DerivedEntry[]): void {
    if (!entries.length) {
      this.remove.run(seq);
      return;
    }
    this.upsert.run(seq, JSON.stringify(entries), entries.map((e) => e.text).join('\n'));
  }
}

/** Deduplicated, in a stable order (facts first), capped in total length; empty texts dropped. */
function normalise(entries: readonly DerivedEntry[]): DerivedEntry[] {
  const seen = new Set<string>();
  const out: DerivedEntry[] = [];
  let chars = 0;
  const sorted = [...entries].sort((a, b) => (a.kind === b.kind ? (a.text < b.text ? -1 : a.text > b.text ? 1 : 0) : a.kind === 'fact' ? -1 : 1));
  for (const e of sorted) {
    const text = e.text.replace(/\s+/g, ' ').trim();
    const key = `${e.kind}\u0000${text}`;
    if (!text || seen.has(key) || chars + text.length > MAX_DERIVED_CHARS) continue;
    seen.add(key);
    chars += text.length + 1;
    out.push({ kind: e.kind, text });
  }
  return out;
}
