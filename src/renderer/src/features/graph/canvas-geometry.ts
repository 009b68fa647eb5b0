// Where things are on the canvas, from the layout's positions rather than from Cytoscape (asking it would
// measure thousands of labels): the bounds of what is shown, and the node under a pointer.
import type { GraphModel, Visibility } from './model';
import type { Positions } from './store';

export interface Bounds {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Bounds of the shown nodes, from the layout's positions plus each node's radius and room for its
 * label — computed here because asking Cytoscape would measure thousands of labels.
 */
export function shownBounds(model: GraphModel, positions: Positions, visible: Visibility | null, sizes: ReadonlyMap<number, number>): Bounds | null {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const n of model.nodes) {
    if (visible && !visible.nodes.has(n.id)) continue;
    const p = positions.get(n.id);
    if (!p) continue;
    const r = (sizes.get(n.id) ?? 48) / 2;
    x1 = Math.min(x1, p.x - r - 30);
    x2 = Math.max(x2, p.x + r + 30);
    y1 = Math.min(y1, p.y - r);
    y2 = Math.max(y2, p.y + r + 18);
  }
  return Number.isFinite(x1) ? { x1, y1, x2, y2 } : null;
}

/** The drawn node under a model position (within `slop`), the best-connected if several overlap. */
export function nodeAt(at: { x: number; y: number }, slop: number, drawn: { model: GraphModel; positions: Positions; drawnNodes: ReadonlySet<number>; sizes: ReadonlyMap<number, number> }): number | null {
  const { positions } = drawn;
  let best: { id: number; degree: number } | null = null;
  for (const id of drawn.drawnNodes) {
    const p = positions.get(id);
    const r = (drawn.sizes.get(id) ?? 0) / 2 + slop;
    if (!p || Math.abs(p.x - at.x) > r || Math.abs(p.y - at.y) > r || Math.hypot(p.x - at.x, p.y - at.y) > r) continue;
    const degree = drawn.model.nodeById.get(id)?.degree ?? 0;
    if (!best || degree > best.degree) best = { id, degree };
  }
  return best?.id ?? null;
}
