// The Graph tab's state: which scope, its loaded snapshot and layout, the moment shown, the search, and
// the selection with its detail. The canvas reads this imperatively (subscribe), never through React
// renders, so a 5,000-node graph is never diffed by React.
import { create } from 'zustand';
import type { GraphEdgeDetail, GraphNodeDetail, GraphProposal, GraphViewNode } from '../../../../shared/domain';
import { ApiError, attempt, invoke } from '../../lib/api';
import { layoutOffThread, type LayoutOptions } from './layout';
import { buildModel, OVERVIEW_NODES, searchNodes, validAt, visibleAt, type GraphModel, type Visibility } from './model';

export type Selection = { kind: 'node' | 'edge'; id: number };
/** The side panel when it shows something other than the selection: a relation being added, or the proposed changes. */
export type SidePanel = { kind: 'add'; from: string } | { kind: 'proposals' };
export type Positions = Map<number, { x: number; y: number }>;
export type GraphStatus = 'idle' | 'loading' | 'layout' | 'ready' | 'empty' | 'error';
/** How many of the entities shown at the moment the canvas draws (a big graph zoomed out draws the best-connected). */
export interface Coverage {
  drawn: number;
  total: number;
}

interface Detail<T> {
  id: number;
  data: T | null;
  failed: boolean;
}

export interface ScopeCount {
  scope: string;
  nodes: number;
  edges: number;
}

interface GraphState {
  scopes: ScopeCount[];
  scope: string | null;
  /** The agent scope last taken from the sidebar: a scope picked by hand survives leaving the tab. */
  agentScope: string | null;
  status: GraphStatus;
  error: string | null;
  model: GraphModel | null;
  positions: Positions | null;
  /** The moment shown (ms); null = now. */
  at: number | null;
  /** Also draw relations that had ended by that moment (dashed). */
  includeEnded: boolean;
  visible: Visibility | null;
  query: string;
  matches: number[];
  /** Which match Enter last jumped to; -1 = none yet. */
  matchIndex: number;
  selection: Selection | null;
  /** Bumped when the view should bring the selection into view (search jump, neighbour click, link). */
  focusSeq: number;
  nodeDetail: Detail<GraphNodeDetail> | null;
  edgeDetail: Detail<GraphEdgeDetail> | null;
  legendOpen: boolean;
  /** Set by the canvas; null until a graph is drawn. */
  coverage: Coverage | null;
  panel: SidePanel | null;
  /** Pending proposed changes of the scope shown (what extraction wanted against what the person asserted). */
  proposals: GraphProposal[];

  setLegendOpen(open: boolean): void;
  setCoverage(coverage: Coverage | null): void;
  loadScopes(): Promise<void>;
  /** Show the selected agent's scope, unless it is already the one the tab was following. */
  followAgent(agentId: string): void;
  setScope(scope: string): Promise<void>;
  /** Re-read the current scope (after a consolidation), keeping the moment, search and selection. */
  reload(): Promise<void>;
  setAt(at: number | null): void;
  setIncludeEnded(on: boolean): void;
  setQuery(query: string): void;
  /** Enter / Shift+Enter in the search box. */
  jumpToMatch(direction: 1 | -1): void;
  select(selection: Selection | null, opts?: { focus?: boolean }): void;
  /** A `{ kind: 'graph' }` navigation intent: open the scope, show the node or edge (at a moment where it held). */
  show(target: { scope: string; nodeId?: number; edgeId?: number }): Promise<void>;
  openPanel(panel: SidePanel | null): void;
  loadProposals(): Promise<void>;
  /** After a correction: re-read the scope and its proposals, then show `select` (or nothing) with fresh detail. */
  afterChange(select: Selection | null): Promise<void>;
}

/**
 * Layout positions per scope for this page's lifetime: coming back to a scope (or reloading it after
 * a consolidation) starts from where its nodes were, so the picture stays put and settles fast.
 */
const positionCache = new Map<string, Positions>();

/** Discards the result of a superseded load (the person picked another scope meanwhile). */
let loadSeq = 0;
let layoutAbort: AbortController | null = null;

/**
 * Small graphs get room to read every label (long edges, strong repulsion). Bigger ones get a coarser
 * force approximation and fewer steps. `n` is the size of the whole graph, also when only its
 * best-connected part is laid out first (same spacing, same budget). A graph whose positions are
 * mostly known (a reload, or the rest of a big graph around its core) only needs to settle the newcomers.
 */
function layoutOptions(n: number, warm: boolean): LayoutOptions {
  const spacing = n <= 300 ? { linkDistance: 110, charge: -320 } : n <= 1500 ? { linkDistance: 60, charge: -110 } : { linkDistance: 36, charge: -50 };
  const large = n > 1500;
  const theta = large ? 1.3 : 0.9;
  if (warm) return { ...spacing, theta, iterations: large ? 40 : 80, alpha: 0.25, budgetMs: 600 };
  return { ...spacing, theta, iterations: large ? 100 : 300, budgetMs: large ? 1200 : 2500 };
}

/**
 * Lays out `nodes` (with the model's edges among them), starting from `known` positions where there
 * are some; with `fixed`, the known ones stay exactly where they are.
 */
async function runLayout(
  model: GraphModel,
  nodes: GraphViewNode[],
  opts: LayoutOptions,
  signal: AbortSignal,
  known?: Positions,
  fixed = false,
): Promise<Positions | null> {
  const index = new Map<number, number>();
  nodes.forEach((n, i) => index.set(n.id, i));
  const src = new Int32Array(model.edges.length);
  const dst = new Int32Array(model.edges.length);
  model.edges.forEach((e, i) => {
    src[i] = index.get(e.src) ?? -1;
    dst[i] = index.get(e.dst) ?? -1;
  });
  let initial: LayoutOptions['initial'];
  let fixedMask: Uint8Array | undefined;
  if (known) {
    const x = new Float64Array(nodes.length).fill(NaN);
    const y = new Float64Array(nodes.length).fill(NaN);
    fixedMask = fixed ? new Uint8Array(nodes.length) : undefined;
    nodes.forEach((n, i) => {
      const p = known.get(n.id);
      if (!p) return;
      x[i] = p.x;
      y[i] = p.y;
      if (fixedMask) fixedMask[i] = 1;
    });
    initial = { x, y };
  }
  const res = await layoutOffThread({ n: nodes.length, src, dst }, { ...opts, initial, fixed: fixedMask, signal });
  if (!res) return null;
  const positions: Positions = new Map();
  nodes.forEach((n, i) => positions.set(n.id, { x: res.x[i], y: res.y[i] }));
  return positions;
}

/** A reload (or a return to the scope) starts from the cached positions; returns them as they are when all are known. */
async function relayoutCached(model: GraphModel, cached: Positions, signal: AbortSignal): Promise<Positions | null> {
  let known = 0;
  for (const n of model.nodes) if (cached.has(n.id)) known++;
  if (known === model.nodes.length) return cached;
  const warm = known > model.nodes.length * 0.8;
  return runLayout(model, model.nodes, layoutOptions(model.nodes.length, warm), signal, cached);
}

/**
 * A big graph is laid out in two passes: its best-connected entities first (what the overview draws,
 * so the picture comes in a fraction of the time), then everything else around them, which stay put.
 * Null when the graph is small enough to lay out at once.
 */
function coreOf(model: GraphModel): GraphViewNode[] | null {
  if (model.nodes.length <= OVERVIEW_NODES * 1.5) return null;
  return [...model.nodes].sort((a, b) => b.degree - a.degree).slice(0, OVERVIEW_NODES);
}

/** User Timing entries ("monad:graph:fetch" …), so the UI benchmark can say where the time goes. */
export function measure(step: string, start: number): void {
  performance.measure(`monad:graph:${step}`, { start, end: performance.now() });
}

function momentOf(at: number | null): number {
  return at ?? Date.now();
}

export const useGraph = create<GraphState>((set, get) => {
  /** Recomputes what is visible and what the search matches, after the model, moment or filter changed. */
  function derive(patch: Partial<GraphState>): Partial<GraphState> {
    const s = { ...get(), ...patch };
    if (!s.model) return { ...patch, visible: null, matches: [], matchIndex: -1 };
    const visible = visibleAt(s.model, momentOf(s.at), s.includeEnded);
    const matches = searchNodes(s.model, s.query, visible.nodes);
    const kept = s.matchIndex >= 0 && s.matchIndex < s.matches.length ? matches.indexOf(s.matches[s.matchIndex]) : -1;
    return { ...patch, visible, matches, matchIndex: kept };
  }

  async function load(scope: string, keepView: boolean): Promise<void> {
    const seq = ++loadSeq;
    layoutAbort?.abort();
    const abort = new AbortController();
    layoutAbort = abort;
    const sameScope = get().scope === scope && get().model !== null;
    set({
      scope,
      error: null,
      ...(sameScope ? {} : { status: 'loading' as const }),
      ...(keepView ? {} : { selection: null, nodeDetail: null, edgeDetail: null, matchIndex: -1, at: null, panel: null, proposals: [] }),
    });
    if (!keepView) void attempt(() => invoke('graph.proposals', { scope })).then((proposals) => proposals && get().scope === scope && set({ proposals }));
    let snapshot;
    const fetchStart = performance.now();
    try {
      snapshot = await invoke('graph.snapshot', { scope });
      measure('fetch', fetchStart);
    } catch (err) {
      if (seq !== loadSeq) return;
      set({ status: 'error', error: err instanceof ApiError ? err.message : String(err), model: null, positions: null, visible: null });
      return;
    }
    if (seq !== loadSeq) return;
    const model = buildModel(snapshot);
    if (model.nodes.length === 0) {
      set(derive({ status: 'empty', model, positions: null, selection: null, nodeDetail: null, edgeDetail: null }));
      return;
    }
    if (!sameScope) set({ status: 'layout', model: null, positions: null, visible: null, coverage: null });
    const layoutStart = performance.now();
    const cached = positionCache.get(scope);
    const core = cached ? null : coreOf(model);
    const n = model.nodes.length;
    const positions = cached
      ? await relayoutCached(model, cached, abort.signal)
      : await runLayout(model, core ?? model.nodes, layoutOptions(n, false), abort.signal);
    if (seq !== loadSeq || !positions) return;
    measure('layout', layoutStart);
    if (!core) positionCache.set(scope, positions);
    const { selection } = get();
    const stillThere = selection && (selection.kind === 'node' ? model.nodeById.has(selection.id) : model.edgeById.has(selection.id));
    set(derive({ status: 'ready', model, positions, ...(stillThere ? {} : { selection: null, nodeDetail: null, edgeDetail: null }) }));
    if (!core) return;
    // The rest of a big graph, around its core (which the canvas already draws, and which does not move).
    const restStart = performance.now();
    const full = await runLayout(model, model.nodes, layoutOptions(n, true), abort.signal, positions, true);
    if (seq !== loadSeq || !full) return;
    measure('layout-rest', restStart);
    positionCache.set(scope, full);
    set({ positions: full });
  }

  return {
    scopes: [],
    scope: null,
    agentScope: null,
    status: 'idle',
    error: null,
    model: null,
    positions: null,
    at: null,
    includeEnded: false,
    visible: null,
    query: '',
    matches: [],
    matchIndex: -1,
    selection: null,
    focusSeq: 0,
    nodeDetail: null,
    edgeDetail: null,
    legendOpen: true,
    coverage: null,
    panel: null,
    proposals: [],

    setLegendOpen(legendOpen) {
      set({ legendOpen });
    },

    setCoverage(coverage) {
      set({ coverage });
    },

    async loadScopes() {
      const scopes = await attempt(() => invoke('graph.scopes'));
      if (scopes) set({ scopes });
    },

    followAgent(agentId) {
      const scope = `agent:${agentId}`;
      if (get().agentScope === scope && get().scope !== null) return;
      set({ agentScope: scope });
      void load(scope, false);
    },

    async setScope(scope) {
      if (scope === get().scope && get().status !== 'error') return;
      await load(scope, false);
    },

    async reload() {
      const { scope } = get();
      void get().loadScopes();
      // A consolidation may have left proposed changes.
      void get().loadProposals();
      if (scope) await load(scope, true);
    },

    setAt(at) {
      set(derive({ at }));
    },

    setIncludeEnded(includeEnded) {
      set(derive({ includeEnded }));
    },

    setQuery(query) {
      set(derive({ query, matchIndex: -1 }));
    },

    jumpToMatch(direction) {
      const { matches, matchIndex } = get();
      if (!matches.length) return;
      const next = matchIndex < 0 ? (direction === 1 ? 0 : matches.length - 1) : (matchIndex + direction + matches.length) % matches.length;
      set({ matchIndex: next });
      get().select({ kind: 'node', id: matches[next] }, { focus: true });
    },

    openPanel(panel) {
      set({ panel });
      if (panel?.kind === 'proposals') void get().loadProposals();
    },

    async loadProposals() {
      const scope = get().scope;
      if (!scope) return;
      const proposals = await attempt(() => invoke('graph.proposals', { scope }));
      if (proposals && get().scope === scope) set({ proposals });
    },

    async afterChange(selection) {
      const { scope } = get();
      void get().loadScopes();
      void get().loadProposals();
      if (scope) await load(scope, true);
      get().select(selection && (selection.kind === 'node' ? get().model?.nodeById.has(selection.id) : get().model?.edgeById.has(selection.id)) ? selection : null, { focus: selection !== null });
    },

    select(selection, opts = {}) {
      const focusSeq = opts.focus ? get().focusSeq + 1 : get().focusSeq;
      // Picking something on the canvas shows it, in place of a form or the proposals.
      if (selection && get().panel) set({ panel: null });
      if (!selection) {
        set({ selection: null, nodeDetail: null, edgeDetail: null, focusSeq });
        return;
      }
      const { id } = selection;
      const same = (s: Selection | null) => s?.kind === selection.kind && s.id === id;
      if (selection.kind === 'node') {
        set({ selection, focusSeq, edgeDetail: null, nodeDetail: { id, data: null, failed: false } });
        void attempt(() => invoke('graph.node', { id })).then((data) => {
          if (same(get().selection)) set({ nodeDetail: { id, data: data ?? null, failed: !data } });
        });
      } else {
        set({ selection, focusSeq, nodeDetail: null, edgeDetail: { id, data: null, failed: false } });
        void attempt(() => invoke('graph.edge', { id })).then((data) => {
          if (same(get().selection)) set({ edgeDetail: { id, data: data ?? null, failed: !data } });
        });
      }
    },

    async show(target) {
      if (get().scope !== target.scope || get().status === 'error' || get().status === 'idle') await load(target.scope, false);
      const { model } = get();
      if (!model) return;
      if (target.edgeId !== undefined) {
        const edge = model.edgeById.get(target.edgeId);
        // Not in the graph any more (marked wrong, folded by a merge): its panel says what became of it.
        if (!edge) return get().select({ kind: 'edge', id: target.edgeId });
        // A relation that has since ended is shown at a moment when it held.
        if (!validAt(edge, momentOf(get().at))) set(derive({ at: edge.validTo === null ? null : Date.parse(edge.validFrom) }));
        get().select({ kind: 'edge', id: edge.id }, { focus: true });
        return;
      }
      if (target.nodeId !== undefined && !model.nodeById.has(target.nodeId)) return get().select({ kind: 'node', id: target.nodeId });
      if (target.nodeId !== undefined && model.nodeById.has(target.nodeId)) {
        if (!get().visible?.nodes.has(target.nodeId)) {
          // An entity only past relations touch: go to the latest moment it was connected.
          const starts = model.edges.filter((e) => e.src === target.nodeId || e.dst === target.nodeId).map((e) => Date.parse(e.validFrom));
          if (starts.length) set(derive({ at: Math.max(...starts) }));
        }
        get().select({ kind: 'node', id: target.nodeId }, { focus: true });
      }
    },
  };
});
