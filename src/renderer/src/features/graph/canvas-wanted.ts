// Which entities the canvas draws now. Cytoscape's cost is per element it holds, so on a big graph it holds
// the selection with its neighbours, the search matches, the best-connected overall and the best-connected
// of what is in view; a small graph draws all that is shown at the moment.
import type { Core } from 'cytoscape';
import type { GraphViewEdge, GraphViewNode } from '../../../../shared/domain';
import type { GraphModel, Visibility } from './model';
import { OVERVIEW_NODES } from './model';
import type { Positions, Selection } from './store';

/** Zoomed in, at most this many more entities are drawn from what is in view (the best-connected first). */
const IN_VIEW_NODES = OVERVIEW_NODES;
/** Search matches drawn even when they are not among the best-connected (the best matches first). */
const MAX_MATCHES_DRAWN = 300;

export interface WantedInput {
  model: GraphModel;
  visible: Visibility | null;
  positions: Positions;
  /** Best-connected first: the order in which entities earn a place in the overview. */
  byDegree: readonly GraphViewNode[];
  selection: Selection | null;
  searching: boolean;
  matches: readonly number[];
}

/** Whether a relation holds at the chosen moment (or ended by then): drawn, the ended ones dashed. */
export function edgeShown(visible: Visibility | null, e: GraphViewEdge): boolean {
  return !visible || visible.current.has(e.id) || visible.ended.has(e.id);
}

/**
 * The entities worth drawing now, the most wanted first: the selection with its neighbours, the
 * search matches, then (on a big graph) the best-connected overall and the best-connected of what is
 * in view. A small graph draws all that is shown at the moment. Relations are drawn between drawn
 * entities.
 */
export function wantedNodes(cy: Core, w: WantedInput): { want: Set<number>; pinned: number } {
  const { model, visible, positions, byDegree } = w;
  const want = new Set<number>();
  const shown = (id: number) => !visible || visible.nodes.has(id);
  const sel = w.selection;
  if (sel?.kind === 'node' && shown(sel.id)) {
    want.add(sel.id);
    for (const e of model.edges) {
      if ((e.src === sel.id || e.dst === sel.id) && edgeShown(visible, e)) {
        want.add(e.src);
        want.add(e.dst);
      }
    }
  } else if (sel?.kind === 'edge') {
    const e = model.edgeById.get(sel.id);
    if (e && edgeShown(visible, e)) {
      want.add(e.src);
      want.add(e.dst);
    }
  }
  if (w.searching) for (const id of w.matches.slice(0, MAX_MATCHES_DRAWN)) want.add(id);
  const pinned = want.size;
  const total = visible ? visible.nodes.size : model.nodes.length;
  if (total <= OVERVIEW_NODES) {
    for (const n of byDegree) if (shown(n.id)) want.add(n.id);
    return { want, pinned };
  }
  let base = 0;
  for (const n of byDegree) {
    if (base >= OVERVIEW_NODES) break;
    if (!shown(n.id) || !positions.has(n.id)) continue;
    want.add(n.id);
    base++;
  }
  // Zoomed in: what is in view (with a margin, so a small pan does not uncover emptiness).
  const ext = cy.extent();
  const mx = (ext.x2 - ext.x1) * 0.15;
  const my = (ext.y2 - ext.y1) * 0.15;
  let inView = 0;
  for (const n of byDegree) {
    if (inView >= IN_VIEW_NODES) break;
    const p = positions.get(n.id);
    if (!p || !shown(n.id) || p.x < ext.x1 - mx || p.x > ext.x2 + mx || p.y < ext.y1 - my || p.y > ext.y2 + my) continue;
    want.add(n.id);
    inView++;
  }
  return { want, pinned };
}
