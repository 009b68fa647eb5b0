// The four per-chat settings (issue 29 §2) as labelled fields: instructions, temperature, maximum output
// tokens and context length. Used twice: in a chat's settings popover (a value there overrides the
// agent's) and in Settings → Agents (the agent's defaults, over the model's own). Each field is saved when
// it loses focus or on Enter, and has its own "Reset to … default"; what applies when a field is empty is
// shown as its placeholder and in words beside it.
import { useEffect, useId, useState } from 'react';
import { CHAT_PROMPT_MAX, MAX_CONTEXT_TOKENS, MAX_OUTPUT_TOKENS_CAP, MIN_CONTEXT_TOKENS } from '../../../../shared/chat-setting-limits';
import type { ChatSettingKey, ChatSettings, ChatSettingsPatch } from '../../../../shared/chat-settings';
import '../../styles/chat-settings.css';

interface FieldSpec {
  key: ChatSettingKey;
  label: string;
  help: string;
  /** The value typed, as the setting it stands for, or the reason it cannot be one. */
  parse(raw: string): { value: string | number } | { error: string };
}

const whole = (label: string, min: number, max: number) => (raw: string) => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) return { error: `${label} is a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}.` };
  return { value: n };
};

export const CHAT_SETTING_FIELDS: readonly FieldSpec[] = [
  {
    key: 'systemPrompt',
    label: 'Instructions',
    help: 'Added to the system prompt after the agent’s own and the memory block.',
    parse: (raw) => (raw.trim().length > CHAT_PROMPT_MAX ? { error: `Instructions are at most ${CHAT_PROMPT_MAX.toLocaleString('en')} characters.` } : { value: raw.trim() }),
  },
  {
    key: 'temperature',
    label: 'Temperature',
    help: '0 keeps replies focused, 2 makes them freer.',
    parse: (raw) => {
      const n = Number(raw);
      return Number.isFinite(n) && n >= 0 && n <= 2 ? { value: n } : { error: 'Temperature is a number from 0 to 2, such as 0.7.' };
    },
  },
  { key: 'maxOutputTokens', label: 'Maximum reply tokens', help: 'A reply stops at this length.', parse: whole('Maximum reply tokens', 1, MAX_OUTPUT_TOKENS_CAP) },
  { key: 'contextLength', label: 'Context length (tokens)', help: 'Older messages that do not fit are not sent.', parse: whole('Context length', MIN_CONTEXT_TOKENS, MAX_CONTEXT_TOKENS) },
];

export interface ChatSettingsFieldsProps {
  /** The values set at this level (the chat's, or the agent's). */
  own: ChatSettings;
  /** What applies where this level sets nothing (the agent's for a chat; nothing for an agent: the model's own). */
  inherited: ChatSettings;
  /** "agent" in a chat, "model" in an agent's defaults: says whose default an empty field takes. */
  fallback: 'agent' | 'model';
  /** Saves an edit; resolves to an error to show under the field, or null. */
  save(patch: ChatSettingsPatch): Promise<string | null>;
  testIdPrefix: string;
  disabled?: boolean;
}

export function ChatSettingsFields(props: ChatSettingsFieldsProps) {
  return (
    <div className="chat-settings-fields" data-testid={`${props.testIdPrefix}-fields`}>
      {CHAT_SETTING_FIELDS.map((f) => (
        <SettingField key={f.key} spec={f} {...props} />
      ))}
    </div>
  );
}

function shownValue(v: string | number | undefined): string {
  return v === undefined ? '' : String(v);
}

function SettingField({ spec, own, inherited, fallback, save, testIdPrefix, disabled }: ChatSettingsFieldsProps & { spec: FieldSpec }) {
  const id = useId();
  const helpId = useId();
  const errorId = useId();
  const current = own[spec.key];
  const [draft, setDraft] = useState(shownValue(current));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(shownValue(current)), [current]);

  const from = inherited[spec.key];
  const fallbackWords = from !== undefined ? 'the agent’s default' : spec.key === 'systemPrompt' ? 'none' : 'the model’s default';
  const prompt = spec.key === 'systemPrompt';
  // Instructions have no model default: with none set anywhere, there are none.
  const placeholder = from !== undefined ? (prompt ? String(from).slice(0, 80) : String(from)) : prompt ? 'None' : 'Model default';
  const resetLabel = fallback === 'agent' ? 'Reset to agent default' : 'Reset to model default';
  const testId = `${testIdPrefix}-${spec.key}`;

  async function commit(raw: string) {
    if (raw.trim() === shownValue(current)) return setError(null);
    let patch: ChatSettingsPatch;
    if (raw.trim() === '') patch = { [spec.key]: null };
    else {
      const parsed = spec.parse(raw);
      if ('error' in parsed) return setError(parsed.error);
      patch = { [spec.key]: parsed.value };
    }
    setBusy(true);
    const err = await save(patch);
    setBusy(false);
    setError(err);
  }

  async function reset() {
    setBusy(true);
    const err = await save({ [spec.key]: null });
    setBusy(false);
    setError(err);
    if (!err) setDraft('');
  }

  const common = {
    id,
    'data-testid': testId,
    className: `input${spec.key === 'systemPrompt' ? ' textarea' : ' mono'}${error ? ' is-invalid' : ''}`,
    value: draft,
    placeholder,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${errorId} ${helpId}` : helpId,
    onBlur: () => void commit(draft),
  } as const;

  return (
    <div className="chat-setting" data-source={current !== undefined ? 'own' : from !== undefined ? 'inherited' : 'default'}>
      <div className="chat-setting-head">
        <label className="field-label" htmlFor={id}>
          {spec.label}
        </label>
        {current !== undefined ? (
          <button type="button" className="link-button chat-setting-reset" data-testid={`${testId}-reset`} aria-label={`${resetLabel}: ${spec.label}`} disabled={busy || disabled} onClick={() => void reset()}>
            {resetLabel}
          </button>
        ) : null}
      </div>
      {spec.key === 'systemPrompt' ? (
        <textarea
          {...common}
          rows={3}
          maxLength={CHAT_PROMPT_MAX + 200}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            // Enter writes a new line; Ctrl/⌘+Enter saves, as in the composer; Escape puts the saved text back.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void commit(draft);
            } else if (e.key === 'Escape' && draft !== shownValue(current)) {
              e.preventDefault();
              e.stopPropagation();
              setDraft(shownValue(current));
              setError(null);
            }
          }}
        />
      ) : (
        <input
          {...common}
          type="text"
          inputMode={spec.key === 'temperature' ? 'decimal' : 'numeric'}
          spellCheck={false}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault(); // never submits a surrounding form
              void commit(draft);
            } else if (e.key === 'Escape' && draft !== shownValue(current)) {
              e.preventDefault();
              e.stopPropagation();
              setDraft(shownValue(current));
              setError(null);
            }
          }}
        />
      )}
      {error ? (
        <span className="field-error" role="alert" id={errorId} data-testid={`${testId}-error`}>
          {error}
        </span>
      ) : null}
      <span className="popover-help" id={helpId}>
        {spec.help} {current !== undefined ? (fallback === 'agent' ? 'Set for this chat.' : 'Set for this agent’s chats.') : `Empty: ${fallbackWords}${from !== undefined && !prompt ? ` (${from})` : ''}.`}
      </span>
    </div>
  );
}
