// Query expansion from the first results (pseudo-relevance feedback): a question names a topic in its
// own words; the messages it finds first use other words for it, and those words find the other places
// the topic came up. Model-free and bounded: only words that at least two of the best messages share,
// never stopwords, names already asked for or very short words; added with a fraction of a typed
// word's weight (rank.ts prfWeight).
import type { AnalyzedQuery, QueryTerm } from './query';
import { isStopword } from './stopwords';
import { tokenize } from './text';

export function feedbackTerms(q: AnalyzedQuery, texts: readonly string[], opts: { terms: number; weight: number }): QueryTerm[] {
  if (opts.terms <= 0 || texts.length < 2) return [];
  const asked = new Set(q.terms.map((t) => t.stem));
  const docsWith = new Map<string, { norm: string; docs: number; count: number }>();
  for (const text of texts) {
    const seen = new Set<string>();
    for (const t of tokenize(text)) {
      if (t.norm.length < 4 || isStopword(t.norm) || asked.has(t.stem) || /^\d+$/.test(t.norm)) continue;
      const e = docsWith.get(t.stem) ?? { norm: t.norm, docs: 0, count: 0 };
      e.count++;
      if (!seen.has(t.stem)) {
        seen.add(t.stem);
        e.docs++;
      }
      docsWith.set(t.stem, e);
    }
  }
  return [...docsWith.entries()]
    .filter(([, e]) => e.docs >= 2)
    .sort((a, b) => b[1].docs - a[1].docs || b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1))
    .slice(0, opts.terms)
    .map(([stem, e]) => ({ norm: e.norm, stem, count: 1, proper: false, boost: opts.weight }));
}
