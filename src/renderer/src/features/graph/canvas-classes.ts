// The classes the canvas's elements carry beyond the stylesheet (style.ts): faded outside the search and
// the selection, emphasised inside them, a search match, a label shown on a big graph. Kept as sets of
// element keys and applied to Cytoscape as diffs, so a change touches only the elements whose state moved.
import type { Core } from 'cytoscape';
import type { GraphViewNode } from '../../../../shared/domain';
import type { GraphModel } from './model';
import type { Positions, Selection } from './store';
import { LABEL_ZOOM } from './style';

/** Zoomed in on a large graph, at most this many labels are drawn (the best-connected nodes in view). */
const MAX_LABELS = 400;

export const nodeKey = (id: number) => `n${id}`;
export const edgeKey = (id: number) => `e${id}`;

/** What the focus classes are computed from: what Cytoscape holds now, the search and the selection. */
export interface FocusInput {
  model: GraphModel;
  drawnNodes: ReadonlySet<number>;
  /** Drawn edge ids (with whether each is drawn as ended). */
  drawnEdges: ReadonlyMap<number, boolean>;
  searching: boolean;
  matches: readonly number[];
  selection: Selection | null;
}

/** What the labels of a big graph are placed from. */
export interface LabelInput {
  positions: Positions;
  /** Best-connected first: who gets a label when they would overlap. */
  byDegree: readonly GraphViewNode[];
  drawnNodes: ReadonlySet<number>;
  sizes: ReadonlyMap<number, number>;
}

export class CanvasClasses {
  private faded = new Set<string>();
  private emph = new Set<string>();
  private matched = new Set<number>();
  private labelled = new Set<string>();

  /** A new graph in a new Cytoscape instance: no element carries a class yet. */
  reset(): void {
    this.faded = new Set();
    this.emph = new Set();
    this.matched = new Set();
    this.labelled = new Set();
  }

  /** An element left Cytoscape: it no longer carries any class. */
  forget(key: string): void {
    this.faded.delete(key);
    this.emph.delete(key);
    this.labelled.delete(key);
  }

  /** An entity left Cytoscape: it is no longer a drawn match. */
  unmatch(id: number): void {
    this.matched.delete(id);
  }

  /**
   * Large graphs: labels only when zoomed in enough to read them, only on the nodes in view, the
   * best-connected first, and only where a label does not run into one already placed — measuring and
   * drawing thousands of labels nobody can read is what makes big graphs slow (and unreadable).
   */
  labelInView(cy: Core, drawn: LabelInput): void {
    const { positions, byDegree, drawnNodes, sizes } = drawn;
    const next = new Set<string>();
    if (cy.zoom() >= LABEL_ZOOM) {
      const ext = cy.extent();
      const placed: { x1: number; y1: number; x2: number; y2: number }[] = [];
      for (const n of byDegree) {
        if (next.size >= MAX_LABELS) break;
        if (!drawnNodes.has(n.id)) continue;
        const p = positions.get(n.id);
        if (!p || p.x < ext.x1 || p.x > ext.x2 || p.y < ext.y1 || p.y > ext.y2) continue;
        // The label's box below the node, in model units (the style's 11px font, 3px margin).
        const half = (Math.min(n.name.length, LABEL_CHARS) * LABEL_CHAR_WIDTH) / 2 + 2;
        const top = p.y + (sizes.get(n.id) ?? 0) / 2 + 2;
        const box = { x1: p.x - half, y1: top, x2: p.x + half, y2: top + LABEL_HEIGHT };
        if (placed.some((b) => b.x1 < box.x2 && box.x1 < b.x2 && b.y1 < box.y2 && box.y1 < b.y2)) continue;
        placed.push(box);
        next.add(nodeKey(n.id));
      }
    }
    cy.batch(() => applyDiff(cy, this.labelled, next, 'labelled'));
    this.labelled = next;
  }

  /**
   * Fades everything outside the search matches and the selection's neighbourhood, and emphasises what
   * is inside (labels at any zoom, relation names on edges). Computed as sets over what is drawn, then
   * applied as a diff.
   */
  restyleFocus(cy: Core, drawn: FocusInput): void {
    const { model, drawnNodes, drawnEdges, searching, matches } = drawn;
    const emph = new Set<string>();
    const matched = new Set<number>();
    const sel = drawn.selection;
    const drawnEdge = (id: number) => drawnEdges.has(id);

    if (searching) for (const id of matches) if (drawnNodes.has(id)) matched.add(id);
    if (sel?.kind === 'node' && drawnNodes.has(sel.id)) {
      emph.add(nodeKey(sel.id));
      for (const e of model.edges) {
        if ((e.src !== sel.id && e.dst !== sel.id) || !drawnEdge(e.id)) continue;
        emph.add(edgeKey(e.id));
        emph.add(nodeKey(e.src));
        emph.add(nodeKey(e.dst));
      }
    } else if (sel?.kind === 'edge' && drawnEdge(sel.id)) {
      const e = model.edgeById.get(sel.id);
      if (e) for (const k of [edgeKey(e.id), nodeKey(e.src), nodeKey(e.dst)]) emph.add(k);
    }
    for (const id of matched) emph.add(nodeKey(id));

    // With a search or a selection, everything not emphasised fades.
    const fading = searching || emph.size > 0;
    const faded = new Set<string>();
    if (fading) {
      for (const id of drawnNodes) if (!emph.has(nodeKey(id))) faded.add(nodeKey(id));
      for (const id of drawnEdges.keys()) if (!emph.has(edgeKey(id))) faded.add(edgeKey(id));
    }

    cy.batch(() => {
      applyDiff(cy, this.faded, faded, 'faded');
      applyDiff(cy, this.emph, emph, 'emph');
      const was = new Set([...this.matched].map(nodeKey));
      applyDiff(cy, was, new Set([...matched].map(nodeKey)), 'match');
    });
    this.faded = faded;
    this.emph = emph;
    this.matched = matched;
  }
}

/** Labels are cut here, once, rather than by Cytoscape's per-character ellipsis measuring on every node. */
const LABEL_CHARS = 28;
/** An 11px system-ui label: average character width and line height with its outline, for decluttering. */
const LABEL_CHAR_WIDTH = 6.2;
const LABEL_HEIGHT = 15;
export function shortLabel(name: string): string {
  return name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1)}…` : name;
}

function applyDiff(cy: Core, before: Set<string>, after: Set<string>, cls: string): void {
  for (const key of before) if (!after.has(key)) cy.getElementById(key).removeClass(cls);
  for (const key of after) if (!before.has(key)) cy.getElementById(key).addClass(cls);
}
