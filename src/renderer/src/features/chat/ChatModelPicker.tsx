// The chat header's model picker (issue 17): this chat's own chat model, or the agent's. Stored with the
// session (sessions.setModel); the engine uses it for this chat's turns only.
import { useEffect } from 'react';
import type { Session } from '../../../../shared/domain';
import { chatModelsOf } from '../../../../shared/model-kinds';
import { attempt, invoke } from '../../lib/api';
import { useModels } from '../models/store';
import { useSessions } from '../sessions/store';
import { useSettings } from '../settings/store';

const AGENT = '';

function keyOf(ref: { provider: string; model: string }): string {
  return JSON.stringify([ref.provider, ref.model]);
}

export function ChatModelPicker({ session }: { session: Session }) {
  const providers = useModels((s) => s.providers);
  const loaded = useModels((s) => s.loaded);
  const agentModel = useSettings((s) => {
    const c = s.config;
    if (!c) return null;
    return c.agent.agents.find((a) => a.id === session.agentId)?.models.chat ?? c.models.roles.chat ?? null;
  });
  useEffect(() => {
    if (!loaded) void useModels.getState().load();
  }, [loaded]);

  if (!providers.length) return null; // nothing to choose yet: the no-model note says what to do
  const own = session.chatModel ?? null;
  const value = own ? keyOf(own) : AGENT;
  // Chat models only (issue 29 §2): a provider's list also holds its embedding, speech and image models.
  const offered = providers.map((p) => ({ id: p.id, name: p.name, models: chatModelsOf(p.models) }));
  const listed = new Set(offered.flatMap((p) => p.models.map((m) => keyOf({ provider: p.id, model: m }))));

  return (
    <select
      className="input chat-model-picker"
      data-testid="chat-model-picker"
      aria-label="Model for this chat"
      title="The model that answers in this chat. Other chats keep the agent's model."
      value={value}
      onChange={(e) => void setChatModel(session, e.target.value === AGENT ? null : (JSON.parse(e.target.value) as [string, string]))}
    >
      <option value={AGENT}>{agentModel ? `Agent’s model · ${agentModel.model}` : 'Agent’s model'}</option>
      {own && !listed.has(value) ? <option value={value}>{own.model}</option> : null}
      {offered.map((p) =>
        p.models.length ? (
          <optgroup key={p.id} label={p.name}>
            {p.models.map((m) => (
              <option key={m} value={keyOf({ provider: p.id, model: m })}>
                {m}
              </option>
            ))}
          </optgroup>
        ) : null,
      )}
    </select>
  );
}

async function setChatModel(session: Session, pick: [string, string] | null): Promise<void> {
  const updated = await attempt(() => invoke('sessions.setModel', { id: session.id, model: pick ? { provider: pick[0], model: pick[1] } : null }));
  if (!updated) return;
  useSessions.setState((s) => ({
    byAgent: { ...s.byAgent, [updated.agentId]: (s.byAgent[updated.agentId] ?? []).map((x) => (x.id === updated.id ? updated : x)) },
  }));
}
