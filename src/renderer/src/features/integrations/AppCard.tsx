// One app in Settings → Integrations (issue 26 §1). An app with a key: its label (the name the person
// gave), what it calls itself when it connects (shown, never trusted), when it was last seen, the agent and
// scopes it sees, what it may do, revoke, a new key, remove. An app without a key: what it calls itself,
// Approve (it gets a key of its own) or Dismiss.
import { RadioSegments } from '../../app/RadioSegments';
import { useState } from 'react';
import { MCP_CLIENT_NAME_MAX, type McpAccess, type McpAppView, type McpClientPatch, type McpPendingView } from '../../../../shared/mcp';
import { fullTime, shortAgo } from '../../lib/time';
import { useAgents } from '../agents/store';

export const ACCESS_LABEL: Record<McpAccess, { choice: string; pill: string; pillClass: string }> = {
  read: { choice: 'Read only', pill: 'Read-only', pillClass: 'pill-ok' },
  inbox: { choice: 'Writes go to the Inbox', pill: 'Writes wait in the Inbox', pillClass: 'pill-ok' },
  write: { choice: 'May write', pill: 'May write', pillClass: 'pill-warn' },
};

export function slugOf(label: string): string {
  return label.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
}

function transportWords(t: McpAppView['transport']): string {
  return t === 'stdio' ? 'monad mcp' : 'HTTP (/mcp)';
}

export interface AppActions {
  change: (patch: McpClientPatch) => void;
  newKey: () => void;
  remove: () => void;
}

export function AppCard({ app: c, actions }: { app: McpAppView; actions: AppActions }) {
  const agents = useAgents((s) => s.agents);
  const [confirm, setConfirm] = useState<'key' | 'remove' | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const agentName = (id: string | null) => (id ? (agents.find((a) => a.id === id)?.name ?? id) : null);
  const sees = c.scopes ?? null;
  const agentId = c.agentId ?? 'default';
  const scopeChoices: { scope: string; label: string }[] = [
    { scope: 'global', label: 'About you (shared by all agents)' },
    { scope: `agent:${agentId}`, label: `${agentName(agentId) ?? agentId}'s own notes and chats` },
  ];
  const toggleScope = (scope: string, on: boolean) => {
    const current = sees ?? scopeChoices.map((s) => s.scope);
    const next = on ? [...new Set([...current, scope])] : current.filter((s) => s !== scope);
    actions.change({ scopes: next });
  };
  const noKey = c.keyHint === null;
  const state = c.revoked ? { text: 'Revoked', cls: 'pill-error' } : noKey ? { text: 'Needs a key', cls: 'pill-warn' } : { text: ACCESS_LABEL[c.access].pill, cls: ACCESS_LABEL[c.access].pillClass };
  return (
    <article className={`card integrations-client${c.revoked ? ' is-revoked' : ''}`} data-testid={`integrations-client-${slugOf(c.label)}`} aria-label={c.label}>
      <div className="integrations-client-head">
        <div>
          {renaming === null ? (
            <div className="integrations-client-name">{c.label}</div>
          ) : (
            <form
              className="integrations-http-row"
              onSubmit={(e) => {
                e.preventDefault();
                const label = renaming.trim();
                setRenaming(null);
                if (label && label !== c.label) actions.change({ label });
              }}
            >
              <label className="field">
                <span className="field-label">Name shown in Monad and in History</span>
                <input className="input" autoFocus value={renaming} maxLength={MCP_CLIENT_NAME_MAX} data-testid="integrations-rename-input" onChange={(e) => setRenaming(e.target.value)} />
              </label>
              <button type="submit" className="button" data-testid="integrations-rename-save">
                Save
              </button>
              <button type="button" className="button" onClick={() => setRenaming(null)}>
                Cancel
              </button>
            </form>
          )}
          <div className="muted integrations-client-meta" data-testid="integrations-client-meta">
            {noKey ? 'No key yet: kept from before apps had keys, nothing can connect as it until you issue one' : `Key ${c.keyHint}`}
            {c.calledItself ? <> · calls itself “{c.calledItself}”{c.version ? ` ${c.version}` : ''}</> : null}
          </div>
          <div className="muted integrations-client-meta">
            {c.lastSeen ? (
              <>
                Last connected <time dateTime={c.lastSeen} title={fullTime(c.lastSeen)}>{shortAgo(c.lastSeen)}</time> over {transportWords(c.transport)} · {c.connections} connection
                {c.connections === 1 ? '' : 's'}
              </>
            ) : (
              <>Not connected yet · added <time dateTime={c.createdAt}>{fullTime(c.createdAt)}</time></>
            )}
          </div>
        </div>
        <span className={`pill ${state.cls}`} data-testid="integrations-client-state">
          {state.text}
        </span>
      </div>
      <div className="integrations-client-settings">
        <label className="field">
          <span className="field-label">Whose memory it sees</span>
          <select className="input select" value={c.agentId ?? ''} onChange={(e) => actions.change({ agentId: e.target.value || null })} disabled={c.revoked}>
            <option value="">Default (the agent named with --agent)</option>
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="field integrations-scopes" disabled={c.revoked}>
          <legend className="field-label">What it sees</legend>
          {scopeChoices.map((s) => (
            <label key={s.scope} className="integrations-check">
              <input type="checkbox" checked={sees === null || sees.includes(s.scope)} onChange={(e) => toggleScope(s.scope, e.target.checked)} />
              {s.label}
            </label>
          ))}
          {sees !== null ? (
            <button type="button" className="button button-quiet" onClick={() => actions.change({ scopes: null })}>
              See everything of the agent again (projects too)
            </button>
          ) : null}
        </fieldset>
        <RadioSegments
          label={`What ${c.label} may do`}
          value={c.access}
          options={(['read', 'inbox', 'write'] as const).map((a) => ({ value: a, label: ACCESS_LABEL[a].choice }))}
          optionTestId={(a) => `integrations-access-${a}`}
          disabled={c.revoked}
          onChoose={(access) => actions.change({ access })}
        />
      </div>
      {confirm ? (
        <div className="integrations-confirm" role="group" aria-label={confirm === 'key' ? 'Make a new key' : 'Remove this app'}>
          <p>
            {confirm === 'key'
              ? `${c.label} stops reaching Monad with its current key at once, until you give it the new one.`
              : `${c.label} loses its key and its settings; it is refused from its next call. Its past changes stay in History.`}
          </p>
          <button
            type="button"
            className="button button-danger"
            data-testid={`integrations-${confirm}-confirm`}
            onClick={() => {
              setConfirm(null);
              if (confirm === 'key') actions.newKey();
              else actions.remove();
            }}
          >
            {confirm === 'key' ? 'Make a new key' : 'Remove'}
          </button>
          <button type="button" className="button" onClick={() => setConfirm(null)}>
            Cancel
          </button>
        </div>
      ) : null}
      <div className="card-actions">
        {c.revoked ? (
          <button type="button" className="button" onClick={() => actions.change({ revoked: false })} data-testid="integrations-allow">
            Allow again
          </button>
        ) : (
          <button type="button" className="button button-danger-text" onClick={() => actions.change({ revoked: true })} data-testid="integrations-revoke">
            Revoke access
          </button>
        )}
        {noKey ? (
          <button type="button" className="button" data-testid="integrations-new-key" onClick={actions.newKey}>
            Issue a key
          </button>
        ) : (
          <button type="button" className="button" data-testid="integrations-new-key" onClick={() => setConfirm('key')}>
            New key
          </button>
        )}
        <button type="button" className="button" data-testid="integrations-rename" onClick={() => setRenaming(c.label)}>
          Rename
        </button>
        <button type="button" className="button button-danger-text" data-testid="integrations-remove" onClick={() => setConfirm('remove')}>
          Remove
        </button>
      </div>
    </article>
  );
}

export function PendingCard({ pending: p, refused, onApprove, onDismiss }: { pending: McpPendingView; refused: boolean; onApprove: () => void; onDismiss: () => void }) {
  return (
    <article className="card integrations-client" data-testid={`integrations-pending-${slugOf(p.calledItself)}`} aria-label={`An app that calls itself ${p.calledItself}`}>
      <div className="integrations-client-head">
        <div>
          <div className="integrations-client-name">Calls itself “{p.calledItself}”</div>
          <div className="muted integrations-client-meta">
            Connected without a key of its own, so it {refused ? 'is refused' : 'may only read'} · last <time dateTime={p.lastSeen} title={fullTime(p.lastSeen)}>{shortAgo(p.lastSeen)}</time> over{' '}
            {transportWords(p.transport)} · {p.connections} connection{p.connections === 1 ? '' : 's'}
          </div>
        </div>
        <span className="pill pill-warn">Waiting for you</span>
      </div>
      <div className="card-actions">
        <button type="button" className="button button-primary" data-testid="integrations-approve" onClick={onApprove}>
          Approve…
        </button>
        <button type="button" className="button" data-testid="integrations-dismiss" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </article>
  );
}
