// What the colours, sizes and line styles mean. Collapsible; it floats over the canvas's corner.
import type { ProvClass } from '../../../../shared/domain';
import { GraphIcon } from './graph-icons';
import { PROV_SHORT } from './model';
import { OTHER_COLOR } from './type-colors';
import { useGraph } from './store';
import { PROV_COLORS } from './style';
import { useIsDark } from './use-dark';
import { entityTypeWords } from '../../../../shared/relation-words';

/** Beyond this many types the rest are summed up as "other". */
const MAX_TYPES = 10;

/** The open legend's footprint from the canvas's left edge (graph.css: left 14px), which fitting keeps clear. */
export function legendInset(): number {
  const el = document.querySelector<HTMLElement>('[data-testid="graph-legend"]');
  // Not rendered yet on the first draw (React renders it after): its widest size then.
  return 14 + (el?.offsetWidth ?? LEGEND_MAX_WIDTH);
}
const LEGEND_MAX_WIDTH = 240;

/** Below this canvas size the legend starts folded: open, it would cover a quarter of a 900×700 window. */
export const LEGEND_OPEN_MIN = { width: 820, height: 560 };
/** Once the person opens or folds it, that choice stays (for this window). */
let legendChosen = false;

/** Folds the legend on a small canvas, unless the person already chose. */
export function legendForCanvas(width: number, height: number): void {
  if (legendChosen) return;
  useGraph.getState().setLegendOpen(width >= LEGEND_OPEN_MIN.width && height >= LEGEND_OPEN_MIN.height);
}

export function Legend() {
  const types = useGraph((s) => s.model?.types);
  const ready = useGraph((s) => s.status === 'ready');
  const open = useGraph((s) => s.legendOpen);
  const setOpen = (value: boolean) => {
    legendChosen = true;
    useGraph.getState().setLegendOpen(value);
  };
  const dark = useIsDark();
  if (!ready || !types) return null;

  if (!open) {
    return (
      <button type="button" className="graph-legend-toggle button" data-testid="graph-legend-open" onClick={() => setOpen(true)}>
        <GraphIcon name="layers" size={15} />
        Legend
      </button>
    );
  }
  const shown = types.slice(0, MAX_TYPES);
  const rest = types.slice(MAX_TYPES).reduce((n, t) => n + t.count, 0);
  const prov = PROV_COLORS[dark ? 'dark' : 'light'];
  return (
    <div className="graph-legend" data-testid="graph-legend">
      <div className="graph-legend-head">
        <span className="graph-legend-title">Entities</span>
        <button type="button" className="icon-button" aria-label="Hide the legend" title="Hide the legend" onClick={() => setOpen(false)}>
          <GraphIcon name="down" size={14} />
        </button>
      </div>
      <ul className="graph-legend-list">
        {shown.map((t) => (
          <li key={t.type} data-testid="graph-legend-type">
            <span className="graph-dot" style={{ background: t.color }} />
            <span className="graph-legend-name">{entityTypeWords(t.type)}</span>
            <span className="graph-legend-count">{t.count.toLocaleString()}</span>
          </li>
        ))}
        {rest > 0 ? (
          <li>
            <span className="graph-dot" style={{ background: OTHER_COLOR }} />
            <span className="graph-legend-name">other</span>
            <span className="graph-legend-count">{rest.toLocaleString()}</span>
          </li>
        ) : null}
      </ul>
      <div className="graph-legend-note">Size: number of relations</div>
      <div className="graph-legend-title">Relations</div>
      <ul className="graph-legend-list">
        {(['user', 'assistant', 'inferred'] as ProvClass[]).map((p) => (
          <li key={p}>
            <LineSample color={prov[p]} />
            <span className="graph-legend-name">{PROV_SHORT[p]}</span>
          </li>
        ))}
        <li>
          <LineSample color="currentColor" />
          <span className="graph-legend-name">Current</span>
        </li>
        <li>
          <LineSample color="currentColor" dashed />
          <span className="graph-legend-name">Ended</span>
        </li>
      </ul>
    </div>
  );
}

function LineSample({ color, dashed = false }: { color: string; dashed?: boolean }) {
  return (
    <svg className="graph-line-sample" width="26" height="8" viewBox="0 0 26 8" aria-hidden="true">
      <line x1="1" y1="4" x2="25" y2="4" stroke={color} strokeWidth="2" strokeDasharray={dashed ? '4 3' : undefined} opacity={dashed ? 0.6 : 1} />
    </svg>
  );
}
