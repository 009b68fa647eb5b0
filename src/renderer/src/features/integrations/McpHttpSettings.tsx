// Settings → Integrations, the desktop app's own MCP endpoint: the switch that lets other apps use Monad's
// memory over HTTP, the port (a fixed one, so apps configured once keep working), where it listens or why
// it cannot, and the persistent token those apps send: hidden until "Show", copied whole, regenerated
// (which locks out every app still using the old one).
import { useState } from 'react';
import { DEFAULT_MCP_HTTP_PORT } from '../../../../shared/config';
import type { McpHttpStatus } from '../../../../shared/mcp';
import { invoke } from '../../lib/api';

const MIN_PORT = 1024;
const MAX_PORT = 65535;

export function McpHttpSettings({ status, onStatus, onTokenChanged }: { status: McpHttpStatus; onStatus: (s: McpHttpStatus) => void; onTokenChanged: () => void }) {
  const [portDraft, setPortDraft] = useState(String(status.port));
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const port = Number(portDraft);
  const portValid = Number.isInteger(port) && port >= MIN_PORT && port <= MAX_PORT;

  const save = async (mcpHttp: { enabled?: boolean; port?: number }) => {
    setBusy(true);
    try {
      await invoke('config.update', { patch: { integrations: { mcpHttp } } });
      const next = await invoke('mcp.http.status', {});
      onStatus(next);
      setPortDraft(String(next.port));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const reveal = async () => {
    if (token) return setToken(null);
    try {
      setToken((await invoke('mcp.http.token', {})).token);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const copy = async () => {
    try {
      const value = token ?? (await invoke('mcp.http.token', {})).token;
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch (err) {
      setCopied(false);
      setError((err as Error).message);
    }
  };

  const regenerate = async () => {
    try {
      const fresh = (await invoke('mcp.http.regenerate', {})).token;
      setToken(token ? fresh : null);
      setConfirming(false);
      setCopied(false);
      onStatus(await invoke('mcp.http.status', {}));
      onTokenChanged();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <div className="card integrations-http" data-testid="integrations-http">
      <label className="integrations-check integrations-http-switch">
        <input type="checkbox" checked={status.enabled} disabled={busy} data-testid="integrations-http-enabled" onChange={(e) => void save({ enabled: e.target.checked })} />
        <span>Let other apps use Monad&apos;s memory (MCP over HTTP)</span>
      </label>
      <p className="muted integrations-note">
        While Monad is open, apps on this computer connect to it at one address with their own key (from &quot;Add an app&quot;), instead of starting <span className="mono">monad mcp</span>{' '}
        themselves. Only this computer can reach it.
      </p>
      <div className="integrations-http-row">
        <label className="field">
          <span className="field-label">Port</span>
          <input
            className="input integrations-port"
            inputMode="numeric"
            value={portDraft}
            aria-invalid={!portValid}
            aria-describedby="integrations-port-hint"
            data-testid="integrations-http-port"
            onChange={(e) => setPortDraft(e.target.value.trim())}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && portValid && port !== status.port) void save({ port });
            }}
          />
        </label>
        <button type="button" className="button" disabled={busy || !portValid || port === status.port} data-testid="integrations-http-port-save" onClick={() => void save({ port })}>
          Use this port
        </button>
      </div>
      <p id="integrations-port-hint" className={portValid ? 'muted integrations-note' : 'field-error'}>
        {portValid ? `From ${MIN_PORT} to ${MAX_PORT}; ${DEFAULT_MCP_HTTP_PORT} unless another program needs it. Apps you connected must be given the new address after a change.` : `Enter a whole number from ${MIN_PORT} to ${MAX_PORT}.`}
      </p>
      <HttpState status={status} />
      <div className="integrations-token">
        <span className="field-label" id="integrations-token-label">
          Shared token
        </span>
        <div className="integrations-http-row">
          <code className="mono selectable integrations-token-value" aria-labelledby="integrations-token-label" data-testid="integrations-http-token">
            {token ?? `••••••••${status.tokenMask.replace('…', '')}`}
          </code>
          <button type="button" className="button" aria-pressed={token !== null} data-testid="integrations-http-token-show" onClick={() => void reveal()}>
            {token ? 'Hide' : 'Show'}
          </button>
          <button type="button" className="button" data-testid="integrations-http-token-copy" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </button>
          {confirming ? null : (
            <button type="button" className="button button-danger-text" data-testid="integrations-http-token-regenerate" onClick={() => setConfirming(true)}>
              Regenerate token
            </button>
          )}
        </div>
        {confirming ? (
          <div className="integrations-confirm" role="group" aria-label="Regenerate the token">
            <p>Apps that use the current token stop reaching Monad until you give them the new one.</p>
            <button type="button" className="button button-danger" data-testid="integrations-http-token-regenerate-confirm" onClick={() => void regenerate()}>
              Regenerate token
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        ) : null}
        <p className="muted integrations-note">
          An app that connects with this token instead of a key of its own may only read, and waits above for your approval. Kept in this computer&apos;s Monad folder, readable only by you;
          it stays the same when Monad restarts.
        </p>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function HttpState({ status }: { status: McpHttpStatus }) {
  switch (status.state) {
    case 'listening':
      return (
        <p className="integrations-http-state" data-testid="integrations-http-state">
          <span className="pill pill-ok">On</span> Apps connect to <span className="mono selectable" data-testid="integrations-http-url">{status.url}</span>
        </p>
      );
    case 'failed':
      return (
        <p className="field-error" role="alert" data-testid="integrations-http-state">
          {status.error}
        </p>
      );
    case 'unhosted':
      return (
        <p className="muted integrations-http-state" data-testid="integrations-http-state">
          {status.enabled ? 'On: the Monad app serves it while it is open.' : 'Off.'}
        </p>
      );
    case 'off':
      return (
        <p className="muted integrations-http-state" data-testid="integrations-http-state">
          Off: no app can connect over HTTP.
        </p>
      );
  }
}
