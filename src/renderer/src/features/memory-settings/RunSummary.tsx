// What one consolidation run changed, per layer, and what it cost.
import type { ConsolidationSummary } from '../../../../shared/domain';
import { fullTime, shortAgo } from '../../lib/time';
import { plural } from '../laws/scopes';

export function runOutcome(s: ConsolidationSummary): { tone: 'ok' | 'warn' | 'error'; label: string } {
  if (s.cancelled) return { tone: 'warn', label: 'Cancelled' };
  if (s.ok) return { tone: 'ok', label: 'Done' };
  return { tone: 'error', label: 'Failed' };
}

export function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const TRIGGER: Record<ConsolidationSummary['trigger'], string> = {
  manual: 'Consolidate now',
  schedule: 'Schedule',
  command: '/consolidate',
  cli: 'monad consolidate',
};

export function triggerText(t: ConsolidationSummary['trigger']): string {
  return TRIGGER[t];
}

export function RunSummary({ summary, title }: { summary: ConsolidationSummary; title?: string }) {
  const outcome = runOutcome(summary);
  const f = summary.facts;
  const g = summary.graph;
  const l = summary.laws;
  return (
    <div className={`run-summary run-${outcome.tone}`} data-testid="run-summary" data-run-id={summary.runId} data-outcome={outcome.label.toLowerCase()}>
      <div className="run-summary-head">
        <span className={`pill pill-${outcome.tone}`} data-testid="run-outcome">
          {outcome.label}
        </span>
        <span className="run-summary-title">{title ?? `Level ${summary.level} run`}</span>
        <span className="run-summary-when" title={fullTime(summary.finishedAt)}>
          {triggerText(summary.trigger)} · {ago(summary.finishedAt)}
        </span>
      </div>

      <div className="run-layers">
        <Layer name="Facts" testId="run-facts" rows={[
          [f.merged, 'merged'],
          [f.scopes - f.skipped - f.failed, 'scope consolidated', 'scopes consolidated'],
          [f.skipped, 'scope unchanged', 'scopes unchanged'],
          [f.failed, 'scope failed', 'scopes failed', true],
        ]} />
        {g ? (
          <Layer name="Graph" testId="run-graph" rows={[
            [g.nodesAdded, 'entity added', 'entities added'],
            [g.edgesAdded, 'relation added', 'relations added'],
            [g.edgesMerged, 'merged'],
            [g.edgesClosed, 'closed'],
            [g.edgesRetracted, 'retracted'],
            [g.nodesRemoved, 'entity removed', 'entities removed'],
            [g.proposed ?? 0, 'change proposed to you', 'changes proposed to you'],
            [g.failures, 'pass failed', 'passes failed', true],
          ]} note={plural(g.passes, 'extraction pass', 'extraction passes')} />
        ) : (
          <SkippedLayer name="Graph" level={2} />
        )}
        {l ? (
          <Layer name="Laws" testId="run-laws" rows={[
            [l.derived, 'derived'],
            [l.dropped, 'replaced'],
            [l.skipped, 'scope unchanged', 'scopes unchanged'],
            [l.failed, 'scope failed', 'scopes failed', true],
          ]} note={`${plural(l.scopes, 'scope')}`} />
        ) : (
          <SkippedLayer name="Laws" level={3} />
        )}
      </div>

      <div className="run-cost" data-testid="run-cost">
        <span>
          <strong>{summary.llmCalls}</strong> LLM {summary.llmCalls === 1 ? 'call' : 'calls'}
        </span>
        <span title={`${summary.tokens.input.toLocaleString()} in, ${summary.tokens.output.toLocaleString()} out`}>
          <strong>{(summary.tokens.input + summary.tokens.output).toLocaleString()}</strong> tokens
          <span className="muted">
            {' '}
            ({summary.tokens.input.toLocaleString()} in · {summary.tokens.output.toLocaleString()} out)
          </span>
        </span>
        <span>
          <strong>{durationText(summary.durationMs)}</strong>
        </span>
      </div>
      {summary.error && !summary.cancelled ? (
        <div className="run-error selectable" data-testid="run-error">
          {summary.error}
        </div>
      ) : null}
    </div>
  );
}

/** A count, its label for one and for many (the same word when omitted), and whether it is bad news. */
type Row = [number, string] | [number, string, string] | [number, string, string, boolean];

function Layer({ name, rows, note, testId }: { name: string; rows: Row[]; note?: string; testId: string }) {
  // Zero counts are noise, except that a layer where nothing changed should say so.
  const shown = rows.filter(([n]) => n > 0).map(([n, one, many = one, bad = false]) => ({ n, label: n === 1 ? one : many, bad }));
  return (
    <div className="run-layer" data-testid={testId}>
      <div className="run-layer-name">
        {name}
        {note ? <span className="run-layer-note">{note}</span> : null}
      </div>
      {shown.length ? (
        <ul className="run-layer-rows">
          {shown.map(({ n, label, bad }) => (
            <li key={label} className={bad ? 'is-bad' : undefined}>
              <strong>{n}</strong> {label}
            </li>
          ))}
        </ul>
      ) : (
        <div className="run-layer-none">No changes</div>
      )}
    </div>
  );
}

function SkippedLayer({ name, level }: { name: string; level: number }) {
  return (
    <div className="run-layer is-skipped">
      <div className="run-layer-name">{name}</div>
      <div className="run-layer-none">Not run (needs level {level})</div>
    </div>
  );
}

function ago(iso: string): string {
  const s = shortAgo(iso);
  return s === 'now' ? 'just now' : /^\d+[mh]$/.test(s) ? `${s} ago` : s;
}
