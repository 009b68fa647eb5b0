// The parts of the best candidates' scores, as message-search.ts's ranking computed them, and the
// re-ranking over them that learning to rank found (issue 31: the sixth pass's linear weights, rank.ts
// `rerank`; the seventh pass's trees, `rerankTrees`). An observer (MessageSearchOptions.observe) sees them
// before the re-ranking; bench/locomo-ltr.ts learns and judges the models with them on held-out conversations.
import type { RerankTreeNode } from './learned-trees';

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
  /** Share of the query's weight (IDF × query weight) its words hold. */
  wordsCover: number;
  /** The same for its best derived entry alone (0 without derived memory). */
  entryCover: number;
  /** The same for its words and all its derived entries together. */
  eitherCover: number;
  /** Its session's place among the candidates' sessions, by each session's best candidate (0 first). */
  sessionRank: number;
  /** Turns (seqs) to the first candidate when in its session; null in another session. */
  distance: number | null;
  /** How many of the observed candidates lie in its session (itself included). */
  sessionCount: number;
  /** Whether the query asks yes or no, or how likely something is ("Would she…", "Is he likely to…"). */
  yesNo: boolean;
  /** Eighth pass (optional: absent in the seventh pass's collections): 1 when the query names one side of the conversation and it spoke this message, 0 the other side, 0.5 when it names neither (or the side is unknown). */
  speaker?: number;
  /** Share of the query's weight held by the words and derived entries of all scored messages of its session together. */
  sessionCover?: number;
  /** Turns to the nearest of the best few other candidates in its session; null when none is there. */
  nearHit?: number | null;
  /** Whether that nearest candidate comes before it (a reply to a found turn). */
  afterHit?: boolean;
  /** Share of the query's weight it holds that none of the best three other candidates hold. */
  newCover?: number;
}

/** The context the eighth pass's features read: who spoke each message, whom the query names, the query words' weights. */
export interface CandidateContext {
  roles?: ReadonlyMap<number, string>;
  namedRole?: string | null;
  /** Each query word's weight (IDF × query weight), in the order of the cover masks' bits. */
  termWeights?: readonly number[];
}

/** Query words a cover mask can hold (bits of one number); words past these count in the shares only. */
export const MASK_WORDS = 30;
/** The best few candidates whose neighbours `nearHit` and `newCover` look at. */
const HITS_NEAR = 5;
const HITS_COVER = 3;

/** What one candidate's words and derived entries hold of the query, as shares of its weight. */
export interface QueryCover {
  words: number;
  entry: number;
  either: number;
  /** Bit i set when query word i (of the first MASK_WORDS) is in its words or any entry. */
  mask?: number;
}

/**
 * How much of the query (each word by its IDF × query weight) a message's words, its best derived entry,
 * and both together hold. Read from the scans the ranking already made (no extra text is read).
 */
export function queryCover(
  terms: ReadonlyArray<{ stem: string; idf: number; weight: number }>,
  words: ReadonlyMap<string, unknown>,
  entries: ReadonlyArray<ReadonlyMap<string, unknown>>,
): QueryCover {
  // Called for each of a search's ~80 candidates: plain loops, no iterator, closure or spread per word (what
  // this allocated was a quarter of a search's garbage, and a young-generation collection lands in a search).
  let total = 0;
  let inWords = 0;
  let either = 0;
  let mask = 0;
  // One entry (the common case) needs no array of sums.
  const perEntry = entries.length > 1 ? new Array<number>(entries.length).fill(0) : null;
  let single = 0;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k];
    const w = t.idf * t.weight;
    total += w;
    const w1 = words.has(t.stem);
    if (w1) inWords += w;
    let any = w1;
    for (let i = 0; i < entries.length; i++) {
      if (entries[i].has(t.stem)) {
        if (perEntry) perEntry[i] += w;
        else single += w;
        any = true;
      }
    }
    if (any) {
      either += w;
      if (k < MASK_WORDS) mask |= 1 << k;
    }
  }
  if (total <= 0) return { words: 0, entry: 0, either: 0, mask: 0 };
  let best = Math.max(0, single); // Math.max(0, ...perEntry), without the spread
  if (perEntry) for (let i = 0; i < perEntry.length; i++) best = Math.max(best, perEntry[i]);
  return { words: inWords / total, entry: best / total, either: either / total, mask };
}

/** A query asking yes or no ("Is…", "Would…", "Did…") or how likely something is: open-domain questions mostly do. */
export function asksYesNo(text: string): boolean {
  const t = text.trim().toLowerCase();
  return /^(?:is|are|was|were|do|does|did|has|have|had|can|could|would|will|should|might|may)\b/.test(t) || /\b(?:likely|probably)\b/.test(t);
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
  covers: ReadonlyMap<number, QueryCover> = new Map(),
  yesNo = false,
  context: CandidateContext = {},
): CandidateFeatures[] {
  const topSession = ranked.length ? place.get(ranked[0][0]) : undefined;
  const first = ranked[0]?.[0] ?? 0;
  // Sessions in the order of their best candidate; how many candidates each holds.
  const sessionRank = new Map<string | undefined, number>();
  const sessionCount = new Map<string | undefined, number>();
  for (const [seq] of ranked) {
    const s = place.get(seq);
    if (!sessionRank.has(s)) sessionRank.set(s, sessionRank.size);
    sessionCount.set(s, (sessionCount.get(s) ?? 0) + 1);
  }
  const none: QueryCover = { words: 0, entry: 0, either: 0 };
  const extra = contextFeatures(ranked, place, covers, context);
  const out: CandidateFeatures[] = new Array(ranked.length);
  for (let rank = 0; rank < ranked.length; rank++) {
    const [seq, score] = ranked[rank];
    const session = place.get(seq);
    const cover = covers.get(seq) ?? none;
    const c: CandidateFeatures = {
      seq,
      rank,
      score,
      own: own.get(seq) ?? 0,
      words: ownWords ? (ownWords.get(seq) ?? 0) : (own.get(seq) ?? 0),
      throughDerived: throughMemory.has(seq),
      topSession: session === topSession,
      question: questions.has(seq),
      wordsCover: cover.words,
      entryCover: cover.entry,
      eitherCover: cover.either,
      sessionRank: sessionRank.get(session)!,
      distance: session === topSession ? Math.abs(seq - first) : null,
      sessionCount: sessionCount.get(session)!,
      yesNo,
      // The eighth pass's, written by `extra` below: present from the start, so the object is made with room
      // for them (added later, each object grew a second store for its properties).
      speaker: 0.5,
      sessionCover: 0,
      nearHit: null,
      afterHit: false,
      newCover: 0,
    };
    extra(seq, rank, c); // written into the one object: no second object and spread per candidate
    out[rank] = c;
  }
  return out;
}

/** The share of the query's weight a cover mask holds. */
function maskShare(mask: number, weights: readonly number[], total: number): number {
  if (total <= 0) return 0;
  let s = 0;
  for (let k = 0; k < weights.length && k < MASK_WORDS; k++) if ((mask >> k) & 1) s += weights[k];
  return s / total;
}

/**
 * The eighth pass's features: who spoke, what the candidate's session holds of the query as a whole, where
 * it sits relative to the best candidates, and what it adds to what they hold. Read from maps the ranking
 * already holds (a few dozen ORs and comparisons a candidate).
 */
function contextFeatures(
  ranked: ReadonlyArray<[seq: number, score: number]>,
  place: ReadonlyMap<number, string>,
  covers: ReadonlyMap<number, QueryCover>,
  ctx: CandidateContext,
): (seq: number, rank: number, into: CandidateFeatures) => void {
  const weights = ctx.termWeights ?? [];
  const total = weights.reduce((a, w) => a + w, 0);
  // Every scored message of a session (not only the observed candidates) counts towards its session's cover.
  const sessionMask = new Map<string | undefined, number>();
  covers.forEach((c, seq) => sessionMask.set(place.get(seq), (sessionMask.get(place.get(seq)) ?? 0) | (c.mask ?? 0)));
  const near: number[] = [];
  for (let i = 0; i < ranked.length && i < HITS_NEAR; i++) near.push(ranked[i][0]);
  const coverOf = (seq: number) => covers.get(seq)?.mask ?? 0;
  return (seq, rank, into) => {
    const role = ctx.roles?.get(seq);
    const speaker = !ctx.namedRole || role === undefined ? 0.5 : role === ctx.namedRole ? 1 : 0;
    let nearHit: number | null = null;
    let afterHit = false;
    const session = place.get(seq);
    for (let i = 0; i < near.length; i++) {
      const h = near[i];
      if (h === seq || place.get(h) !== session) continue;
      const d = Math.abs(seq - h);
      if (nearHit === null || d < nearHit) {
        nearHit = d;
        afterHit = h < seq;
      }
    }
    let others = 0;
    for (let i = 0, n = 0; i < ranked.length && n < HITS_COVER; i++) {
      if (i === rank) continue;
      others |= coverOf(ranked[i][0]);
      n++;
    }
    into.speaker = speaker;
    into.sessionCover = maskShare(sessionMask.get(session) ?? 0, weights, total);
    into.nearHit = nearHit;
    into.afterHit = afterHit;
    into.newCover = maskShare(coverOf(seq) & ~others, weights, total);
  };
}

/**
 * The features' names, in the order of a weight vector (rank.ts `rerank`). The first eight are the sixth
 * pass's (a shorter weight vector leaves the rest at 0); the seventh pass added the query's cover, the
 * candidate's session, and the question's form crossed with the memory features, so a linear model can
 * weigh memory differently for yes/no questions.
 */
export const FEATURES = [
  'score',
  'own',
  'words',
  'neighbours',
  'throughDerived',
  'topSession',
  'question',
  'reciprocalRank',
  'wordsCover',
  'entryCover',
  'eitherCover',
  'sessionPlace',
  'nearFirst',
  'sessionShare',
  'yesNo',
  'yesNo×throughDerived',
  'yesNo×own',
  'yesNo×entryCover',
  'yesNo×neighbours',
  'yesNo×words',
  'speakerNamed',
  'sessionCover',
  'nearHit',
  'afterHit',
  'newCover',
] as const;

/**
 * A candidate's features, scores divided by the query's best final score so that weights carry from one
 * query (and one home) to another: raw BM25 scores grow with the query's length and its words' rarity.
 */
export function featureVector(c: CandidateFeatures, topScore: number): number[] {
  return Array.from(featureVectorInto(c, topScore, new Float64Array(FEATURES.length)));
}

/**
 * featureVector written into `out` (FEATURES.length slots, every one written): the re-ranking scores ~50
 * candidates a search through one buffer instead of an array each.
 */
export function featureVectorInto(c: CandidateFeatures, topScore: number, out: Float64Array): Float64Array {
  const n = topScore > 0 ? topScore : 1;
  const yn = c.yesNo ? 1 : 0;
  const neighbours = (c.score - c.own) / n;
  out[0] = c.score / n;
  out[1] = c.own / n;
  out[2] = c.words / n;
  out[3] = neighbours;
  out[4] = c.throughDerived ? 1 : 0;
  out[5] = c.topSession ? 1 : 0;
  out[6] = c.question ? 1 : 0;
  out[7] = 1 / (1 + c.rank);
  out[8] = c.wordsCover;
  out[9] = c.entryCover;
  out[10] = c.eitherCover;
  out[11] = 1 / (1 + c.sessionRank);
  out[12] = c.distance === null ? 0 : 1 / (1 + c.distance);
  out[13] = c.sessionCount / OBSERVED_CANDIDATES;
  out[14] = yn;
  out[15] = yn * (c.throughDerived ? 1 : 0);
  out[16] = (yn * c.own) / n;
  out[17] = yn * c.entryCover;
  out[18] = yn * neighbours;
  out[19] = (yn * c.words) / n;
  out[20] = c.speaker ?? 0.5;
  out[21] = c.sessionCover ?? 0;
  out[22] = c.nearHit === null || c.nearHit === undefined ? 0 : 1 / (1 + c.nearHit);
  out[23] = c.afterHit ? 1 : 0;
  out[24] = c.newCover ?? 0;
  return out;
}

/** A learned tree's value for one candidate's features. */
export function treeValue(tree: readonly RerankTreeNode[], x: ArrayLike<number>): number {
  let i = 0;
  for (;;) {
    const n = tree[i];
    if ('v' in n) return n.v;
    i = x[n.f] <= n.t ? n.l : n.r;
  }
}

/** What the trees add to a candidate's final score (over the best): 0 with none. */
export function predict(trees: ReadonlyArray<readonly RerankTreeNode[]>, x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < trees.length; i++) s += treeValue(trees[i], x);
  return s;
}

/**
 * The candidates re-ranked by the weights (one per feature); ties keep the ranking's order. The new score
 * is the linear value scaled back by the best score, so hits keep scores of the usual size.
 */
export function rerankCandidates(
  candidates: readonly CandidateFeatures[],
  weights: readonly number[],
  trees: ReadonlyArray<readonly RerankTreeNode[]> = [],
  floor = 0,
): Array<[seq: number, score: number]> {
  const top = candidates[0]?.score ?? 0;
  // The learned weights decide the order only. The scores handed on stay the first pass's, in rank order: a
  // learned sum can fall to or below zero, and would rank below candidates past the re-ranked ones that kept
  // their first-pass score (the results show scores, and they must fall as the list goes down).
  const scores = candidates.map((c) => c.score).sort((a, b) => b - a);
  // One feature buffer for all candidates, and their order sorted as indices over a typed array of learned
  // scores: no vector, object or pair per candidate before the result's.
  const x = new Float64Array(FEATURES.length);
  const learned = new Float64Array(candidates.length);
  for (let i = 0; i < candidates.length; i++) learned[i] = guarded(featureVectorInto(candidates[i], top, x), learnedScore(x, weights, trees), floor);
  const order = Array.from(candidates, (_, i) => i).sort((a, b) => learned[b] - learned[a] || a - b);
  const out: Array<[seq: number, score: number]> = new Array(order.length);
  for (let i = 0; i < order.length; i++) out[i] = [candidates[order[i]].seq, scores[i]];
  return out;
}

/**
 * A candidate scoring below `floor` of the best (x[0], its final score over the best) is not re-ranked: it
 * keeps its first-pass place below every candidate that is. The learned models saw few such candidates in
 * the top 10, and in a small home they could lift a turn matching nothing over one matching a word.
 */
export function guarded(x: ArrayLike<number>, learned: number, floor: number): number {
  return x[0] < floor ? x[0] - 1e6 : learned;
}

/** The learned score of one candidate: the trees' when there are any (added to its score over the best), else the weights'. */
export function learnedScore(x: ArrayLike<number>, weights: readonly number[], trees: ReadonlyArray<readonly RerankTreeNode[]>): number {
  if (trees.length) return x[0] + predict(trees, x);
  let a = 0;
  for (let j = 0; j < x.length; j++) a += x[j] * (weights[j] ?? 0);
  return a;
}
