// One agent's memory: its settings (level, schedule, memory model), when it runs next, "Consolidate now"
// with a live progress bar and Cancel, the summary of its last run, and its recent runs. The settings are
// AgentSettings.tsx, the progress and the recent runs RunProgress.tsx.
import { useState } from 'react';
import type { Agent } from '../../../../shared/config';
import type { AgentMemoryStatus, ProviderView, Session } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { fullTime } from '../../lib/time';
import { initials } from '../../lib/initials';
import { Glyph } from '../laws/Glyph';
import { AgentSettings } from './AgentSettings';
import { LEVELS } from './levels';
import { RunSummary } from './RunSummary';
import { History, RunProgress } from './RunProgress';
import { useMemorySettings, type Level } from './store';
import { RememberSettings } from './RememberSettings';
import '../../styles/turn-on.css';

export function AgentMemoryCard(props: {
  agent: Agent;
  status: AgentMemoryStatus | null;
  globalLevel: Level;
  providers: ProviderView[];
  agents: Agent[];
  sessions: Session[];
}) {
  const { agent, status } = props;
  const run = useMemorySettings((s) => s.runs[agent.id]);
  const finished = useMemorySettings((s) => s.justFinished[agent.id]);
  const history = useMemorySettings((s) => s.history[agent.id]);
  const active = !!(run?.starting || run?.progress || status?.running);
  const [runLevel, setRunLevel] = useState<Level | null>(null);
  const last = finished ?? status?.lastRun ?? null;
  const effective = status?.effectiveLevel ?? agent.memory.level ?? props.globalLevel;

  return (
    <div className="card memory-agent" data-testid="memory-agent" data-agent-id={agent.id}>
      <div className="memory-agent-head">
        <span className="agent-avatar" aria-hidden="true">
          {initials(agent.name)}
        </span>
        <div className="memory-agent-title">
          <h3>{agent.name}</h3>
          <span className="memory-agent-id mono">{agent.id}</span>
        </div>
        <span className="level-pill" data-testid="memory-agent-level" title="The depth its consolidation runs at">
          Level {effective} · {LEVELS[effective - 1].label}
          {agent.memory.level === undefined ? <span className="level-pill-src"> (global)</span> : null}
        </span>
      </div>

      <AgentSettings agent={agent} globalLevel={props.globalLevel} providers={props.providers} />
      {/* remember mode + held inferred facts (issue 16 §3, §5) */}
      <RememberSettings agent={agent} />

      <Schedule agent={agent} status={status} />

      <div className="consolidate-box" data-testid="consolidate-box">
        {active ? (
          <RunProgress agentId={agent.id} progress={run?.progress ?? null} level={run?.level ?? effective} cancelling={!!run?.cancelling} agents={props.agents} sessions={props.sessions} />
        ) : (
          <div className="consolidate-start">
            <button
              type="button"
              className="button button-primary"
              data-testid="consolidate-now"
              onClick={() => void useMemorySettings.getState().consolidate(agent.id, runLevel)}
            >
              <Glyph name="play" size={13} />
              Consolidate now
            </button>
            <label className="consolidate-level">
              <span>at</span>
              <select
                className="input select input-compact"
                data-testid="consolidate-level"
                aria-label="Level for this run"
                value={runLevel ?? ''}
                onChange={(e) => setRunLevel(e.target.value ? (Number(e.target.value) as Level) : null)}
              >
                <option value="">its level ({effective})</option>
                {LEVELS.map((l) => (
                  <option key={l.level} value={l.level}>
                    level {l.level} — {l.label.toLowerCase()}
                  </option>
                ))}
              </select>
            </label>
            <span className="consolidate-hint">Runs in the background; chat stays usable.</span>
          </div>
        )}
      </div>

      {last && !active ? <RunSummary summary={last} title={finished ? `Level ${last.level} run just now` : `Last run · level ${last.level}`} /> : null}

      {history && history.length > 1 ? <History runs={history} /> : null}
    </div>
  );
}

function Schedule({ agent, status }: { agent: Agent; status: AgentMemoryStatus | null }) {
  return (
    <div className="memory-schedule" data-testid="memory-schedule">
      <span className="memory-schedule-item">
        <Glyph name="clock" size={13} />
        {!agent.memory.autoConsolidate ? (
          'Runs only when you press Consolidate now (or /consolidate)'
        ) : status?.scheduledOn ? (
          <span data-testid="memory-scheduled-elsewhere">
            Scheduled consolidation runs on {status.scheduledOn}; run it here on demand (Consolidate now)
          </span>
        ) : status?.nextRunAt ? (
          <span title={fullTime(status.nextRunAt)} data-testid="memory-next-run">
            Next run {untilText(status.nextRunAt)} · every {agent.memory.intervalMinutes} min
          </span>
        ) : (
          `Every ${agent.memory.intervalMinutes} min`
        )}
      </span>
      <span className="memory-schedule-item" title="The model consolidation calls for this agent (override → memory role → chat model)">
        <Glyph name="layers" size={13} />
        {status?.memoryModel ?? <span className="is-warn">No memory model configured</span>}
      </span>
      {status?.lastError ? (
        <div className="memory-last-error selectable" data-testid="memory-last-error">
          <Icon name="alert" size={13} />
          Last scheduled run failed: {status.lastError}
        </div>
      ) : null}
    </div>
  );
}

function untilText(iso: string): string {
  const ms = Date.parse(iso) - Date.now();
  if (ms <= 60_000) return 'within a minute';
  const min = Math.round(ms / 60_000);
  if (min < 60) return `in ${min} min`;
  const h = Math.floor(min / 60);
  return `in ${h} h ${min % 60} min`;
}
