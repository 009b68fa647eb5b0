// The eighth pass's personalised PageRank probe (bench/lib/memory-ppr.ts): a walk over turns ↔ derived
// entries ↔ the entries' words, restarting at the best hits and the question's words.
import { describe, expect, it } from 'vitest';
import { buildMemoryGraph, personalisedPageRank, pprFeature } from '../../bench/lib/memory-ppr';
import { stems } from '../../src/main/search/text';

const [tahoe] = stems('Tahoe');
const [caroline] = stems('Caroline');

// Twenty entries: a word two of them share is rare enough to link (at most a tenth of the entries).
const filler = Array.from({ length: 18 }, (_, i) => ({ text: `Filler number${i} alone`, turns: [`f${i}`] }));
const entries = [
  { text: 'Caroline went hiking near Lake Tahoe', turns: ['t1'] },
  { text: 'Caroline bought boots for Lake Tahoe trails', turns: ['t2'] },
  ...filler,
];

describe('memory PPR', () => {
  it('reaches a turn through a rare word its entry shares with a seeded hit’s entry; names are not links', () => {
    const g = buildMemoryGraph(entries, new Set([caroline]));
    expect(g.word.has(tahoe)).toBe(true);
    expect(g.word.has(caroline)).toBe(false);
    // Seeded from t1 (the best hit): t2 is reached through "lake"/"tahoe", the fillers not at all.
    const f = pprFeature(g, ['t1', 'f0', 't2', 'f1'], 'Where did she go?', 1);
    expect(f[0]).toBe(1);
    expect(f[2]).toBeGreaterThan(0);
    expect(f[1]).toBe(0);
    expect(f[3]).toBe(0);
  });

  it('a question word that is a word of the graph seeds the walk too; no seed, no score', () => {
    const g = buildMemoryGraph(entries, new Set());
    expect(pprFeature(g, ['f0', 't2'], 'tahoe', 0)[1]).toBe(1);
    expect(pprFeature(g, ['f0', 't2'], 'nothing here', 0)).toEqual([0, 0]);
    const r = personalisedPageRank(g, new Map([[g.turn.get('t1')!, 1]]));
    expect(r.reduce((a, v) => a + v, 0)).toBeCloseTo(1);
  });
});
