// The first pass's choices among many messages (message-search.ts): which query words each message has
// (a merge of the posting lists), the best by those words, and the best of a scored map. Kept apart from
// the ranking so each is small, exact and tested against the plain way of doing it.
import { SEARCH_ROWID_SPAN, seqOf } from './message-index';

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
 *
 * The lists' heads are kept in a max-heap: a search with feedback merges up to 30 lists of up to 600
 * rowids, and finding the next rowid by looking at every list's head twice was, at a million messages,
 * the largest piece of a search's own JavaScript (1.4 ms of ~12).
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
  // A max-heap of the lists by their current head: `list[i]` is a list's index, `head[i]` its head rowid.
  const list = new Int32Array(lists.length);
  const head = new Float64Array(lists.length);
  const at = new Int32Array(lists.length);
  let size = 0;
  for (let t = 0; t < lists.length; t++) {
    if (!lists[t].length) continue;
    let i = size++;
    const v = lists[t][0];
    while (i > 0 && head[(i - 1) >> 1] < v) {
      list[i] = list[(i - 1) >> 1];
      head[i] = head[(i - 1) >> 1];
      i = (i - 1) >> 1;
    }
    list[i] = t;
    head[i] = v;
  }
  while (size > 0) {
    const top = head[0];
    let mask = 0;
    // Every list holding this rowid has it at its head; each gives its bit and moves on.
    while (size > 0 && head[0] === top) {
      const t = list[0];
      mask |= bits[t];
      let v: number;
      if (++at[t] < lists[t].length) v = lists[t][at[t]];
      else {
        if (--size === 0) break;
        v = head[size];
        list[0] = list[size];
      }
      const moving = list[0];
      // Sift the root (holding `moving`, whose head is v) down to its place.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const c = l + 1 < size && head[l + 1] > head[l] ? l + 1 : l;
        if (head[c] <= v) break;
        list[i] = list[c];
        head[i] = head[c];
        i = c;
      }
      list[i] = moving;
      head[i] = v;
    }
    const seq = seqOf(top);
    if (agentIdx !== null && top - seq * SEARCH_ROWID_SPAN !== agentIdx) continue; // agentIdxOf, with seq at hand
    const bucket = buckets.get(mask);
    if (bucket) {
      if (bucket.length < perBucket) bucket.push(seq);
    }
    else buckets.set(mask, [seq]);
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
