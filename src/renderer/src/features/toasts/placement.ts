// Where the toast stack sits (issue 29 §5): toasts covered the graph's legend, the banners and the
// chat's "Memory changed" notice, because the stack had one fixed place. Now it is put in the pane,
// at the lowest spot of its left edge (else its right edge) where it covers none of the parts a person
// needs while a toast is up; those are named here, in one list, rather than marked in every feature.
// Pure geometry over rectangles, so it is tested without a browser.

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * What a toast must never cover: banners and notices, the composer, the graph's legend and zoom, and
 * navigation (Settings' section list, tab lists): a stack over it held a click on "Status" for the 12 s
 * an error toast lives.
 */
export const TOAST_AVOID = [
  'nav',
  '[role="navigation"]',
  '[role="tablist"]',
  '.banner',
  '.freshness-notice',
  '.no-model-note',
  '.composer-wrap',
  '.composer-hint',
  '.graph-legend',
  '.graph-legend-toggle',
  '.graph-zoom',
  '.graph-time',
].join(', ');

/** Side panels that take the pane's right part (the graph's detail panel): the stack stays left of them. */
export const TOAST_SIDE = '.graph-panel';

/** The stack's width when there is room for it (the CSS's min(380px, 100vw - 24px)). */
export const TOAST_WIDTH = 380;

/** The pane without the side panels standing at its right edge. */
export function withoutSides(area: Rect, sides: Rect[]): Rect {
  let right = area.right;
  for (const r of sides) if (r.right >= area.right - 1 && r.left > area.left && r.left < right) right = r.left;
  return { ...area, right };
}

/** Room kept between the stack and what it avoids, and from the pane's edges. */
export const TOAST_GAP = 12;

export interface Placement {
  left: number;
  top: number;
  /** Set when the whole stack does not fit anywhere: the tallest free slot, which it is cut to. */
  maxHeight?: number;
}

/** Below this a slot is no use even for one toast: the caller keeps its fallback. */
const MIN_SLOT = 80;

/**
 * The stack's top-left corner: inside `area` (the pane), `width`×`height`, the lowest free spot along
 * the left edge, else along the right edge. When it fits nowhere whole, the tallest free slot (left edge
 * first) with `maxHeight`; null when there is no usable slot at all.
 */
export function placeStack(area: Rect, width: number, height: number, avoid: Rect[]): Placement | null {
  let best: Placement & { maxHeight: number } = { left: 0, top: 0, maxHeight: 0 };
  for (const left of [area.left + TOAST_GAP, area.right - TOAST_GAP - width]) {
    const band = { left, right: left + width };
    const inBand = avoid.filter((r) => r.left < band.right && band.left < r.right && r.bottom > area.top && r.top < area.bottom);
    // Candidate bottoms: the pane's bottom, and just above each thing to avoid; lowest first.
    const bottoms = [area.bottom - TOAST_GAP, ...inBand.map((r) => r.top - TOAST_GAP)].sort((a, b) => b - a);
    for (const bottom of bottoms) {
      if (bottom > area.bottom || inBand.some((r) => r.top < bottom && r.bottom > bottom)) continue;
      // The free slot above this bottom: up to the nearest thing above it, or the pane's top.
      const ceiling = Math.max(area.top + TOAST_GAP, ...inBand.filter((r) => r.bottom <= bottom).map((r) => r.bottom + TOAST_GAP));
      const free = bottom - ceiling;
      if (free >= height) return { left, top: bottom - height };
      if (free > best.maxHeight) best = { left, top: ceiling, maxHeight: free };
    }
  }
  return best.maxHeight >= MIN_SLOT ? best : null;
}
