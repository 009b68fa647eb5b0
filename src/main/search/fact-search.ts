// L1 facts and L2 entities matching a query. Facts are few per scope (each file is read from its
// parsed cache, each scope's word index kept in fact-index.ts), so they are scored in memory with the
// same BM25 as messages.
import type { Fact, GraphNode } from '../../shared/domain';
import type { EntityHit, FactHit } from '../../shared/search';
import type { AnalyzedQuery } from './query';
import { idf, queryWeight, scoreText, type RankParams, type TermStat } from './rank';
import { factGroupIndex, type FactGroupIndex } from './fact-index';
import { IndexTags } from './index-tags';
import { matchRanges, narrowScan, stems as stemsOf } from './text';

/** The facts panel's tags of one scope's facts, reused by every search (rankFacts is synchronous). */
const tags = new IndexTags();

/**
 * The facts of `groups` (one array per scope) best matching the query: BM25 over all of them as one
 * collection. Only facts holding a query word are scored (the others score 0), found through each
 * scope's word index (fact-index.ts), kept between searches.
 */
export function rankFacts(q: AnalyzedQuery, groups: ReadonlyArray<readonly Fact[]>, k: number, p: RankParams): FactHit[] {
  const count = groups.reduce((n, g) => n + g.length, 0);
  if (!count || !q.terms.length) return [];
  const wanted = new Set(q.terms.map((t) => t.stem));
  const indexes = groups.map(factGroupIndex);
  const df = new Map<string, number>();
  let totalLength = 0;
  for (const ix of indexes) {
    totalLength += ix.totalLength;
    for (const stem of wanted) {
      const n = ix.byStem.get(stem)?.length ?? 0;
      if (n) df.set(stem, (df.get(stem) ?? 0) + n);
    }
  }
  const terms: TermStat[] = q.terms.map((t) => ({ stem: t.stem, idf: idf(count, df.get(t.stem) ?? 0), weight: queryWeight(t.count) }));
  const avg = totalLength / count || 1;
  const scored: Array<{ f: Fact; score: number; order: number }> = [];
  const score = (ix: FactGroupIndex, i: number, order: number) => {
    const s = scoreText(narrowScan(ix.scans[i], wanted), terms, q, avg, p, { hasTimeExpression: false, createdAt: null }).score;
    if (s > 0) scored.push({ f: ix.facts[i], score: s, order });
  };
  // The facts holding a query word: those holding two or more are scored; those holding one, grouped by
  // that word, are scored word by word from the word whose best possible score is highest, until the k-th
  // best so far beats that bound (then no fact of it or of any later word can reach the k best).
  // Each word's one-word facts as flat (group, fact) pairs: a speaker's name is in nearly every fact of a
  // scope, and a tuple per fact was most of what the facts panel allocated a search.
  const single = new Map<string, number[]>();
  const offsets: number[] = [];
  let offset = 0;
  const stemList = [...wanted];
  indexes.forEach((ix, g) => {
    // Each fact holding a query word, tagged with that word's place in stemList (1-based), or -1 for two or more.
    tags.start(ix.facts.length);
    for (let w = 0; w < stemList.length; w++) {
      const list = ix.byStem.get(stemList[w]);
      if (list) for (let j = 0; j < list.length; j++) tags.tag(list[j], w + 1);
    }
    const base = offset;
    tags.drain((i, tag) => {
      if (tag < 0) return score(ix, i, base + i);
      const stem = stemList[tag - 1];
      const list = single.get(stem);
      if (list) list.push(g, i);
      else single.set(stem, [g, i]);
    });
    offsets.push(offset);
    offset += ix.facts.length;
  });
  const bounds = new Map([...single.keys()].map((stem) => [stem, singleWordBound(stem, terms, q.pairs, p)]));
  for (const stem of [...single.keys()].sort((a, b) => bounds.get(b)! - bounds.get(a)!)) {
    if (kthBest(scored, k) > bounds.get(stem)!) break;
    const list = single.get(stem)!;
    for (let j = 0; j < list.length; j += 2) score(indexes[list[j]], list[j + 1], offsets[list[j]] + list[j + 1]);
  }
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, k)
    .map(({ f, score }) => ({
      factId: f.id,
      scope: f.scope,
      text: f.text,
      highlights: matchRanges(f.text, wanted),
      score: Math.round(score * 100) / 100,
    }));
}

/**
 * The highest score a fact holding only the query word `stem` can have (scoreText with no cues): each of
 * the word's terms at BM25's saturation (tf → ∞: idf·weight·(k1+1)), a pair of the word with itself, times
 * the query cover, which for such a fact is fixed. Exact arithmetic gives a strict bound whenever
 * 0 ≤ b ≤ 1 and k1 ≥ 0; the margin covers floating-point rounding. Infinity (never skip) outside that range.
 */
export function singleWordBound(stem: string, terms: readonly TermStat[], pairs: AnalyzedQuery['pairs'], p: RankParams): number {
  if (!(p.b >= 0 && p.b <= 1 && p.k1 >= 0)) return Infinity;
  let bm25 = 0;
  let covered = 0;
  let total = 0;
  let idfOf = 0;
  for (const t of terms) {
    total += t.idf * t.weight;
    if (t.stem !== stem) continue;
    if (!(t.weight >= 0)) return Infinity;
    bm25 += t.idf * t.weight * (p.k1 + 1);
    covered += t.idf * t.weight;
    idfOf ||= t.idf;
  }
  let pair = 0;
  if (p.pairWeight > 0) for (const [a, b] of pairs) if (a === stem && b === stem) pair += p.pairWeight * idfOf;
  const cover = 1 + p.coverage * (total > 0 ? covered / total : 0);
  return cover <= 0 ? 0 : (bm25 + pair) * cover * (1 + 1e-9) + 1e-12;
}

/** The k-th best score so far (-Infinity with fewer than k). */
function kthBest(scored: ReadonlyArray<{ score: number }>, k: number): number {
  if (scored.length < k) return -Infinity;
  return scored.map((s) => s.score).sort((a, b) => b - a)[k - 1];
}

/**
 * The graph's own search matches word prefixes and adds related entities; keep the ones that really
 * mention a query word, names counting double.
 */
export function rankEntities(q: AnalyzedQuery, nodes: GraphNode[], k: number): EntityHit[] {
  const wanted = new Set(q.terms.map((t) => t.stem));
  const overlap = (text: string) => new Set(stemsOf(text).filter((s) => wanted.has(s))).size;
  return nodes
    .map((n) => ({ n, score: 2 * overlap(n.name) + overlap(n.summary) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ n, score }) => ({ nodeId: n.id, scope: n.scope, name: n.name, type: n.type, summary: n.summary, score }));
}
