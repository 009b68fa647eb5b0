// A search's own posting reads (posting-reads.ts): a word read once answers the later reads of the same
// search exactly as the index would, whatever the caps, and reads the index again only when it must.
import { describe, expect, it } from 'vitest';
import type { Postings } from '../../src/main/search/message-index';
import { PostingReads, type PostingSource } from '../../src/main/search/posting-reads';

/** An index whose words have the given numbers of postings (rowids newest first), counting its reads. */
function source(sizes: Record<string, number>): PostingSource & { reads: number } {
  return {
    reads: 0,
    postings(word: string, cap: number): Postings {
      this.reads++;
      const all = Array.from({ length: sizes[word] ?? 0 }, (_, i) => 1000 - i);
      return { rowids: all.slice(0, cap), capped: all.length > cap };
    },
  };
}

describe('PostingReads', () => {
  it('answers every sequence of caps exactly as the index does', () => {
    const sizes = { rare: 3, mid: 100, common: 700 };
    const caps = [1, 3, 50, 100, 101, 600, 700, 1000];
    for (const word of Object.keys(sizes)) {
      for (const first of caps) {
        for (const then of caps) {
          const truth = source(sizes);
          const reads = new PostingReads(source(sizes));
          reads.postings(word, first);
          expect(reads.postings(word, then), `${word}: ${first} then ${then}`).toEqual(truth.postings(word, then));
        }
      }
    }
  });

  it('reads the index again only for a larger cap than a capped read had', () => {
    const index = source({ rare: 3, common: 700 });
    const reads = new PostingReads(index);
    reads.postings('rare', 100);
    reads.postings('rare', 600); // complete at 100: known
    reads.postings('common', 600);
    reads.postings('common', 100); // a prefix of what was read
    expect(index.reads).toBe(2);
    reads.postings('common', 1000); // more than was read
    expect(index.reads).toBe(3);
  });
});
