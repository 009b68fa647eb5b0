// Cytoscape's stylesheet for the graph, built from the app's theme tokens (so it follows light/dark) and
// the graph's size: a large graph drops the costly bits (arrows, curved edges, label halos).
import type { StylesheetJson } from 'cytoscape';
import type { ProvClass } from '../../../../shared/domain';

export interface CanvasTheme {
  dark: boolean;
  text: string;
  textMuted: string;
  bg: string;
  accent: string;
}

/** Relation colours by who asserted them; the legend shows the same. */
export const PROV_COLORS: Record<'light' | 'dark', Record<ProvClass, string>> = {
  light: { user: '#6f7bd6', assistant: '#2f9c8f', inferred: '#c2872b' },
  dark: { user: '#8f99f2', assistant: '#4cc0b1', inferred: '#dca650' },
};

export function readTheme(): CanvasTheme {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    dark: document.documentElement.dataset.theme === 'dark',
    text: v('--text', '#1c1c22'),
    textMuted: v('--text-muted', '#6a6a76'),
    bg: v('--bg', '#f7f7f9'),
    accent: v('--accent', '#4f5bd5'),
  };
}

/**
 * Node diameter by degree: square-root scale, so hubs stand out without swallowing their neighbours.
 * A large graph's nodes sit closer together (see the layout's spacing), so they are drawn smaller.
 */
export function nodeSize(degree: number, maxDegree: number, large = false): number {
  if (maxDegree <= 0) return 16;
  return large ? Math.round(8 + 26 * Math.sqrt(degree / maxDegree)) : Math.round(14 + 34 * Math.sqrt(degree / maxDegree));
}

/** Zoom at which node labels become readable; below it a large graph draws none (see graph-canvas.ts). */
export const LABEL_ZOOM = 0.65;

/**
 * Every property in a base rule is applied to every element, so the base rules carry only what a
 * dot and a line need; label properties live in the rules for the elements that show a label. On a
 * large graph those are the emphasised ones and, when zoomed in, the ones in view (class `labelled`).
 */
export function buildStyle(t: CanvasTheme, large: boolean): StylesheetJson {
  const prov = PROV_COLORS[t.dark ? 'dark' : 'light'];
  const nodeLabel = {
    label: 'data(label)',
    color: t.text,
    'font-size': 11,
    'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    'text-valign': 'bottom',
    'text-margin-y': 3,
    // Labels disappear when zoomed out far enough that they would be unreadable anyway.
    'min-zoomed-font-size': 7,
    'text-outline-color': t.bg,
    'text-outline-width': 2,
    'text-outline-opacity': 0.9,
  } as const;
  const edgeLabel = {
    label: 'data(label)',
    'font-size': 10,
    color: t.textMuted,
    'text-rotation': 'autorotate',
    'text-background-color': t.bg,
    'text-background-opacity': 0.9,
    'text-background-padding': '2px',
    'text-background-shape': 'roundrectangle',
  } as const;
  return [
    {
      selector: 'node',
      style: {
        width: 'data(size)',
        height: 'data(size)',
        'background-color': 'data(color)',
        // Better-connected nodes are drawn (and clicked) on top of the leaves around them. Cytoscape
        // maps data() into z-index like any number; its typings only list plain numbers.
        'z-index': 'data(z)' as unknown as number,
        ...(large ? {} : { 'border-width': 1.5, 'border-color': t.bg, ...nodeLabel }),
      },
    },
    ...(large ? [{ selector: 'node.labelled, node.emph, node:selected', style: nodeLabel }] : []),
    {
      selector: 'edge',
      style: large
        ? { width: 1.2, 'line-color': prov.user, 'curve-style': 'haystack', 'haystack-radius': 0, opacity: 0.35 }
        : { width: 1.4, 'line-color': prov.user, 'curve-style': 'bezier', 'target-arrow-shape': 'triangle', 'target-arrow-color': prov.user, 'arrow-scale': 0.75, opacity: 0.75 },
    },
    { selector: 'edge[prov = "assistant"]', style: { 'line-color': prov.assistant, 'target-arrow-color': prov.assistant } },
    { selector: 'edge[prov = "inferred"]', style: { 'line-color': prov.inferred, 'target-arrow-color': prov.inferred } },
    {
      selector: 'edge.ended',
      style: { 'line-style': 'dashed', 'line-dash-pattern': [5, 4], opacity: large ? 0.22 : 0.45 },
    },
    { selector: 'node.faded', style: { opacity: t.dark ? 0.22 : 0.2, 'text-opacity': 0 } },
    { selector: 'edge.faded', style: { opacity: 0.06 } },
    // The neighbourhood of the selection and search matches: labels from further out, edges named.
    // Emphasised labels show from a smaller zoom than others, the selected node's at any zoom.
    // On a large graph seen whole, a hub's neighbours' labels would be a smudge: they wait for a readable zoom.
    { selector: 'node.emph', style: { 'min-zoomed-font-size': large ? 8 : 5, 'font-weight': 600, 'z-index': 1000 } },
    { selector: 'edge.emph, edge:selected', style: edgeLabel },
    { selector: 'edge.emph', style: { width: 2.2, opacity: 1, 'z-index': 9 } },
    { selector: 'edge.emph.ended', style: { opacity: 0.7 } },
    { selector: 'node.match', style: { 'border-width': 3, 'border-color': t.accent } },
    { selector: 'node:selected', style: { 'border-width': 4, 'border-color': t.accent, 'z-index': 1001, 'min-zoomed-font-size': 0 } },
    {
      selector: 'edge:selected',
      style: { width: 3.5, 'line-color': t.accent, 'target-arrow-color': t.accent, opacity: 1, 'z-index': 20, color: t.text },
    },
    { selector: 'node:active, edge:active', style: { 'overlay-color': t.accent, 'overlay-padding': 4, 'overlay-opacity': 0.12 } },
  ];
}
