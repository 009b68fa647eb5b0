// Settings → Memory: what the memory subsystem runs on (backend, models per role), the global depth and
// decay, and per agent its level, schedule and model, with "Consolidate now" and what the runs did.
// Every setting is written to config.json through the contract; the engine's answer is what shows.
import { RadioSegments } from '../../app/RadioSegments';
import '../../styles/laws.css';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FactCheckMode, MemoryFreshness } from '../../../../shared/config';
import type { MemoryStatus } from '../../../../shared/domain';
import { Section } from '../../app/Section';
import { on } from '../../lib/api';
import { useAgents } from '../agents/store';
import { useModels } from '../models/store';
import { useSessions } from '../sessions/store';
import { useSettings } from '../settings/store';
import { AgentMemoryCard } from './AgentMemoryCard';
import { LEVELS } from './levels';
import { TaskFailures } from './TaskFailures';
import { MemoryCostSettings } from './MemoryCostSettings';
import { useMemorySettings, type GlobalMemoryPatch, type Level } from './store';

export function MemorySection() {
  const status = useMemorySettings((s) => s.status);
  const agents = useAgents((s) => s.agents);
  const providers = useModels((s) => s.providers);
  const byAgent = useSessions((s) => s.byAgent);
  const config = useSettings((s) => s.config);
  const focus = useMemorySettings((s) => s.focusRequested);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const st = useMemorySettings.getState();
    void st.load();
    if (!useModels.getState().loaded) void useModels.getState().load();
    const stops = [
      on('consolidate.progress', (p) => useMemorySettings.getState().onProgress(p)),
      on('consolidate.done', (s) => useMemorySettings.getState().onDone(s)),
      // Levels, schedules and models resolve from the config: re-read the status when it changes.
      on('config.changed', () => void useMemorySettings.getState().loadStatus()),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  useEffect(() => {
    if (!focus) return;
    ref.current?.scrollIntoView({ block: 'start' });
    useMemorySettings.getState().clearFocus();
  }, [focus]);

  const globalLevel = (config?.memory.level ?? 1) as Level;
  const sessions = Object.values(byAgent).flat();

  return (
    <div ref={ref} className="memory-settings-anchor">
      <Section
        title="Memory"
        description="How deep consolidation goes, when it runs, which model it uses, and what each run changed and cost. Stored in config.json."
        testId="memory-settings"
      >
        <MemoryStatusStrip status={status} />
        <TaskFailures status={status} /> {/* issue 18 §4: memory-task failures */}
        <GlobalMemory />
        <MemoryCostSettings />
        <div className="card-list" data-testid="memory-agents">
          {agents.map((a) => (
            <AgentMemoryCard
              key={a.id}
              agent={a}
              status={status?.agents.find((s) => s.agentId === a.id) ?? null}
              globalLevel={globalLevel}
              providers={providers}
              agents={agents}
              sessions={sessions}
            />
          ))}
        </div>
      </Section>
    </div>
  );
}

function MemoryStatusStrip({ status }: { status: MemoryStatus | null }) {
  if (!status) return <div className="memory-status is-loading">Loading memory status…</div>;
  const m = status.models;
  return (
    <div className="memory-status" data-testid="memory-status">
      <div className="memory-status-item">
        <span className="memory-status-label">Backend</span>
        <span
          className="memory-status-value"
          data-testid="memory-backend"
          title={status.backend === 'builtin' ? 'Facts as Markdown files; graph, laws and run history in db/memory.sqlite (memory.backend)' : 'mem0 with a local vector store (memory.backend)'}
        >
          {status.backend === 'builtin' ? 'Built-in (Markdown + SQLite)' : 'mem0'}
        </span>
      </div>
      <div className="memory-status-item">
        <span className="memory-status-label">Chat model</span>
        <span className="memory-status-value">{m.chat ?? <span className="is-warn">not set</span>}</span>
      </div>
      <div className="memory-status-item">
        <span className="memory-status-label">Memory model</span>
        <span className="memory-status-value" data-testid="memory-model-global">
          {m.memory ?? <span className="is-warn">not set</span>}
        </span>
      </div>
      <div className="memory-status-item">
        <span className="memory-status-label">Embedding model</span>
        <span className="memory-status-value">{m.embedding ?? <span className="muted">not set</span>}</span>
      </div>
    </div>
  );
}

/** memory.factCheck: which new facts the memory model judges before they are saved. */
const FACT_CHECK_MODES: { mode: FactCheckMode; label: string; detail: string }[] = [
  { mode: 'off', label: 'Off', detail: 'Only the built-in pattern check decides' },
  { mode: 'borderline', label: 'Borderline facts', detail: 'Facts that look addressed to an assistant (orders, "from now on", links, encoded text); most facts cost no call' },
  { mode: 'all', label: 'Every fact', detail: 'Every new fact costs one short call to the memory model' },
];

/** memory.freshness (issue 29 §4): what a chat does when memory changes after its block was frozen. */
const FRESHNESS_MODES: { mode: MemoryFreshness; label: string }[] = [
  { mode: 'quiet', label: 'Quietly' },
  { mode: 'ask', label: 'Ask me' },
  { mode: 'automatic', label: 'Automatically' },
];

const FRESHNESS_TEXT: Record<MemoryFreshness, string> = {
  quiet: 'Nothing interrupts the chat: the “Remembered” line says what was saved, and “Use it now” waits in the reply’s receipt and the chat’s Session menu.',
  ask: 'A banner in the chat asks “Use it now / Not now” after each change.',
  automatic:
    'The next reply uses memory as it is. That reply cannot reuse the provider’s prompt cache, so it costs more and may start slower; the change is recorded in “What the model saw”.',
};

/** memory.history.retentionDays: how long Memory → History keeps its entries (null = forever). */
const RETENTION_CHOICES: { days: number | null; label: string }[] = [
  { days: null, label: 'Forever' },
  { days: 365, label: '1 year' },
  { days: 90, label: '90 days' },
  { days: 30, label: '30 days' },
];

/** The config schema's bounds for memory.decay (halfLifeDays > 0, at most 100,000; 0 ≤ floor ≤ 1). */
const HALF_LIFE_MAX = 100_000;

export function validateHalfLife(raw: string): string | null {
  if (raw.trim() === '') return 'Enter a half-life in days.';
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) return 'The half-life is a number of days above 0.';
  if (n > HALF_LIFE_MAX) return `The half-life is at most ${HALF_LIFE_MAX.toLocaleString()} days.`;
  return null;
}

export function validateFloor(raw: string): string | null {
  if (raw.trim() === '') return 'Enter a floor between 0 and 1.';
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 1) return 'The floor is a confidence between 0 and 1.';
  return null;
}

function GlobalMemory() {
  const memory = useSettings((s) => s.config?.memory);
  const ids = { half: useId(), floor: useId() };
  const [half, setHalf] = useState('');
  const [floor, setFloor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (memory) setHalf(String(memory.decay.halfLifeDays));
  }, [memory?.decay.halfLifeDays]);
  useEffect(() => {
    if (memory) setFloor(String(memory.decay.floor));
  }, [memory?.decay.floor]);
  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(false), 1800);
    return () => clearTimeout(t);
  }, [saved]);

  if (!memory) return null;
  const halfError = validateHalfLife(half);
  const floorError = validateFloor(floor);

  async function write(patch: GlobalMemoryPatch) {
    const err = await useMemorySettings.getState().updateGlobal(patch);
    setError(err);
    setSaved(!err);
  }

  function commitDecay() {
    if (halfError || floorError || !memory) return;
    const h = Number(half);
    const f = Number(floor);
    if (h === memory.decay.halfLifeDays && f === memory.decay.floor) return;
    void write({ decay: { halfLifeDays: h, floor: f } });
  }

  const onKey = (reset: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commitDecay();
    } else if (e.key === 'Escape') reset();
  };

  const shownError = halfError ?? floorError ?? error;
  return (
    <div className="card memory-global" data-testid="memory-global">
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>Default level</h3>
          <p>How deep consolidation goes for agents that use the global setting (memory.level).</p>
        </div>
        <RadioSegments
          className="level-picker"
          label="Default memory level"
          testId="memory-global-level"
          value={memory.level}
          options={LEVELS.map((l) => ({ value: l.level, label: `${l.level} · ${l.label}`, title: l.detail }))}
          onChoose={(level) => void write({ level })}
        />
      </div>
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>Law confidence decay</h3>
          <p>A law’s confidence halves every half-life after it is derived; below the floor it is no longer injected (memory.decay).</p>
        </div>
        <div className="memory-decay-fields">
          <label className="field" htmlFor={ids.half}>
            <span className="field-label">Half-life (days)</span>
            <input
              id={ids.half}
              className={`input mono${halfError ? ' is-invalid' : ''}`}
              data-testid="memory-decay-halflife"
              type="number"
              min={1}
              step="any"
              value={half}
              aria-invalid={!!halfError}
              onChange={(e) => setHalf(e.target.value)}
              onBlur={commitDecay}
              onKeyDown={onKey(() => setHalf(String(memory.decay.halfLifeDays)))}
            />
          </label>
          <label className="field" htmlFor={ids.floor}>
            <span className="field-label">Floor (0–1)</span>
            <input
              id={ids.floor}
              className={`input mono${floorError ? ' is-invalid' : ''}`}
              data-testid="memory-decay-floor"
              type="number"
              min={0}
              max={1}
              step={0.05}
              value={floor}
              aria-invalid={!!floorError}
              onChange={(e) => setFloor(e.target.value)}
              onBlur={commitDecay}
              onKeyDown={onKey(() => setFloor(String(memory.decay.floor)))}
            />
          </label>
        </div>
      </div>
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>Fact check</h3>
          <p>Before a fact is saved, the memory model is asked whether it is about you or an instruction to an assistant; instructions are refused (memory.factCheck).</p>
        </div>
        <RadioSegments
          className="level-picker"
          label="Fact check"
          testId="memory-fact-check"
          value={memory.factCheck}
          options={FACT_CHECK_MODES.map((m) => ({ value: m.mode, label: m.label, title: m.detail }))}
          onChoose={(factCheck) => void write({ factCheck })}
        />
      </div>
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>When memory changes during a chat</h3>
          <p data-testid="memory-freshness-text">
            A chat keeps the memory it started with, so every reply reuses the provider’s prompt cache; new chats always use memory as it is. {FRESHNESS_TEXT[memory.freshness]} (memory.freshness)
          </p>
        </div>
        <RadioSegments
          className="level-picker"
          label="When memory changes during a chat"
          testId="memory-freshness"
          value={memory.freshness}
          options={FRESHNESS_MODES.map((m) => ({ value: m.mode, label: m.label }))}
          onChoose={(freshness) => void write({ freshness })}
        />
      </div>
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>History of memory</h3>
          <p>How long Memory → History keeps each change, for undo and for what Monad knew on a date. Older entries are dropped once a day; what memory holds now is never touched (memory.history.retentionDays).</p>
        </div>
        <RadioSegments
          className="level-picker"
          label="Keep the history of memory"
          testId="memory-history-retention"
          value={memory.history.retentionDays}
          options={[...RETENTION_CHOICES, ...(RETENTION_CHOICES.some((c) => c.days === memory.history.retentionDays) ? [] : [{ days: memory.history.retentionDays, label: `${memory.history.retentionDays} days` }])].map((c) => ({ value: c.days, label: c.label }))}
          optionTestId={(days) => `memory-history-retention-${days ?? 'forever'}`}
          onChoose={(retentionDays) => void write({ history: { retentionDays } })}
        />
      </div>
      <div className="memory-global-feedback" aria-live="polite">
        {shownError ? (
          <span className="field-error" data-testid="memory-global-error">
            {shownError}
          </span>
        ) : saved ? (
          <span className="field-ok" data-testid="memory-global-saved">
            Saved to config.json
          </span>
        ) : null}
      </div>
    </div>
  );
}
