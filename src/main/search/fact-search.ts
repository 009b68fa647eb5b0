// L1 facts and L2 entities matching a query. Facts are few per scope (each file is read from its
// parsed cache), so they are scored in memory with the same BM25 as messages.
import type { Fact, GraphNode } from '../../shared/domain';
import type { EntityHit, FactHit } from '../../shared/search';
import type { AnalyzedQuery } from './query';
import { idf, queryWeight, scoreText, type RankParams, type TermStat } from './rank';
import { matchRanges, scanTerms, stemKey, stemKeyCodes, stems as stemsOf } from './text';

export function rankFacts(q: AnalyzedQuery, facts: Fact[], k: number, p: RankParams): FactHit[] {
  if (!facts.length || !q.terms.length) return [];
  const wanted = new Set(q.terms.map((t) => t.stem));
  const keys = new Set([...wanted].map(stemKey));
  // The query's key codes once, not once per fact (a scope of a few hundred facts paid it per fact).
  const keyCodes = stemKeyCodes(wanted);
  const scans = facts.map((f) => scanTerms(f.text, wanted, keys, keyCodes));
  const df = new Map<string, number>();
  for (const scan of scans) for (const stem of scan.positions.keys()) df.set(stem, (df.get(stem) ?? 0) + 1);
  const terms: TermStat[] = q.terms.map((t) => ({ stem: t.stem, idf: idf(facts.length, df.get(t.stem) ?? 0), weight: queryWeight(t.count) }));
  const avg = scans.reduce((n, s) => n + s.length, 0) / facts.length || 1;
  return facts
    .map((f, i) => ({ f, score: scoreText(scans[i], terms, q, avg, p, { hasTimeExpression: false, createdAt: null }).score }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
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
