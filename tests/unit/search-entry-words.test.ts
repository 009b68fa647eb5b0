// Feedback through memory counts each entry's words (memory-feedback.ts EntryWords) with the search
// tokenizer's rules but without its token objects: the counts must be exactly what tokenize() gives.
import { describe, expect, it } from 'vitest';
import { EntryWords } from '../../src/main/search/memory-feedback';
import { tokenize } from '../../src/main/search/text';

function byTokenize(text: string) {
  const counts = new Map<string, { norm: string; n: number }>();
  const toks = tokenize(text);
  for (const t of toks) {
    const c = counts.get(t.stem);
    if (c) c.n++;
    else counts.set(t.stem, { norm: t.norm, n: 1 });
  }
  return { counts, length: toks.length };
}

describe("an entry's words, counted once and kept", () => {
  it('are what tokenize() finds: each stem with its first form and count, and the length in tokens', () => {
    const texts = [
      'Caroline collects classic kids’ books — Dr. Seuss, mostly; she COLLECTED them for years',
      'Crème brûlée at the café — Melanie loved the crème, the CAFÉ and its cafés',
      'Runs, running, ran: 10k runners 2024 x9 a b c',
      'I’m 😀 emoji-happy, 𝔘𝔫𝔦 text, and 你好世界 too — happy! İstanbul ǅemal',
      'ies ties flies it its ITEMIZATION items',
      '',
      '   …   ',
    ];
    for (const text of texts) {
      const got = new EntryWords().of(text);
      const want = byTokenize(text);
      expect(got.length, text).toBe(want.length);
      expect([...got.counts], text).toEqual([...want.counts]);
    }
  });

  it('answers a text asked again from what it kept, and forgets the oldest past its bound', () => {
    const words = new EntryWords(2);
    const first = words.of('adoption agency');
    expect(words.of('adoption agency')).toBe(first);
    words.of('second entry');
    words.of('third entry');
    expect(words.of('adoption agency')).not.toBe(first);
    expect([...words.of('adoption agency').counts.keys()]).toEqual(['adopt', 'agenc']);
  });
});
