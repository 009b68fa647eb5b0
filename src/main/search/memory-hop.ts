// A second hop through memory (issue 31, seventh pass): from what memory learned from the best hits to the
// other messages memory learned the same things from. The rarest words of the top hits' derived entries
// (a name of a place, a pet, a book: what the topic is about, not how the question put it) are looked up
// in the derived field; a message whose entries share them is a candidate with a hop score, even when
// none of the query's words is in it or in its memory. It is the observation stand-in's form of "the
// entities of the top hits, then the messages that support their relations" (with a real home, the
// relations' endpoints are words of their sentences too). Model-free and bounded: one read of the top
// hits' entries, and one capped posting read per chosen word.
import type { DerivedIndex } from './derived-index';
import { agentIdxOf, seqOf } from './message-index';
import type { PostingSource } from './posting-reads';
import { idf } from './rank';
import { isStopword } from './stopwords';

/** An entry's words by stem, with the form FTS5 is asked for (memory-feedback.ts EntryWords keeps them). */
export interface EntryWordCounts {
  of(text: string): { counts: ReadonlyMap<string, { norm: string; n: number }> };
}

/** What the hop reads of the derived field (DerivedIndex satisfies it). */
export type HopSource = Pick<DerivedIndex, 'stats' | 'entries' | 'postings'>;

export interface HopOptions {
  /** The best hits whose entries are read. */
  from: number;
  /** Rarest words taken from them, at most. */
  words: number;
  /** Candidates returned, at most. */
  limit: number;
  /** Postings read per word; a word in more derived documents than this is too common to lead anywhere. */
  cap: number;
  /** Only this agent's messages (index in the rowid scheme), or every agent's. */
  agentIdx: number | null;
  /** Stems never followed: the query's own (the ranking already used them) and the speakers' names. */
  excluded: ReadonlySet<string>;
  /** This search's derived posting reads (posting-reads.ts); the index itself when absent. */
  reads?: PostingSource;
}

export interface HopCandidate {
  seq: number;
  /** Sum of the rarity of the shared words, over the best such sum: 1 for the best candidate. */
  score: number;
}

/**
 * Messages reached through the rarest words of `top`'s derived entries, best first; none of `top`
 * itself. A word is weighed by its rarity among the derived documents and counted once per top hit
 * that holds it, so a word two hits share leads further than a word one of them happens to use.
 */
export function hopCandidates(top: readonly number[], derived: HopSource, words: EntryWordCounts, o: HopOptions): HopCandidate[] {
  if (o.from <= 0 || o.words <= 0 || o.limit <= 0 || !top.length) return [];
  const { docs } = derived.stats();
  if (docs === 0) return [];
  const reads = o.reads ?? derived;
  const entries = derived.entries([...top.slice(0, o.from)]);
  if (!entries.size) return [];
  // Each word: how many of the top hits' memories use it (once per hit), and the form FTS5 is asked for.
  const held = new Map<string, { norm: string; hits: number }>();
  for (const list of entries.values()) {
    const seen = new Set<string>();
    for (const e of list) {
      for (const [stem, c] of words.of(e.text).counts) {
        if (seen.has(stem) || o.excluded.has(stem) || c.norm.length < 3 || isStopword(c.norm) || /^\d+$/.test(c.norm)) continue;
        seen.add(stem);
        const h = held.get(stem);
        if (h) h.hits++;
        else held.set(stem, { norm: c.norm, hits: 1 });
      }
    }
  }
  // Rarity needs each word's postings; only the words several hits share, then the rest by length of
  // word (a cheap proxy that keeps the reads bounded), are looked up.
  const looked = [...held.entries()].sort((a, b) => b[1].hits - a[1].hits || b[1].norm.length - a[1].norm.length || (a[0] < b[0] ? -1 : 1)).slice(0, o.words * 3);
  const skip = new Set(top);
  const weighed = looked
    .map(([stem, h]) => {
      const read = reads.postings(h.norm, o.cap);
      // Where the word leads: the agent's messages other than the top hits. A word only they use (the
      // rarest of all) leads nowhere and must not take the place of one that does.
      const reached: number[] = [];
      for (const rowid of read.rowids) if ((o.agentIdx === null || agentIdxOf(rowid) === o.agentIdx) && !skip.has(seqOf(rowid))) reached.push(seqOf(rowid));
      return { stem, reached, w: read.capped || !reached.length ? 0 : h.hits * idf(docs, Math.min(read.rowids.length, docs)) };
    })
    .filter((x) => x.w > 0)
    .sort((a, b) => b.w - a.w || (a.stem < b.stem ? -1 : 1))
    .slice(0, o.words);
  const score = new Map<number, number>();
  for (const x of weighed) for (const seq of x.reached) score.set(seq, (score.get(seq) ?? 0) + x.w);
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, o.limit);
  const best = ranked[0]?.[1] ?? 1;
  return ranked.map(([seq, s]) => ({ seq, score: s / best }));
}

/**
 * The ranking (best first) with the hop's candidates joined: each gains `share` × its hop score × the
 * best score, like a neighbour's share (a message already ranked keeps its score and gains the same).
 */
export function joinHop(ranked: ReadonlyArray<[seq: number, score: number]>, hop: readonly HopCandidate[], share: number): Array<[seq: number, score: number]> {
  if (!hop.length || !ranked.length || share <= 0) return [...ranked];
  const scores = new Map(ranked);
  const lift = share * ranked[0][1];
  for (const h of hop) scores.set(h.seq, (scores.get(h.seq) ?? 0) + lift * h.score);
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
}
