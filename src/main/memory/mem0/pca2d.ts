// A 2D projection of embeddings for the mem0 explorer: principal component analysis by power iteration
// on the centred data (never forming the d×d covariance, so 1,536-dimensional vectors stay cheap), the
// second axis found after deflating the first. Deterministic: a fixed start vector and a sign
// convention (each axis's largest coefficient is positive), so the same input always draws the same map.
//
// The computation is one function, `pcaKernel`, that refers to nothing outside itself: the explorer runs
// it on a worker thread from its source text (projection-worker.ts), so thousands of 1,536-dimensional
// vectors never hold the engine's thread (issue 32 §4). `pca2d` runs the same kernel in place, for tests
// and small inputs.

export interface Pca2d {
  /** Unit axes in the input space; an all-zero axis when the data has no variance along it. */
  axes: [number[], number[]];
  /** Share of the total variance each axis explains (0..1). */
  explained: [number, number];
  /** Each input row projected onto the two axes. */
  coords: [number, number][];
  mean: number[];
}

/** What the kernel returns: plain typed arrays, so a worker can hand them back without copying. */
export interface PcaKernelResult {
  axis1: Float64Array;
  axis2: Float64Array;
  explained: [number, number];
  /** x0, y0, x1, y1, … */
  coords: Float64Array;
  mean: Float64Array;
}

/**
 * PCA of `n` rows of `dim` numbers, row-major in `data` (centred in place). Self-contained on purpose
 * (see the file's head): no imports, no module-level names.
 */
export function pcaKernel(data: Float64Array, n: number, dim: number): PcaKernelResult {
  // Enough for a stable picture: axes with a clear eigen-gap converge in a few dozen steps; where two
  // directions carry the same variance, any mix of them is an equally true axis.
  const MAX_ITERATIONS = 200;
  const TOLERANCE = 1e-12;
  const dot = (a: Float64Array, b: Float64Array): number => {
    let s = 0;
    for (let i = 0; i < a.length; i++) s += a[i] * b[i];
    return s;
  };
  const normalize = (v: Float64Array): number => {
    const len = Math.sqrt(dot(v, v));
    if (len > 0) for (let i = 0; i < v.length; i++) v[i] /= len;
    return len;
  };
  const project = (row: number, v: Float64Array): number => {
    const off = row * dim;
    let s = 0;
    for (let i = 0; i < dim; i++) s += data[off + i] * v[i];
    return s;
  };
  // (XᵀX) v, computed as Xᵀ(Xv).
  const gramTimes = (v: Float64Array, out: Float64Array): void => {
    out.fill(0);
    for (let r = 0; r < n; r++) {
      const p = project(r, v);
      if (p === 0) continue;
      const off = r * dim;
      for (let i = 0; i < dim; i++) out[i] += p * data[off + i];
    }
  };
  const topAxis = (against: Float64Array | null): { axis: Float64Array; value: number } => {
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
      gramTimes(v, next);
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
    gramTimes(v, next);
    return { axis: v, value: dot(v, next) };
  };

  const mean = new Float64Array(dim);
  for (let r = 0; r < n; r++) for (let i = 0; i < dim; i++) mean[i] += data[r * dim + i] / n;
  for (let r = 0; r < n; r++) for (let i = 0; i < dim; i++) data[r * dim + i] -= mean[i];
  const total = dot(data, data);
  const coords = new Float64Array(2 * n);
  if (n < 2 || dim === 0 || total <= 1e-15) {
    return { axis1: new Float64Array(dim), axis2: new Float64Array(dim), explained: [0, 0], coords, mean };
  }
  const first = topAxis(null);
  const second = dim > 1 ? topAxis(first.axis) : { axis: new Float64Array(dim), value: 0 };
  const ratio = (value: number) => Math.min(1, Math.max(0, value / total));
  for (let r = 0; r < n; r++) {
    coords[2 * r] = project(r, first.axis);
    coords[2 * r + 1] = project(r, second.axis);
  }
  return { axis1: first.axis, axis2: second.axis, explained: [ratio(first.value), ratio(second.value)], coords, mean };
}

/** Rows of equal length, row-major in one typed array (what the kernel and the worker take). */
export function packRows(vectors: readonly (ArrayLike<number>)[]): { data: Float64Array; n: number; dim: number } {
  const n = vectors.length;
  const dim = n ? vectors[0].length : 0;
  if (vectors.some((v) => v.length !== dim)) throw new Error('pca2d: every vector must have the same dimension');
  const data = new Float64Array(n * dim);
  vectors.forEach((v, r) => data.set(v, r * dim));
  return { data, n, dim };
}

/** The kernel's typed arrays as the explorer's plain shape. */
export function fromKernel(r: PcaKernelResult, n: number): Pca2d {
  const coords: [number, number][] = [];
  for (let i = 0; i < n; i++) coords.push([r.coords[2 * i], r.coords[2 * i + 1]]);
  return { axes: [Array.from(r.axis1), Array.from(r.axis2)], explained: r.explained, coords, mean: Array.from(r.mean) };
}

export function pca2d(vectors: number[][]): Pca2d {
  const { data, n, dim } = packRows(vectors);
  return fromKernel(pcaKernel(data, n, dim), n);
}
