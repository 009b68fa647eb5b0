// One agent's memory: its settings (level, schedule, memory model), when it runs next, "Consolidate now"
// with a live progress bar and Cancel, the summary of its last run, and its recent runs.
import { useEffect, useId, useState } from 'react';
import type { Agent, AgentPatch, ModelRef } from '../../../../shared/config';
import type { AgentMemoryStatus, ConsolidationProgress, ConsolidationSummary, ProviderView, Session } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { fullTime, shortAgo } from '../../lib/time';
import { initials } from '../../lib/initials';
import { Glyph, Spinner } from '../laws/Glyph';
import { describeLawScope } from '../laws/scopes';
import { durationText, runOutcome, RunSummary, triggerText } from './RunSummary';
import { useMemorySettings, type Level } from './store';
import { RememberSettings } from './RememberSettings';
import { nextStepText } from './next-step';
import '../../styles/turn-on.css';

export const LEVELS: { level: Level; label: string; detail: string }[] = [
  { level: 1, label: 'Facts', detail: 'Merge duplicate facts' },
  { level: 2, label: 'Graph', detail: '+ extract entities and relations from chats' },
  { level: 3, label: 'Laws', detail: '+ infer general rules' },
];

/** The config schema's bounds for agent.agents[].memory.intervalMinutes (one minute to one week). */
const INTERVAL_MIN = 1;
const INTERVAL_MAX = 7 * 24 * 60;

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

function AgentSettings({ agent, globalLevel, providers }: { agent: Agent; globalLevel: Level; providers: ProviderView[] }) {
  const ids = { level: useId(), auto: useId(), interval: useId() };
  const [draftInterval, setDraftInterval] = useState(String(agent.memory.intervalMinutes));
  const [error, setError] = useState<string | null>(null);
  /** Counts saves, so a second save in a row shows the note again. */
  const [saved, setSaved] = useState(0);

  // Selects and the switch show the choice at once; the engine's answer (or the config on disk) wins after.
  const [level, setLevel] = useState<Level | null>(agent.memory.level ?? null);
  const [auto, setAuto] = useState(agent.memory.autoConsolidate);
  useEffect(() => setLevel(agent.memory.level ?? null), [agent.memory.level]);
  useEffect(() => setAuto(agent.memory.autoConsolidate), [agent.memory.autoConsolidate]);
  useEffect(() => setDraftInterval(String(agent.memory.intervalMinutes)), [agent.memory.intervalMinutes]);
  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(0), 1800);
    return () => clearTimeout(t);
  }, [saved]);

  async function save(memory: NonNullable<AgentPatch['memory']>) {
    const err = await useMemorySettings.getState().updateAgent(agent.id, memory);
    setError(err);
    if (!err) setSaved((n) => n + 1);
    else {
      setLevel(agent.memory.level ?? null);
      setAuto(agent.memory.autoConsolidate);
    }
  }

  const intervalError = validateInterval(draftInterval);
  function commitInterval() {
    if (intervalError) return;
    const n = Number(draftInterval);
    if (n !== agent.memory.intervalMinutes) void save({ intervalMinutes: n });
  }

  return (
    <div className="memory-agent-settings">
      <label className="field" htmlFor={ids.level}>
        <span className="field-label">Memory level</span>
        <select
          id={ids.level}
          className="input select"
          data-testid="agent-memory-level"
          value={level ?? ''}
          onChange={(e) => {
            const next = e.target.value ? (Number(e.target.value) as Level) : null;
            setLevel(next);
            void save({ level: next });
          }}
        >
          <option value="">Use global (level {globalLevel})</option>
          {LEVELS.map((l) => (
            <option key={l.level} value={l.level}>
              {l.level} — {l.label}
            </option>
          ))}
        </select>
      </label>

      <div className="field">
        <span className="field-label" id={ids.auto}>
          Background
        </span>
        <label className="switch-row">
          <input
            type="checkbox"
            className="switch"
            data-testid="agent-memory-auto"
            aria-labelledby={ids.auto}
            checked={auto}
            onChange={(e) => {
              setAuto(e.target.checked);
              void save({ autoConsolidate: e.target.checked });
            }}
          />
          <span>{auto ? 'Auto-consolidate' : 'Manual only'}</span>
        </label>
      </div>

      <label className="field" htmlFor={ids.interval}>
        <span className="field-label">Every (minutes)</span>
        <input
          id={ids.interval}
          className={`input mono${intervalError ? ' is-invalid' : ''}`}
          data-testid="agent-memory-interval"
          type="number"
          inputMode="numeric"
          min={INTERVAL_MIN}
          max={INTERVAL_MAX}
          step={1}
          value={draftInterval}
          aria-invalid={!!intervalError}
          onChange={(e) => setDraftInterval(e.target.value)}
          onBlur={commitInterval}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commitInterval();
            } else if (e.key === 'Escape') setDraftInterval(String(agent.memory.intervalMinutes));
          }}
        />
      </label>

      <ModelOverride agent={agent} providers={providers} onSave={(model) => save({ model })} />

      {/* What these settings will do, in words (issue 27 §4): the level alone no longer reads as "on". */}
      <p className="memory-next-step" data-testid="memory-next-step">
        {nextStepText(agent.name, level ?? globalLevel, auto, agent.memory.intervalMinutes)}
      </p>

      <div className="memory-agent-feedback" aria-live="polite">
        {intervalError ? (
          <span className="field-error" data-testid="agent-memory-error">
            {intervalError}
          </span>
        ) : error ? (
          <span className="field-error" data-testid="agent-memory-error">
            {error}
          </span>
        ) : saved ? (
          <span className="field-ok" data-testid="agent-memory-saved">
            <Icon name="check" size={12} /> Saved to config.json
          </span>
        ) : null}
      </div>
    </div>
  );
}

export function validateInterval(raw: string): string | null {
  if (raw.trim() === '') return 'Enter how many minutes between runs.';
  const n = Number(raw);
  if (!Number.isInteger(n)) return 'The interval is a whole number of minutes.';
  if (n < INTERVAL_MIN || n > INTERVAL_MAX) return `The interval is between ${INTERVAL_MIN} minute and ${INTERVAL_MAX.toLocaleString()} minutes (a week).`;
  return null;
}

function ModelOverride({ agent, providers, onSave }: { agent: Agent; providers: ProviderView[]; onSave(model: ModelRef | null): Promise<void> }) {
  const current = agent.memory.model ?? null;
  const [provider, setProvider] = useState(current?.provider ?? '');
  const [model, setModel] = useState(current?.model ?? '');
  const listId = useId();
  const ids = { provider: useId(), model: useId() };

  useEffect(() => {
    setProvider(current?.provider ?? '');
    setModel(current?.model ?? '');
  }, [current?.provider, current?.model]);

  const chosen = providers.find((p) => p.id === provider);
  const missing = current !== null && providers.length > 0 && !providers.some((p) => p.id === current.provider);

  function commit(nextProvider: string, nextModel: string) {
    const m = nextModel.trim();
    if (!nextProvider) {
      if (current) void onSave(null);
      return;
    }
    if (!m || (current?.provider === nextProvider && current.model === m)) return;
    void onSave({ provider: nextProvider, model: m });
  }

  return (
    <div className="field memory-model-field">
      <span className="field-label" id={ids.provider}>
        Memory model
      </span>
      <div className="memory-model-inputs">
        <select
          className="input select"
          aria-labelledby={ids.provider}
          title="A model for this agent's consolidation only; “Memory role” uses Settings → Models"
          data-testid="agent-memory-provider"
          value={provider}
          onChange={(e) => {
            const id = e.target.value;
            const p = providers.find((x) => x.id === id);
            const next = p && p.models.includes(model) ? model : (p?.models[0] ?? (id ? model : ''));
            setProvider(id);
            setModel(next);
            commit(id, next);
          }}
        >
          <option value="">Memory role</option>
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <input
          id={ids.model}
          className="input mono"
          aria-label="Memory model name"
          data-testid="agent-memory-model"
          list={listId}
          value={model}
          disabled={!provider}
          spellCheck={false}
          placeholder={provider ? 'Model' : '—'}
          onChange={(e) => setModel(e.target.value)}
          onBlur={() => commit(provider, model)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit(provider, model);
            }
          }}
        />
        <datalist id={listId}>
          {(chosen?.models ?? []).map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </div>
      {missing ? <span className="field-error">Points at provider “{current?.provider}”, which is not configured.</span> : null}
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

const STAGES: { stage: ConsolidationProgress['stage']; label: string; level: Level }[] = [
  { stage: 'facts', label: 'Facts', level: 1 },
  { stage: 'graph', label: 'Graph', level: 2 },
  { stage: 'laws', label: 'Laws', level: 3 },
];

function RunProgress(props: { agentId: string; progress: ConsolidationProgress | null; level: Level; cancelling: boolean; agents: Agent[]; sessions: Session[] }) {
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

function History({ runs }: { runs: ConsolidationSummary[] }) {
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
