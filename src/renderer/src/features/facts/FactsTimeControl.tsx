// "What did Monad know on <date>" for facts, like the graph's time control: the slider steps through the
// moments this scope's facts changed, ending at "now"; the date field jumps to any day (its end). A past
// moment shows the facts as they were, from their kept versions, and nothing can be changed there.
import { dateInputValue, endOfDay, formatMoment } from '../graph/format';
import { Glyph } from './Glyph';
import { useFacts } from './store';

export function FactsTimeControl({ label }: { label: string }) {
  const changes = useFacts((s) => (s.changes?.scope === s.scope ? s.changes.at : null));
  const at = useFacts((s) => s.at);
  const count = useFacts((s) => (s.list?.scope === s.scope && s.list.at === (s.at === null ? null : new Date(s.at).toISOString()) ? s.list.facts.length : null));
  const stops = changes ?? [];
  const last = stops.length; // the final stop is "now"
  let index = last;
  if (at !== null) {
    index = 0;
    for (let i = 0; i < stops.length && stops[i] <= at; i++) index = i;
  }
  const now = at === null;
  const setAt = (v: number | null) => void useFacts.getState().setAt(v);

  return (
    <div className={`facts-time${now ? '' : ' is-past'}`} data-testid="facts-time" role="group" aria-label={`Moment ${label} is shown at`}>
      <span className="facts-time-label" data-testid="facts-time-label" title={now ? 'The facts as they are now' : new Date(at).toISOString()}>
        <Glyph name="clock" size={15} />
        {now ? 'Now' : formatMoment(at)}
      </span>
      <input
        type="range"
        className="facts-slider"
        min={0}
        max={last}
        step={1}
        value={index}
        disabled={last === 0}
        aria-label="Moment shown"
        aria-valuetext={now ? 'Now' : formatMoment(at)}
        data-testid="facts-time-slider"
        onChange={(e) => {
          const i = Number(e.target.value);
          setAt(i >= last ? null : stops[i]);
        }}
      />
      <input
        type="date"
        className="input facts-date"
        aria-label="Show the facts as they were on"
        data-testid="facts-time-date"
        value={dateInputValue(at ?? Date.now())}
        max={dateInputValue(Date.now())}
        onChange={(e) => {
          const end = endOfDay(e.target.value);
          if (end === null) return;
          setAt(end >= Date.now() ? null : end);
        }}
      />
      <button type="button" className="button" data-testid="facts-time-now" disabled={now} onClick={() => setAt(null)}>
        Now
      </button>
      {!now && count !== null ? (
        <span className="facts-time-count" data-testid="facts-time-count">
          {count} {count === 1 ? 'fact' : 'facts'} then
        </span>
      ) : null}
    </div>
  );
}
