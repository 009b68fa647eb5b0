// Rows read by seq, kept between searches while the database is unchanged (issue 31 §3). Each search reads
// its ~80 candidates' text, their neighbours' places and their derived entries, one SQL statement each, and
// the same questions' candidates come back search after search. Everything kept is forgotten as soon as
// anything was written to the database (kept-postings.ts changeCounter), so a message edited or deleted
// between two searches is read afresh by the second; a seq with no row is kept as absent the same way.

/** Seqs kept at most; past this everything is forgotten at once (a cheap bound on memory). */
const KEPT_ROWS = 20_000;

export class KeptRows<T> {
  private kept = new Map<number, T | null>();
  private key: string | null = null;

  /**
   * `read(seqs)` answers for the seqs it is given (those with no row are left out); `changes()` moves on any
   * write to the database.
   */
  constructor(
    private readonly read: (seqs: number[]) => Array<[seq: number, row: T]>,
    private readonly changes: () => string,
  ) {}

  /** The rows of `seqs` that exist, in the order of `seqs` (a seq given twice comes back twice). */
  get(seqs: readonly number[]): T[] {
    const key = this.changes();
    if (key !== this.key || this.kept.size > KEPT_ROWS) this.kept = new Map();
    this.key = key;
    // Each missing seq once (marked absent as it is found: a seq given twice is read once).
    const missing: number[] = [];
    for (let i = 0; i < seqs.length; i++) {
      const seq = seqs[i];
      if (this.kept.has(seq)) continue;
      this.kept.set(seq, null);
      missing.push(seq);
    }
    if (missing.length) for (const [seq, row] of this.read(missing)) this.kept.set(seq, row);
    const out: T[] = [];
    for (let i = 0; i < seqs.length; i++) {
      const row = this.kept.get(seqs[i]);
      if (row != null) out.push(row);
    }
    return out;
  }
}
