// The randomised loops' seed (tests/helpers/seeded-random.ts): SEED replays a run's choices, a bad SEED
// is refused with what to do, and a fresh seed is printed so a failed run can be replayed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { derive, loopSeed, rng, seededUuid, withSeed } from '../helpers/seeded-random';

afterEach(() => vi.restoreAllMocks());

describe('loop seeds', () => {
  it('SEED replays: the same seed gives the same choices, run by run, in any order of drawing', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const seed = loopSeed('loop', 'tests/x.test.ts', { SEED: '3713747485' });
    expect(seed).toBe(3713747485);
    expect(log.mock.calls[0][0]).toContain('SEED=3713747485 npx vitest run tests/x.test.ts');
    const draws = (s: number) => [3, 1, 2].map((run) => [derive(s, 'writer', run), rng(derive(s, 'kill', run))()]);
    expect(draws(seed)).toEqual(draws(loopSeed('loop', 'tests/x.test.ts', { SEED: ' 3713747485 ' })));
    // Another seed, another run or another purpose: other choices.
    expect(draws(seed)).not.toEqual(draws(seed + 1));
    expect(derive(seed, 'writer', 1)).not.toBe(derive(seed, 'writer', 2));
    expect(derive(seed, 'writer', 1)).not.toBe(derive(seed, 'kill', 1));
  });

  it('without SEED draws a fresh seed and prints it', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const seeds = new Set(Array.from({ length: 8 }, () => loopSeed('loop', 'tests/x.test.ts', {})));
    expect(seeds.size).toBeGreaterThan(1);
    for (const s of seeds) {
      expect(Number.isInteger(s) && s >= 0 && s <= 0xffff_ffff).toBe(true);
      expect(log.mock.calls.some(([line]) => String(line).includes(`seed ${s}; replay: SEED=${s} `))).toBe(true);
    }
  });

  it('refuses a SEED that is not a 32-bit whole number, saying what to use', () => {
    for (const bad of ['abc', '-1', '1.5', '4294967296', '0x10']) {
      expect(() => loopSeed('loop', 'tests/x.test.ts', { SEED: bad })).toThrow(/SEED must be a whole number from 0 to 4294967295.*use the number a failed run printed/);
    }
  });

  it('a failure names its seed and how to replay it', async () => {
    await expect(withSeed(42, 'tests/x.test.ts', async () => expect(1).toBe(2))).rejects.toThrow(/expected 1 to be 2[\s\S]*\(seed 42; replay: SEED=42 npx vitest run tests\/x\.test\.ts\)/);
    await expect(withSeed(42, 'tests/x.test.ts', async () => 'ok')).resolves.toBe('ok');
  });

  it('the generator is uniform enough to spread kills, and seeded ids are well-formed and repeatable', () => {
    const rand = rng(derive(7, 'spread'));
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 10_000; i++) buckets[Math.floor(rand() * 10)]++;
    for (const n of buckets) expect(n).toBeGreaterThan(850);
    const ids = (s: number) => Array.from({ length: 3 }, ((r) => () => seededUuid(r))(rng(s)));
    expect(ids(5)).toEqual(ids(5));
    for (const id of ids(5)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
