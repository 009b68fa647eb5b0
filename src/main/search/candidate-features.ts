// The parts of the best candidates' scores, as message-search.ts's ranking computed them, and the linear
// re-ranking over them that learning to rank found (issue 31, sixth pass: rank.ts `rerank`). An observer
// (MessageSearchOptions.observe) sees them before the re-ranking; bench/locomo-ltr.ts learns and judges
// the weights with them on held-out conversations.

/** The parts of one candidate's score, as the ranking computed them (no extra work). */
export interface CandidateFeatures {
  seq: number;
  /** Place in the ranking, 0 first. */
  rank: number;
  /** Its final score: own plus what it inherited from neighbours. */
  score: number;
  /** Its own score: its words, or its best derived entry when that scored higher. */
  own: number;
  /** Its words alone (equal to `own` without derived memory). */
  words: number;
  /** Whether its own score came through its derived text. */
  throughDerived: boolean;
  /** Whether it is in the session of the first candidate. */
  topSession: boolean;
  /** Whether it asks something (holds a question mark). */
  question: boolean;
}

/** How many of the best candidates an observer sees. */
export const OBSERVED_CANDIDATES = 50;

export function candidateFeatures(
  ranked: ReadonlyArray<[seq: number, score: number]>,
  place: ReadonlyMap<number, string>,
  own: ReadonlyMap<number, number>,
  ownWords: ReadonlyMap<number, number> | null,
  throughMemory: ReadonlySet<number>,
  questions: ReadonlySet<number>,
): CandidateFeatures[] {
  const topSession = ranked.length ? place.get(ranked[0][0]) : undefined;
  return ranked.map(([seq, score], rank) => ({
    seq,
    rank,
    score,
    own: own.get(seq) ?? 0,
    words: ownWords ? (ownWords.get(seq) ?? 0) : (own.get(seq) ?? 0),
    throughDerived: throughMemory.has(seq),
    topSession: place.get(seq) === topSession,
    question: questions.has(seq),
  }));
}

/** The features' names, in the order of a weight vector (rank.ts `rerank`). */
export const FEATURES = ['score', 'own', 'words', 'neighbours', 'throughDerived', 'topSession', 'question', 'reciprocalRank'] as const;

/**
 * A candidate's features, scores divided by the query's best final score so that weights carry from one
 * query (and one home) to another: raw BM25 scores grow with the query's length and its words' rarity.
 */
export function featureVector(c: CandidateFeatures, topScore: number): number[] {
  const n = topScore > 0 ? topScore : 1;
  return [c.score / n, c.own / n, c.words / n, (c.score - c.own) / n, c.throughDerived ? 1 : 0, c.topSession ? 1 : 0, c.question ? 1 : 0, 1 / (1 + c.rank)];
}

/**
 * The candidates re-ranked by the weights (one per feature); ties keep the ranking's order. The new score
 * is the linear value scaled back by the best score, so hits keep scores of the usual size.
 */
export function rerankCandidates(candidates: readonly CandidateFeatures[], weights: readonly number[]): Array<[seq: number, score: number]> {
  const top = candidates[0]?.score ?? 0;
  // The learned weights decide the order only. The scores handed on stay the first pass's, in rank order: a
  // learned sum can fall to or below zero, and would rank below candidates past the re-ranked ones that kept
  // their first-pass score (the results show scores, and they must fall as the list goes down).
  const scores = candidates.map((c) => c.score).sort((a, b) => b - a);
  return candidates
    .map((c, i) => ({ c, i, s: featureVector(c, top).reduce((a, v, j) => a + v * (weights[j] ?? 0), 0) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map(({ c }, i) => [c.seq, scores[i]] as [number, number]);
}
