// Small statistics helpers shared by the benchmarks.

/** Nearest-rank percentile (p in 0..100) of unsorted values; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Fraction of `wanted` found among the first k of `ranked`. */
export function recallAt(ranked: readonly string[], wanted: readonly string[], k: number): number {
  if (!wanted.length) return 0;
  const top = new Set(ranked.slice(0, k));
  return wanted.filter((w) => top.has(w)).length / wanted.length;
}
