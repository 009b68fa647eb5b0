// The second hop through memory (memory-hop.ts): from the rarest words of the top hits' derived entries to
// the other messages whose memory holds them, never through the query's own words or the speakers' names.
import { describe, expect, it } from 'vitest';
import type { DerivedEntry } from '../../src/main/search/derived-store';
import { EntryWords } from '../../src/main/search/memory-feedback';
import { hopCandidates, type HopSource } from '../../src/main/search/memory-hop';
import { SEARCH_ROWID_SPAN } from '../../src/main/search/message-index';
import { stem } from '../../src/main/search/text';

/** A derived field over the given messages' entries (seq → facts), with agent index 0 unless told. */
function field(bySeq: Record<number, string[]>, agentOf: (seq: number) => number = () => 0): HopSource & { reads: string[] } {
  const entries = new Map<number, DerivedEntry[]>(Object.entries(bySeq).map(([seq, texts]) => [Number(seq), texts.map((text) => ({ kind: 'fact' as const, text }))]));
  return {
    reads: [],
    stats: () => ({ docs: entries.size, avgLength: 6 }),
    entries: (seqs: number[]) => new Map(seqs.filter((s) => entries.has(s)).map((s) => [s, entries.get(s)!])),
    postings(word: string, cap: number) {
      this.reads.push(word);
      const hits = [...entries.entries()]
        .filter(([, list]) => list.some((e) => e.text.toLowerCase().split(/\W+/).map(stem).includes(stem(word))))
        .map(([seq]) => seq * SEARCH_ROWID_SPAN + agentOf(seq))
        .sort((a, b) => b - a);
      return { rowids: hits.slice(0, cap), capped: hits.length > cap };
    },
  };
}

const opts = { from: 2, words: 4, limit: 10, cap: 50, agentIdx: 0, excluded: new Set<string>() };

describe('hopCandidates', () => {
  it('reaches a message through a rare word of a top hit’s memory, the best first, never the top hits themselves', () => {
    const memory = field({
      1: ['Melanie took the kids camping at Yosemite'],
      2: ['Melanie went camping near Yosemite with her family'],
      3: ['Melanie bought new camping gear'],
      4: ['Melanie painted a sunset'],
      5: ['Melanie painted a lake'],
      6: ['Melanie painted a dog'],
    });
    const hop = hopCandidates([1, 4], memory, new EntryWords(), opts);
    expect(hop[0]).toEqual({ seq: 2, score: 1 });
    expect(hop.map((h) => h.seq)).toContain(3);
    expect(hop.map((h) => h.seq)).not.toContain(1);
    expect(hop.map((h) => h.seq)).not.toContain(4);
    // "Melanie" is in every entry: too common to lead anywhere, and it reaches no message on its own.
    expect(hop.every((h) => h.score > 0)).toBe(true);
  });

  it('never follows an excluded word (the query’s own, a speaker’s name), and stays in the agent', () => {
    const memory = field({ 1: ['Caroline adopted a greyhound'], 2: ['Caroline walks the greyhound daily'], 3: ['A greyhound race on TV'] }, (seq) => (seq === 3 ? 1 : 0));
    expect(hopCandidates([1], memory, new EntryWords(), opts).map((h) => h.seq)).toEqual([2]);
    // The name is what the two messages share besides the dog: excluded, only the dog leads there.
    expect(hopCandidates([1], memory, new EntryWords(), { ...opts, excluded: new Set([stem('caroline')]) }).map((h) => h.seq)).toEqual([2]);
    const excluded = new Set(['greyhound', 'adopted', 'caroline'].map(stem));
    memory.reads.length = 0;
    expect(hopCandidates([1], memory, new EntryWords(), { ...opts, excluded })).toEqual([]);
    expect(memory.reads.map(stem)).not.toContain(stem('greyhound'));
  });

  it('a home with no derived memory: nothing, and nothing read', () => {
    const memory = field({});
    expect(hopCandidates([1, 2], memory, new EntryWords(), opts)).toEqual([]);
    expect(memory.reads).toEqual([]);
  });
});
