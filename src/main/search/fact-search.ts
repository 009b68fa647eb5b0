// L1 facts and L2 entities matching a query. Facts are few per scope (each file is read from its
// parsed cache), so they are scored in memory with the same BM25 as messages.
import type { Fact, GraphNode } from '../../shared/domain';
import type { EntityHit, FactHit } from '../../shared/search';
import type { AnalyzedQuery } from './query';
import { idf, queryWeight, scoreText, type RankParams, type TermStat } from './rank';
import { matchRanges, narrowScan, scanAll, stems as stemsOf, type TermScan } from './text';

/**
 * Each fact's full scan, kept while its object lives: MemoryDir hands out the same parsed facts until the
 * file changes, and every search scores all facts of its scopes (a few hundred facts cost ~1 ms a search
 * when each was scanned afresh).
 */
const fullScans = new WeakMap<Fact, TermScan>();

function scanOf(f: Fact): TermScan {
  let scan = fullScans.get(f);
  if (!scan || (scan as TermScan & { text?: string }).text !== f.text) {
    scan = Object.assign(scanAll(f.text), { text: f.text });
    fullScans.set(f, scan);
  }
  return scan;
}

export function rankFacts(q: AnalyzedQuery, facts: Fact[], k: number, p: RankParams): FactHit[] {
  if (!facts.length || !q.terms.length) return [];
  const wanted = new Set(q.terms.map((t) => t.stem));
  const scans = facts.map((f) => narrowScan(scanOf(f), wanted));
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
