// The facts panel as it was before anything was kept or skipped: every fact scanned, narrowed and scored
// afresh (the oracle of tests/unit/search-kept-between.test.ts and tests/unit/fact-search-bound.test.ts).
import type { Fact } from '../../src/shared/domain';
import { analyzeQuery } from '../../src/main/search/query';
import { DEFAULT_RANK_PARAMS, idf, queryWeight, scoreText, type RankParams } from '../../src/main/search/rank';
import { matchRanges, narrowScan, scanAll } from '../../src/main/search/text';

export function rankFactsAfresh(query: string, facts: Fact[], k: number, p: RankParams = DEFAULT_RANK_PARAMS) {
  const q = analyzeQuery(query);
  const wanted = new Set(q.terms.map((t) => t.stem));
  const scans = facts.map((f) => narrowScan(scanAll(f.text), wanted));
  const df = new Map<string, number>();
  for (const s of scans) for (const stem of s.positions.keys()) df.set(stem, (df.get(stem) ?? 0) + 1);
  const terms = q.terms.map((t) => ({ stem: t.stem, idf: idf(facts.length, df.get(t.stem) ?? 0), weight: queryWeight(t.count) }));
  const avg = facts.reduce((n, f) => n + scanAll(f.text).length, 0) / facts.length || 1;
  return facts
    .map((f, i) => ({ f, score: scoreText(scans[i], terms, q, avg, p, { hasTimeExpression: false, createdAt: null }).score }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ f, score }) => ({ factId: f.id, scope: f.scope, text: f.text, highlights: matchRanges(f.text, wanted), score: Math.round(score * 100) / 100 }));
}
