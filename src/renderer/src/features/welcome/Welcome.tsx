// First run (issue 17): instead of "pick a session", the chat tab leads a newcomer to a working chat.
// 1. A model: local servers (Ollama, LM Studio) found on their usual ports are offered in one click;
//    what is not running says how to start it; any other provider is added in Settings → Models (the
//    button opens the form). Once a provider exists without a chat model, this step asks for the model.
// 2. Once a provider lists models and no chat model is set, one is picked for them (and said so).
// 3. Start a chat.
import { useEffect, useState } from 'react';
import type { LocalServerDetection } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { attempt, invoke } from '../../lib/api';
import { useAgents } from '../agents/store';
import { openModelSettings, uniqueProviderId, useModels } from '../models/store';
import { useSessions } from '../sessions/store';
import { useSettings } from '../settings/store';
import { toast } from '../toasts/store';
import { pickChatModel } from './pick-chat-model';
import { ChooseChatModel } from './ChooseChatModel';

type Detection = { state: 'looking' } | { state: 'done'; servers: LocalServerDetection[] };

/**
 * Armed when the welcome first sees the provider list loaded with no provider that lists models: only a
 * first provider added after that (here or in Settings) gets a chat model picked. A setup that already
 * had providers is the person's own, and is left as it is.
 */
let firstRunArmed: boolean | null = null;

export function Welcome() {
  const providers = useModels((s) => s.providers);
  const loaded = useModels((s) => s.loaded);
  const config = useSettings((s) => s.config);
  const agentId = useAgents((s) => s.selectedId);
  const [detection, setDetection] = useState<Detection>({ state: 'looking' });

  const chatRef = config ? (config.agent.agents.find((a) => a.id === agentId)?.models.chat ?? config.models.roles.chat ?? null) : null;
  const chatReady = !!chatRef && providers.some((p) => p.id === chatRef.provider);
  const withModels = providers.find((p) => pickChatModel(p.models) !== null);

  async function detect() {
    setDetection({ state: 'looking' });
    const servers = await attempt(() => invoke('providers.detectLocal'));
    setDetection({ state: 'done', servers: servers ?? [] });
  }

  useEffect(() => {
    if (!loaded) void useModels.getState().load();
    void detect();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  if (loaded && firstRunArmed === null) firstRunArmed = !withModels;

  // Step 2: the first provider with models gets the chat role, unless the person already chose one.
  useEffect(() => {
    if (!config || chatRef || !withModels || !firstRunArmed) return;
    firstRunArmed = false;
    const model = pickChatModel(withModels.models);
    if (!model) return;
    void useModels
      .getState()
      .setRole('chat', { provider: withModels.id, model })
      .then((ok) => ok && toast.success(`Chat model: ${model}`, `From ${withModels.name}. Change it in Settings → Models, or for one chat in its header.`));
  }, [config, chatRef, withModels]);

  return (
    <div className="welcome" data-testid="welcome">
      <div className="welcome-inner">
        <h2 className="welcome-title">Welcome to Monad</h2>
        <p className="welcome-lead">A chat that remembers what matters, on your machine. Connect a model, then start a chat.</p>

        <ol className="welcome-steps">
          <li className={`welcome-step${chatReady ? ' is-done' : ''}`} data-testid="welcome-step-model" data-done={chatReady || undefined}>
            <div className="welcome-step-head">
              <span className="welcome-step-mark" aria-hidden="true">
                {chatReady ? <Icon name="check" size={14} /> : '1'}
              </span>
              <h3>Connect a model</h3>
            </div>
            {chatReady && chatRef ? (
              <p className="welcome-done" data-testid="welcome-chat-model">
                Chats use <strong>{chatRef.model}</strong> from {providers.find((p) => p.id === chatRef.provider)?.name ?? chatRef.provider}.{' '}
                <button type="button" className="link-button" onClick={() => openModelSettings('chat-model')}>
                  Change
                </button>
              </p>
            ) : loaded && providers.length ? (
              <ChooseChatModel providers={providers} />
            ) : (
              <>
                <LocalServers detection={detection} onRetry={() => void detect()} />
                <div className="welcome-actions">
                  <button type="button" className="button" data-testid="welcome-add-provider" onClick={() => openModelSettings('new-provider')}>
                    <Icon name="plus" size={14} />
                    Add a provider (OpenAI, Anthropic, …)
                  </button>
                </div>
              </>
            )}
          </li>
          <li className="welcome-step" data-testid="welcome-step-chat">
            <div className="welcome-step-head">
              <span className="welcome-step-mark" aria-hidden="true">
                2
              </span>
              <h3>Start a chat</h3>
            </div>
            <div className="welcome-actions">
              <button
                type="button"
                className={`button${chatReady ? ' button-primary' : ''}`}
                data-testid="welcome-new-chat"
                disabled={!agentId}
                onClick={async () => {
                  if (!agentId) return;
                  const session = await useSessions.getState().create(agentId);
                  if (session) useShell.getState().setTab('chat');
                }}
              >
                New chat
              </button>
            </div>
          </li>
        </ol>
      </div>
    </div>
  );
}

function LocalServers({ detection, onRetry }: { detection: Detection; onRetry(): void }) {
  const providers = useModels((s) => s.providers);
  if (detection.state === 'looking') {
    return (
      <p className="muted" role="status" data-testid="welcome-detecting">
        Looking for Ollama and LM Studio on this computer…
      </p>
    );
  }
  return (
    <div className="welcome-servers" role="status" data-testid="welcome-servers">
      {detection.servers.map((s) => {
        const added = providers.find((p) => p.baseURL?.replace(/\/+$/, '') === s.baseURL.replace(/\/+$/, ''));
        return (
          <div key={s.kind} className={`welcome-server${s.available ? ' is-found' : ''}`} data-testid="welcome-server" data-kind={s.kind} data-available={s.available}>
            <Icon name={s.available ? 'check' : 'info'} size={16} />
            <div className="welcome-server-text">
              {s.available ? (
                <span>
                  <strong>{s.name}</strong> is running with {s.models.length} model{s.models.length === 1 ? '' : 's'}
                  {s.models.length ? `: ${s.models.slice(0, 4).join(', ')}${s.models.length > 4 ? ', …' : ''}` : ''}.
                </span>
              ) : (
                <span>
                  <strong>{s.name}</strong> was not found. <HintText hint={s.hint ?? ''} />
                </span>
              )}
            </div>
            {s.available && !added ? (
              <button type="button" className="button button-primary button-small" data-testid="welcome-add-server" onClick={() => void addServer(s)}>
                Add {s.name}
              </button>
            ) : null}
            {added ? <span className="muted">Added</span> : null}
          </div>
        );
      })}
      <button type="button" className="button button-small" data-testid="welcome-detect-again" onClick={onRetry}>
        Look again
      </button>
    </div>
  );
}

/** The hint's `command` parts in a code face. */
function HintText({ hint }: { hint: string }) {
  const parts = hint.split('`');
  return (
    <>
      {parts.map((p, i) =>
        i % 2 ? (
          <code key={i} className="mono">
            {p}
          </code>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </>
  );
}

async function addServer(s: LocalServerDetection): Promise<void> {
  const id = uniqueProviderId(s.name, useModels.getState().providers.map((p) => p.id));
  const saved = await useModels.getState().save({ id, kind: 'openai-compatible', name: s.name, baseURL: s.baseURL, models: s.models });
  if (saved && !s.models.length) {
    toast.info(`${s.name} added`, s.kind === 'ollama' ? 'It has no models yet: `ollama pull <model>` adds one.' : 'Load a model in LM Studio, then fetch its models in Settings → Models.');
  }
}
