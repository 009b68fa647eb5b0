// Settings → Tools: MCP servers whose tools the chat may use. Each card says what the server is, where it
// runs, whether it is running, which agents get its tools and whether its calls need approval.
import { useEffect, useState } from 'react';
import type { McpServerPhase, McpServerView } from '../../../../shared/mcp';
import { confirmAction } from '../../app/confirm';
import { Icon } from '../../app/icons';
import { Section } from '../../app/Section';
import { useAgents } from '../agents/store';
import { toast } from '../toasts/store';
import { ServerForm } from './ServerForm';
import { TestResultView } from './TestResultView';
import { ensureMcpEvents, useMcpTools } from './store';

const PHASE: Record<McpServerPhase, { label: string; pill: 'ok' | 'warn' | 'error' | 'idle' }> = {
  stopped: { label: 'Not running (starts when used)', pill: 'idle' },
  starting: { label: 'Starting', pill: 'warn' },
  ready: { label: 'Running', pill: 'ok' },
  backoff: { label: 'Restarting', pill: 'warn' },
  failed: { label: 'Failed', pill: 'error' },
};

export function ToolsSection() {
  const servers = useMcpTools((s) => s.servers);
  const loaded = useMcpTools((s) => s.loaded);
  const [editing, setEditing] = useState<string | null>(null);

  useEffect(() => {
    ensureMcpEvents();
    void useMcpTools.getState().load();
    if (!useAgents.getState().loaded) void useAgents.getState().load();
  }, []);

  function done(name: string | undefined, verb: string) {
    setEditing(null);
    if (name) toast.success(`Tool server “${name}” ${verb}`);
  }

  return (
    <Section
      title="Tools"
      description="Tool servers (MCP) whose tools your agents can use in the chat, next to their memory. Each call asks you first unless you trust the server."
      testId="tools-section"
      actions={
        editing === 'new' ? null : (
          <button type="button" className="button" data-testid="mcp-new" onClick={() => setEditing('new')}>
            <Icon name="plus" size={14} />
            Add tool server
          </button>
        )
      }
    >
      <div className="card-list">
        {editing === 'new' ? <ServerForm onDone={(saved) => done(saved?.name, 'added')} /> : null}
        {servers.map((s) =>
          editing === s.id ? <ServerForm key={s.id} existing={s} onDone={(saved) => done(saved?.name, 'saved')} /> : <ServerCard key={s.id} server={s} onEdit={() => setEditing(s.id)} />,
        )}
        {loaded && servers.length === 0 && editing !== 'new' ? (
          <p className="muted mcp-empty" data-testid="mcp-empty">
            No tool servers yet. Add one to let the chat read files, search, or use any other MCP server’s tools.
          </p>
        ) : null}
      </div>
    </Section>
  );
}

function ServerCard({ server, onEdit }: { server: McpServerView; onEdit(): void }) {
  const test = useMcpTools((s) => s.tests[server.id]);
  const agents = useAgents((s) => s.agents);
  const phase = PHASE[server.status.phase];
  const t = server.transport;
  const agentNames = server.agents.map((id) => agents.find((a) => a.id === id)?.name ?? id);

  async function remove() {
    const ok = await confirmAction({
      title: `Remove tool server “${server.name}”?`,
      message: 'It is stopped, its saved secrets are deleted, and chats no longer see its tools.',
      confirmLabel: 'Remove server',
      danger: true,
    });
    if (!ok) return;
    if (await useMcpTools.getState().remove(server.id)) toast.success(`Tool server “${server.name}” removed`);
  }

  return (
    <div className="card provider-card" data-testid="mcp-server-card" data-server-id={server.id}>
      <div className="provider-card-head">
        <div className="provider-card-title">
          <span className="provider-name">{server.name}</span>
          <span className="kind-badge">{t.kind === 'stdio' ? 'Program' : 'Web address'}</span>
          {/* A dot for the colour and the words in the body colour: coloured text on a tint fails contrast. */}
          <span className="mcp-status">
            <span className={`status-dot status-${phase.pill}`} aria-hidden="true" />
            <span data-testid="mcp-status">{phase.label}</span>
          </span>
        </div>
        <div className="provider-card-actions">
          <button type="button" className="button" data-testid="mcp-test" disabled={test?.state === 'testing'} onClick={() => void useMcpTools.getState().test(server.id)}>
            {test?.state === 'testing' ? 'Starting it…' : 'Test'}
          </button>
          <button type="button" className="icon-button" aria-label={`Edit ${server.name}`} title="Edit" data-testid="mcp-edit" onClick={onEdit}>
            <Icon name="pencil" size={15} />
          </button>
          <button type="button" className="icon-button icon-button-danger" aria-label={`Remove ${server.name}`} title="Remove" data-testid="mcp-remove" onClick={() => void remove()}>
            <Icon name="trash" size={15} />
          </button>
        </div>
      </div>
      <dl className="provider-facts">
        <dt>{t.kind === 'stdio' ? 'Runs' : 'Address'}</dt>
        <dd className="mono selectable" data-testid="mcp-card-target">
          {t.kind === 'stdio' ? [t.command, ...t.args].join(' ') : t.url}
        </dd>
        {t.kind === 'stdio' ? (
          <>
            <dt>Folder</dt>
            <dd className="mono selectable">{t.cwd ?? <span className="muted">a fresh empty folder</span>}</dd>
          </>
        ) : null}
        <dt>Used by</dt>
        <dd data-testid="mcp-card-agents">{agentNames.length ? agentNames.join(', ') : <span className="muted">no agent yet; Edit to choose</span>}</dd>
        <dt>Calls</dt>
        <dd data-testid="mcp-card-trust">{server.trusted ? 'Run without asking (trusted)' : 'Ask before each call'}</dd>
        {t.kind === 'stdio' && t.env.length ? (
          <>
            <dt>Environment</dt>
            <dd className="mono">
              {t.env.map((v) => (v.secret ? `${v.name}=${server.secretEnv[v.name] ?? (server.staleSecrets.includes(v.name) ? '(enter it again)' : '(not set)')}` : `${v.name}=${v.value}`)).join('  ')}
            </dd>
          </>
        ) : null}
        {t.kind === 'http' ? (
          <>
            <dt>Token</dt>
            <dd className="mono">{server.token ?? <span className="muted">none</span>}</dd>
          </>
        ) : null}
        {server.logFile ? (
          <>
            <dt>Log</dt>
            <dd className="mono selectable">{server.logFile}</dd>
          </>
        ) : null}
      </dl>
      {server.staleSecrets.length ? (
        <div className="field-warning" role="status" data-testid="mcp-stale-secrets">
          The launch changed since {server.staleSecrets.length === 1 ? 'this secret was' : 'these secrets were'} saved ({server.staleSecrets.join(', ')}): Monad does not hand{' '}
          {server.staleSecrets.length === 1 ? 'it' : 'them'} to a different program or address. Edit the server and enter {server.staleSecrets.length === 1 ? 'it' : 'them'} again.
        </div>
      ) : null}
      {server.heldTools.length && test?.state !== 'done' ? (
        <div className="field-warning" role="status" data-testid="mcp-held-summary">
          Held back from the model until you read {server.heldTools.length === 1 ? 'its text' : 'their texts'}: {server.heldTools.join(', ')}. Test to read and offer{' '}
          {server.heldTools.length === 1 ? 'it' : 'them'}.
        </div>
      ) : null}
      {server.status.error ? (
        <div className="field-error" role="status" data-testid="mcp-status-error">
          {server.status.error}
        </div>
      ) : null}
      {test?.state === 'done' ? <TestResultView result={test} serverId={server.id} /> : null}
    </div>
  );
}
