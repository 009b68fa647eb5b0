// Settings → Agents: create, rename, describe and delete agents, and set the defaults of their chats
// (instructions, temperature, reply and context length; issue 29 §2). The engine decides what is allowed
// (e.g. the last agent cannot be deleted); its error is what the person sees.
import { useState, type FormEvent } from 'react';
import type { Agent } from '../../../../shared/config';
import { confirmAction } from '../../app/confirm';
import { Icon } from '../../app/icons';
import { Section } from '../../app/Section';
import { initials } from '../../lib/initials';
import type { ChatSettingsPatch } from '../../../../shared/chat-settings';
import { ApiError, invoke } from '../../lib/api';
import { quietToast } from '../chat/quiet-toast';
import { toast } from '../toasts/store';
import { ChatSettingsFields } from '../chat/ChatSettingsFields';
import { useAgents } from './store';

export function AgentsEditor() {
  const agents = useAgents((s) => s.agents);
  const [creating, setCreating] = useState(false);
  return (
    <Section
      title="Agents"
      description="Each agent has its own chats, instructions and memory; in Settings → Memory it can also have its own memory level and model."
      testId="agents-editor"
      actions={
        creating ? null : (
          <button type="button" className="button" data-testid="agent-new" onClick={() => setCreating(true)}>
            <Icon name="plus" size={14} />
            New agent
          </button>
        )
      }
    >
      <div className="card-list">
        {creating ? <NewAgentForm onClose={() => setCreating(false)} /> : null}
        {agents.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </div>
    </Section>
  );
}

function NewAgentForm({ onClose }: { onClose(): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === '') return;
    setBusy(true);
    const agent = await useAgents.getState().create({ name: name.trim(), description });
    setBusy(false);
    if (agent) {
      toast.success(`Agent “${agent.name}” created`);
      onClose();
    }
  }

  return (
    <form className="card agent-card agent-card-new" data-testid="agent-create-form" onSubmit={submit}>
      <div className="form-row">
        <label className="field">
          <span className="field-label">Name</span>
          <input
            className="input"
            data-testid="agent-create-name"
            value={name}
            maxLength={100}
            autoFocus
            placeholder="e.g. Research assistant"
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && onClose()}
          />
        </label>
      </div>
      <label className="field">
        <span className="field-label">Description</span>
        <textarea
          className="input textarea"
          data-testid="agent-create-description"
          value={description}
          maxLength={2000}
          rows={2}
          placeholder="What this agent is for (optional)"
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <div className="card-actions">
        <button type="button" className="button button-quiet" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" data-testid="agent-create-submit" disabled={busy || name.trim() === ''}>
          Create agent
        </button>
      </div>
    </form>
  );
}

function AgentCard({ agent }: { agent: Agent }) {
  // null = showing the engine's values; an object = the person is editing.
  const [draft, setDraft] = useState<{ name: string; description: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = draft ?? { name: agent.name, description: agent.description };
  const dirty = draft !== null && (draft.name !== agent.name || draft.description !== agent.description);

  async function save(e?: FormEvent) {
    e?.preventDefault();
    if (!dirty || shown.name.trim() === '') return;
    setBusy(true);
    const saved = await useAgents.getState().update(agent.id, { name: shown.name.trim(), description: shown.description });
    setBusy(false);
    if (saved) setDraft(null);
  }

  async function remove() {
    const ok = await confirmAction({
      title: `Delete agent “${agent.name}”?`,
      message: 'The agent and all of its sessions and messages will be deleted. This cannot be undone.',
      confirmLabel: 'Delete agent',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    const done = await useAgents.getState().remove(agent.id);
    setBusy(false);
    if (done) toast.success(`Agent “${agent.name}” deleted`);
  }

  return (
    <form className="card agent-card" data-testid="agent-card" data-agent-id={agent.id} onSubmit={save}>
      <span className="agent-avatar agent-avatar-lg" aria-hidden="true">
        {initials(shown.name || agent.name)}
      </span>
      <div className="agent-card-fields">
        <div className="agent-card-row">
          <input
            className="input input-title"
            data-testid="agent-name"
            aria-label="Agent name"
            value={shown.name}
            maxLength={100}
            onChange={(e) => setDraft({ ...shown, name: e.target.value })}
            onKeyDown={(e) => e.key === 'Escape' && setDraft(null)}
          />
          <span className="agent-id mono" title="Agent id (fixed; used in file paths)">
            {agent.id}
          </span>
          <button
            type="button"
            className="icon-button icon-button-danger"
            aria-label={`Delete agent ${agent.name}`}
            title="Delete agent"
            data-testid="agent-delete"
            disabled={busy}
            onClick={() => void remove()}
          >
            <Icon name="trash" size={15} />
          </button>
        </div>
        <textarea
          className="input textarea"
          data-testid="agent-description"
          aria-label="Agent description"
          placeholder="What this agent is for"
          value={shown.description}
          maxLength={2000}
          rows={2}
          onChange={(e) => setDraft({ ...shown, description: e.target.value })}
        />
        {dirty ? (
          <div className="card-actions">
            <button type="button" className="button button-quiet" disabled={busy} onClick={() => setDraft(null)}>
              Revert
            </button>
            <button type="submit" className="button button-primary" data-testid="agent-save" disabled={busy || shown.name.trim() === ''}>
              Save changes
            </button>
          </div>
        ) : null}
        <details className="agent-chat-defaults" data-testid="agent-chat-defaults">
          <summary>Chat defaults{agent.chat && Object.keys(agent.chat).length ? ` · ${Object.keys(agent.chat).length} set` : ''}</summary>
          <ChatSettingsFields
            own={agent.chat ?? {}}
            inherited={{}}
            fallback="model"
            testIdPrefix="agent-chat"
            save={(chat) => saveChatDefaults(agent.id, chat)}
          />
        </details>
      </div>
    </form>
  );
}

/** An agent's chat defaults; the engine's refusal is shown under the field (not also as a toast). */
async function saveChatDefaults(id: string, chat: ChatSettingsPatch): Promise<string | null> {
  try {
    const agent = await invoke('agents.update', { id, patch: { chat } });
    useAgents.setState((s) => ({ agents: s.agents.map((a) => (a.id === id ? agent : a)) }));
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    quietToast(err);
    return err.message;
  }
}
