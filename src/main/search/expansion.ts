// Query expansion from the first results (pseudo-relevance feedback): a question names a topic in its
// own words; the messages it finds first use other words for it, and those words find the other places
// the topic came up. Model-free and bounded: only words that at least two of the best messages share,
// never stopwords, names already asked for or very short words; added with a fraction of a typed
// word's weight (rank.ts prfWeight).
import type { AnalyzedQuery, QueryTerm } from './query';
import { isStopword } from './stopwords';
import { stem, tokenize } from './text';

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

/** What lexical expansion needs from WordNet (wordnet.ts). */
export interface Lexicon {
  related(word: string, senses?: number): { synonyms: string[]; hypernyms: string[] };
}

/**
 * Query expansion from a lexical database: for each word the person typed (not names, not numbers),
 * the other words of its most frequent sense and of that sense's broader concepts ("dog" → "canine"),
 * at most `terms` in all, synonyms before broader words and the query's own order kept. Each weighs a
 * fraction of a typed word (`weight`, broader words `hypernymWeight`); words already asked are skipped.
 */
export function lexiconTerms(
  q: AnalyzedQuery,
  lexicon: Lexicon,
  opts: { terms: number; weight: number; hypernymWeight: number },
): QueryTerm[] {
  if (opts.terms <= 0 || (opts.weight <= 0 && opts.hypernymWeight <= 0)) return [];
  const seen = new Set(q.terms.map((t) => t.stem));
  const synonyms: QueryTerm[] = [];
  const broader: QueryTerm[] = [];
  for (const t of q.terms) {
    if (t.proper || t.norm.length < 3 || /\d/.test(t.norm) || (t.boost ?? 1) < 1) continue;
    const rel = lexicon.related(t.norm);
    const add = (into: QueryTerm[], words: string[], weight: number) => {
      if (weight <= 0) return;
      for (const w of words) {
        const s = stem(w);
        if (seen.has(s) || isStopword(w) || w.length < 3) continue;
        seen.add(s);
        into.push({ norm: w, stem: s, count: 1, proper: false, boost: weight });
      }
    };
    add(synonyms, rel.synonyms, opts.weight);
    add(broader, rel.hypernyms, opts.hypernymWeight);
  }
  return [...synonyms, ...broader].slice(0, opts.terms);
}

/** An L2 entity the query may name: its name and other names, and the names of entities it relates to. */
export interface EntityLink {
  names: string[];
  related: string[];
}

/**
 * Query expansion from the knowledge graph: an entity the query names (one of its names shares a word
 * with the query) brings in its other names at `weight` and the names of the entities it is related to
 * at `relatedWeight` ("Sam's job" also finds messages about "Globex" when Sam works at Globex), at most
 * `terms` words in all, other names first.
 */
export function entityTerms(q: AnalyzedQuery, links: readonly EntityLink[], opts: { terms: number; weight: number; relatedWeight: number }): QueryTerm[] {
  if (opts.terms <= 0 || !links.length) return [];
  const asked = new Set(q.terms.map((t) => t.stem));
  const seen = new Set(asked);
  const aliases: QueryTerm[] = [];
  const related: QueryTerm[] = [];
  const add = (into: QueryTerm[], names: string[], weight: number) => {
    if (weight <= 0) return;
    for (const name of names) {
      for (const t of tokenize(name)) {
        if (seen.has(t.stem) || isStopword(t.norm) || t.norm.length < 2) continue;
        seen.add(t.stem);
        into.push({ norm: t.norm, stem: t.stem, count: 1, proper: false, boost: weight });
      }
    }
  };
  for (const link of links) {
    const named = link.names.some((n) => tokenize(n).some((t) => !isStopword(t.norm) && asked.has(t.stem)));
    if (!named) continue;
    add(aliases, link.names, opts.weight);
    add(related, link.related, opts.relatedWeight);
  }
  return [...aliases, ...related].slice(0, opts.terms);
}
