import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src/main/search/query';
import {
  DEFAULT_RANK_PARAMS,
  estimateDf,
  hasTimeExpression,
  idf,
  matchesDateCue,
  matchesDay,
  scoreText,
  neighbourScore,
  type TermStat,
} from '../../src/main/search/rank';
import { masksByMerge, scoreWithNeighbours, topByMask } from '../../src/main/search/message-search';
import { makeSnippet, markHighlights } from '../../src/main/search/snippet';
import { scanTerms, stemKey } from '../../src/main/search/text';

const noCues = { hasTimeExpression: false, createdAt: null };
const p = { ...DEFAULT_RANK_PARAMS, speaker: 0 };

function score(text: string, query: string, terms?: TermStat[], cues: { hasTimeExpression: boolean; createdAt: Date | null } = noCues, avg = 10) {
  const q = analyzeQuery(query);
  const stats = terms ?? q.terms.map((t) => ({ stem: t.stem, idf: 1, weight: 1 }));
  const wanted = new Set(stats.map((t) => t.stem));
  return scoreText(scanTerms(text, wanted, new Set([...wanted].map(stemKey))), stats, q, avg, p, cues).score;
}

describe('ranking signals', () => {
  it('idf falls as a word gets common and never goes negative', () => {
    expect(idf(1000, 1)).toBeGreaterThan(idf(1000, 100));
    expect(idf(1000, 1000)).toBeGreaterThan(0);
  });

  it('estimates df of a capped posting list from the share of history the cap covered', () => {
    // 100 newest matches spread over the last 1,000 of 10,000 seqs: about 1,000 in all.
    expect(estimateDf(100, 10_000, 9_000, 10_000)).toBe(1000);
    expect(estimateDf(100, 10_000, 10_000, 10_000)).toBeGreaterThanOrEqual(100);
  });

  it('scores nothing without a query word, more for more of the query, rarer words, and words close together', () => {
    expect(score('nothing relevant here', 'pottery class')).toBe(0);
    expect(score('pottery class today', 'pottery class')).toBeGreaterThan(score('pottery today', 'pottery class'));
    const rare: TermStat[] = [
      { stem: 'potteri', idf: 3, weight: 1 },
      { stem: 'class', idf: 1, weight: 1 },
    ];
    expect(score('pottery', 'pottery class', rare)).toBeGreaterThan(score('class', 'pottery class', rare));
    expect(score('support group was great and long', 'support group')).toBeGreaterThan(
      score('support was great and long at the group', 'support group'),
    );
  });

  it('a word in both the text and its derived field counts the stronger field once (max), not their sum', () => {
    const q = analyzeQuery('sailing books');
    const terms = q.terms.map((t) => ({ stem: t.stem, idf: 1, weight: 1 }));
    const wanted = new Set(terms.map((t) => t.stem));
    const scan = (text: string) => scanTerms(text, wanted, new Set([...wanted].map(stemKey)));
    const at = (text: string, derived: string | null, params = p) =>
      scoreText(scan(text), terms, q, 6, params, noCues, derived === null ? null : { scan: scan(derived), avgLength: 6 }).score;
    const text = 'we went sailing on the lake';
    const fact = 'goes sailing on the lake often';
    // The shipped combination: the fact repeating the text's word scores as the fact alone would.
    expect(DEFAULT_RANK_PARAMS.derivedMax).toBe(1);
    expect(at(text, fact)).toBeCloseTo(at('we went out on the lake', fact));
    expect(at(text, fact)).toBeGreaterThan(at(text, null));
    // Summed, repeating the same word in memory would count it twice.
    expect(at(text, fact, { ...p, derivedMax: 0 })).toBeGreaterThan(at(text, fact));
    // A word memory adds (one the text lacks) still counts in full.
    expect(at(text, 'collects books about sailing')).toBeGreaterThan(at(text, fact));
  });

  it('shorter messages win at equal matches (length normalisation)', () => {
    expect(score('camping trip', 'camping')).toBeGreaterThan(score('camping trip with the whole family at the lake last summer', 'camping'));
  });

  it('boosts time expressions for "when" questions and messages from the named month or day', () => {
    const when = 'When did Melanie go camping?';
    expect(score('we went camping yesterday', when, undefined, { hasTimeExpression: true, createdAt: null })).toBeGreaterThan(
      score('we went camping yesterday', when),
    );
    const june = 'camping in June';
    const inJune = { hasTimeExpression: false, createdAt: new Date('2023-06-20T10:00:00Z') };
    const inMarch = { hasTimeExpression: false, createdAt: new Date('2023-03-20T10:00:00Z') };
    expect(score('went camping', june, undefined, inJune)).toBeGreaterThan(score('went camping', june, undefined, inMarch));
    expect(matchesDateCue(new Date('2023-07-02T00:00:00Z'), [6], [])).toBe(true); // told early the month after
    expect(matchesDateCue(new Date('2023-06-02T00:00:00Z'), [6], [2022])).toBe(false);
    expect(matchesDay(new Date('2023-10-13T15:00:00Z'), [{ month: 10, day: 13, year: 2023 }])).toBe(true);
    expect(matchesDay(new Date('2023-10-14T15:00:00Z'), [{ month: 10, day: 13, year: null }])).toBe(false);
    expect(hasTimeExpression('I went there last week')).toBe(true);
    expect(hasTimeExpression('I like it')).toBe(false);
  });

  it('passes part of a turn\'s score to its neighbours, most to the reply after a question', () => {
    const none = { prev: 0, prevIsQuestion: false, next: 0, prev2: 0, next2: 0 };
    expect(neighbourScore(5, none, p)).toBe(5);
    expect(neighbourScore(0, { ...none, prev: 10 }, p)).toBeCloseTo(10 * p.neighbour);
    expect(neighbourScore(0, { ...none, prev: 10, prevIsQuestion: true }, p)).toBeCloseTo(10 * p.neighbour * (1 + p.afterQuestion));
    expect(neighbourScore(0, { ...none, next: 10, prev2: 10 }, p)).toBeCloseTo(10 * (p.neighbourNext + p.neighbourFar));
  });

  it('links neighbours within a session only where nothing unseen can lie between them', () => {
    const place = new Map([
      [10, 's1'],
      [11, 's1'],
      [14, 's1'],
      [20, 's1'],
      [23, 's1'],
      [12, 's2'],
    ]);
    const own = new Map([
      [10, 10],
      [14, 10],
      [20, 10],
      [12, 10],
    ]);
    // 10 asked a question: 11 is its reply. 11→14 is a gap nobody looked into: no link. 20 was
    // expanded (its ±3 looked up), so 23 is its next. 12 is alone in its session.
    const scores = new Map(scoreWithNeighbours(place, own, new Set([10]), new Set([20]), p));
    expect(scores.get(11)).toBeCloseTo(10 * p.neighbour * (1 + p.afterQuestion));
    expect(scores.get(10)).toBeCloseTo(10);
    expect(scores.get(14)).toBeCloseTo(10);
    expect(scores.get(23)).toBeCloseTo(10 * p.neighbour);
    expect(scores.get(20)).toBeCloseTo(10);
    expect(scores.get(12)).toBeCloseTo(10);
  });

  it('merges posting lists into word masks, newest first, skipping other agents', () => {
    const SPAN = 1_048_576;
    const rowid = (seq: number, agent: number) => seq * SPAN + agent;
    // word 1 in messages 9, 7, 4, 2; word 2 in 9, 5, 2 (message 5 belongs to agent 2).
    const lists = [
      [rowid(9, 1), rowid(7, 1), rowid(4, 1), rowid(2, 1)],
      [rowid(9, 1), rowid(5, 2), rowid(2, 1)],
    ];
    expect(masksByMerge(lists, [1, 2], null)).toEqual(
      new Map([
        [3, [9, 2]],
        [1, [7, 4]],
        [2, [5]],
      ]),
    );
    expect(masksByMerge(lists, [1, 2], 1).get(2)).toBeUndefined();
    expect(masksByMerge([], [], null).size).toBe(0);
  });

  it('merges many lists exactly as the plain way does (each rowid once, its words as one mask, newest first)', () => {
    const rowid = (seq: number, agent: number) => seq * 1_048_576 + agent;
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 300; round++) {
      const words = Math.floor(rand() * 31); // up to the 30 words a search may ask, and none
      const lists = Array.from({ length: words }, () => {
        const seqs = new Set<number>();
        const n = [0, 1, 5, 200][Math.floor(rand() * 4)];
        for (let i = 0; i < n; i++) seqs.add(1 + Math.floor(rand() * 300));
        return [...seqs].sort((a, b) => b - a).map((seq) => rowid(seq, 1 + (seq % 3)));
      });
      const bits = lists.map((_, i) => 1 << i);
      const agent = rand() < 0.5 ? null : 1 + Math.floor(rand() * 3);
      // The plain way: every rowid's mask, then rowids newest first into their mask's bucket.
      const maskOf = new Map<number, number>();
      lists.forEach((list, t) => list.forEach((r) => maskOf.set(r, (maskOf.get(r) ?? 0) | bits[t])));
      const plain = new Map<number, number[]>();
      for (const r of [...maskOf.keys()].sort((a, b) => b - a)) {
        if (agent !== null && r % 1_048_576 !== agent) continue;
        const m = maskOf.get(r)!;
        plain.set(m, [...(plain.get(m) ?? []), Math.floor(r / 1_048_576)]);
      }
      const merged = masksByMerge(lists, bits, agent);
      expect([...merged.entries()]).toEqual([...plain.entries()]); // the buckets' order too: ties in topByMask follow it
    }
  });

  it('keeps the newest few of each bucket, and the best by words are the same as from whole buckets', () => {
    const rowid = (seq: number, agent: number) => seq * 1_048_576 + agent;
    let seed = 5;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 200; round++) {
      const words = 1 + Math.floor(rand() * 4);
      const lists = Array.from({ length: words }, () => {
        const seqs = new Set<number>();
        const n = Math.floor(rand() * 300);
        for (let i = 0; i < n; i++) seqs.add(1 + Math.floor(rand() * 400));
        return [...seqs].sort((a, b) => b - a).map((seq) => rowid(seq, 1 + Math.floor(rand() * 2)));
      });
      const bits = lists.map((_, i) => 1 << i);
      const weights = bits.map(() => Math.floor(rand() * 4)); // ties between masks too
      const s = (m: number) => bits.reduce((a, b, i) => a + (m & b ? weights[i] : 0), 0);
      const agent = rand() < 0.5 ? null : 1;
      const limit = [1, 5, 80][round % 3];
      const capped = masksByMerge(lists, bits, agent, limit);
      for (const seqs of capped.values()) expect(seqs.length).toBeLessThanOrEqual(limit);
      expect(topByMask(capped, s, limit)).toEqual(topByMask(masksByMerge(lists, bits, agent), s, limit));
    }
  });

  it('takes the best first-pass candidates by the words they match, newest first among equals', () => {
    const buckets = new Map([
      [0b11, [9, 4]],
      [0b01, [8, 5]],
      [0b10, [3]],
    ]);
    const weights = [1, 5];
    const s = (m: number) => (m & 1 ? weights[0] : 0) + (m & 2 ? weights[1] : 0);
    expect(topByMask(buckets, s, 3)).toEqual([9, 4, 3]);
    expect(topByMask(buckets, s, 4)).toEqual([9, 4, 3, 8]);
    expect(topByMask(new Map(), s, 3)).toEqual([]);
  });
});

describe('snippets', () => {
  it('cuts around the densest matches and reports highlight ranges', () => {
    const long = `${'filler words here. '.repeat(30)}We adopted a puppy named Shadow and the puppy loves walks. ${'more filler. '.repeat(30)}`;
    const s = makeSnippet(long, new Set(['puppi', 'shadow']), 120);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(122);
    expect(s.highlights.map(([a, b]) => s.text.slice(a, b))).toEqual(['puppy', 'Shadow', 'puppy']);
    expect(markHighlights(s, '<', '>')).toContain('<puppy> named <Shadow>');
  });

  it('keeps short messages whole', () => {
    const s = makeSnippet('  Lisbon   in May  ', new Set(['lisbon']));
    expect(s).toEqual({ text: 'Lisbon in May', highlights: [[0, 6]] });
  });
});
