// Settings → Memory: where memory runs and what it may cost (issue 18 §5). The memory backend (built-in or
// mem0), mem0's vector store (the managed local qdrant and its port, or a remote qdrant address), how often
// and how much automatic consolidation sends, and each agent's recall block budget. Until now these were
// config.json only. Every field saves on Enter or when it loses focus; empty means "the default".
import { RadioSegments } from '../../app/RadioSegments';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Config } from '../../../../shared/config';
import {
  DEFAULT_AUTO_CONSOLIDATE_COOLDOWN_MINUTES,
  DEFAULT_AUTO_CONSOLIDATE_MAX_INPUT_CHARS,
  DEFAULT_QDRANT_PORT,
  DEFAULT_RECALL_BUDGET_CHARS,
} from '../../../../shared/cost-guards';
import { ApiError, invoke } from '../../lib/api';
import { useAgents } from '../agents/store';
import { useSettings } from '../settings/store';

type Backend = Config['memory']['backend'];

const BACKENDS: { value: Backend; label: string; detail: string }[] = [
  { value: 'builtin', label: 'Built-in', detail: 'Facts as Markdown files, graph and laws in SQLite' },
  { value: 'mem0', label: 'mem0', detail: 'mem0 learns from each conversation by itself; vectors in qdrant' },
];

async function patchConfig(patch: Record<string, unknown>): Promise<string | null> {
  try {
    const config = await invoke('config.update', { patch });
    useSettings.getState().applyConfig(config, useSettings.getState().configError);
    return null;
  } catch (err) {
    return err instanceof ApiError ? err.message : String(err);
  }
}

/** A whole number in [min, max], or null for "use the default"; an error text otherwise. */
export function parseWhole(raw: string, min: number, max: number, what: string): { value: number | null } | { error: string } {
  const t = raw.trim();
  if (t === '') return { value: null };
  const n = Number(t);
  if (!Number.isInteger(n)) return { error: `${what} is a whole number.` };
  if (n < min || n > max) return { error: `${what} is between ${min.toLocaleString()} and ${max.toLocaleString()}.` };
  return { value: n };
}

export function validateQdrantUrl(raw: string): string | null {
  const t = raw.trim();
  if (t === '') return null;
  try {
    const u = new URL(t);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'The address starts with http:// or https://.';
  } catch {
    return 'Not a web address (e.g. https://qdrant.example.com:6333).';
  }
}

/** One text field that saves on Enter / blur, resets on Escape, and shows its own error. */
function SavedField(props: {
  label: string;
  testId: string;
  value: string;
  placeholder: string;
  mono?: boolean;
  /** Addresses need room; numbers do not. */
  wide?: boolean;
  inputMode?: 'numeric' | 'url';
  validate: (raw: string) => string | null;
  save: (raw: string) => Promise<string | null>;
}) {
  const id = useId();
  const [text, setText] = useState(props.value);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => setText(props.value), [props.value]);
  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => setSaved(false), 1800);
    return () => clearTimeout(t);
  }, [saved]);
  const invalid = props.validate(text);

  async function commit() {
    if (text.trim() === props.value.trim()) return;
    if (invalid) return setError(invalid);
    const err = await props.save(text);
    setError(err);
    setSaved(!err);
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit();
    } else if (e.key === 'Escape') {
      setText(props.value);
      setError(null);
    }
  };
  const shown = invalid ?? error;
  return (
    // The section's fields are 130 px wide (laws.css); an address needs more.
    <label className="field" htmlFor={id} style={props.wide ? { width: '16rem', maxWidth: '100%' } : undefined}>
      <span className="field-label">{props.label}</span>
      <input
        id={id}
        className={`input${props.mono ? ' mono' : ''}${shown ? ' is-invalid' : ''}`}
        data-testid={props.testId}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        value={text}
        aria-invalid={!!shown}
        aria-describedby={shown ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onBlur={() => void commit()}
        onKeyDown={onKey}
      />
      <span className="memory-global-feedback" aria-live="polite">
        {shown ? (
          <span className="field-error" id={`${id}-error`} data-testid={`${props.testId}-error`}>
            {shown}
          </span>
        ) : saved ? (
          <span className="muted" data-testid={`${props.testId}-saved`}>
            Saved
          </span>
        ) : null}
      </span>
    </label>
  );
}

export function MemoryCostSettings() {
  const memory = useSettings((s) => s.config?.memory);
  const agents = useAgents((s) => s.agents);
  const [backendError, setBackendError] = useState<string | null>(null);
  if (!memory) return null;
  const auto = memory.autoConsolidation ?? {};

  const whole = (min: number, max: number, what: string) => (raw: string) => {
    const r = parseWhole(raw, min, max, what);
    return 'error' in r ? r.error : null;
  };
  const value = (raw: string) => {
    const r = parseWhole(raw, 0, Number.MAX_SAFE_INTEGER, '');
    return 'value' in r ? r.value : null;
  };

  return (
    <div className="card memory-global" data-testid="memory-cost-settings">
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>Memory backend</h3>
          <p>Which memory Monad keeps. Switching is immediate and deletes nothing in either (memory.backend).</p>
        </div>
        <RadioSegments
          className="level-picker"
          label="Memory backend"
          testId="memory-backend-picker"
          value={memory.backend}
          options={BACKENDS.map((b) => ({ value: b.value, label: b.label, title: b.detail }))}
          optionTestId={(v) => `memory-backend-${v}`}
          onChoose={(backend) => void patchConfig({ memory: { backend } }).then(setBackendError)}
        />
      </div>
      {backendError ? (
        <span className="field-error" data-testid="memory-backend-error">
          {backendError}
        </span>
      ) : null}
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>mem0’s vector store</h3>
          <p>
            Empty: Monad runs its own qdrant on this computer, on the port below (empty: the first free port from {DEFAULT_QDRANT_PORT}; a change applies the next time it
            starts). An address: mem0 uses that qdrant instead (memory.mem0).
          </p>
        </div>
        <div className="memory-decay-fields">
          <SavedField
            label="Remote qdrant address"
            testId="memory-qdrant-url"
            value={memory.mem0.vectorStore?.url ?? ''}
            placeholder="None: qdrant on this computer"
            mono
            wide
            inputMode="url"
            validate={validateQdrantUrl}
            save={(raw) => patchConfig({ memory: { mem0: { vectorStore: raw.trim() ? { url: raw.trim() } : null } } })}
          />
          <SavedField
            label="Local qdrant port"
            testId="memory-qdrant-port"
            value={memory.mem0.qdrantPort === undefined ? '' : String(memory.mem0.qdrantPort)}
            placeholder={`Auto (${DEFAULT_QDRANT_PORT}+)`}
            mono
            inputMode="numeric"
            validate={whole(1024, 65535, 'The port')}
            save={(raw) => patchConfig({ memory: { mem0: { qdrantPort: value(raw) } } })}
          />
        </div>
      </div>
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>Automatic tidying of facts</h3>
          <p>When a scope grows past about 2,000 characters, it is consolidated in the background: at most once per pause, and sending at most this much text (the longest facts first, the rest next time).</p>
        </div>
        <div className="memory-decay-fields">
          <SavedField
            label="Pause between runs (minutes)"
            testId="memory-auto-cooldown"
            value={auto.cooldownMinutes === undefined ? '' : String(auto.cooldownMinutes)}
            placeholder={String(DEFAULT_AUTO_CONSOLIDATE_COOLDOWN_MINUTES)}
            mono
            inputMode="numeric"
            validate={whole(0, 7 * 24 * 60, 'The pause')}
            save={(raw) => patchConfig({ memory: { autoConsolidation: { cooldownMinutes: value(raw) } } })}
          />
          <SavedField
            label="Most text sent per run (characters)"
            testId="memory-auto-max-input"
            value={auto.maxInputChars === undefined ? '' : String(auto.maxInputChars)}
            placeholder={DEFAULT_AUTO_CONSOLIDATE_MAX_INPUT_CHARS.toLocaleString()}
            mono
            inputMode="numeric"
            validate={whole(500, 200_000, 'The amount')}
            save={(raw) => patchConfig({ memory: { autoConsolidation: { maxInputChars: value(raw) } } })}
          />
        </div>
      </div>
      <div className="memory-global-row">
        <div className="memory-global-text">
          <h3>Memory shown to each agent</h3>
          <p>How much of what Monad remembers goes into each chat, in characters. The rest stays one “memory view” away, and the chat says how many facts that is.</p>
        </div>
        <div className="memory-decay-fields" data-testid="memory-recall-budgets">
          {agents.map((a) => (
            <SavedField
              key={a.id}
              label={a.name}
              testId={`memory-recall-budget-${a.id}`}
              value={a.memory.recallBudgetChars === undefined ? '' : String(a.memory.recallBudgetChars)}
              placeholder={DEFAULT_RECALL_BUDGET_CHARS.toLocaleString()}
              mono
              inputMode="numeric"
              validate={whole(500, 200_000, 'The budget')}
              save={async (raw) => {
                try {
                  const agent = await invoke('agents.update', { id: a.id, patch: { memory: { recallBudgetChars: value(raw) } } });
                  useAgents.setState((s) => ({ agents: s.agents.map((x) => (x.id === a.id ? agent : x)) }));
                  return null;
                } catch (err) {
                  return err instanceof ApiError ? err.message : String(err);
                }
              }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
