// Personalised PageRank over memory (issue 31 §2, the eighth pass; a bench probe, not in the product).
// The published form of "a second hop over the graph": a random walk over turns ↔ derived entries ↔ the
// entries' words, restarting at the question's best hits and its words, scores how close each turn is to
// what the question found. With the observation stand-in there are no L2 relations, so the entries'
// words stand in for entities. The score is a candidate feature for the learned re-ranking
// (bench/locomo-ltr.ts), judged on held-out conversations like every other.
import { stems } from '../../src/main/search/text';

/** One derived entry: its text and the turns (by label) it was learned from. */
export interface GraphEntry {
  text: string;
  turns: readonly string[];
}

export interface MemoryGraph {
  /** Node index of each turn label. */
  turn: Map<string, number>;
  /** Node index of each word (stem) of the entries. */
  word: Map<string, number>;
  /** Neighbours of each node with their transition probability (rows sum to 1). */
  out: Array<Array<[node: number, p: number]>>;
}

/** A word in more than this share of the entries links too much to say anything (a name, "likes"). */
const MAX_WORD_SHARE = 0.1;

/**
 * The graph of one conversation's memory: a turn links to the entries citing it, an entry to its words
 * (weighted by the word's rarity among the entries). `excluded` words (the speakers' names) are left out:
 * every entry names its speaker, so they would join everything.
 */
export function buildMemoryGraph(entries: readonly GraphEntry[], excluded: ReadonlySet<string>): MemoryGraph {
  const turn = new Map<string, number>();
  const word = new Map<string, number>();
  const edges: Array<Map<number, number>> = [];
  const node = () => edges.push(new Map()) - 1;
  const link = (a: number, b: number, w: number) => {
    edges[a].set(b, (edges[a].get(b) ?? 0) + w);
    edges[b].set(a, (edges[b].get(a) ?? 0) + w);
  };
  const wordsOf = entries.map((e) => new Set(stems(e.text).filter((s) => s.length > 2 && !excluded.has(s))));
  const df = new Map<string, number>();
  for (const ws of wordsOf) for (const w of ws) df.set(w, (df.get(w) ?? 0) + 1);
  entries.forEach((e, i) => {
    const en = node();
    for (const t of e.turns) {
      if (!turn.has(t)) turn.set(t, node());
      link(turn.get(t)!, en, 1);
    }
    for (const w of wordsOf[i]) {
      const n = df.get(w)!;
      if (n < 2 || n > MAX_WORD_SHARE * entries.length) continue; // a word of one entry leads nowhere
      if (!word.has(w)) word.set(w, node());
      link(en, word.get(w)!, Math.log(entries.length / n));
    }
  });
  const out = edges.map((m) => {
    let total = 0;
    for (const w of m.values()) total += w;
    return [...m].map(([b, w]) => [b, w / total] as [number, number]);
  });
  return { turn, word, out };
}

/**
 * Personalised PageRank by power iteration: at each step the walk restarts at the seeds with probability
 * `restart`. Returns each node's share of the walk.
 */
export function personalisedPageRank(g: MemoryGraph, seeds: ReadonlyMap<number, number>, restart = 0.3, steps = 20): Float64Array {
  const n = g.out.length;
  const r = new Float64Array(n);
  let total = 0;
  for (const w of seeds.values()) total += w;
  if (total <= 0) return r;
  const e = new Float64Array(n);
  for (const [i, w] of seeds) e[i] = w / total;
  r.set(e);
  for (let s = 0; s < steps; s++) {
    const next = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const ri = r[i];
      if (!ri) continue;
      const row = g.out[i];
      if (!row.length) {
        next[i] += (1 - restart) * ri; // a node with no links keeps its share
        continue;
      }
      for (const [j, p] of row) next[j] += (1 - restart) * ri * p;
    }
    for (let i = 0; i < n; i++) next[i] += restart * e[i];
    r.set(next);
  }
  return r;
}

/**
 * Each candidate's PPR score over the best candidate's, seeded from the best `seedHits` candidates and the
 * question's words that are words of the graph (each seed weighing the same). 0 for a turn memory never
 * cites. The seeds themselves keep their score: the trees see it beside their rank.
 */
export function pprFeature(g: MemoryGraph, candidates: readonly string[], question: string, seedHits = 3): number[] {
  const seeds = new Map<number, number>();
  for (const t of candidates.slice(0, seedHits)) {
    const n = g.turn.get(t);
    if (n !== undefined) seeds.set(n, 1);
  }
  for (const s of new Set(stems(question))) {
    const n = g.word.get(s);
    if (n !== undefined) seeds.set(n, 1);
  }
  const r = personalisedPageRank(g, seeds);
  const v = candidates.map((t) => {
    const n = g.turn.get(t);
    return n === undefined ? 0 : r[n];
  });
  const max = Math.max(0, ...v);
  return max > 0 ? v.map((x) => x / max) : v;
}
