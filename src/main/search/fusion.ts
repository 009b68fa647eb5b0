// Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): each ranked list gives an item
// weight / (k + rank); the sums order the fused list. Ranks, not scores, are fused, so a BM25 score and
// a cosine similarity — on scales that share nothing — combine without calibration, and an item both
// lists place high beats one that only one list loves.

export interface RankedList {
  /** Best first. */
  seqs: readonly number[];
  weight: number;
}

/** Fused [seq, score] pairs, best first (ties: the newer message first). */
export function reciprocalRankFusion(lists: readonly RankedList[], k: number): Array<[seq: number, score: number]> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    if (list.weight <= 0) continue;
    list.seqs.forEach((seq, i) => scores.set(seq, (scores.get(seq) ?? 0) + list.weight / (k + i + 1)));
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
}
