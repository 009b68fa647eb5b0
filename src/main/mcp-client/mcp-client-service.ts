// MCP servers whose tools Monad's chat uses (issue 19 §2): their settings (config.json + secret store),
// one supervised connection each (connection.ts), "Test", and what the chat needs per turn. Servers start
// on first use (the first turn of an agent they are enabled for, or Test) and are stopped when Monad
// closes, when they are removed, and when their settings change (the next use starts the new version).
import type { McpServer, McpServerInput } from '../../shared/config';
import { mcpServerSchema } from '../../shared/config';
import { MonadError } from '../../shared/errors';
import type { McpSecretsInput, McpServerView, McpTestResult, McpToolInfo } from '../../shared/mcp';
import type { ConfigStore } from '../config/store';
import type { EventBus } from '../events';
import { detectInjection } from '../memory/facts/sanitize-injection';
import type { SecretStore } from '../secrets/secret-store';
import { CALL_TIMEOUT_MS, CONNECT_TIMEOUT_MS, DEFAULT_RESTART, logFileOf, McpConnection, type ConnectionDeps, type RestartPolicy } from './connection';
import { McpCallStore } from './call-store';
import { PendingApprovals } from './pending-approvals';
import { McpServerSecrets, secretPlace, type ResolvedSecrets } from './server-secrets';
import type { Database } from 'better-sqlite3';
import { relative } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export interface McpClientDeps {
  config: ConfigStore;
  secrets: SecretStore;
  appDb: Database;
  homeRoot: string;
  logsDir: string;
  events: EventBus;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
  /** Tests shorten the waits and the restart delays. */
  timing?: Partial<{ connectTimeoutMs: number; callTimeoutMs: number; restart: RestartPolicy }>;
}

export class McpClientService {
  readonly calls: McpCallStore;
  readonly approvals = new PendingApprovals();
  readonly serverSecrets: McpServerSecrets;
  private connections = new Map<string, { key: string; conn: McpConnection }>();
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly d: McpClientDeps) {
    this.calls = new McpCallStore(d.appDb, d.now);
    this.serverSecrets = new McpServerSecrets(d.secrets);
    // A hand edit of config.json (or an import) that removes or changes a server stops the running one.
    this.unsubscribe = d.config.onChange((config) => {
      const live = new Map(config.mcp.servers.map((s) => [s.id, connectionKey(s)]));
      for (const [id, c] of this.connections) if (live.get(id) !== c.key) this.drop(id);
    });
  }

  servers(): McpServer[] {
    return this.d.config.get().mcp.servers;
  }

  server(id: string): McpServer {
    const s = this.servers().find((x) => x.id === id);
    if (!s) throw new MonadError('NOT_FOUND', `There is no tool server "${id}"`);
    return s;
  }

  list(): McpServerView[] {
    return this.servers().map((s) => this.view(s));
  }

  /** Adds or replaces a server. Secrets go to the secret store, bound to where the server points. */
  save(input: McpServerInput, secrets?: McpSecretsInput): McpServerView {
    const next = mcpServerSchema.parse(input);
    const previous = this.servers().find((s) => s.id === next.id) ?? null;
    for (const a of next.agents) if (!this.d.config.get().agent.agents.some((x) => x.id === a)) throw new MonadError('BAD_INPUT', `There is no agent "${a}"`);
    this.d.config.update((c) => {
      const i = c.mcp.servers.findIndex((s) => s.id === next.id);
      if (i < 0) c.mcp.servers.push(next);
      else c.mcp.servers[i] = next;
      return c;
    });
    this.serverSecrets.save(previous, next, secrets);
    // Pointed elsewhere: what was allowed "always in this chat" was allowed for the old program or address.
    if (previous && secretPlace(previous) !== secretPlace(next)) this.calls.forgetServer(next.id);
    // Stopped so the next use starts it with the new settings and secrets.
    this.drop(next.id);
    this.emitStatus(next.id);
    return this.view(next);
  }

  delete(id: string): void {
    const server = this.server(id);
    this.d.config.update((c) => {
      c.mcp.servers = c.mcp.servers.filter((s) => s.id !== id);
      return c;
    });
    this.serverSecrets.deleteAll(server);
    this.calls.forgetServer(id);
    this.drop(id);
  }

  /** Starts (or reuses) the server and lists its tools. A draft is tried with a throwaway connection. */
  async test(input: { id?: string; server?: McpServerInput; secrets?: McpSecretsInput }): Promise<McpTestResult> {
    if (input.server) {
      const draft = mcpServerSchema.parse(input.server);
      const stored = this.servers().some((s) => s.id === draft.id) ? this.serverSecrets.resolve(draft) : { env: {}, headers: {}, token: null };
      const typed = typedSecrets(input.secrets);
      const conn = this.newConnection(draft, () => ({ env: { ...stored.env, ...typed.env }, headers: { ...stored.headers, ...typed.headers }, token: typed.token ?? stored.token }));
      try {
        return await describe(conn);
      } finally {
        await conn.close();
      }
    }
    if (!input.id) throw new MonadError('BAD_INPUT', 'Name the server to test, or send its settings');
    return describe(this.connection(this.server(input.id)));
  }

  /** The servers enabled for an agent. */
  forAgent(agentId: string): McpServer[] {
    return this.servers().filter((s) => s.agents.includes(agentId));
  }

  /** The supervised connection of a saved server (created on first use). */
  connection(server: McpServer): McpConnection {
    if (this.closed) throw new MonadError('CONFLICT', 'Monad is closing');
    const key = connectionKey(server);
    const existing = this.connections.get(server.id);
    if (existing && existing.key === key) return existing.conn;
    if (existing) this.drop(server.id);
    const conn = this.newConnection(server, (s) => this.serverSecrets.resolve(s));
    this.connections.set(server.id, { key, conn });
    return conn;
  }

  /** Stops every server (Monad closing). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe();
    this.approvals.rejectAll();
    const all = [...this.connections.values()].map((c) => c.conn.close());
    this.connections.clear();
    await Promise.allSettled(all);
  }

  private drop(id: string): void {
    const c = this.connections.get(id);
    if (!c) return;
    this.connections.delete(id);
    void c.conn.close();
  }

  private newConnection(server: McpServer, secrets: (s: McpServer) => ResolvedSecrets): McpConnection {
    const deps: ConnectionDeps = {
      secrets,
      logsDir: this.d.logsDir,
      defaultCwd: this.d.homeRoot,
      restart: this.d.timing?.restart ?? DEFAULT_RESTART,
      connectTimeoutMs: this.d.timing?.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      callTimeoutMs: this.d.timing?.callTimeoutMs ?? CALL_TIMEOUT_MS,
      onStatus: () => this.emitStatus(server.id),
      log: this.d.log,
    };
    return new McpConnection(server, deps);
  }

  private emitStatus(id: string): void {
    if (this.closed) return;
    this.d.events.emit('mcp.servers', { id });
  }

  private view(s: McpServer): McpServerView {
    const masks = this.serverSecrets.masks(s);
    const c = this.connections.get(s.id);
    const log = s.transport.kind === 'stdio' ? relative(this.d.homeRoot, logFileOf(this.d.logsDir, s.id)) : null;
    return {
      ...s,
      secretEnv: masks.env,
      secretHeaders: masks.headers,
      token: masks.token,
      status: c ? { phase: c.conn.phase, error: c.conn.error, restarts: c.conn.restarts } : { phase: 'stopped', error: null, restarts: 0 },
      logFile: log,
    };
  }
}

/** What makes two saved versions of a server the same running program (anything else restarts it). */
function connectionKey(s: McpServer): string {
  return JSON.stringify({ t: s.transport });
}

function typedSecrets(input: McpSecretsInput | undefined): ResolvedSecrets {
  const keep = (rec: Record<string, string | null> | undefined) => Object.fromEntries(Object.entries(rec ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  return { env: keep(input?.env), headers: keep(input?.headers), token: input?.token ? input.token : null };
}

async function describe(conn: McpConnection): Promise<McpTestResult> {
  try {
    const tools = await conn.listTools();
    return { ok: true, server: conn.serverVersion(), tools: tools.map(toolInfo), error: null };
  } catch (err) {
    return { ok: false, server: null, tools: [], error: err instanceof Error ? err.message : String(err) };
  }
}

/** A tool as Settings lists it; a description that reads like instructions to the assistant is marked. */
export function toolInfo(t: Tool): McpToolInfo {
  const description = (t.description ?? '').slice(0, 2000);
  const verdict = description ? detectInjection(description) : null;
  return { name: t.name, title: t.title ?? t.annotations?.title ?? null, description, warning: verdict?.reason ?? null };
}
