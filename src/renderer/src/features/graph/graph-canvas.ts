// The Cytoscape view, driven imperatively: the pane hands it the model and positions once per load, then
// only diffs — which elements the moment hides, which are faded by a search or selection — inside one
// cy.batch each, touching only the elements whose state changed. React never renders the graph.
import cytoscape, { type Core, type EdgeSingular, type ElementDefinition, type NodeSingular } from 'cytoscape';
import type { GraphModel, Visibility } from './model';
import { relationLabel } from './model';
import { measure, type Positions, type Selection } from './store';
import { buildStyle, LABEL_ZOOM, nodeSize, readTheme } from './style';

/** Above this many elements the cheaper rendering settings apply (see style.ts and the options below). */
const LARGE_ELEMENTS = 2500;
/** Zoomed in on a large graph, at most this many labels are drawn (the best-connected nodes in view). */
const MAX_LABELS = 400;
/** Labels follow the viewport once it has been still this long. */
const LABEL_DELAY_MS = 90;

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
}

const nodeKey = (id: number) => `n${id}`;
const edgeKey = (id: number) => `e${id}`;

type EdgeState = 'gone' | 'current' | 'ended';

export class GraphCanvas {
  private cy: Core | null = null;
  private model: GraphModel | null = null;
  private large = false;
  private readonly nodeShown = new Map<number, boolean>();
  private readonly edgeState = new Map<number, EdgeState>();
  private faded = new Set<string>();
  private emph = new Set<string>();
  private matched = new Set<number>();
  private visible: Visibility | null = null;
  private matches: number[] = [];
  private searching = false;
  private selection: Selection | null = null;
  private readonly themeObserver: MutationObserver;
  private size = { w: 0, h: 0 };
  private positions: Positions | null = null;
  private readonly sizes = new Map<number, number>();
  private labelled = new Set<string>();
  private labelTimer: number | undefined;

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
    this.nodeShown.clear();
    this.edgeState.clear();
    this.faded = new Set();
    this.emph = new Set();
    this.matched = new Set();

    let maxDegree = 0;
    for (const n of model.nodes) maxDegree = Math.max(maxDegree, n.degree);
    const elements: ElementDefinition[] = [];
    this.sizes.clear();
    for (const n of model.nodes) {
      const p = positions.get(n.id) ?? { x: 0, y: 0 };
      const shown = visible ? visible.nodes.has(n.id) : true;
      const size = nodeSize(n.degree, maxDegree);
      this.sizes.set(n.id, size);
      elements.push({
        group: 'nodes',
        data: { id: nodeKey(n.id), label: shortLabel(n.name), color: model.colorOf(n.type), size, z: Math.min(n.degree, 999) },
        position: { x: p.x, y: p.y },
        classes: shown ? undefined : 'gone',
      });
      this.nodeShown.set(n.id, shown);
    }
    for (const e of model.edges) {
      const state: EdgeState = !visible || visible.current.has(e.id) ? 'current' : visible.ended.has(e.id) ? 'ended' : 'gone';
      elements.push({
        group: 'edges',
        data: { id: edgeKey(e.id), source: nodeKey(e.src), target: nodeKey(e.dst), label: relationLabel(e.relation), prov: e.provClass },
        classes: state === 'current' ? undefined : state,
      });
      this.edgeState.set(e.id, state);
    }
    this.visible = visible;
    this.positions = positions;

    // Created empty and filled in one batch: passing the elements to the constructor would run an
    // initial layout over them that re-sets every position and fits to every label (seconds at 5,000).
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
    cy.batch(() => cy.add(elements));
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
    this.labelled = new Set();
    if (this.large) {
      cy.on('viewport', () => {
        window.clearTimeout(this.labelTimer);
        this.labelTimer = window.setTimeout(() => this.labelInView(), LABEL_DELAY_MS);
      });
    }
    if (EXPOSE_HOOK) window.__monadGraph = { cy };

    this.viewSize();
    if (keepViewport) cy.viewport(keepViewport);
    else this.fit();
    measure('draw', drawStart);
  }

  /** Hides what did not hold at the chosen moment; draws ended relations dashed. */
  setVisibility(visible: Visibility | null): void {
    this.visible = visible;
    const cy = this.cy;
    if (!cy || !visible) return;
    cy.batch(() => {
      for (const [id, shown] of this.nodeShown) {
        const next = visible.nodes.has(id);
        if (next === shown) continue;
        this.nodeShown.set(id, next);
        cy.getElementById(nodeKey(id)).toggleClass('gone', !next);
      }
      for (const [id, state] of this.edgeState) {
        const next: EdgeState = visible.current.has(id) ? 'current' : visible.ended.has(id) ? 'ended' : 'gone';
        if (next === state) continue;
        this.edgeState.set(id, next);
        const el = cy.getElementById(edgeKey(id));
        el.toggleClass('gone', next === 'gone');
        el.toggleClass('ended', next === 'ended');
      }
    });
    this.restyleFocus();
  }

  setSearch(query: string, matches: number[]): void {
    this.searching = query.trim() !== '';
    this.matches = matches;
    this.restyleFocus();
  }

  setSelection(selection: Selection | null): void {
    this.selection = selection;
    const cy = this.cy;
    if (!cy) return;
    cy.batch(() => {
      cy.$(':selected').unselect();
      if (selection) cy.getElementById(selection.kind === 'node' ? nodeKey(selection.id) : edgeKey(selection.id)).select();
    });
    this.restyleFocus();
  }

  /** Brings the selection into view, zooming in enough to read labels, clear of the legend. */
  focusSelection(): void {
    const cy = this.cy;
    const sel = this.selection;
    if (!cy || !sel) return;
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

  /**
   * Bounds of the shown nodes, from the layout's positions plus each node's radius and room for its
   * label — computed here because asking Cytoscape would measure thousands of labels.
   */
  private shownBounds(): { x1: number; y1: number; x2: number; y2: number } | null {
    const { model, positions, visible } = this;
    if (!model || !positions) return null;
    let x1 = Infinity;
    let y1 = Infinity;
    let x2 = -Infinity;
    let y2 = -Infinity;
    for (const n of model.nodes) {
      if (visible && !visible.nodes.has(n.id)) continue;
      const p = positions.get(n.id);
      if (!p) continue;
      const r = 26; // the largest node's radius
      x1 = Math.min(x1, p.x - r - 30);
      x2 = Math.max(x2, p.x + r + 30);
      y1 = Math.min(y1, p.y - r);
      y2 = Math.max(y2, p.y + r + 18);
    }
    return Number.isFinite(x1) ? { x1, y1, x2, y2 } : null;
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
    if (before.w > 0 && before.h > 0 && (before.w !== after.w || before.h !== after.h)) {
      const pan = cy.pan();
      cy.pan({ x: pan.x + (after.w - before.w) / 2, y: pan.y + (after.h - before.h) / 2 });
    }
  }

  /** The shown node under a model position (within `slop`), the best-connected if several overlap. */
  private nodeAt(at: { x: number; y: number }, slop: number): number | null {
    const { model, positions, visible } = this;
    if (!model || !positions) return null;
    let best: { id: number; degree: number } | null = null;
    for (const n of model.nodes) {
      if (visible && !visible.nodes.has(n.id)) continue;
      const p = positions.get(n.id);
      const r = (this.sizes.get(n.id) ?? 0) / 2 + slop;
      if (!p || Math.abs(p.x - at.x) > r || Math.abs(p.y - at.y) > r || Math.hypot(p.x - at.x, p.y - at.y) > r) continue;
      if (!best || n.degree > best.degree) best = { id: n.id, degree: n.degree };
    }
    return best?.id ?? null;
  }

  /**
   * Large graphs: labels only when zoomed in enough to read them, and only on the nodes in view (the
   * best-connected first) — measuring and drawing 5,000 labels nobody can read is what makes big
   * graphs slow.
   */
  private labelInView(): void {
    const cy = this.cy;
    const { model, positions, visible } = this;
    if (!cy || !model || !positions) return;
    const next = new Set<string>();
    if (cy.zoom() >= LABEL_ZOOM) {
      const ext = cy.extent();
      const inView = model.nodes.filter((n) => {
        const p = positions.get(n.id);
        return p && (!visible || visible.nodes.has(n.id)) && p.x >= ext.x1 && p.x <= ext.x2 && p.y >= ext.y1 && p.y <= ext.y2;
      });
      if (inView.length > MAX_LABELS) inView.sort((a, b) => b.degree - a.degree);
      for (const n of inView.slice(0, MAX_LABELS)) next.add(nodeKey(n.id));
    }
    cy.batch(() => applyDiff(cy, this.labelled, next, 'labelled'));
    this.labelled = next;
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
  }

  destroy(): void {
    this.themeObserver.disconnect();
    this.destroyCy();
  }

  private destroyCy(): void {
    window.clearTimeout(this.labelTimer);
    if (!this.cy) return;
    this.cy.destroy();
    this.cy = null;
    if (EXPOSE_HOOK) delete window.__monadGraph;
  }

  /**
   * Fades everything outside the search matches and the selection's neighbourhood, and emphasises what
   * is inside (labels at any zoom, relation names on edges). Computed as sets, then applied as a diff.
   */
  private restyleFocus(): void {
    const cy = this.cy;
    const model = this.model;
    const visible = this.visible;
    if (!cy || !model || !visible) return;
    const emph = new Set<string>();
    const matched = new Set<number>();
    const sel = this.selection;
    const shownEdge = (id: number) => visible.current.has(id) || visible.ended.has(id);

    if (this.searching) for (const id of this.matches) matched.add(id);
    if (sel?.kind === 'node' && visible.nodes.has(sel.id)) {
      emph.add(nodeKey(sel.id));
      for (const e of model.edges) {
        if ((e.src !== sel.id && e.dst !== sel.id) || !shownEdge(e.id)) continue;
        emph.add(edgeKey(e.id));
        emph.add(nodeKey(e.src));
        emph.add(nodeKey(e.dst));
      }
    } else if (sel?.kind === 'edge' && shownEdge(sel.id)) {
      const e = model.edgeById.get(sel.id);
      if (e) for (const k of [edgeKey(e.id), nodeKey(e.src), nodeKey(e.dst)]) emph.add(k);
    }
    for (const id of matched) emph.add(nodeKey(id));

    // With a search or a selection, everything not emphasised fades.
    const fading = this.searching || emph.size > 0;
    const faded = new Set<string>();
    if (fading) {
      for (const n of model.nodes) if (visible.nodes.has(n.id) && !emph.has(nodeKey(n.id))) faded.add(nodeKey(n.id));
      for (const e of model.edges) if (shownEdge(e.id) && !emph.has(edgeKey(e.id))) faded.add(edgeKey(e.id));
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
function shortLabel(name: string): string {
  return name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1)}…` : name;
}

function applyDiff(cy: Core, before: Set<string>, after: Set<string>, cls: string): void {
  for (const key of before) if (!after.has(key)) cy.getElementById(key).removeClass(cls);
  for (const key of after) if (!before.has(key)) cy.getElementById(key).addClass(cls);
}
