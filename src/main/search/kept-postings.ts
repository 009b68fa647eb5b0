// Posting reads kept between searches while the database is unchanged (issue 31 §3). Feedback through
// memory judges the rarity of ~20 of memory's words at every search, and the ranking reads every query
// word in the words index and in the derived field: the same words (a speaker's name, "what", "did", the
// words memory lends) come back search after search, and those reads were the largest single cost of a
// search with derived memory. Reads of at most `maxCap` postings are kept, at most `maxPostings` rowids
// in all (past that everything is forgotten at once: a cheap bound on memory at a million messages), and
// all of them are forgotten as soon as anything was written to the database, by this connection or
// another (changeCounter), so a message written between two searches is counted by the second.
import type { Postings } from './message-index';
import { PostingReads, type PostingSource } from './posting-reads';

export { changeCounter } from './change-counter';

export interface KeptPostingsOptions {
  /** Reads of at most this many postings are kept. */
  maxCap: number;
  /** Rowids kept at most, all words together; past this everything is forgotten at once (rarely reached). */
  maxPostings: number;
}

export class KeptPostings implements PostingSource {
  private reads: PostingReads;
  private key: string | null = null;
  /** Whether this search has compared the database's change counter yet (done at its first short read). */
  private checked = false;

  constructor(
    private readonly source: PostingSource,
    private readonly changes: () => string,
    private readonly o: KeptPostingsOptions,
  ) {
    this.reads = new PostingReads(source);
  }

  /**
   * At the start of a search: its first short read forgets every kept read if the database changed
   * since the last search (a search that makes none, as in a home without derived memory, pays nothing).
   */
  begin(): this {
    this.checked = false;
    return this;
  }

  postings(word: string, cap: number): Postings {
    if (cap > this.o.maxCap) return this.source.postings(word, cap);
    if (!this.checked) {
      const key = this.changes();
      if (key !== this.key || this.reads.held >= this.o.maxPostings) this.reads = new PostingReads(this.source);
      this.key = key;
      this.checked = true;
    }
    return this.reads.postings(word, cap);
  }
}
