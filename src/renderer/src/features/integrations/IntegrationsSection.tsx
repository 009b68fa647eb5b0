// Settings → Integrations: Monad's memory in other apps over MCP. The desktop app's own endpoint (switch,
// port, address, token); which apps connected and when; per app the agent and scopes it sees, whether it
// may write, write into the Inbox, or only read (new apps only read), revoke; and the snippets that
// connect Claude Desktop, Cursor, VS Code and Claude Code, with this machine's real paths (or the URL and
// token, when the endpoint is on).
import '../../styles/integrations.css';
import { useCallback, useEffect, useState } from 'react';
import type { McpAccess, McpClientPatch, McpClientView, McpHttpStatus, McpSetupInfo } from '../../../../shared/mcp';
import { Section } from '../../app/Section';
import { invoke } from '../../lib/api';
import { fullTime, shortAgo } from '../../lib/time';
import { useAgents } from '../agents/store';
import { McpHttpSettings } from './McpHttpSettings';
import { mcpHttpSnippets, mcpSnippets, type Snippet } from './snippets';

export function IntegrationsSection() {
  const [clients, setClients] = useState<McpClientView[] | null>(null);
  const [setup, setSetup] = useState<McpSetupInfo | null>(null);
  const [http, setHttp] = useState<McpHttpStatus | null>(null);
  const [tokenVersion, setTokenVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [list, info, httpStatus] = await Promise.all([invoke('mcp.clients.list', {}), invoke('mcp.setup', {}), invoke('mcp.http.status', {})]);
      setClients(list);
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

  const change = async (name: string, patch: Parameters<typeof updateClient>[1]) => {
    try {
      const next = await updateClient(name, patch);
      setClients((cs) => (cs ?? []).map((c) => (c.name === name ? next : c)));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Section
      title="Integrations"
      description="Let other apps (Claude Desktop, Cursor, VS Code, Claude Code…) search and add to Monad's memory over MCP. A new app may only read until you let it write; every change it makes shows in Memory → History under its name."
      testId="integrations-settings"
      actions={
        <button type="button" className="button" onClick={() => void load()} data-testid="integrations-refresh">
          Refresh
        </button>
      }
    >
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <h3 className="integrations-subtitle">Over HTTP</h3>
      {http ? <McpHttpSettings key={http.port} status={http} onStatus={setHttp} onTokenChanged={() => setTokenVersion((v) => v + 1)} /> : <p className="muted">Loading…</p>}
      <h3 className="integrations-subtitle">Connected apps</h3>
      {clients === null ? (
        <p className="muted">Loading…</p>
      ) : clients.length === 0 ? (
        <p className="muted" data-testid="integrations-empty">
          No app has connected yet. Add Monad to one with a snippet below; it shows up here after its first connection.
        </p>
      ) : (
        <div className="card-list" data-testid="integrations-clients">
          {clients.map((c) => (
            <ClientCard key={c.name} client={c} onChange={(patch) => void change(c.name, patch)} />
          ))}
        </div>
      )}
      <h3 className="integrations-subtitle">Connect an app</h3>
      {setup ? <Snippets setup={setup} httpUrl={http?.state === 'listening' ? http.url : null} tokenVersion={tokenVersion} /> : <p className="muted">Loading…</p>}
    </Section>
  );
}

function updateClient(name: string, patch: McpClientPatch) {
  return invoke('mcp.clients.update', { name, patch });
}

const ACCESS_LABEL: Record<McpAccess, { choice: string; pill: string; pillClass: string }> = {
  read: { choice: 'Read only', pill: 'Read-only', pillClass: 'pill-ok' },
  inbox: { choice: 'Writes go to the Inbox', pill: 'Writes wait in the Inbox', pillClass: 'pill-ok' },
  write: { choice: 'May write', pill: 'May write', pillClass: 'pill-warn' },
};

function ClientCard({ client: c, onChange }: { client: McpClientView; onChange: (patch: McpClientPatch) => void }) {
  const agents = useAgents((s) => s.agents);
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
    onChange({ scopes: next });
  };
  const slug = c.name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase();
  return (
    <article className={`card integrations-client${c.revoked ? ' is-revoked' : ''}`} data-testid={`integrations-client-${slug}`} aria-label={c.name}>
      <div className="integrations-client-head">
        <div>
          <div className="integrations-client-name">{c.name}</div>
          <div className="muted integrations-client-meta">
            Last connected <time dateTime={c.lastSeen} title={fullTime(c.lastSeen)}>{shortAgo(c.lastSeen)}</time> over {c.transport === 'stdio' ? 'monad mcp' : 'HTTP (/mcp)'} · first{' '}
            <time dateTime={c.firstSeen}>{fullTime(c.firstSeen)}</time> · {c.connections} connection{c.connections === 1 ? '' : 's'}
          </div>
        </div>
        <span className={`pill ${c.revoked ? 'pill-error' : ACCESS_LABEL[c.access].pillClass}`} data-testid="integrations-client-state">
          {c.revoked ? 'Revoked' : ACCESS_LABEL[c.access].pill}
        </span>
      </div>
      <div className="integrations-client-settings">
        <label className="field">
          <span className="field-label">Whose memory it sees</span>
          <select className="input select" value={c.agentId ?? ''} onChange={(e) => onChange({ agentId: e.target.value || null })} disabled={c.revoked}>
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
            <button type="button" className="button button-quiet" onClick={() => onChange({ scopes: null })}>
              See everything of the agent again (projects too)
            </button>
          ) : null}
        </fieldset>
        <div className="segmented" role="radiogroup" aria-label={`What ${c.name} may do`}>
          {(['read', 'inbox', 'write'] as const).map((a) => (
            <button
              key={a}
              type="button"
              role="radio"
              aria-checked={c.access === a}
              className={`segment${c.access === a ? ' is-active' : ''}`}
              disabled={c.revoked}
              data-testid={`integrations-access-${a}`}
              onClick={() => c.access !== a && onChange({ access: a })}
            >
              {ACCESS_LABEL[a].choice}
            </button>
          ))}
        </div>
      </div>
      <div className="card-actions">
        {c.revoked ? (
          <button type="button" className="button" onClick={() => onChange({ revoked: false })} data-testid="integrations-allow">
            Allow again
          </button>
        ) : (
          <button type="button" className="button button-danger-text" onClick={() => onChange({ revoked: true })} data-testid="integrations-revoke">
            Revoke access
          </button>
        )}
      </div>
    </article>
  );
}

function Snippets({ setup, httpUrl, tokenVersion }: { setup: McpSetupInfo; httpUrl: string | null; tokenVersion: number }) {
  const [viaHttp, setViaHttp] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [active, setActive] = useState<Snippet['id']>('claude-desktop');
  const [copied, setCopied] = useState<Snippet['id'] | null>(null);
  const http = viaHttp && httpUrl !== null;
  useEffect(() => {
    if (!http) return;
    let live = true;
    void invoke('mcp.http.token', {}).then(
      (r) => live && setToken(r.token),
      () => live && setToken(null),
    );
    return () => {
      live = false;
    };
  }, [http, tokenVersion]);
  const snippets = http && token ? mcpHttpSnippets(setup, { url: httpUrl, token }) : mcpSnippets(setup);
  const s = snippets.find((x) => x.id === active)!;
  // The token is shown only in the token field above (after "Show"); Copy puts the whole snippet, token included, on the clipboard.
  const shown = token ? s.text.split(token).join('•'.repeat(8) + token.slice(-4)) : s.text;
  return (
    <div className="integrations-snippets" data-testid="integrations-snippets">
      {httpUrl ? (
        <div className="segmented integrations-how" role="radiogroup" aria-label="How the app connects">
          {[false, true].map((h) => (
            <button
              key={String(h)}
              type="button"
              role="radio"
              aria-checked={viaHttp === h}
              className={`segment${viaHttp === h ? ' is-active' : ''}`}
              data-testid={`integrations-how-${h ? 'http' : 'stdio'}`}
              onClick={() => {
                setViaHttp(h);
                setCopied(null);
              }}
            >
              {h ? 'Over HTTP, while Monad is open' : 'The app starts monad mcp'}
            </button>
          ))}
        </div>
      ) : null}
      <div className="segmented" role="tablist" aria-label="App to connect">
        {snippets.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            id={`integrations-tab-${x.id}`}
            aria-selected={x.id === active}
            aria-controls="integrations-snippet"
            className={`segment${x.id === active ? ' is-active' : ''}`}
            data-testid={`integrations-tab-${x.id}`}
            onClick={() => {
              setActive(x.id);
              setCopied(null);
            }}
          >
            {x.app}
          </button>
        ))}
      </div>
      <div id="integrations-snippet" role="tabpanel" aria-labelledby={`integrations-tab-${s.id}`}>
        <p className="muted">{s.where}</p>
        <pre className="integrations-code mono selectable" data-testid="integrations-snippet">
          {shown}
        </pre>
        <button
          type="button"
          className="button"
          data-testid="integrations-copy"
          onClick={() => void navigator.clipboard.writeText(s.text).then(() => setCopied(s.id), () => setCopied(null))}
        >
          {copied === s.id ? 'Copied' : 'Copy'}
        </button>
        <p className="muted integrations-note">
          Uses the home folder <span className="mono selectable">{setup.home}</span>. Add <span className="mono">--read-only</span> to the arguments to refuse every write from
          that app whatever is chosen above; <span className="mono">--agent ID</span> picks whose memory it sees.
        </p>
      </div>
    </div>
  );
}
