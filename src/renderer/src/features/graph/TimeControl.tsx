// Below the canvas: the moment the graph is shown at. The slider steps through the instants at which
// something changed (a relation started or ended), ending at "now"; the date field jumps to any day.
import { GraphIcon } from './graph-icons';
import { dateInputValue, endOfDay, formatMoment, plural } from './format';
import { useGraph } from './store';

export function TimeControl() {
  const changes = useGraph((s) => s.model?.changes);
  const at = useGraph((s) => s.at);
  const includeEnded = useGraph((s) => s.includeEnded);
  const shownNodes = useGraph((s) => s.visible?.nodes.size ?? 0);
  const shownEdges = useGraph((s) => (s.visible ? s.visible.current.size + s.visible.ended.size : 0));
  const status = useGraph((s) => s.status);
  // The bar keeps its place while a graph loads, so the canvas does not change size (and move) when it is drawn.
  if (status === 'loading' || status === 'layout' || (status === 'ready' && !changes)) return <div className="graph-time" aria-hidden="true" />;
  if (status !== 'ready' || !changes) return null;

  const last = changes.length; // the slider's final stop is "now"
  let index = last;
  if (at !== null) {
    index = 0;
    for (let i = 0; i < changes.length && changes[i] <= at; i++) index = i;
  }
  const now = at === null;
  const setIndex = (i: number) => useGraph.getState().setAt(i >= last ? null : changes[i]);

  return (
    <div className="graph-time" data-testid="graph-time">
      <span className={`graph-time-label${now ? '' : ' is-past'}`} data-testid="graph-time-label" title={now ? 'The graph as it is now' : new Date(at).toISOString()}>
        <GraphIcon name="clock" size={15} />
        {now ? 'Now' : formatMoment(at)}
      </span>
      <input
        type="range"
        className="graph-slider"
        min={0}
        max={last}
        step={1}
        value={index}
        disabled={last === 0}
        aria-label="Moment shown"
        aria-valuetext={now ? 'Now' : formatMoment(at)}
        data-testid="graph-time-slider"
        onChange={(e) => setIndex(Number(e.target.value))}
      />
      <input
        type="date"
        className="input graph-date"
        aria-label="Show the graph as it was on"
        data-testid="graph-time-date"
        value={dateInputValue(at ?? Date.now())}
        max={dateInputValue(Date.now())}
        onChange={(e) => {
          const end = endOfDay(e.target.value);
          if (end === null) return;
          useGraph.getState().setAt(end >= Date.now() ? null : end);
        }}
      />
      <button type="button" className="button" data-testid="graph-time-now" disabled={now} onClick={() => useGraph.getState().setAt(null)}>
        Now
      </button>
      <label className="graph-check" title="Draw relations that had ended by this moment, dashed">
        <input type="checkbox" checked={includeEnded} data-testid="graph-show-ended" onChange={(e) => useGraph.getState().setIncludeEnded(e.target.checked)} />
        Ended relations
      </label>
      <span className="graph-time-counts" data-testid="graph-counts">
        {plural(shownNodes, 'entity', 'entities')} · {plural(shownEdges, 'relation', 'relations')}
      </span>
    </div>
  );
}
