// One agent's memory settings: its level (or the global one), background runs and their interval, and a
// memory model of its own; each change is saved to config.json at once and said in words (next-step.ts).
import { useEffect, useId, useState } from 'react';
import { SwitchField } from '../../app/SwitchField';
import type { Agent, AgentPatch, ModelRef } from '../../../../shared/config';
import type { ProviderView } from '../../../../shared/domain';
import { memoryModelAfterProviderChange, memoryModelChoices } from './memory-model-choice';
import { Icon } from '../../app/icons';
import { LEVELS } from './levels';
import { nextStepText } from './next-step';
import { useMemorySettings, type Level } from './store';

/** The config schema's bounds for agent.agents[].memory.intervalMinutes (one minute to one week). */
const INTERVAL_MIN = 1;
const INTERVAL_MAX = 7 * 24 * 60;

export function AgentSettings({ agent, globalLevel, providers }: { agent: Agent; globalLevel: Level; providers: ProviderView[] }) {
  const ids = { level: useId(), interval: useId() };
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

      <SwitchField
        title="Background"
        testId="agent-memory-auto"
        checked={auto}
        onText="Auto-consolidate"
        offText="Manual only"
        onChange={(on) => {
          setAuto(on);
          void save({ autoConsolidate: on });
        }}
      />

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
      {/* A real <label> for the provider select: clicking the words focuses it, and its name no longer
          rests on an aria-labelledby span beside a title (reported by axe as label-title-only). */}
      <label className="field-label" htmlFor={ids.provider}>
        Memory model
      </label>
      <div className="memory-model-inputs">
        <select
          id={ids.provider}
          className="input select"
          title="A model for this agent's consolidation only; “Memory role” uses Settings → Models"
          data-testid="agent-memory-provider"
          value={provider}
          onChange={(e) => {
            const id = e.target.value;
            const p = providers.find((x) => x.id === id);
            // Only models that can answer a prompt: an embedding model was the first listed and failed every task.
            const next = memoryModelAfterProviderChange(id ? (p?.models ?? []) : null, model);
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
          {memoryModelChoices(chosen?.models ?? []).map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </div>
      {missing ? <span className="field-error">Points at provider “{current?.provider}”, which is not configured.</span> : null}
    </div>
  );
}
