// Settings → Integrations: Monad's memory in other apps over MCP. The desktop app's own endpoint (switch,
// port, address, shared token); the apps the person added or approved, each with its own key (issue 26
// §1): the agent and scopes it sees, whether it may write, write into the Inbox or only read, revoke, a
// new key, remove; the apps that connected without a key, to approve or dismiss; and "Add an app", which
// makes a key and shows it once with ready snippets for Claude Desktop, Cursor, VS Code and Claude Code.
import '../../styles/integrations.css';
import { useCallback, useEffect, useState } from 'react';
import type { McpAppsView, McpClientPatch, McpHttpStatus, McpIssuedKey, McpNewApp, McpPendingView, McpSetupInfo } from '../../../../shared/mcp';
import { Section } from '../../app/Section';
import { invoke } from '../../lib/api';
import { AddApp } from './AddApp';
import { AppCard, PendingCard } from './AppCard';
import { KeyReveal } from './KeyReveal';
import { McpHttpSettings } from './McpHttpSettings';

/** What the "Add / Approve" area shows: nothing, the form (for a new app or a pending one), or a fresh key. */
type Editing = { kind: 'add' } | { kind: 'approve'; pending: McpPendingView } | { kind: 'key'; issued: McpIssuedKey } | null;

export function IntegrationsSection() {
  const [apps, setApps] = useState<McpAppsView | null>(null);
  const [setup, setSetup] = useState<McpSetupInfo | null>(null);
  const [http, setHttp] = useState<McpHttpStatus | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, info, httpStatus] = await Promise.all([invoke('mcp.clients.list', {}), invoke('mcp.setup', {}), invoke('mcp.http.status', {})]);
      setApps(list);
      setSetup(info);
      setHttp(httpStatus);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a change, then reloads the lists; a refusal (a taken name…) is shown in words. */
  const act = async <T,>(fn: () => Promise<T>): Promise<T | null> => {
    try {
      const out = await fn();
      setError(null);
      await load();
      return out;
    } catch (err) {
      setError((err as Error).message);
      return null;
    }
  };
  const showKey = (issued: McpIssuedKey | null) => issued && setEditing({ kind: 'key', issued });
  const change = (id: string, patch: McpClientPatch) => void act(() => invoke('mcp.clients.update', { id, patch }));
  const submit = async (app: McpNewApp) => {
    if (editing?.kind === 'approve') showKey(await act(() => invoke('mcp.clients.approve', { pendingId: editing.pending.id, app })));
    else showKey(await act(() => invoke('mcp.clients.add', app)));
  };
  const httpUrl = http?.state === 'listening' ? http.url : null;

  return (
    <Section
      title="Integrations"
      description="Let other apps (Claude Desktop, Cursor, VS Code, Claude Code…) search and add to Monad's memory over MCP. Each app you add gets its own key; what it may do, and the name History shows for its changes, belong to that key, whatever the app calls itself."
      testId="integrations-settings"
      actions={
        <button type="button" className="button" onClick={() => void load()} data-testid="integrations-refresh">
          Refresh
        </button>
      }
    >
      {error ? (
        <p className="field-error" role="alert" data-testid="integrations-error">
          {error}
        </p>
      ) : null}
      <h3 className="integrations-subtitle">Apps</h3>
      {editing?.kind === 'key' && setup ? (
        <KeyReveal issued={editing.issued} setup={setup} httpUrl={httpUrl} onDone={() => setEditing(null)} />
      ) : editing ? (
        <AddApp
          key={editing.kind === 'approve' ? editing.pending.id : 'add'}
          initialLabel={editing.kind === 'approve' ? editing.pending.calledItself : ''}
          title={editing.kind === 'approve' ? `Approve the app that calls itself “${editing.pending.calledItself}”` : 'Add an app'}
          submitLabel={editing.kind === 'approve' ? 'Approve and make its key' : 'Add and make its key'}
          onSubmit={(app) => void submit(app)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div className="integrations-add-row">
          <button type="button" className="button button-primary" data-testid="integrations-add" onClick={() => setEditing({ kind: 'add' })}>
            Add an app
          </button>
        </div>
      )}
      {apps === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <label className="integrations-check integrations-keyless">
            <input
              type="checkbox"
              checked={apps.keyless === 'read'}
              data-testid="integrations-keyless"
              onChange={(e) => void act(() => invoke('mcp.clients.keyless', { keyless: e.target.checked ? 'read' : 'refuse' }))}
            />
            Apps without a key of their own may read until you approve them (turn off to refuse them; they are still listed here)
          </label>
          {apps.pending.length ? (
            <>
              <h3 className="integrations-subtitle">Waiting for approval</h3>
              <p className="muted integrations-note" data-testid="integrations-pending-note">
                These apps connected without a key of their own, so {apps.keyless === 'read' ? 'they may only read' : 'they are refused'}. The name is theirs to choose: approve only an app
                you set up.
              </p>
              <div className="card-list" data-testid="integrations-pending">
                {apps.pending.map((p) => (
                  <PendingCard key={p.id} pending={p} refused={apps.keyless === 'refuse'} onApprove={() => setEditing({ kind: 'approve', pending: p })} onDismiss={() => void act(() => invoke('mcp.clients.dismiss', { pendingId: p.id }))} />
                ))}
              </div>
            </>
          ) : null}
          {apps.apps.length === 0 ? (
            <p className="muted" data-testid="integrations-empty">
              No app added yet. Add one to get its key and the snippet that connects it.
            </p>
          ) : (
            <div className="card-list" data-testid="integrations-clients">
              {apps.apps.map((c) => (
                <AppCard
                  key={c.id}
                  app={c}
                  actions={{
                    change: (patch) => change(c.id, patch),
                    newKey: () => void act(() => invoke('mcp.clients.regenerate', { id: c.id })).then(showKey),
                    remove: () => void act(() => invoke('mcp.clients.remove', { id: c.id })),
                  }}
                />
              ))}
            </div>
          )}
        </>
      )}
      <h3 className="integrations-subtitle">Over HTTP</h3>
      {http ? <McpHttpSettings key={http.port} status={http} onStatus={setHttp} onTokenChanged={() => undefined} /> : <p className="muted">Loading…</p>}
    </Section>
  );
}
