// The first pass's choices among many messages (message-search.ts): which query words each message has
// (a merge of the posting lists), the best by those words, and the best of a scored map. Kept apart from
// the ranking so each is small, exact and tested against the plain way of doing it.
import { agentIdxOf, seqOf } from './message-index';

/** The sum of the weights of the words a mask holds. */
export function maskScore(mask: number, weightByBit: readonly number[]): number {
  let s = 0;
  for (let bit = 0; mask >> bit; bit++) if ((mask >> bit) & 1) s += weightByBit[bit] ?? 0;
  return s;
}

/**
 * Which query words each message has, as message buckets by word mask. The posting lists are newest
 * first, so a k-way merge walks messages newest first without a per-message map, and every bucket
 * comes out newest first. Rowids of another agent are skipped (the agent is part of the rowid).
 */
export function masksByMerge(
  lists: readonly number[][],
  bits: readonly number[],
  agentIdx: number | null,
  /**
   * The newest this many of each bucket are kept: topByMask takes a newest-first prefix of each bucket and
   * never more than its limit, so with the limit here it chooses the same (a speaker's name, in nearly every
   * message, no longer fills a bucket of thousands each search).
   */
  perBucket = Infinity,
): Map<number, number[]> {
  const buckets = new Map<number, number[]>();
  const at = new Array<number>(lists.length).fill(0);
  for (;;) {
    let top = -1;
    for (let t = 0; t < lists.length; t++) if (at[t] < lists[t].length && lists[t][at[t]] > top) top = lists[t][at[t]];
    if (top < 0) break;
    let mask = 0;
    for (let t = 0; t < lists.length; t++) {
      if (at[t] < lists[t].length && lists[t][at[t]] === top) {
        mask |= bits[t];
        at[t]++;
      }
    }
    if (agentIdx !== null && agentIdxOf(top) !== agentIdx) continue;
    const bucket = buckets.get(mask);
    if (bucket) {
      if (bucket.length < perBucket) bucket.push(seqOf(top));
    }
    else buckets.set(mask, [seqOf(top)]);
  }
  return buckets;
}

/** The `limit` best seqs by mask score; buckets are newest first, so newest first among equals. */
export function topByMask(buckets: ReadonlyMap<number, number[]>, score: (mask: number) => number, limit: number): number[] {
  const order = [...buckets.keys()].sort((a, b) => score(b) - score(a));
  const out: number[] = [];
  for (const mask of order) {
    const seqs = buckets.get(mask)!;
    for (let i = 0; i < seqs.length && out.length < limit; i++) out.push(seqs[i]);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The seqs of the `n` highest scores, highest first, equal scores in the map's order: what sorting all the
 * entries (a stable sort) and taking the first `n` gives, without copying and sorting every entry.
 */
export function topSeqs(scores: ReadonlyMap<number, number>, n: number): number[] {
  const seqs: number[] = [];
  const best: number[] = [];
  if (n <= 0) return seqs;
  scores.forEach((score, seq) => {
    if (best.length === n && !(score > best[n - 1])) return;
    let at = best.length;
    while (at > 0 && best[at - 1] < score) at--; // after every equal score: stable
    seqs.splice(at, 0, seq);
    best.splice(at, 0, score);
    if (best.length > n) {
      seqs.pop();
      best.pop();
    }
  });
  return seqs;
}
