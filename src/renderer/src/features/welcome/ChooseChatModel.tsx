// Welcome, step 1 once a provider is connected but no chat model is chosen (issue 29 §5): the person is led
// to choosing the model — from the chat models their providers list, or typed in Settings when none is
// listed — instead of being told again that Ollama was not found and to add a provider.
import { useId, useState } from 'react';
import type { ProviderView } from '../../../../shared/domain';
import { chatModelsOf } from '../../../../shared/model-kinds';
import { openModelSettings, useModels } from '../models/store';

export function ChooseChatModel({ providers }: { providers: ProviderView[] }) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const offered = providers.map((p) => ({ id: p.id, name: p.name, models: chatModelsOf(p.models) })).filter((p) => p.models.length);
  const names = listOf(providers.map((p) => p.name));

  async function choose(value: string) {
    if (!value) return;
    const [provider, model] = JSON.parse(value) as [string, string];
    setSaving(true);
    await useModels.getState().setRole('chat', { provider, model }); // the welcome then says "Chats use …"
    setSaving(false);
  }

  return (
    <div className="welcome-choose" data-testid="welcome-choose-model">
      <p className="welcome-choose-lead">
        {names} {providers.length === 1 ? 'is' : 'are'} connected. Choose the model your chats use.
      </p>
      {offered.length ? (
        <label className="field welcome-choose-field" htmlFor={id}>
          <span className="field-label">Chat model</span>
          <select id={id} className="input select" data-testid="welcome-choose-chat-model" value="" disabled={saving} onChange={(e) => void choose(e.target.value)}>
            <option value="" disabled>
              Choose a model…
            </option>
            {offered.map((p) => (
              <optgroup key={p.id} label={p.name}>
                {p.models.map((m) => (
                  <option key={m} value={JSON.stringify([p.id, m])}>
                    {m}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      ) : (
        <p className="muted" data-testid="welcome-no-chat-models">
          {names} {providers.length === 1 ? 'lists' : 'list'} no chat model yet. Type the model’s name in Settings → Models (for Ollama,{' '}
          <code className="mono">ollama pull llama3.2</code> first adds one).
        </p>
      )}
      <div className="welcome-actions">
        {offered.length ? null : (
          <button type="button" className="button button-primary" data-testid="welcome-open-chat-role" onClick={() => openModelSettings('chat-model')}>
            Choose the chat model in Settings
          </button>
        )}
        <button type="button" className="button" data-testid="welcome-add-provider" onClick={() => openModelSettings('new-provider')}>
          Add another provider
        </button>
      </div>
    </div>
  );
}

/** "Ollama", "Ollama and OpenAI", "Ollama, LM Studio and OpenAI". */
function listOf(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
