// L1 facts and L2 entities matching a query. Facts are few per scope (each file is read from its
// parsed cache, each scope's word index kept in fact-index.ts), so they are scored in memory with the
// same BM25 as messages.
import type { Fact, GraphNode } from '../../shared/domain';
import type { EntityHit, FactHit } from '../../shared/search';
import type { AnalyzedQuery } from './query';
import { idf, queryWeight, scoreText, type RankParams, type TermStat } from './rank';
import { factGroupIndex } from './fact-index';
import { matchRanges, narrowScan, stems as stemsOf } from './text';

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
  let offset = 0;
  for (const ix of indexes) {
    // The facts of this scope holding a query word, each once, in their order in the scope.
    const holding = new Set<number>();
    for (const stem of wanted) for (const i of ix.byStem.get(stem) ?? []) holding.add(i);
    for (const i of [...holding].sort((a, b) => a - b)) {
      const score = scoreText(narrowScan(ix.scans[i], wanted), terms, q, avg, p, { hasTimeExpression: false, createdAt: null }).score;
      if (score > 0) scored.push({ f: ix.facts[i], score, order: offset + i });
    }
    offset += ix.facts.length;
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
