// One search reads the same posting lists more than once: feedback through memory reads the query words'
// derived postings and the candidate words' message postings, then the ranking reads both again for the
// expanded query. Each read is an FTS5 statement (~20 µs at LoCoMo size, more at a million messages), so a
// search keeps what it read and answers the later reads from it. Never kept across searches: a message
// written in between must be found by the next one.
import type { Postings } from './message-index';

/** Where posting lists come from (MessageIndex, DerivedIndex, or a search's own reads of them). */
export interface PostingSource {
  postings(word: string, cap: number): Postings;
}

export class PostingReads implements PostingSource {
  private readonly done = new Map<string, { read: Postings; cap: number }>();

  constructor(private readonly source: PostingSource) {}

  private heldRowids = 0;

  /** Words read so far. */
  get size(): number {
    return this.done.size;
  }

  /** Rowids held, all words together (what keeping these reads costs in memory). */
  get held(): number {
    return this.heldRowids;
  }

  /**
   * Exactly what `source.postings(word, cap)` returns: lists are newest first, so an earlier read with a
   * cap at least as large, or one that was complete, holds the answer as its first `cap` rowids.
   */
  postings(word: string, cap: number): Postings {
    const had = this.done.get(word);
    if (had && (had.cap >= cap || !had.read.capped)) {
      // Shorter than `cap`: complete, or capped at this very cap (a capped read holds exactly its cap).
      if (had.read.rowids.length <= cap) return had.read;
      return { rowids: had.read.rowids.slice(0, cap), capped: true };
    }
    const read = this.source.postings(word, cap);
    this.heldRowids += read.rowids.length - (had?.read.rowids.length ?? 0);
    this.done.set(word, { read, cap });
    return read;
  }
}
