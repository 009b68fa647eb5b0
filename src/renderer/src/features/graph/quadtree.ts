// The Barnes–Hut quadtree behind the force layout's repulsion (layout.ts): rebuilt every step on flat typed
// arrays, each cell holding its charge and centre of charge, so a far cell acts as one charge.

// d3-force's defaults, which are tuned for exactly this model.
const DISTANCE_MIN2 = 1;
/** Coincident points are chained instead of split forever. */
const MAX_DEPTH = 24;
/** Traversal never holds more than three siblings per level plus the four children of the deepest. */
const STACK_SIZE = 4 * (MAX_DEPTH + 4);
/** `point` values for cells without points of their own. */
const EMPTY = -1;
const INTERNAL = -2;

/** Deterministic tiny offsets for coincident points (d3 uses Math.random; a layout should be repeatable). */
export function jiggle(seed: number): number {
  return (((seed * 2654435761) >>> 0) / 2 ** 32 - 0.5) * 1e-6;
}

/**
 * A quadtree rebuilt every step, on flat arrays. Cells are appended as they are created, so a child
 * always has a higher index than its parent: summing masses from the last cell to the first is a
 * valid bottom-up pass.
 */
export class QuadTree {
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
