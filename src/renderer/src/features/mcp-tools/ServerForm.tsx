// Add or edit an MCP tool server: a program on this computer (stdio: command, arguments, environment) or a
// web address (HTTP: URL, headers, token). Secret values are write-only: a stored one shows masked and
// can be replaced or removed, never read back. "Test" starts the server as typed and lists its tools.
import { useId, useState, type FormEvent } from 'react';
import type { McpServerInput } from '../../../../shared/config';
import type { McpSecretsInput, McpServerView, McpTestResult } from '../../../../shared/mcp';
import { useAgents } from '../agents/store';
import { TestResultView } from './TestResultView';
import { useMcpTools } from './store';

interface EnvRow {
  name: string;
  value: string;
  secret: boolean;
}

function slug(name: string, taken: string[]): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'tools';
  let id = base;
  for (let i = 2; taken.includes(id); i++) id = `${base}-${i}`;
  return id;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function urlProblem(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? null : 'The address must start with http:// or https://';
  } catch {
    return 'That is not a web address (e.g. https://example.com/mcp).';
  }
}

export function ServerForm({ existing, onDone }: { existing?: McpServerView; onDone(saved?: McpServerView): void }) {
  const servers = useMcpTools((s) => s.servers);
  const agents = useAgents((s) => s.agents);
  const t = existing?.transport;
  const [name, setName] = useState(existing?.name ?? '');
  const [kind, setKind] = useState<'stdio' | 'http'>(t?.kind ?? 'stdio');
  const [command, setCommand] = useState(t?.kind === 'stdio' ? t.command : '');
  const [argsText, setArgsText] = useState(t?.kind === 'stdio' ? t.args.join('\n') : '');
  const [cwd, setCwd] = useState(t?.kind === 'stdio' ? (t.cwd ?? '') : '');
  const [env, setEnv] = useState<EnvRow[]>(t?.kind === 'stdio' ? t.env.map((v) => ({ name: v.name, value: v.secret ? '' : v.value, secret: v.secret })) : []);
  const [url, setUrl] = useState(t?.kind === 'http' ? t.url : '');
  const [headers, setHeaders] = useState<{ name: string; value: string }[]>(t?.kind === 'http' ? t.headers.map((h) => ({ name: h.name, value: '' })) : []);
  const [token, setToken] = useState('');
  const [removeToken, setRemoveToken] = useState(false);
  const [enabledFor, setEnabledFor] = useState<string[]>(existing?.agents ?? agents.map((a) => a.id).slice(0, 1));
  const [trusted, setTrusted] = useState(existing?.trusted ?? false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ busy: boolean; result: McpTestResult | null }>({ busy: false, result: null });
  const ids = { name: useId(), kind: useId(), command: useId(), args: useId(), cwd: useId(), url: useId(), token: useId(), trusted: useId() };

  const nameError = name.trim() === '' ? 'Give the server a name.' : null;
  const targetError = kind === 'stdio' ? (command.trim() === '' ? 'Name the program to run (e.g. npx).' : null) : urlProblem(url.trim());
  const envError = env.some((v) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(v.name)) ? 'Variable names use letters, digits and "_", and do not start with a digit.' : null;
  const headerError = headers.some((h) => !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(h.name)) ? 'A header name cannot be empty or contain spaces.' : null;

  function draft(): McpServerInput {
    const id = existing?.id ?? slug(name, servers.map((s) => s.id));
    const transport: McpServerInput['transport'] =
      kind === 'stdio'
        ? {
            kind: 'stdio',
            command: command.trim(),
            args: argsText.split('\n').map((a) => a.trim()).filter(Boolean),
            env: env.map((v) => ({ name: v.name, value: v.secret ? '' : v.value, secret: v.secret })),
            ...(cwd.trim() ? { cwd: cwd.trim() } : {}),
          }
        : { kind: 'http', url: url.trim(), headers: headers.map((h) => ({ name: h.name.trim() })) };
    return { id, name: name.trim(), transport, agents: enabledFor, trusted };
  }

  function secrets(): McpSecretsInput {
    const out: McpSecretsInput = {};
    if (kind === 'stdio') out.env = Object.fromEntries(env.filter((v) => v.secret && v.value !== '').map((v) => [v.name, v.value]));
    else {
      out.headers = Object.fromEntries(headers.filter((h) => h.value !== '').map((h) => [h.name.trim(), h.value]));
      if (token !== '') out.token = token;
      else if (removeToken) out.token = null;
    }
    return out;
  }

  // Secrets are saved for one launch: say before saving that a changed launch will need them again.
  const savedSecrets = existing ? [...Object.keys(existing.secretEnv), ...Object.keys(existing.secretHeaders), ...(existing.token ? ['token'] : [])] : [];
  const launchChanged = (() => {
    if (!t) return false;
    if (t.kind !== kind) return true;
    // An address's secrets are bound to its origin: another path on the same origin keeps them.
    if (t.kind === 'http') return originOf(t.url) !== originOf(url.trim());
    const plain = (rows: { name: string; value: string; secret: boolean }[]) => JSON.stringify(rows.filter((v) => !v.secret).map((v) => [v.name, v.value]).sort());
    return (
      t.command !== command.trim() ||
      t.args.join('\n') !== argsText.split('\n').map((a) => a.trim()).filter(Boolean).join('\n') ||
      (t.cwd ?? '') !== cwd.trim() ||
      plain(t.env) !== plain(env)
    );
  })();
  const retyped = kind === 'stdio' ? env.some((v) => v.secret && v.value !== '') : token !== '' || headers.some((h) => h.value !== '');
  const launchWarning = launchChanged && savedSecrets.length > 0 && !retyped;

  async function runTest() {
    setTouched(true);
    if (nameError || targetError || envError || headerError) return;
    setTest({ busy: true, result: null });
    const result = await useMcpTools.getState().testDraft(draft(), secrets());
    setTest({ busy: false, result: result ?? null });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (nameError || targetError || envError || headerError) return;
    setBusy(true);
    const saved = await useMcpTools.getState().save(draft(), secrets());
    setBusy(false);
    if (saved) onDone(saved);
  }

  return (
    <form className="card provider-form mcp-form" data-testid="mcp-server-form" onSubmit={submit} noValidate>
      <div className="provider-form-title">{existing ? `Edit ${existing.name}` : 'Add a tool server'}</div>
      <div className="form-grid">
        <label className="field" htmlFor={ids.name}>
          <span className="field-label">Name</span>
          <input id={ids.name} className="input" data-testid="mcp-name" value={name} maxLength={100} placeholder="e.g. Files" onChange={(e) => setName(e.target.value)} />
          {touched && nameError ? <span className="field-error">{nameError}</span> : null}
        </label>
        <label className="field" htmlFor={ids.kind}>
          <span className="field-label">Runs as</span>
          <select id={ids.kind} className="input select" data-testid="mcp-kind" value={kind} onChange={(e) => setKind(e.target.value as 'stdio' | 'http')}>
            <option value="stdio">A program on this computer</option>
            <option value="http">A web address (HTTP)</option>
          </select>
        </label>
      </div>

      {kind === 'stdio' ? (
        <>
          <div className="form-grid">
            <label className="field" htmlFor={ids.command}>
              <span className="field-label">Command</span>
              <input id={ids.command} className="input mono" data-testid="mcp-command" value={command} spellCheck={false} placeholder="npx" onChange={(e) => setCommand(e.target.value)} />
              {touched && targetError ? <span className="field-error">{targetError}</span> : <span className="field-hint">The program Monad starts when the chat first uses its tools.</span>}
            </label>
            <label className="field" htmlFor={ids.args}>
              <span className="field-label">Arguments, one per line</span>
              <textarea
                id={ids.args}
                className="input textarea mono"
                data-testid="mcp-args"
                rows={3}
                spellCheck={false}
                placeholder={'-y\n@modelcontextprotocol/server-filesystem\n/home/me/Documents'}
                value={argsText}
                onChange={(e) => setArgsText(e.target.value)}
              />
            </label>
            <label className="field" htmlFor={ids.cwd}>
              <span className="field-label">Working folder</span>
              <input id={ids.cwd} className="input mono" data-testid="mcp-cwd" value={cwd} spellCheck={false} placeholder="a fresh empty folder" onChange={(e) => setCwd(e.target.value)} />
              <span className="field-hint">Left empty, it starts in a fresh empty folder. Never inside Monad’s home, where its keys are kept.</span>
            </label>
          </div>
          <fieldset className="field mcp-rows">
            <legend className="field-label">Environment variables</legend>
            {env.map((v, i) => (
              <div className="mcp-row" key={i}>
                <input
                  className="input mono"
                  aria-label="Variable name"
                  data-testid="mcp-env-name"
                  value={v.name}
                  spellCheck={false}
                  placeholder="NAME"
                  onChange={(e) => setEnv(env.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
                />
                <input
                  className="input mono"
                  aria-label={`Value of ${v.name || 'the variable'}`}
                  data-testid="mcp-env-value"
                  type={v.secret ? 'password' : 'text'}
                  autoComplete="off"
                  value={v.value}
                  spellCheck={false}
                  placeholder={v.secret && existing?.secretEnv[v.name] ? `${existing.secretEnv[v.name]} (kept unless you type a new one)` : 'value'}
                  onChange={(e) => setEnv(env.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
                />
                <label className="mcp-check">
                  <input type="checkbox" checked={v.secret} data-testid="mcp-env-secret" onChange={(e) => setEnv(env.map((x, j) => (j === i ? { ...x, secret: e.target.checked } : x)))} />
                  Secret
                </label>
                <button type="button" className="button button-quiet button-small" aria-label={`Remove ${v.name || 'this variable'}`} onClick={() => setEnv(env.filter((_, j) => j !== i))}>
                  Remove
                </button>
              </div>
            ))}
            <div>
              <button type="button" className="button button-quiet button-small" data-testid="mcp-env-add" onClick={() => setEnv([...env, { name: '', value: '', secret: false }])}>
                Add a variable
              </button>
            </div>
            {touched && envError ? <span className="field-error">{envError}</span> : <span className="field-hint">Values marked secret go to the app’s secret store, never to config.json.</span>}
          </fieldset>
        </>
      ) : (
        <>
          <label className="field" htmlFor={ids.url}>
            <span className="field-label">Address</span>
            <input id={ids.url} className="input mono" data-testid="mcp-url" value={url} spellCheck={false} placeholder="https://example.com/mcp" onChange={(e) => setUrl(e.target.value)} />
            {touched && targetError ? <span className="field-error">{targetError}</span> : <span className="field-hint">Headers and the token are sent to this address only; move it and enter them again.</span>}
          </label>
          <fieldset className="field mcp-rows">
            <legend className="field-label">Headers</legend>
            {headers.map((h, i) => (
              <div className="mcp-row" key={i}>
                <input className="input mono" aria-label="Header name" value={h.name} spellCheck={false} placeholder="X-Api-Key" onChange={(e) => setHeaders(headers.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))} />
                <input
                  className="input mono"
                  aria-label={`Value of ${h.name || 'the header'}`}
                  type="password"
                  autoComplete="off"
                  value={h.value}
                  placeholder={existing?.secretHeaders[h.name] ? `${existing.secretHeaders[h.name]} (kept unless you type a new one)` : 'value'}
                  onChange={(e) => setHeaders(headers.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
                />
                <button type="button" className="button button-quiet button-small" aria-label={`Remove ${h.name || 'this header'}`} onClick={() => setHeaders(headers.filter((_, j) => j !== i))}>
                  Remove
                </button>
              </div>
            ))}
            <div>
              <button type="button" className="button button-quiet button-small" onClick={() => setHeaders([...headers, { name: '', value: '' }])}>
                Add a header
              </button>
            </div>
            {touched && headerError ? <span className="field-error">{headerError}</span> : <span className="field-hint">Header values are kept in the app’s secret store.</span>}
          </fieldset>
          <label className="field" htmlFor={ids.token}>
            <span className="field-label">Bearer token</span>
            <div className="key-row">
              <input
                id={ids.token}
                className="input mono"
                type="password"
                autoComplete="off"
                data-testid="mcp-token"
                value={token}
                placeholder={existing?.token && !removeToken ? `${existing.token} (kept unless you type a new one)` : 'optional'}
                onChange={(e) => setToken(e.target.value)}
              />
              {existing?.token ? (
                <label className="mcp-check">
                  <input type="checkbox" checked={removeToken} onChange={(e) => setRemoveToken(e.target.checked)} />
                  Remove the saved token
                </label>
              ) : null}
            </div>
          </label>
        </>
      )}

      <fieldset className="field mcp-agents">
        <legend className="field-label">Offer its tools to</legend>
        <div className="mcp-agent-list">
          {agents.map((a) => (
            <label key={a.id} className="mcp-check">
              <input
                type="checkbox"
                data-testid={`mcp-agent-${a.id}`}
                checked={enabledFor.includes(a.id)}
                onChange={(e) => setEnabledFor(e.target.checked ? [...enabledFor, a.id] : enabledFor.filter((x) => x !== a.id))}
              />
              {a.name}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mcp-check" htmlFor={ids.trusted}>
        <input id={ids.trusted} type="checkbox" data-testid="mcp-trusted" checked={trusted} onChange={(e) => setTrusted(e.target.checked)} />
        Trust this server: run its tools without asking each time
      </label>

      {test.result ? <TestResultView result={test.result} /> : null}
      {launchWarning ? (
        <div className="field-warning" role="status" data-testid="mcp-launch-warning">
          You changed how this server is started or where it points. Its saved secrets ({savedSecrets.join(', ')}) were saved for the old one and are not handed to the new one:
          enter them again.
        </div>
      ) : null}
      <p className="field-hint mcp-form-note">Test tries the server as typed here, with only the secrets typed here; saved secrets go only to the saved server.</p>

      <div className="card-actions">
        <button type="button" className="button button-quiet" data-testid="mcp-cancel" onClick={() => onDone()}>
          Cancel
        </button>
        <button type="button" className="button" data-testid="mcp-form-test" disabled={test.busy} onClick={() => void runTest()}>
          {test.busy ? 'Starting it…' : 'Test'}
        </button>
        <button type="submit" className="button button-primary" data-testid="mcp-save" disabled={busy}>
          {busy ? 'Saving…' : existing ? 'Save' : 'Add server'}
        </button>
      </div>
    </form>
  );
}
