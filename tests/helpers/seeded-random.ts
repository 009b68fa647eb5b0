// Seeded randomness for the randomised loops (tests/reliability/kill-*.test.ts): every choice a loop makes
// (which operations a writer performs, when a kill lands, the data it seeds) comes from one seed, printed
// when the loop starts; `SEED=<n>` replays it. Without SEED each run draws a fresh seed, so runs keep
// exploring new cases while any one of them can be repeated.
//
// What a replay repeats: the same operation sequences, kill delays and seeded data. Where a kill lands
// inside the writer still depends on how fast the machine runs it, so a replay aims at the same moments
// rather than promising the same instruction; a failure that depends on the instant usually needs a few
// replays (or more runs, see each loop's *_RUNS variable).
import { createHash, randomInt } from 'node:crypto';

const MAX_SEED = 0xffff_ffff;

/**
 * A small deterministic generator (32-bit linear congruential, Numerical Recipes constants): plenty for
 * picking operations and delays, and cheap enough for the hundreds of thousands of draws seeding vectors.
 */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * An independent 32-bit seed for one part of a loop (a run, a writer, a data set), from the loop's seed
 * and names. Hashing keeps neighbouring runs unrelated (an LCG seeded with n and n+1 would not be) and
 * lets each run's choices depend only on (seed, run), whatever order the loop draws them in.
 */
export function derive(seed: number, ...parts: (string | number)[]): number {
  return createHash('sha256').update([seed, ...parts].join(':')).digest().readUInt32BE(0);
}

/** The seed given in SEED (a whole number 0…4294967295), or a fresh one; printed either way. */
export function loopSeed(loop: string, file: string, env: NodeJS.ProcessEnv = process.env): number {
  const given = env.SEED?.trim();
  let seed: number;
  if (given) {
    if (!/^\d+$/.test(given) || Number(given) > MAX_SEED) {
      throw new Error(`SEED must be a whole number from 0 to ${MAX_SEED} (it is "${given}"): use the number a failed run printed.`);
    }
    seed = Number(given);
  } else {
    seed = randomInt(0, MAX_SEED);
  }
  console.log(`[${loop}] seed ${seed}${given ? ' (from SEED)' : ''}; replay: ${replayHint(seed, file)}`);
  return seed;
}

export function replayHint(seed: number, file: string): string {
  return `SEED=${seed} npx vitest run ${file}`;
}

/**
 * Runs a loop's body and names its seed in any failure, so the report alone (without the printed start
 * line, which a long log may have cut) says how to replay it.
 */
export async function withSeed<T>(seed: number, file: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (err instanceof Error) {
      err.message = `${err.message}\n(seed ${seed}; replay: ${replayHint(seed, file)})`;
      throw err;
    }
    throw new Error(`${String(err)}\n(seed ${seed}; replay: ${replayHint(seed, file)})`);
  }
}

/** A version-4-shaped UUID from the generator, so seeded data keeps the ids a replay needs. */
export function seededUuid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
