// Settings → Models: providers (add / edit / remove / test), local Ollama detection, and the roles.
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../app/icons';
import { Section } from '../../app/Section';
import { on } from '../../lib/api';
import { toast } from '../toasts/store';
import { ProviderCard } from './ProviderCard';
import { ProviderForm } from './ProviderForm';
import { RolePickers } from './RolePickers';
import { uniqueProviderId, useModels, type ModelsFocus } from './store';

/** What gets focus for each way of opening the section (the first match in the page). */
const FOCUS_TARGET: Record<ModelsFocus, string> = {
  section: '[data-testid="provider-new"], [data-testid="role-chat-provider"]',
  'new-provider': '[data-testid="provider-form"] select, [data-testid="provider-form"] input',
  'chat-model': '[data-testid="role-chat-model"]:not(:disabled), [data-testid="role-chat-provider"]',
};

export function ModelsSection() {
  const providers = useModels((s) => s.providers);
  const loaded = useModels((s) => s.loaded);
  const focusRequested = useModels((s) => s.focusRequested);
  // null: no form; 'new': adding; an id: editing that provider.
  const [editing, setEditing] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void useModels.getState().load();
    // Providers live in config.json: an edit on disk or from another window shows up here.
    return on('config.changed', () => void useModels.getState().load());
  }, []);

  useEffect(() => {
    if (!focusRequested) return;
    useModels.getState().clearFocus();
    // "Add a provider" elsewhere (Welcome) means the form, not the page the form is behind (issue 29 §5).
    if (focusRequested === 'new-provider') setEditing('new');
    const target = FOCUS_TARGET[focusRequested];
    requestAnimationFrame(() => {
      const el = ref.current?.querySelector<HTMLElement>(target);
      (focusRequested === 'section' ? ref.current : (el ?? ref.current))?.scrollIntoView({ block: 'start' });
      el?.focus();
    });
  }, [focusRequested]);

  return (
    <div ref={ref} className="models-anchor">
      <Section
        title="Models"
        description="Providers you can chat with, and which model does what. API keys stay in the app’s secret store."
        testId="models-section"
        actions={
          <div className="section-actions">
            <OllamaButton />
            {editing === 'new' ? null : (
              <button type="button" className="button" data-testid="provider-new" onClick={() => setEditing('new')}>
                <Icon name="plus" size={14} />
                Add provider
              </button>
            )}
          </div>
        }
      >
        <OllamaResult />
        <div className="card-list">
          {editing === 'new' ? <ProviderForm onDone={(saved) => done(saved?.name, 'added')} /> : null}
          {providers.map((p) =>
            editing === p.id ? (
              <ProviderForm key={p.id} existing={p} onDone={(saved) => done(saved?.name, 'saved')} />
            ) : (
              <ProviderCard key={p.id} provider={p} onEdit={() => setEditing(p.id)} />
            ),
          )}
          {loaded && providers.length === 0 && editing !== 'new' ? (
            <div className="card models-empty" data-testid="providers-empty">
              <Icon name="key" size={18} />
              <div>
                <div className="models-empty-title">No providers yet</div>
                <div className="muted">Add OpenAI, Anthropic or any OpenAI-compatible server, or detect a local Ollama.</div>
              </div>
            </div>
          ) : null}
        </div>
        <h3 className="subsection-title">Roles</h3>
        <RolePickers providers={providers} />
      </Section>
    </div>
  );

  function done(name: string | undefined, verb: string) {
    setEditing(null);
    if (name) toast.success(`Provider “${name}” ${verb}`);
  }
}

function OllamaButton() {
  const state = useModels((s) => s.ollama.state);
  return (
    <button type="button" className="button" data-testid="detect-ollama" disabled={state === 'detecting'} onClick={() => void useModels.getState().detectOllama()}>
      {state === 'detecting' ? 'Looking for Ollama…' : 'Detect local Ollama'}
    </button>
  );
}

function OllamaResult() {
  const ollama = useModels((s) => s.ollama);
  const providers = useModels((s) => s.providers);
  const [adding, setAdding] = useState(false);
  if (ollama.state !== 'done') return null;
  const existing = providers.find((p) => p.baseURL?.replace(/\/+$/, '') === ollama.baseURL.replace(/\/+$/, ''));

  async function add() {
    if (ollama.state !== 'done') return;
    setAdding(true);
    const id = uniqueProviderId('ollama', useModels.getState().providers.map((p) => p.id));
    const saved = await useModels.getState().save({ id, kind: 'openai-compatible', name: 'Ollama', baseURL: ollama.baseURL, models: ollama.models });
    setAdding(false);
    if (saved) toast.success('Ollama added', ollama.models.length ? 'Pick one of its models for a role below.' : 'It has no models yet: `ollama pull <model>` adds one.');
  }

  if (!ollama.available) {
    return (
      <div className="ollama-result ollama-missing" role="status" data-testid="ollama-result" data-available="false">
        <Icon name="info" size={16} />
        <span>
          No Ollama answered at <span className="mono">{ollama.baseURL.replace(/\/v1$/, '')}</span>. Start it with <span className="mono">ollama serve</span>, or add a
          server by hand.
        </span>
      </div>
    );
  }
  return (
    <div className="ollama-result ollama-found" role="status" data-testid="ollama-result" data-available="true">
      <Icon name="check" size={16} />
      <span>
        Ollama is running at <span className="mono">{ollama.baseURL.replace(/\/v1$/, '')}</span> with {ollama.models.length} model{ollama.models.length === 1 ? '' : 's'}
        {ollama.models.length ? `: ${ollama.models.slice(0, 6).join(', ')}${ollama.models.length > 6 ? ', …' : ''}` : ''}.
      </span>
      {existing ? (
        <span className="muted">Already added as “{existing.name}”.</span>
      ) : (
        <button type="button" className="button button-primary button-small" data-testid="ollama-add" disabled={adding} onClick={() => void add()}>
          Add Ollama
        </button>
      )}
    </div>
  );
}
