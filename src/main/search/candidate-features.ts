// The parts of the best candidates' scores, as message-search.ts's ranking computed them, for an observer
// (MessageSearchOptions.observe). The bench judges a learned re-ranking with them (bench/locomo-ltr.ts);
// the product's ranking never reads them.

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
