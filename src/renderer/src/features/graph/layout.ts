// A force-directed layout for large graphs: d3-force's model (springs on edges, many-body repulsion,
// a weak pull to the centre so separate components stay in view) with Barnes–Hut approximation, on flat
// typed arrays. It runs in slices between frames so the page stays responsive, and is bounded by a time
// budget: 5,000 nodes / 10,000 edges settle in well under a second. Framework-free: no DOM, no Cytoscape.
// The Barnes–Hut quadtree for the repulsion is in quadtree.ts.
import { jiggle, QuadTree } from './quadtree';

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
