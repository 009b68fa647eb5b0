// Candidates from memory first (issue 31, seventh pass b; a bench arm, not the product's): the derived
// entries are ranked on their own against the query (BM25 over each entry as a short document, as
// memory-feedback.ts ranks them), and the turns each of the best entries cites (the messages it is
// stored with) become candidates, however low their words scored.
import type { DerivedIndex } from '../../src/main/search/derived-index';
import type { EntryWords } from '../../src/main/search/memory-feedback';
import { agentIdxOf, seqOf } from '../../src/main/search/message-index';
import type { QueryTerm } from '../../src/main/search/query';
import { idf } from '../../src/main/search/rank';

const K1 = 1.2;
const B = 0.5;

export function memoryFirstCandidates(
  terms: readonly QueryTerm[],
  derived: DerivedIndex,
  words: EntryWords,
  o: { entries: number; agentIdx: number | null; cap: number },
): Array<{ seq: number; score: number }> {
  const { docs } = derived.stats();
  if (!docs || !terms.length) return [];
  const idfOf = new Map<string, number>();
  const pool = new Set<number>();
  for (const t of terms) {
    const { rowids } = derived.postings(t.norm, o.cap);
    if (!rowids.length) continue;
    idfOf.set(t.stem, idf(docs, Math.min(rowids.length, docs)) * (t.boost ?? 1));
    for (const r of rowids) if (o.agentIdx === null || agentIdxOf(r) === o.agentIdx) pool.add(seqOf(r));
  }
  if (!pool.size) return [];
  const avg = derived.entryAvgLength();
  const byText = new Map<string, { score: number; seqs: number[] }>();
  for (const [seq, list] of derived.entries([...pool])) {
    for (const e of list) {
      const had = byText.get(e.text);
      if (had) {
        had.seqs.push(seq);
        continue;
      }
      const { counts, length } = words.of(e.text);
      const norm = K1 * (1 - B + (B * length) / avg);
      let score = 0;
      for (const [stem, w] of idfOf) {
        const f = counts.get(stem)?.n ?? 0;
        if (f) score += w * ((f * (K1 + 1)) / (f + norm));
      }
      byText.set(e.text, { score, seqs: [seq] });
    }
  }
  const top = [...byText.values()].filter((e) => e.score > 0).sort((a, b) => b.score - a.score).slice(0, o.entries);
  const best = top[0]?.score ?? 1;
  const out = new Map<number, number>();
  for (const e of top) for (const seq of e.seqs) if (!out.has(seq)) out.set(seq, e.score / best);
  return [...out.entries()].map(([seq, score]) => ({ seq, score }));
}
