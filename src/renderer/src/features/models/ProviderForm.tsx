// Add or edit a provider. The API key is write-only: an existing key shows masked, and can be replaced
// or removed, never read back. "Fetch models" asks the provider (with the key as typed or stored).
import { useId, useState, type FormEvent } from 'react';
import type { Provider, ProviderKind } from '../../../../shared/config';
import type { ProviderView } from '../../../../shared/domain';
import { COMPATIBLE_PRESETS, DEFAULT_BASE_URL, KIND_LABEL } from './presets';
import { uniqueProviderId, useModels } from './store';

type KeyMode = 'keep' | 'replace' | 'remove';

function parseModels(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((m) => m.trim()).filter(Boolean))];
}

/** scheme + host + port of the address a provider of `kind` would use; null when there is none yet. */
function originFor(url: string, kind: ProviderKind): string | null {
  try {
    return new URL(url || DEFAULT_BASE_URL[kind] || '').origin;
  } catch {
    return null;
  }
}

function urlProblem(url: string, kind: ProviderKind): string | null {
  if (url === '') return kind === 'openai-compatible' ? 'An OpenAI-compatible provider needs its base URL.' : null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'The base URL must start with http:// or https://';
  } catch {
    return 'That is not a URL (e.g. http://127.0.0.1:11434/v1).';
  }
}

export function ProviderForm({ existing, onDone }: { existing?: ProviderView; onDone(saved?: ProviderView): void }) {
  const providers = useModels((s) => s.providers);
  const [kind, setKind] = useState<ProviderKind>(existing?.kind ?? 'openai');
  const [name, setName] = useState(existing?.name ?? KIND_LABEL.openai);
  const [baseURL, setBaseURL] = useState(existing?.baseURL ?? '');
  const [keyMode, setKeyMode] = useState<KeyMode>(existing?.hasKey ? 'keep' : 'replace');
  const [key, setKey] = useState('');
  const [modelsText, setModelsText] = useState((existing?.models ?? []).join('\n'));
  const [fetching, setFetching] = useState<{ busy: boolean; message: string | null; error: string | null }>({ busy: false, message: null, error: null });
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const ids = { kind: useId(), preset: useId(), name: useId(), url: useId(), key: useId(), models: useId() };

  const preset = COMPATIBLE_PRESETS.find((p) => p.baseURL === baseURL.trim());
  const urlError = urlProblem(baseURL.trim(), kind);
  // A saved key is bound to the address it was saved for: the engine drops it when the address moves.
  const keyWillDrop =
    !!existing?.hasKey && keyMode === 'keep' && originFor(baseURL.trim(), kind) !== originFor(existing.baseURL ?? '', existing.kind);
  const nameError = name.trim() === '' ? 'Give the provider a name.' : null;

  function changeKind(next: ProviderKind) {
    // A name or URL that was only the old kind's default follows the new kind.
    const namedByDefault = name === KIND_LABEL[kind] || COMPATIBLE_PRESETS.some((p) => p.name === name) || name.trim() === '';
    if (namedByDefault) setName(next === 'openai-compatible' ? COMPATIBLE_PRESETS[0].name : KIND_LABEL[next]);
    if (next === 'openai-compatible') {
      if (baseURL.trim() === '' || Object.values(DEFAULT_BASE_URL).includes(baseURL.trim())) setBaseURL(COMPATIBLE_PRESETS[0].baseURL);
    } else if (COMPATIBLE_PRESETS.some((p) => p.baseURL === baseURL.trim())) {
      setBaseURL('');
    }
    setKind(next);
  }

  function choosePreset(id: string) {
    const p = COMPATIBLE_PRESETS.find((x) => x.id === id);
    if (!p) return;
    if (name.trim() === '' || COMPATIBLE_PRESETS.some((x) => x.name === name) || name === KIND_LABEL['openai-compatible']) setName(p.name);
    setBaseURL(p.baseURL);
  }

  /** The provider as typed. (Where its key is stored is the engine's business, derived from the id.) */
  function draft(): Provider {
    const id = existing?.id ?? uniqueProviderId(name, providers.map((p) => p.id));
    return {
      id,
      kind,
      name: name.trim(),
      ...(baseURL.trim() ? { baseURL: baseURL.trim() } : {}),
      models: parseModels(modelsText),
    };
  }

  /** What to send as the key: undefined keeps the stored one, null removes it. */
  function keyToSave(): string | null | undefined {
    if (keyMode === 'remove') return null;
    if (keyMode === 'replace' && key.trim()) return key.trim();
    return undefined;
  }

  async function fetchModels() {
    if (urlError) {
      setTouched(true);
      return;
    }
    setFetching({ busy: true, message: null, error: null });
    const typed = keyMode === 'replace' && key.trim() ? key.trim() : undefined;
    const result = await useModels.getState().testDraft(draft(), typed, keyMode !== 'remove');
    if (!result) return setFetching({ busy: false, message: null, error: null }); // shown as a toast
    if (!result.ok) return setFetching({ busy: false, message: null, error: result.error ?? 'The provider refused the request.' });
    setModelsText(result.models.join('\n'));
    setFetching({ busy: false, error: null, message: result.models.length ? `Found ${result.models.length} model${result.models.length === 1 ? '' : 's'}.` : 'Connected, but the provider lists no models. Type their names.' });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (urlError || nameError) return;
    setBusy(true);
    const saved = await useModels.getState().save(draft(), keyToSave());
    setBusy(false);
    if (saved) onDone(saved);
  }

  return (
    <form className="card provider-form" data-testid="provider-form" onSubmit={submit} noValidate>
      <div className="provider-form-title">{existing ? `Edit ${existing.name}` : 'Add a provider'}</div>
      <div className="form-grid">
        <label className="field" htmlFor={ids.kind}>
          <span className="field-label">Kind</span>
          <select id={ids.kind} className="input select" data-testid="provider-kind" value={kind} onChange={(e) => changeKind(e.target.value as ProviderKind)}>
            <option value="openai">OpenAI</option>
            <option value="anthropic">Anthropic</option>
            <option value="openai-compatible">OpenAI-compatible (Ollama, LM Studio, vLLM…)</option>
          </select>
        </label>
        {kind === 'openai-compatible' ? (
          <label className="field" htmlFor={ids.preset}>
            <span className="field-label">Server</span>
            <select id={ids.preset} className="input select" data-testid="provider-preset" value={preset?.id ?? 'custom'} onChange={(e) => choosePreset(e.target.value)}>
              {COMPATIBLE_PRESETS.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
              <option value="custom">Other (type the URL)</option>
            </select>
          </label>
        ) : (
          <div />
        )}
        <label className="field" htmlFor={ids.name}>
          <span className="field-label">Name</span>
          <input id={ids.name} className="input" data-testid="provider-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          {touched && nameError ? <span className="field-error">{nameError}</span> : null}
        </label>
        <label className="field" htmlFor={ids.url}>
          <span className="field-label">Base URL</span>
          <input
            id={ids.url}
            className="input mono"
            data-testid="provider-baseurl"
            value={baseURL}
            spellCheck={false}
            placeholder={DEFAULT_BASE_URL[kind] ?? 'http://127.0.0.1:8080/v1'}
            onChange={(e) => setBaseURL(e.target.value)}
          />
          {touched && urlError ? (
            <span className="field-error" data-testid="provider-baseurl-error">
              {urlError}
            </span>
          ) : (
            <span className="field-hint">{DEFAULT_BASE_URL[kind] ? 'Leave empty for the official endpoint.' : 'Usually ends in /v1.'}</span>
          )}
        </label>
      </div>

      <div className="field">
        <label className="field-label" htmlFor={ids.key}>
          API key
        </label>
        {existing?.hasKey && keyMode === 'keep' ? (
          <div className="key-row">
            <span className="key-masked mono" data-testid="provider-key-masked">
              {existing.maskedKey}
            </span>
            <button type="button" className="button" data-testid="provider-key-replace" onClick={() => setKeyMode('replace')}>
              Replace
            </button>
            <button type="button" className="button button-quiet button-danger-text" data-testid="provider-key-remove" onClick={() => setKeyMode('remove')}>
              Remove
            </button>
            {keyWillDrop ? (
              <span className="field-hint field-warning" role="status" data-testid="provider-key-will-drop">
                The address changed, so this key will not be sent there: it is removed when you save. Replace it to use a key at the new address.
              </span>
            ) : null}
          </div>
        ) : existing?.hasKey && keyMode === 'remove' ? (
          <div className="key-row">
            <span className="key-removed">The key {existing.maskedKey} will be removed when you save.</span>
            <button type="button" className="button button-quiet" onClick={() => setKeyMode('keep')}>
              Keep it
            </button>
          </div>
        ) : (
          <div className="key-row">
            <input
              id={ids.key}
              className="input mono"
              type="password"
              data-testid="provider-key"
              autoComplete="off"
              spellCheck={false}
              placeholder={kind === 'openai-compatible' && !preset?.needsKey ? 'Not needed for most local servers' : 'sk-…'}
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
            {existing?.hasKey ? (
              <button
                type="button"
                className="button button-quiet"
                onClick={() => {
                  setKey('');
                  setKeyMode('keep');
                }}
              >
                Keep the current key
              </button>
            ) : null}
          </div>
        )}
        <span className="field-hint">Stored by the app’s secret store, never in config.json. Only a masked form is ever shown again.</span>
      </div>

      <div className="field">
        <div className="field-label-row">
          <label className="field-label" htmlFor={ids.models}>
            Models
          </label>
          <button type="button" className="button button-small" data-testid="provider-fetch-models" disabled={fetching.busy} onClick={() => void fetchModels()}>
            {fetching.busy ? 'Asking the provider…' : 'Fetch models from the provider'}
          </button>
        </div>
        <textarea
          id={ids.models}
          className="input textarea mono provider-models-input"
          data-testid="provider-models"
          rows={3}
          spellCheck={false}
          placeholder="One per line, e.g. gpt-4o-mini"
          value={modelsText}
          onChange={(e) => setModelsText(e.target.value)}
        />
        {fetching.error ? (
          <span className="field-error" data-testid="provider-fetch-error">
            {fetching.error}
          </span>
        ) : fetching.message ? (
          <span className="field-ok" data-testid="provider-fetch-result">
            {fetching.message}
          </span>
        ) : (
          <span className="field-hint">The models offered in the role pickers below. You can also type a model there.</span>
        )}
      </div>

      <div className="card-actions">
        <button type="button" className="button button-quiet" data-testid="provider-cancel" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" data-testid="provider-save" disabled={busy}>
          {existing ? 'Save changes' : 'Add provider'}
        </button>
      </div>
    </form>
  );
}
