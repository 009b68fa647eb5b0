// A 2D projection of embeddings for the mem0 explorer: principal component analysis by power iteration
// on the centred data (never forming the d×d covariance, so 1,536-dimensional vectors stay cheap), the
// second axis found after deflating the first. Deterministic: a fixed start vector and a sign
// convention (each axis's largest coefficient is positive), so the same input always draws the same map.

export interface Pca2d {
  /** Unit axes in the input space; an all-zero axis when the data has no variance along it. */
  axes: [number[], number[]];
  /** Share of the total variance each axis explains (0..1). */
  explained: [number, number];
  /** Each input row projected onto the two axes. */
  coords: [number, number][];
  mean: number[];
}

// Enough for a stable picture: axes with a clear eigen-gap converge in a few dozen steps; where two
// directions carry the same variance, any mix of them is an equally true axis.
const MAX_ITERATIONS = 200;
const TOLERANCE = 1e-12;

/** Centred data, row-major in one typed array (hot loops stay monomorphic and cache-friendly). */
interface Matrix {
  data: Float64Array;
  n: number;
  dim: number;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function normalize(v: Float64Array): number {
  const n = Math.sqrt(dot(v, v));
  if (n > 0) for (let i = 0; i < v.length; i++) v[i] /= n;
  return n;
}

function project(m: Matrix, row: number, v: Float64Array): number {
  const off = row * m.dim;
  let s = 0;
  for (let i = 0; i < m.dim; i++) s += m.data[off + i] * v[i];
  return s;
}

/** (XᵀX) v, computed as Xᵀ(Xv). */
function gramTimes(m: Matrix, v: Float64Array, out: Float64Array): void {
  out.fill(0);
  for (let r = 0; r < m.n; r++) {
    const p = project(m, r, v);
    if (p === 0) continue;
    const off = r * m.dim;
    for (let i = 0; i < m.dim; i++) out[i] += p * m.data[off + i];
  }
}

function topAxis(m: Matrix, against: Float64Array | null): { axis: Float64Array; value: number } {
  const dim = m.dim;
  // Start from a fixed, non-degenerate vector, so results never depend on randomness.
  const v = new Float64Array(dim);
  for (let i = 0; i < dim; i++) v[i] = 1 + ((i * 7919) % 13) / 13;
  const orth = (x: Float64Array) => {
    if (!against) return;
    const p = dot(x, against);
    for (let i = 0; i < dim; i++) x[i] -= p * against[i];
  };
  orth(v);
  if (normalize(v) === 0) return { axis: new Float64Array(dim), value: 0 };
  const next = new Float64Array(dim);
  let value = 0;
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    gramTimes(m, v, next);
    orth(next);
    const prev = value;
    value = normalize(next);
    if (value === 0) return { axis: new Float64Array(dim), value: 0 };
    let diff = 0;
    for (let i = 0; i < dim; i++) diff += (next[i] - v[i]) ** 2;
    v.set(next);
    // Converged, or the variance captured has stopped growing (then v lies in a flat eigenspace).
    if (diff < TOLERANCE || Math.abs(value - prev) <= 1e-12 * value) break;
  }
  // Sign convention: the largest-magnitude coefficient is positive.
  let big = 0;
  for (let i = 1; i < dim; i++) if (Math.abs(v[i]) > Math.abs(v[big])) big = i;
  if (v[big] < 0) for (let i = 0; i < dim; i++) v[i] = -v[i];
  // The Rayleigh quotient vᵀXᵀXv is the variance captured along v (times n).
  gramTimes(m, v, next);
  return { axis: v, value: dot(v, next) };
}

export function pca2d(vectors: number[][]): Pca2d {
  const n = vectors.length;
  const dim = n ? vectors[0].length : 0;
  if (vectors.some((v) => v.length !== dim)) throw new Error('pca2d: every vector must have the same dimension');
  const mean = new Array<number>(dim).fill(0);
  for (const v of vectors) for (let i = 0; i < dim; i++) mean[i] += v[i] / n;
  const m: Matrix = { data: new Float64Array(n * dim), n, dim };
  vectors.forEach((v, r) => {
    for (let i = 0; i < dim; i++) m.data[r * dim + i] = v[i] - mean[i];
  });
  const total = dot(m.data, m.data);
  if (n < 2 || dim === 0 || total <= 1e-15) {
    return { axes: [new Array(dim).fill(0), new Array(dim).fill(0)], explained: [0, 0], coords: vectors.map(() => [0, 0]), mean };
  }
  const first = topAxis(m, null);
  const second = dim > 1 ? topAxis(m, first.axis) : { axis: new Float64Array(dim), value: 0 };
  const ratio = (value: number) => Math.min(1, Math.max(0, value / total));
  const coords: [number, number][] = [];
  for (let r = 0; r < n; r++) coords.push([project(m, r, first.axis), project(m, r, second.axis)]);
  return { axes: [Array.from(first.axis), Array.from(second.axis)], explained: [ratio(first.value), ratio(second.value)], coords, mean };
}
