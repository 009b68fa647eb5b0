// The 2D projection of the memories' embeddings (PCA computed in main) as an SVG scatter plot: nearby
// points are memories mem0 considers similar. Hover shows the memory (hovering its row in the list does
// too), click selects it (in the list as well); points are focusable and keyboard-activatable.
import { useMemo } from 'react';
import type { Mem0Projection } from '../../../../shared/domain';

const W = 560;
const H = 380;
const PAD = 24;

export interface ScatterPlotProps {
  projection: Mem0Projection;
  selectedId: string | null;
  hoverId: string | null;
  onHover(id: string | null): void;
  onSelect(id: string): void;
}

/** A stable colour per agent, from a small palette that reads on both themes. */
const PALETTE = ['#4f5bd5', '#d5734f', '#2f9e6a', '#b0499c', '#c79a1c', '#3a8fb7', '#8a6bd1'];

export function agentColour(agentId: string | null, agents: string[]): string {
  const i = agentId ? agents.indexOf(agentId) : -1;
  return i < 0 ? '#8a8a96' : PALETTE[i % PALETTE.length];
}

export function ScatterPlot({ projection, selectedId, hoverId, onHover, onSelect }: ScatterPlotProps) {
  const agents = useMemo(() => [...new Set(projection.points.map((p) => p.agentId ?? ''))].filter(Boolean).sort(), [projection]);
  const placed = useMemo(() => {
    const xs = projection.points.map((p) => p.x);
    const ys = projection.points.map((p) => p.y);
    const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
    // Same scale on both axes, so distances on screen mean the same thing in every direction.
    const span = Math.max(x1 - x0, y1 - y0) || 1;
    const scale = Math.min(W - 2 * PAD, H - 2 * PAD) / span;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    return projection.points.map((p) => ({ ...p, sx: W / 2 + (p.x - cx) * scale, sy: H / 2 - (p.y - cy) * scale }));
  }, [projection]);
  const hovered = placed.find((p) => p.id === hoverId) ?? null;
  const selected = placed.find((p) => p.id === selectedId) ?? null;

  if (!placed.length) {
    return <div className="mem0-plot-empty">No memories to place yet.</div>;
  }

  return (
    <div className="mem0-plot" data-testid="mem0-scatter">
      <div className="mem0-plot-area">
        <svg viewBox={`0 0 ${W} ${H}`} role="group" aria-label={`Map of ${placed.length} memories: nearby points are similar`}>
          <line className="mem0-axis" x1={PAD} y1={H / 2} x2={W - PAD} y2={H / 2} />
          <line className="mem0-axis" x1={W / 2} y1={PAD} x2={W / 2} y2={H - PAD} />
          {selected ? <circle className="mem0-halo" data-testid="mem0-halo" cx={selected.sx} cy={selected.sy} r={13} /> : null}
          {placed.map((p) => {
            const active = p.id === selectedId;
            return (
              <circle
                key={p.id}
                data-testid="mem0-point"
                data-id={p.id}
                className={`mem0-point${active ? ' is-selected' : ''}${p.id === hoverId ? ' is-hovered' : ''}`}
                cx={p.sx}
                cy={p.sy}
                r={active ? 8 : 6}
                fill={agentColour(p.agentId, agents)}
                tabIndex={0}
                role="button"
                aria-label={p.text}
                aria-pressed={active}
                onMouseEnter={() => onHover(p.id)}
                onMouseLeave={() => onHover(null)}
                onFocus={() => onHover(p.id)}
                onBlur={() => onHover(null)}
                onClick={() => onSelect(p.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onSelect(p.id);
                  }
                }}
              />
            );
          })}
        </svg>
        {hovered ? (
          <div
            className="mem0-tip"
            role="tooltip"
            data-testid="mem0-tip"
            style={{ left: `${(hovered.sx / W) * 100}%`, top: `${(hovered.sy / H) * 100}%` }}
          >
            <div className="mem0-tip-text">{hovered.text}</div>
            {hovered.agentId ? <div className="mem0-tip-meta">agent {hovered.agentId}</div> : null}
          </div>
        ) : null}
      </div>
      <div className="mem0-plot-caption">
        PCA of {placed.length} embedding{placed.length === 1 ? '' : 's'} ({projection.dimension} dimensions): the axes explain {pct(projection.explained[0])} and {pct(projection.explained[1])} of the variance.
        {agents.length > 1 ? (
          <span className="mem0-legend">
            {agents.map((a) => (
              <span key={a} className="mem0-legend-item">
                <span className="mem0-swatch" style={{ background: agentColour(a, agents) }} />
                {a}
              </span>
            ))}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}
