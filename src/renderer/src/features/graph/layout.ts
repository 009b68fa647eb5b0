// A force-directed layout for large graphs: d3-force's model (springs on edges, many-body repulsion,
// a weak pull to the centre so separate components stay in view) with Barnes–Hut approximation, on flat
// typed arrays. It runs in slices between frames so the page stays responsive, and is bounded by a time
// budget: 5,000 nodes / 10,000 edges settle in well under a second. Framework-free: no DOM, no Cytoscape.

export interface LayoutGraph {
  /** Number of nodes; nodes are 0..n-1. */
  n: number;
  /** Edge endpoints (node indices); duplicates and self-loops are tolerated. */
  src: Int32Array;
  dst: Int32Array;
}

export interface LayoutOptions {
  /** Upper bound on simulation steps. */
  iterations?: number;
  /** Wall-clock bound for the whole run; the layout stops where it is when it runs out. */
  budgetMs?: number;
  /** Rest length of an edge, in layout units (pixels at zoom 1). */
  linkDistance?: number;
  /** Repulsion per node (negative = repel). */
  charge?: number;
  /** Pull towards the origin, per step; keeps disconnected components from drifting off. */
  gravity?: number;
  /** Known positions (e.g. from an earlier layout of the same scope); NaN = place anew. */
  initial?: { x: Float64Array; y: Float64Array };
  /** Nodes (1 = fixed) that keep their initial position: they push and pull the others but never move. */
  fixed?: Uint8Array;
  /** Start cooler when most positions are already known. */
  alpha?: number;
  /** Barnes–Hut accuracy: a cell farther than width/theta acts as one charge (d3: 0.9). Larger is faster and coarser. */
  theta?: number;
}

export interface LayoutResult {
  x: Float64Array;
  y: Float64Array;
  iterations: number;
  ms: number;
}

// d3-force's defaults, which are tuned for exactly this model.
const ALPHA_MIN = 0.001;
const VELOCITY_RETAIN = 0.6;
const DISTANCE_MIN2 = 1;
/** Coincident points are chained instead of split forever. */
const MAX_DEPTH = 24;
/** Traversal never holds more than three siblings per level plus the four children of the deepest. */
const STACK_SIZE = 4 * (MAX_DEPTH + 4);
/** `point` values for cells without points of their own. */
const EMPTY = -1;
const INTERNAL = -2;

export class ForceLayout {
  readonly x: Float64Array;
  readonly y: Float64Array;
  private readonly vx: Float64Array;
  private readonly vy: Float64Array;
  private readonly ls: Int32Array;
  private readonly lt: Int32Array;
  private readonly lstrength: Float64Array;
  private readonly lbias: Float64Array;
  private readonly tree: QuadTree;
  private alpha: number;
  private readonly alphaDecay: number;
  private readonly linkDistance: number;
  private readonly charge: number;
  private readonly gravity: number;
  private readonly maxIterations: number;
  private readonly fixed: Uint8Array | null;
  iterations = 0;

  constructor(
    private readonly g: LayoutGraph,
    opts: LayoutOptions = {},
  ) {
    const n = g.n;
    this.x = new Float64Array(n);
    this.y = new Float64Array(n);
    this.vx = new Float64Array(n);
    this.vy = new Float64Array(n);
    this.linkDistance = opts.linkDistance ?? 45;
    this.charge = opts.charge ?? -60;
    this.gravity = opts.gravity ?? 0.04;
    this.maxIterations = opts.iterations ?? 300;
    this.alpha = opts.alpha ?? 1;
    this.alphaDecay = 1 - Math.pow(ALPHA_MIN / this.alpha, 1 / this.maxIterations);

    // Links: one per unordered pair, weighted as d3 does so hubs are not torn apart.
    const seen = new Set<number>();
    const ls: number[] = [];
    const lt: number[] = [];
    const count = new Int32Array(n);
    for (let i = 0; i < g.src.length; i++) {
      const a = g.src[i];
      const b = g.dst[i];
      if (a === b || a < 0 || b < 0 || a >= n || b >= n) continue;
      const key = a < b ? a * n + b : b * n + a;
      if (seen.has(key)) continue;
      seen.add(key);
      ls.push(a);
      lt.push(b);
      count[a]++;
      count[b]++;
    }
    this.ls = Int32Array.from(ls);
    this.lt = Int32Array.from(lt);
    this.lstrength = new Float64Array(ls.length);
    this.lbias = new Float64Array(ls.length);
    for (let i = 0; i < ls.length; i++) {
      const a = count[ls[i]];
      const b = count[lt[i]];
      this.lstrength[i] = 1 / Math.min(a, b);
      this.lbias[i] = a / (a + b);
    }
    this.place(count, opts.initial);
    this.fixed = opts.fixed && opts.initial ? opts.fixed : null;
    const theta = opts.theta ?? 0.9;
    this.tree = new QuadTree(n, theta * theta);
  }

  /** Initial positions: known ones kept; the rest on a sunflower spiral in breadth-first order from the hubs, so neighbours start near each other. */
  private place(count: Int32Array, initial?: LayoutOptions['initial']): void {
    const n = this.g.n;
    const adjStart = new Int32Array(n + 1);
    for (let i = 0; i < this.ls.length; i++) {
      adjStart[this.ls[i] + 1]++;
      adjStart[this.lt[i] + 1]++;
    }
    for (let i = 0; i < n; i++) adjStart[i + 1] += adjStart[i];
    const adj = new Int32Array(adjStart[n]);
    const fill = adjStart.slice(0, n);
    for (let i = 0; i < this.ls.length; i++) {
      adj[fill[this.ls[i]]++] = this.lt[i];
      adj[fill[this.lt[i]]++] = this.ls[i];
    }

    const known = new Uint8Array(n);
    if (initial) {
      for (let i = 0; i < n; i++) {
        if (Number.isFinite(initial.x[i]) && Number.isFinite(initial.y[i])) {
          this.x[i] = initial.x[i];
          this.y[i] = initial.y[i];
          known[i] = 1;
        }
      }
    }
    const byDegree = Array.from({ length: n }, (_, i) => i).sort((a, b) => count[b] - count[a]);
    const order: number[] = [];
    const visited = new Uint8Array(n);
    for (const root of byDegree) {
      if (visited[root]) continue;
      visited[root] = 1;
      const queue = [root];
      for (let q = 0; q < queue.length; q++) {
        const v = queue[q];
        order.push(v);
        for (let k = adjStart[v]; k < adjStart[v + 1]; k++) {
          const w = adj[k];
          if (!visited[w]) {
            visited[w] = 1;
            queue.push(w);
          }
        }
      }
    }
    const angle = Math.PI * (3 - Math.sqrt(5));
    const radius = this.linkDistance * 0.35;
    let placed = 0;
    for (const v of order) {
      if (known[v]) continue;
      // A new node next to a known neighbour lands beside it; otherwise on the spiral.
      let nx = 0;
      let ny = 0;
      let nk = 0;
      for (let k = adjStart[v]; k < adjStart[v + 1]; k++) {
        const w = adj[k];
        if (known[w]) {
          nx += this.x[w];
          ny += this.y[w];
          nk++;
        }
      }
      if (nk > 0) {
        const jitter = placed * angle;
        this.x[v] = nx / nk + Math.cos(jitter) * this.linkDistance * 0.5;
        this.y[v] = ny / nk + Math.sin(jitter) * this.linkDistance * 0.5;
      } else {
        const r = radius * Math.sqrt(0.5 + placed);
        this.x[v] = r * Math.cos(placed * angle);
        this.y[v] = r * Math.sin(placed * angle);
      }
      known[v] = 1;
      placed++;
    }
  }

  get done(): boolean {
    return this.alpha < ALPHA_MIN || this.iterations >= this.maxIterations;
  }

  /** One simulation step. */
  tick(): void {
    const { x, y, vx, vy, ls, lt, lstrength, lbias } = this;
    const n = this.g.n;
    this.alpha += -this.alpha * this.alphaDecay;
    const alpha = this.alpha;

    // Springs (on predicted positions, as d3 does).
    const dist = this.linkDistance;
    for (let i = 0; i < ls.length; i++) {
      const s = ls[i];
      const t = lt[i];
      let dx = x[t] + vx[t] - x[s] - vx[s];
      let dy = y[t] + vy[t] - y[s] - vy[s];
      if (dx === 0 && dy === 0) {
        dx = jiggle(i);
        dy = jiggle(i + 1);
      }
      let l = Math.sqrt(dx * dx + dy * dy);
      l = ((l - dist) / l) * alpha * lstrength[i];
      dx *= l;
      dy *= l;
      const b = lbias[i];
      vx[t] -= dx * b;
      vy[t] -= dy * b;
      vx[s] += dx * (1 - b);
      vy[s] += dy * (1 - b);
    }

    // Repulsion (Barnes–Hut).
    this.tree.build(x, y, n);
    this.tree.applyRepulsion(x, y, vx, vy, n, this.charge * alpha);

    // Gravity, then integrate.
    const g = this.gravity * alpha;
    const fixed = this.fixed;
    for (let i = 0; i < n; i++) {
      if (fixed !== null && fixed[i]) {
        vx[i] = 0;
        vy[i] = 0;
        continue;
      }
      vx[i] -= x[i] * g;
      vy[i] -= y[i] * g;
      vx[i] *= VELOCITY_RETAIN;
      vy[i] *= VELOCITY_RETAIN;
      x[i] += vx[i];
      y[i] += vy[i];
    }
    this.iterations++;
  }
}

/** Runs a layout to completion (or its budget) synchronously. For tests and small graphs. */
export function layoutSync(g: LayoutGraph, opts: LayoutOptions = {}): LayoutResult {
  const started = performance.now();
  const budget = opts.budgetMs ?? Infinity;
  const sim = new ForceLayout(g, opts);
  while (!sim.done && performance.now() - started < budget) sim.tick();
  return { x: sim.x, y: sim.y, iterations: sim.iterations, ms: performance.now() - started };
}

/**
 * Runs a layout in slices of `sliceMs`, yielding to the event loop between them (input, paint, other
 * work). Resolves with the positions, or null when `signal` aborts it (a new scope was chosen).
 */
export async function layoutAsync(g: LayoutGraph, opts: LayoutOptions & { sliceMs?: number; signal?: AbortSignal } = {}): Promise<LayoutResult | null> {
  const started = performance.now();
  const budget = opts.budgetMs ?? Infinity;
  const slice = opts.sliceMs ?? 40;
  const sim = new ForceLayout(g, opts);
  while (!sim.done && performance.now() - started < budget) {
    const sliceStart = performance.now();
    while (!sim.done && performance.now() - sliceStart < slice) sim.tick();
    if (sim.done || performance.now() - started >= budget) break;
    await yieldToEventLoop();
    if (opts.signal?.aborted) return null;
  }
  if (opts.signal?.aborted) return null;
  return { x: sim.x, y: sim.y, iterations: sim.iterations, ms: performance.now() - started };
}

/**
 * Runs a layout in a worker, off the main thread; where a worker cannot start (or fails), in slices on
 * the main thread instead. Resolves with the positions, or null when `signal` aborts it.
 */
export function layoutOffThread(g: LayoutGraph, opts: LayoutOptions & { signal?: AbortSignal } = {}): Promise<LayoutResult | null> {
  const { signal, ...rest } = opts;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./layout-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return layoutAsync(g, opts);
  }
  return new Promise((resolve) => {
    const done = (res: LayoutResult | null) => {
      signal?.removeEventListener('abort', abort);
      worker.terminate();
      resolve(res);
    };
    const abort = () => done(null);
    signal?.addEventListener('abort', abort);
    worker.onmessage = (e: MessageEvent<LayoutResult>) => done(signal?.aborted ? null : e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      signal?.removeEventListener('abort', abort);
      worker.terminate();
      resolve(signal?.aborted ? null : layoutAsync(g, opts));
    };
    worker.postMessage({ graph: g, opts: rest });
  });
}

/** Lets input and paint run. A message-channel hop is not throttled like setTimeout(0) is. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

/** Deterministic tiny offsets for coincident points (d3 uses Math.random; a layout should be repeatable). */
function jiggle(seed: number): number {
  return (((seed * 2654435761) >>> 0) / 2 ** 32 - 0.5) * 1e-6;
}

/**
 * A quadtree rebuilt every step, on flat arrays. Cells are appended as they are created, so a child
 * always has a higher index than its parent: summing masses from the last cell to the first is a
 * valid bottom-up pass.
 */
class QuadTree {
  private cap: number;
  private size = 0;
  private child: Int32Array;
  /** First point of a leaf (then chained through `next`), EMPTY, or INTERNAL. */
  private point: Int32Array;
  private width: Float64Array;
  private x0: Float64Array;
  private y0: Float64Array;
  private mass: Float64Array;
  private cx: Float64Array;
  private cy: Float64Array;
  private readonly next: Int32Array;
  private readonly stack = new Int32Array(STACK_SIZE);

  constructor(
    n: number,
    private readonly theta2: number,
  ) {
    this.cap = Math.max(16, n * 3);
    this.child = new Int32Array(this.cap * 4);
    this.point = new Int32Array(this.cap);
    this.width = new Float64Array(this.cap);
    this.x0 = new Float64Array(this.cap);
    this.y0 = new Float64Array(this.cap);
    this.mass = new Float64Array(this.cap);
    this.cx = new Float64Array(this.cap);
    this.cy = new Float64Array(this.cap);
    this.next = new Int32Array(Math.max(1, n));
  }

  private grow(): void {
    const cap = this.cap * 2;
    const resize = <T extends Int32Array | Float64Array>(a: T, len: number): T => {
      const b = new (a.constructor as { new (len: number): T })(len);
      b.set(a);
      return b;
    };
    this.child = resize(this.child, cap * 4);
    this.point = resize(this.point, cap);
    this.width = resize(this.width, cap);
    this.x0 = resize(this.x0, cap);
    this.y0 = resize(this.y0, cap);
    this.mass = resize(this.mass, cap);
    this.cx = resize(this.cx, cap);
    this.cy = resize(this.cy, cap);
    this.cap = cap;
  }

  private cell(x0: number, y0: number, w: number): number {
    if (this.size === this.cap) this.grow();
    const c = this.size++;
    this.child.fill(-1, c * 4, c * 4 + 4);
    this.point[c] = EMPTY;
    this.x0[c] = x0;
    this.y0[c] = y0;
    this.width[c] = w;
    this.mass[c] = 0;
    this.cx[c] = 0;
    this.cy[c] = 0;
    return c;
  }

  build(x: Float64Array, y: Float64Array, n: number): void {
    this.size = 0;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      if (x[i] < minX) minX = x[i];
      if (x[i] > maxX) maxX = x[i];
      if (y[i] < minY) minY = y[i];
      if (y[i] > maxY) maxY = y[i];
    }
    const w = Math.max(maxX - minX, maxY - minY, 1) * 1.0001;
    this.cell(minX, minY, w);
    for (let i = 0; i < n; i++) this.insert(i, x, y);

    // Bottom-up: charge and centre of charge per cell.
    const { child, point, next, mass, cx, cy } = this;
    for (let c = this.size - 1; c >= 0; c--) {
      let m = 0;
      let sx = 0;
      let sy = 0;
      if (point[c] >= 0) {
        for (let p = point[c]; p >= 0; p = next[p]) {
          m++;
          sx += x[p];
          sy += y[p];
        }
      } else if (point[c] === INTERNAL) {
        for (let k = 0; k < 4; k++) {
          const ch = child[c * 4 + k];
          if (ch < 0 || mass[ch] === 0) continue;
          m += mass[ch];
          sx += cx[ch] * mass[ch];
          sy += cy[ch] * mass[ch];
        }
      }
      mass[c] = m;
      if (m > 0) {
        cx[c] = sx / m;
        cy[c] = sy / m;
      }
    }
  }

  private insert(i: number, x: Float64Array, y: Float64Array): void {
    const px = x[i];
    const py = y[i];
    this.next[i] = -1;
    let c = 0;
    let depth = 0;
    for (;;) {
      const occupant = this.point[c];
      if (occupant === EMPTY) {
        this.point[c] = i;
        return;
      }
      const half = this.width[c] / 2;
      if (occupant >= 0) {
        if (depth >= MAX_DEPTH || (x[occupant] === px && y[occupant] === py)) {
          // Coincident (or nearly): chain the point to this leaf.
          this.next[i] = occupant;
          this.point[c] = i;
          return;
        }
        // Split: the occupant (with its chain) moves one level down; then keep descending.
        this.point[c] = INTERNAL;
        const qo = quadrant(x[occupant], y[occupant], this.x0[c], this.y0[c], half);
        const oc = this.cell(this.x0[c] + (qo & 1 ? half : 0), this.y0[c] + (qo & 2 ? half : 0), half);
        this.child[c * 4 + qo] = oc;
        this.point[oc] = occupant;
      }
      const q = quadrant(px, py, this.x0[c], this.y0[c], half);
      const below = this.child[c * 4 + q];
      if (below < 0) {
        const leaf = this.cell(this.x0[c] + (q & 1 ? half : 0), this.y0[c] + (q & 2 ? half : 0), half);
        this.child[c * 4 + q] = leaf;
        this.point[leaf] = i;
        return;
      }
      c = below;
      depth++;
    }
  }

  /** Adds every node's repulsion to its velocity; `strength` is charge × alpha. */
  applyRepulsion(x: Float64Array, y: Float64Array, vx: Float64Array, vy: Float64Array, n: number, strength: number): void {
    const { child, point, next, mass, cx, cy, width, stack, theta2 } = this;
    for (let i = 0; i < n; i++) {
      const xi = x[i];
      const yi = y[i];
      let fx = 0;
      let fy = 0;
      let top = 0;
      stack[top++] = 0;
      while (top > 0) {
        const c = stack[--top];
        if (mass[c] === 0) continue;
        let dx = cx[c] - xi;
        let dy = cy[c] - yi;
        let l = dx * dx + dy * dy;
        const w = width[c];
        if (point[c] === INTERNAL && w * w < l * theta2) {
          // Far enough: the whole cell acts as one charge.
          if (l < DISTANCE_MIN2) l = Math.sqrt(DISTANCE_MIN2 * l);
          fx += (dx * strength * mass[c]) / l;
          fy += (dy * strength * mass[c]) / l;
          continue;
        }
        if (point[c] >= 0) {
          for (let p = point[c]; p >= 0; p = next[p]) {
            if (p === i) continue;
            dx = x[p] - xi;
            dy = y[p] - yi;
            if (dx === 0 && dy === 0) {
              dx = jiggle(i + p);
              dy = jiggle(i * 31 + p);
            }
            l = dx * dx + dy * dy;
            if (l < DISTANCE_MIN2) l = Math.sqrt(DISTANCE_MIN2 * l);
            fx += (dx * strength) / l;
            fy += (dy * strength) / l;
          }
          continue;
        }
        for (let k = 0; k < 4; k++) {
          const ch = child[c * 4 + k];
          if (ch >= 0) stack[top++] = ch;
        }
      }
      vx[i] += fx;
      vy[i] += fy;
    }
  }
}

function quadrant(px: number, py: number, x0: number, y0: number, half: number): number {
  return (px >= x0 + half ? 1 : 0) | (py >= y0 + half ? 2 : 0);
}
