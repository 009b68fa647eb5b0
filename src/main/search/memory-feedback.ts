// Pseudo-relevance feedback through memory (issue 31, fourth pass; RM3-style, Lavrenko & Croft's relevance
// model with the query mixed back in). The derived entries (facts, relations' sentences) are ranked for the
// query as short documents of their own; the words the best few use most, weighed by how well each entry
// matched and by how rare the word is, are added to the query at a fraction of a typed word's weight.
// Memory writes in canonical words ("adoption agency", "LGBTQ support group") where a question and its
// answering turns each use their own: the entries translate the one into the other. Model-free and
// bounded: one posting read per query word, the entries of at most `POOL` messages, one posting read per
// candidate word.
import type { DerivedIndex } from './derived-index';
import type { DerivedEntry } from './derived-store';
import type { MessageIndex } from './message-index';
import type { PostingSource } from './posting-reads';
import { masksByMerge, topByMask } from './candidate-selection';
import type { QueryTerm } from './query';
import { idf } from './rank';
import { isStopword } from './stopwords';
import { stem, walkEveryWord } from './text';

export interface MemoryFeedbackOptions {
  /** Best-matching entries the words are taken from. */
  entries: number;
  /** Words added, at most. */
  terms: number;
  /** Weight of the best added word relative to a typed word; the others in proportion to theirs. */
  weight: number;
  /** Only this agent's messages' memory (index of the agent in the rowid scheme), or every agent's. */
  agentIdx: number | null;
  /** Stems never added nor matched in memory (the speakers' names: memory names them in every line). */
  excluded: ReadonlySet<string>;
  /** Messages whose memory may not feed the query (an incognito session, another session). */
  hidden?: (seqs: number[]) => Set<number>;
  /**
   * Only when the best entry matched at least this share of the query words' weight in memory: a loose
   * match (one common word of a long question) would add the words of an unrelated fact.
   */
  minCover: number;
  /** Posting reads per word. */
  cap: number;
  /** Entries' words, kept across searches (the service holds one); a fresh one when absent. */
  words?: EntryWords;
  /** This search's posting reads (posting-reads.ts), shared with the ranking that follows. */
  reads?: { words: PostingSource; derived: PostingSource };
}

/** Messages whose entries are ranked: the best by the query words their memory holds. */
const POOL = 40;
/** Postings read to judge an added word's rarity (search-service.ts keeps these short reads between searches). */
export const DF_CAP = 100;
const K1 = 1.2;
const B = 0.5;

export function memoryFeedbackTerms(terms: readonly QueryTerm[], messages: MessageIndex, derived: DerivedIndex, o: MemoryFeedbackOptions): QueryTerm[] {
  if (o.terms <= 0 || o.entries <= 0 || o.weight <= 0) return [];
  const { docs: dDocs } = derived.stats();
  if (dDocs === 0) return [];
  const reads = o.reads ?? { words: messages, derived };
  const words = o.words ?? new EntryWords();
  const asked = new Set(terms.map((t) => t.stem));
  const used = terms.filter((t) => !o.excluded.has(t.stem) && (t.boost ?? 1) >= 1);
  if (!used.length) return [];

  // The query words in memory: their IDF over the derived documents, and the messages holding them.
  const idfOf = new Map<string, number>();
  // The same, as two lists in idfOf's order: each candidate entry is scored over them without an iterator.
  const idfStems: string[] = [];
  const idfWeights: number[] = [];
  const lists: number[][] = [];
  const bits: number[] = [];
  const weightByBit: number[] = [];
  used.slice(0, 30).forEach((t, bit) => {
    const { rowids } = reads.derived.postings(t.norm, o.cap);
    if (!rowids.length) return;
    const w = idf(dDocs, Math.min(rowids.length, dDocs));
    idfOf.set(t.stem, w);
    idfStems.push(t.stem);
    idfWeights.push(w);
    lists.push(rowids);
    bits.push(1 << bit);
    weightByBit[bit] = w;
  });
  if (!lists.length) return [];
  let pool = topByMask(masksByMerge(lists, bits, o.agentIdx, POOL), (mask) => sumBits(mask, weightByBit), POOL);
  const hidden = o.hidden?.(pool);
  if (hidden?.size) pool = pool.filter((seq) => !hidden.has(seq));

  // Each entry once (an entry citing several turns is stored with each), scored by BM25 over the query.
  const avgLength = derived.entryAvgLength();
  const scored = new Map<string, { entry: DerivedEntry; score: number; counts: EntryCounts['counts']; length: number }>();
  for (const list of derived.entries(pool).values()) {
    for (const e of list) {
      if (scored.has(e.text)) continue;
      const { counts, length } = words.of(e.text);
      const norm = K1 * (1 - B + (B * length) / avgLength);
      let score = 0;
      for (let i = 0; i < idfStems.length; i++) {
        const f = counts.get(idfStems[i])?.n ?? 0;
        if (f) score += idfWeights[i] * ((f * (K1 + 1)) / (f + norm));
      }
      if (score > 0) scored.set(e.text, { entry: e, score, counts, length: Math.max(1, length) });
    }
  }
  const top = [...scored.values()].sort((a, b) => b.score - a.score).slice(0, o.entries);
  if (!top.length) return [];
  if (o.minCover > 0) {
    // A query word memory never uses counts at full rarity: the entry does not hold it either.
    const all = used.reduce((s, t) => s + (idfOf.get(t.stem) ?? idf(dDocs, 0)), 0);
    let hit = 0;
    for (const [stem, w] of idfOf) if (top[0].counts.has(stem)) hit += w;
    if (hit < o.minCover * all) return [];
  }

  // P(w | relevant) ≈ Σ over the top entries of P(w | entry) · P(entry | query) (the relevance model).
  const total = top.reduce((s, e) => s + e.score, 0);
  // Each word remembers the entry that lent it most: a message found by it was found through that entry.
  const mass = new Map<string, { norm: string; p: number; lentBy: DerivedEntry; most: number }>();
  for (const e of top) {
    for (const [stem, c] of e.counts) {
      if (asked.has(stem) || o.excluded.has(stem) || c.norm.length < 3 || isStopword(c.norm) || /^\d+$/.test(c.norm)) continue;
      const share = (c.n / e.length) * (e.score / total);
      const m = mass.get(stem) ?? { norm: c.norm, p: 0, lentBy: e.entry, most: 0 };
      m.p += share;
      if (share > m.most) {
        m.most = share;
        m.lentBy = e.entry;
      }
      mass.set(stem, m);
    }
  }
  // Distinctive, not merely frequent: weighed by rarity among the messages (a word every turn uses
  // would find nothing in particular). Only the likeliest words are looked up.
  const { docs } = messages.stats();
  const candidates = [...mass.entries()].sort((a, b) => b[1].p - a[1].p || (a[0] < b[0] ? -1 : 1)).slice(0, o.terms * 2);
  const weighed = candidates
    .map(([stem, m]) => {
      // Rarity needs no exact count for common words: past DF_CAP postings a word is common, and its
      // weight small either way; the cap keeps these reads cheap however long the history.
      const df = reads.words.postings(m.norm, DF_CAP).rowids.length;
      return { stem, norm: m.norm, lentBy: m.lentBy, w: m.p * idf(Math.max(docs, 1), Math.min(df, docs)) };
    })
    .filter((x) => x.w > 0)
    .sort((a, b) => b.w - a.w || (a.stem < b.stem ? -1 : 1))
    .slice(0, o.terms);
  if (!weighed.length) return [];
  const best = weighed[0].w;
  return weighed.map((x) => ({ norm: x.norm, stem: x.stem, count: 1, proper: false, boost: (o.weight * x.w) / best, lentBy: { kind: x.lentBy.kind, text: x.lentBy.text } }));
}

/** An entry's words: each stem's count (and the form FTS5 is asked for), and its length in tokens. */
export interface EntryCounts {
  counts: ReadonlyMap<string, { norm: string; n: number }>;
  length: number;
}

/**
 * Entries' words by their text, kept across searches: the same pool of entries is tokenized and stemmed
 * by search after search, and stemming was a third of the feedback's cost. An entry's words follow from
 * its text alone, so a corrected or forgotten fact is simply a key no longer asked for; the oldest keys
 * go first past `max`.
 */
export class EntryWords {
  private readonly known = new Map<string, EntryCounts>();

  constructor(private readonly max = 20_000) {}

  of(text: string): EntryCounts {
    const had = this.known.get(text);
    if (had) return had;
    const counts = new Map<string, { norm: string; n: number }>();
    // tokenize()'s words without its token objects (offsets, a match array, two strings a word): at a
    // million messages most of a search's pooled entries are new to this cache.
    const length = walkEveryWord(text, (norm) => {
      const s = stem(norm);
      const c = counts.get(s);
      if (c) c.n++;
      else counts.set(s, { norm, n: 1 });
    });
    const out = { counts, length };
    if (this.known.size >= this.max) this.known.delete(this.known.keys().next().value!);
    this.known.set(text, out);
    return out;
  }
}

function sumBits(mask: number, weightByBit: readonly number[]): number {
  let s = 0;
  for (let bit = 0; mask >> bit; bit++) if ((mask >> bit) & 1) s += weightByBit[bit] ?? 0;
  return s;
}

