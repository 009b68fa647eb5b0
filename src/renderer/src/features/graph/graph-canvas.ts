// The Cytoscape view, driven imperatively: the pane hands it the model and positions once per load, then
// only diffs — which elements the moment shows, which are faded by a search or selection — inside one
// cy.batch each, touching only the elements whose state changed. React never renders the graph.
//
// Cytoscape's cost is per element it holds (adding, styling, caching textures), so it holds only what is
// worth drawing: on a big graph, the best-connected entities and the relations among them; more of the
// graph as the person zooms in (what is in view), searches (the matches) or selects (the neighbours).
// Everything else stays in the model and is added when it comes into question.
import cytoscape, { type Core, type EdgeSingular, type ElementDefinition, type NodeSingular } from 'cytoscape';
import type { GraphViewEdge, GraphViewNode } from '../../../../shared/domain';
import type { GraphModel, Visibility } from './model';
import { OVERVIEW_NODES, relationLabel } from './model';
import { measure, type Coverage, type Positions, type Selection } from './store';
import { buildStyle, nodeSize, readTheme } from './style';
import { CanvasClasses, edgeKey, nodeKey, shortLabel } from './canvas-classes';
import { edgeShown, wantedNodes } from './canvas-wanted';
import { nodeAt, shownBounds, type Bounds } from './canvas-geometry';

/** Above this many elements the cheaper rendering settings apply (see style.ts and the options below). */
const LARGE_ELEMENTS = 2500;
/**
 * Entities added to the canvas per step (with the relations among the drawn ones); the next step waits
 * for a paint, and input is handled between steps. Cytoscape styles every new element and redraws
 * everything in the frame after a change, so each step costs a long frame: the overview comes in one
 * (measured faster to a first click than several smaller ones), a big reveal on zooming in in a few.
 */
const FILL_NODES = OVERVIEW_NODES;
/** Labels and what is drawn follow the viewport once it has been still this long. */
const VIEWPORT_DELAY_MS = 120;

/**
 * `?graphHook` in the page address exposes the Cytoscape instance as `window.__monadGraph`, so e2e
 * tests and the benchmark can find where a node is drawn. Never set in normal use.
 */
const EXPOSE_HOOK = new URLSearchParams(window.location.search).has('graphHook');

declare global {
  interface Window {
    __monadGraph?: { cy: Core };
  }
}

export interface CanvasHandlers {
  onSelect(selection: Selection | null): void;
  /** Width of what floats over the canvas's left edge (the legend): fitting and centring avoid it. */
  leftInset(): number;
  /** How many of the entities shown at this moment are drawn (fewer on a big graph zoomed out). */
  onCoverage(coverage: Coverage): void;
}

export class GraphCanvas {
  private cy: Core | null = null;
  private model: GraphModel | null = null;
  private large = false;
  /** Node ids by degree, best-connected first: the order in which entities earn a place in the overview. */
  private byDegree: GraphViewNode[] = [];
  /** What Cytoscape holds now: node ids, and edge ids with whether each is drawn as ended. */
  private drawnNodes = new Set<number>();
  private readonly drawnEdges = new Map<number, boolean>();
  /** Faded, emphasised, matched and labelled elements (canvas-classes.ts). */
  private readonly classes = new CanvasClasses();
  private visible: Visibility | null = null;
  private matches: number[] = [];
  private searching = false;
  private selection: Selection | null = null;
  private readonly themeObserver: MutationObserver;
  private size = { w: 0, h: 0 };
  private positions: Positions | null = null;
  private readonly sizes = new Map<number, number>();
  private maxDegree = 0;
  /** The view was last placed around the selection (not moved by the person since). */
  private focused = false;
  private viewportTimer: number | undefined;
  private fillPending = false;
  /** Entities added since the last fill step (bounded by FILL_NODES, the selection and matches aside). */
  private frameAdds = 0;
  private fillFrame: number | undefined;
  private fillTimer: number | undefined;
  private coverage: Coverage | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly handlers: CanvasHandlers,
  ) {
    this.themeObserver = new MutationObserver(() => this.cy?.style(buildStyle(readTheme(), this.large)));
    this.themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }

  /** Draws a newly loaded graph at the given positions, showing what `visible` says (one pass, no restyle). */
  setGraph(model: GraphModel, positions: Positions, visible: Visibility | null): void {
    const drawStart = performance.now();
    const sameGraph = this.model !== null && this.cy !== null && this.model.scope === model.scope;
    const keepViewport = sameGraph ? { zoom: this.cy!.zoom(), pan: { ...this.cy!.pan() } } : null;
    this.destroyCy();
    this.model = model;
    this.large = model.nodes.length + model.edges.length > LARGE_ELEMENTS;
    this.drawnNodes = new Set();
    this.drawnEdges.clear();
    this.classes.reset();
    this.visible = visible;
    this.positions = positions;
    // The pane sets the search and the selection again right after (they may refer to the old graph).
    this.selection = null;
    this.searching = false;
    this.matches = [];
    this.coverage = null;
    this.byDegree = [...model.nodes].sort((a, b) => b.degree - a.degree);
    this.maxDegree = this.byDegree[0]?.degree ?? 0;
    this.sizes.clear();
    for (const n of model.nodes) this.sizes.set(n.id, nodeSize(n.degree, this.maxDegree, this.large));

    const cy = cytoscape({
      container: this.container,
      style: buildStyle(readTheme(), this.large),
      minZoom: 0.02,
      maxZoom: 4,
      boxSelectionEnabled: false,
      selectionType: 'single',
      // Read-only snapshot: nodes stay where the layout put them.
      autoungrabify: true,
      // Cheap panning and zooming on big graphs: draw a cached bitmap while the viewport moves.
      textureOnViewport: this.large,
      hideEdgesOnViewport: this.large,
      hideLabelsOnViewport: this.large,
      motionBlur: false,
      pixelRatio: this.large ? 1 : 'auto',
    });
    this.cy = cy;
    cy.on('tap', 'node', (e) => this.handlers.onSelect({ kind: 'node', id: Number((e.target as NodeSingular).id().slice(1)) }));
    cy.on('tap', 'edge', (e) => {
      const node = this.nodeAt(e.position, 3 / cy.zoom());
      if (node !== null) {
        // Zoomed out, an edge's hit area (a few screen pixels either side) is wider than the small
        // node under the pointer: a click meant for the node lands on one of the edges around it.
        (e.target as EdgeSingular).unselect();
        cy.getElementById(nodeKey(node)).select();
        this.handlers.onSelect({ kind: 'node', id: node });
        return;
      }
      this.handlers.onSelect({ kind: 'edge', id: Number(e.target.id().slice(1)) });
    });
    cy.on('tap', (e) => {
      if (e.target === cy) this.handlers.onSelect(null);
    });
    // The person moved the view: a later resize keeps their view instead of re-centring the selection.
    cy.on('tapstart scrollzoom pinchzoom', () => (this.focused = false));
    cy.on('viewport', () => {
      window.clearTimeout(this.viewportTimer);
      this.viewportTimer = window.setTimeout(() => this.viewportSettled(), VIEWPORT_DELAY_MS);
    });
    if (EXPOSE_HOOK) window.__monadGraph = { cy };

    // The viewport first (on the empty instance), so what is drawn can depend on what is in view; then
    // the elements in one batch. Passing them to the constructor would run an initial layout over them
    // that re-sets every position and fits to every label.
    this.viewSize();
    if (keepViewport) cy.viewport(keepViewport);
    else this.fit();
    this.syncDrawn();
    measure('draw', drawStart);
  }

  /** More of the same graph is laid out (positions already drawn do not change): draw what is now wanted. */
  setPositions(positions: Positions): void {
    this.positions = positions;
    this.syncDrawn();
  }

  /** Shows what held at the chosen moment; draws ended relations dashed. */
  setVisibility(visible: Visibility | null): void {
    this.visible = visible;
    if (!this.cy || !visible) return;
    this.syncDrawn();
  }

  setSearch(query: string, matches: number[]): void {
    this.searching = query.trim() !== '';
    this.matches = matches;
    if (!this.cy) return;
    this.syncDrawn();
  }

  setSelection(selection: Selection | null): void {
    this.selection = selection;
    const cy = this.cy;
    if (!cy) return;
    // The selection and its neighbours are drawn first, so there is something to select.
    this.syncDrawn();
    cy.batch(() => {
      cy.$(':selected').unselect();
      if (selection) cy.getElementById(selection.kind === 'node' ? nodeKey(selection.id) : edgeKey(selection.id)).select();
    });
  }

  /** Brings the selection into view, zooming in enough to read labels, clear of the legend. */
  focusSelection(): void {
    const cy = this.cy;
    const sel = this.selection;
    if (!cy || !sel) return;
    this.focused = true;
    const el = cy.getElementById(sel.kind === 'node' ? nodeKey(sel.id) : edgeKey(sel.id));
    if (el.empty() || !el.visible()) return;
    const bb = (sel.kind === 'node' ? el : el.connectedNodes()).boundingBox();
    const zoom = Math.min(cy.maxZoom(), Math.max(cy.zoom(), 1.2));
    const inset = this.handlers.leftInset();
    const { w, h } = this.viewSize();
    const cx = inset + (w - inset) / 2;
    const pan = { x: cx - ((bb.x1 + bb.x2) / 2) * zoom, y: h / 2 - ((bb.y1 + bb.y2) / 2) * zoom };
    cy.stop();
    cy.animate({ zoom, pan }, { duration: this.large ? 200 : 320, easing: 'ease-in-out-cubic' });
  }

  /** Fits what is shown into the free part of the canvas (right of the legend), never zoomed in past readable. */
  fit(): void {
    const cy = this.cy;
    const bb = this.shownBounds();
    if (!cy || !bb) return;
    const pad = 36;
    const inset = this.handlers.leftInset();
    const { w, h } = this.viewSize();
    const availW = Math.max(80, w - inset - 2 * pad);
    const availH = Math.max(80, h - 2 * pad);
    const bw = Math.max(bb.x2 - bb.x1, 1);
    const bh = Math.max(bb.y2 - bb.y1, 1);
    // A tiny graph would otherwise fill the screen.
    const zoom = Math.min(1.6, cy.maxZoom(), Math.max(cy.minZoom(), Math.min(availW / bw, availH / bh)));
    cy.viewport({
      zoom,
      pan: { x: inset + pad + (availW - bw * zoom) / 2 - bb.x1 * zoom, y: pad + (availH - bh * zoom) / 2 - bb.y1 * zoom },
    });
  }

  zoomBy(factor: number): void {
    const cy = this.cy;
    if (!cy) return;
    const { w, h } = this.viewSize();
    cy.zoom({ level: Math.min(cy.maxZoom(), Math.max(cy.minZoom(), cy.zoom() * factor)), renderedPosition: { x: w / 2, y: h / 2 } });
  }

  /** The container changed size (the side panel opened or closed): keep the same centre in view. */
  resize(): void {
    const before = this.size;
    const after = this.viewSize();
    const cy = this.cy;
    if (!cy) return;
    cy.resize();
    // Selecting opens the side panel, which narrows the canvas after the centring began: centre again
    // in the area that is visible now, or the node ends up under the panel.
    if (this.focused && this.selection && (before.w !== after.w || before.h !== after.h)) {
      this.focusSelection();
      return;
    }
    if (before.w > 0 && before.h > 0 && (before.w !== after.w || before.h !== after.h)) {
      const pan = cy.pan();
      cy.pan({ x: pan.x + (after.w - before.w) / 2, y: pan.y + (after.h - before.h) / 2 });
    }
  }

  private viewportSettled(): void {
    this.syncDrawn();
    if (this.large) this.labelInView();
  }

  private edgeShown(e: GraphViewEdge): boolean {
    return edgeShown(this.visible, e);
  }

  /** Bounds of the shown nodes (canvas-geometry.ts). */
  private shownBounds(): Bounds | null {
    const { model, positions, visible } = this;
    return model && positions ? shownBounds(model, positions, visible, this.sizes) : null;
  }

  /** The drawn node under a model position (within `slop`), the best-connected if several overlap. */
  private nodeAt(at: { x: number; y: number }, slop: number): number | null {
    const { model, positions } = this;
    return model && positions ? nodeAt(at, slop, { model, positions, drawnNodes: this.drawnNodes, sizes: this.sizes }) : null;
  }

  /** Fades and emphasises by the search and the selection (canvas-classes.ts). */
  private restyleFocus(): void {
    const { cy, model } = this;
    if (!cy || !model) return;
    this.classes.restyleFocus(cy, { model, drawnNodes: this.drawnNodes, drawnEdges: this.drawnEdges, searching: this.searching, matches: this.matches, selection: this.selection });
  }

  /** Large graphs: labels only where they can be read and do not collide (canvas-classes.ts). */
  private labelInView(): void {
    const { cy, positions } = this;
    if (!cy || !positions) return;
    this.classes.labelInView(cy, { positions, byDegree: this.byDegree, drawnNodes: this.drawnNodes, sizes: this.sizes });
  }

  /**
   * Makes Cytoscape hold what is worth drawing now, in one batch of removals and additions, then
   * restyles. At most FILL_NODES entities are added at a time (the most wanted first); the rest follow
   * on the next frames, so the first picture comes early and a click never waits for the whole graph.
   */
  private syncDrawn(): void {
    const { cy, model, positions, visible } = this;
    if (!cy || !model || !positions) return;
    const { want, pinned } = wantedNodes(cy, { model, visible, positions, byDegree: this.byDegree, selection: this.selection, searching: this.searching, matches: this.matches });
    // The entities drawn after this step: those kept, the selection and matches, and the next most
    // wanted within what this frame may still add.
    const next = new Set<number>();
    let more = false;
    let i = 0;
    for (const id of want) {
      if (this.drawnNodes.has(id)) next.add(id);
      // Not laid out yet (the rest of a big graph): drawn once its position is known.
      else if (!positions.has(id)) continue;
      else if (i < pinned || this.frameAdds < FILL_NODES) {
        next.add(id);
        this.frameAdds++;
      } else more = true;
      i++;
    }
    const removeKeys: string[] = [];
    const add: ElementDefinition[] = [];
    const ended: [number, boolean][] = [];
    const wantEdges = new Map<number, boolean>();
    for (const e of model.edges) {
      if (!next.has(e.src) || !next.has(e.dst) || !this.edgeShown(e)) continue;
      wantEdges.set(e.id, visible !== null && !visible.current.has(e.id));
    }
    for (const [id, wasEnded] of this.drawnEdges) {
      const isEnded = wantEdges.get(id);
      if (isEnded === undefined) {
        removeKeys.push(edgeKey(id));
        this.drawnEdges.delete(id);
        this.classes.forget(edgeKey(id));
      } else if (isEnded !== wasEnded) ended.push([id, isEnded]);
    }
    for (const id of this.drawnNodes) {
      if (next.has(id)) continue;
      removeKeys.push(nodeKey(id));
      this.drawnNodes.delete(id);
      this.classes.forget(nodeKey(id));
      this.classes.unmatch(id);
    }
    for (const id of next) {
      if (this.drawnNodes.has(id)) continue;
      const n = model.nodeById.get(id);
      if (!n) continue;
      const p = positions.get(id)!;
      add.push({
        group: 'nodes',
        data: { id: nodeKey(id), label: shortLabel(n.name), color: model.colorOf(n.type), size: this.sizes.get(id), z: Math.min(n.degree, 999) },
        position: { x: p.x, y: p.y },
      });
      this.drawnNodes.add(id);
    }
    for (const [id, isEnded] of wantEdges) {
      if (this.drawnEdges.has(id)) continue;
      const e = model.edgeById.get(id)!;
      add.push({
        group: 'edges',
        data: { id: edgeKey(id), source: nodeKey(e.src), target: nodeKey(e.dst), label: relationLabel(e.relation), prov: e.provClass },
        classes: isEnded ? 'ended' : undefined,
      });
      this.drawnEdges.set(id, isEnded);
    }
    for (const [id, isEnded] of ended) this.drawnEdges.set(id, isEnded);
    if (removeKeys.length || add.length || ended.length) {
      cy.batch(() => {
        if (removeKeys.length) {
          const gone = cy.collection();
          for (const k of removeKeys) gone.merge(cy.getElementById(k));
          cy.remove(gone);
        }
        if (add.length) cy.add(add);
        for (const [id, isEnded] of ended) cy.getElementById(edgeKey(id)).toggleClass('ended', isEnded);
      });
    }
    this.restyleFocus();
    this.reportCoverage();
    if (more) this.scheduleFill();
  }

  /** The next step of drawing, once the browser has painted this one (and handled any input). */
  private scheduleFill(): void {
    if (this.fillPending) return;
    this.fillPending = true;
    const cy = this.cy;
    this.fillFrame = requestAnimationFrame(() => {
      this.fillTimer = window.setTimeout(() => {
        this.fillPending = false;
        this.frameAdds = 0;
        if (this.cy === cy) this.syncDrawn();
      }, 0);
    });
  }

  private reportCoverage(): void {
    const total = this.visible ? this.visible.nodes.size : (this.model?.nodes.length ?? 0);
    const next = { drawn: Math.min(this.drawnNodes.size, total), total };
    if (this.coverage?.drawn === next.drawn && this.coverage.total === next.total) return;
    this.coverage = next;
    this.handlers.onCoverage(next);
  }

  private viewSize(): { w: number; h: number } {
    this.size = { w: this.container.clientWidth, h: this.container.clientHeight };
    return this.size;
  }

  /** Nothing to draw (an empty scope, or the next one still loading). */
  clear(): void {
    this.destroyCy();
    this.model = null;
    this.positions = null;
    this.visible = null;
    this.selection = null;
    this.drawnNodes = new Set();
    this.drawnEdges.clear();
    this.coverage = null;
  }

  destroy(): void {
    this.themeObserver.disconnect();
    this.destroyCy();
  }

  private destroyCy(): void {
    window.clearTimeout(this.viewportTimer);
    if (this.fillFrame !== undefined) cancelAnimationFrame(this.fillFrame);
    window.clearTimeout(this.fillTimer);
    this.fillPending = false;
    this.frameAdds = 0;
    if (!this.cy) return;
    this.cy.destroy();
    this.cy = null;
    if (EXPOSE_HOOK) delete window.__monadGraph;
  }

}

