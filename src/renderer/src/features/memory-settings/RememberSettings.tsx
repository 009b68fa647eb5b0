// Per agent (issue 16 §3, §5): what its memory writes do — saved at once, waiting in the Inbox, or not
// made — and whether facts it inferred stay out of recall until the person approves them in the Inbox.
import { useEffect, useId, useState } from 'react';
import { SwitchField } from '../../app/SwitchField';
import type { Agent } from '../../../../shared/config';
import { holdsInferred, REMEMBER_MODES, rememberModeOf, type RememberMode } from '../../../../shared/remember-mode';
import { useMemorySettings } from './store';

export function RememberSettings({ agent }: { agent: Agent }) {
  const ids = { mode: useId(), hint: useId() };
  const [mode, setMode] = useState<RememberMode>(rememberModeOf(agent));
  const [hold, setHold] = useState(holdsInferred(agent));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setMode(rememberModeOf(agent)), [agent.memory.remember]);
  useEffect(() => setHold(holdsInferred(agent)), [agent.memory.holdInferred]);

  async function save(patch: { remember?: RememberMode; holdInferred?: boolean }) {
    const err = await useMemorySettings.getState().updateAgent(agent.id, patch);
    setError(err);
    if (err) {
      setMode(rememberModeOf(agent));
      setHold(holdsInferred(agent));
    }
  }

  const detail = REMEMBER_MODES.find((m) => m.mode === mode)?.detail ?? '';
  return (
    <div className="memory-agent-settings" data-testid="remember-settings">
      <label className="field" htmlFor={ids.mode}>
        <span className="field-label">When it wants to remember</span>
        <select
          id={ids.mode}
          className="input select"
          data-testid="agent-remember-mode"
          aria-describedby={ids.hint}
          value={mode}
          onChange={(e) => {
            const next = e.target.value as RememberMode;
            setMode(next);
            void save({ remember: next });
          }}
        >
          {REMEMBER_MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
        <span className="field-hint" id={ids.hint}>
          {detail}
        </span>
      </label>
      <SwitchField
        title="Inferred facts"
        testId="agent-hold-inferred"
        checked={hold}
        onText="Kept out of recall until you approve them in the Inbox"
        offText="Used in recall"
        onChange={(on) => {
          setHold(on);
          void save({ holdInferred: on });
        }}
      />
      {error ? (
        <div className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
