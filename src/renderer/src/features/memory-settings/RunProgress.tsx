// A consolidation run of one agent as it goes (stage by stage, with Cancel) and the agent's recent runs,
// each opening to its summary.
import { useState } from 'react';
import type { Agent } from '../../../../shared/config';
import type { ConsolidationProgress, ConsolidationSummary, Session } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { fullTime, shortAgo } from '../../lib/time';
import { Glyph, Spinner } from '../laws/Glyph';
import { describeLawScope } from '../laws/scopes';
import { durationText, runOutcome, RunSummary, triggerText } from './RunSummary';
import { useMemorySettings, type Level } from './store';

const STAGES: { stage: ConsolidationProgress['stage']; label: string; level: Level }[] = [
  { stage: 'facts', label: 'Facts', level: 1 },
  { stage: 'graph', label: 'Graph', level: 2 },
  { stage: 'laws', label: 'Laws', level: 3 },
];

export function RunProgress(props: { agentId: string; progress: ConsolidationProgress | null; level: Level; cancelling: boolean; agents: Agent[]; sessions: Session[] }) {
  const { progress: p, level } = props;
  const stages = STAGES.filter((s) => s.level <= level);
  const index = p ? stages.findIndex((s) => s.stage === p.stage) : -1;
  const within = p && p.total > 0 ? Math.min(1, p.done / p.total) : 0;
  const fraction = index < 0 ? 0 : (index + within) / stages.length;
  const where = p?.scope ? describeLawScope(p.scope, props.agents, props.sessions).label : null;

  return (
    <div className="run-progress" data-testid="run-progress" data-stage={p?.stage ?? 'starting'}>
      <div className="run-progress-head">
        <Spinner />
        <span className="run-progress-text" data-testid="run-progress-text" role="status">
          {!p ? (
            'Starting…'
          ) : (
            <>
              <strong>{STAGES.find((s) => s.stage === p.stage)!.label}</strong>
              {where ? <> · {where}</> : null}
              {p.total > 0 ? (
                <span className="run-progress-count" data-testid="run-progress-count">
                  {' '}
                  · {p.done} / {p.total}
                </span>
              ) : null}
            </>
          )}
        </span>
        <button
          type="button"
          className="button button-small"
          data-testid="consolidate-cancel"
          disabled={props.cancelling}
          onClick={() => void useMemorySettings.getState().cancel(props.agentId)}
        >
          <Glyph name="stop" size={12} />
          {props.cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
      <div
        className="progress-track"
        role="progressbar"
        aria-label="Consolidation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
        data-testid="run-progress-bar"
      >
        <div className="progress-fill" style={{ width: `${Math.max(3, fraction * 100)}%` }} />
      </div>
      <ol className="run-stages">
        {stages.map((s, i) => (
          <li key={s.stage} className={i < index ? 'is-done' : i === index ? 'is-current' : undefined} data-testid={`run-stage-${s.stage}`}>
            {i < index ? <Icon name="check" size={12} /> : <span className="run-stage-dot" />}
            {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function History({ runs }: { runs: ConsolidationSummary[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <details className="run-history" data-testid="run-history">
      <summary>Recent runs ({runs.length})</summary>
      <ul>
        {runs.map((r) => {
          const o = runOutcome(r);
          const isOpen = open === r.runId;
          return (
            <li key={r.runId} className={isOpen ? 'is-open' : undefined}>
              <button type="button" className="run-history-row" data-testid="run-history-row" aria-expanded={isOpen} onClick={() => setOpen(isOpen ? null : r.runId)}>
                <span className={`status-dot status-${o.tone}`} aria-hidden="true" />
                <span className="run-history-when" title={fullTime(r.startedAt)}>
                  {shortAgo(r.startedAt) === 'now' ? 'just now' : shortAgo(r.startedAt)}
                </span>
                <span>level {r.level}</span>
                <span className="muted">{triggerText(r.trigger)}</span>
                <span className="spacer" />
                <span className="muted">{r.llmCalls} calls</span>
                <span className="muted">{durationText(r.durationMs)}</span>
                <span className={`run-history-outcome is-${o.tone}`}>{o.label}</span>
              </button>
              {isOpen ? <RunSummary summary={r} /> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
