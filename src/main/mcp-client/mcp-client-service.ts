// MCP servers whose tools Monad's chat uses (issue 19 §2): their settings (config.json + secret store),
// one supervised connection each (connection.ts), "Test", and what the chat needs per turn. Servers start
// on first use (the first turn of an agent they are enabled for, or Test) and are stopped when Monad
// closes, when they are removed, and when their settings change (the next use starts the new version).
// Issue 26: secrets and "Always in this chat" belong to one launch (launch.ts), a draft under Test gets only
// the secrets typed with it, and a tool whose text reads like orders waits for the person (tool-vetting.ts).
import type { McpServer, McpServerInput } from '../../shared/config';
import { mcpServerSchema } from '../../shared/config';
import { MonadError } from '../../shared/errors';
import type { McpSecretsInput, McpServerView, McpTestResult, McpToolApprovalInput } from '../../shared/mcp';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ConfigStore } from '../config/store';
import type { EventBus } from '../events';
import type { SecretStore } from '../secrets/secret-store';
import { CALL_TIMEOUT_MS, CONNECT_TIMEOUT_MS, DEFAULT_RESTART, logFileOf, McpConnection, type ConnectionDeps, type RestartPolicy } from './connection';
import { McpCallStore } from './call-store';
import { PendingApprovals } from './pending-approvals';
import { approvalScope, checkWorkingDir } from './launch';
import { McpServerSecrets, type ResolvedSecrets } from './server-secrets';
import type { Database } from 'better-sqlite3';
import { relative } from 'node:path';
import { cleanLabel, isOffered, toolInfo, vetTools, type VettedTool } from './tool-vetting';

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
    const parsed = mcpServerSchema.parse(input);
    const previous = this.servers().find((s) => s.id === parsed.id) ?? null;
    // Approvals of flagged tool texts change only through approveTool: a save (the form, an import) keeps them.
    const next: McpServer = { ...parsed, approvedTools: previous?.approvedTools ?? [] };
    if (next.transport.kind === 'stdio') checkWorkingDir(next.transport.cwd, this.d.homeRoot, next.name);
    for (const a of next.agents) if (!this.d.config.get().agent.agents.some((x) => x.id === a)) throw new MonadError('BAD_INPUT', `There is no agent "${a}"`);
    this.d.config.update((c) => {
      const i = c.mcp.servers.findIndex((s) => s.id === next.id);
      if (i < 0) c.mcp.servers.push(next);
      else c.mcp.servers[i] = next;
      return c;
    });
    this.serverSecrets.save(previous, next, secrets);
    // Launched differently or pointed elsewhere: what was allowed "always in this chat" was allowed for the
    // old launch or address. Approvals are looked up by launch anyway (launch.ts); this keeps the table tidy.
    if (previous && approvalScope(previous) !== approvalScope(next)) this.calls.forgetServer(next.id);
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

  /**
   * Starts (or reuses) the server and lists its tools. A draft is tried with a throwaway connection and
   * only the secrets typed in the form: a draft is whatever the form (or any caller of the contract) says,
   * so handing it a saved server's secrets would give them to any program named under that server's id.
   */
  async test(input: { id?: string; server?: McpServerInput; secrets?: McpSecretsInput }): Promise<McpTestResult> {
    if (input.server) {
      const draft = mcpServerSchema.parse(input.server);
      if (draft.transport.kind === 'stdio') checkWorkingDir(draft.transport.cwd, this.d.homeRoot, draft.name);
      const typed = typedSecrets(input.secrets);
      const conn = this.newConnection(draft, () => typed);
      try {
        return await describe(conn, draft);
      } finally {
        await conn.close();
      }
    }
    if (!input.id) throw new MonadError('BAD_INPUT', 'Name the server to test, or send its settings');
    const server = this.server(input.id);
    return describe(this.connection(server), server);
  }

  /**
   * The person read a flagged tool's text in Settings and approves it for the model (or withdraws that).
   * The approval is for the text they read: if the server's description has changed since, it is refused.
   */
  async approveTool(input: McpToolApprovalInput): Promise<McpTestResult> {
    const server = this.server(input.serverId);
    if (input.approved) {
      const current = vetTools(await this.connection(server).listTools()).find((v) => v.name === input.tool);
      if (!current) throw new MonadError('NOT_FOUND', `"${server.name}" no longer offers this tool; Test it again to see its tools`);
      if (current.hash !== input.hash) throw new MonadError('CONFLICT', `The text of this tool of "${server.name}" changed since it was shown; read it again before approving it`);
    }
    this.d.config.update((c) => {
      const s = c.mcp.servers.find((x) => x.id === server.id);
      if (!s) return c;
      const others = s.approvedTools.filter((a) => a.tool !== input.tool);
      s.approvedTools = input.approved ? [...others, { tool: input.tool, hash: input.hash }] : others;
      return c;
    });
    this.emitStatus(server.id);
    return describe(this.connection(this.server(server.id)), this.server(server.id));
  }

  /** A server's tools as the chat may offer them: cleaned, and without those held back for the person's approval. */
  async offeredTools(server: McpServer): Promise<VettedTool[]> {
    const approvals = this.server(server.id).approvedTools;
    return vetTools(await this.connection(server).listTools()).filter((v) => isOffered(v, approvals));
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
      homeRoot: this.d.homeRoot,
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
      staleSecrets: this.serverSecrets.stale(s),
      status: c ? { phase: c.conn.phase, error: c.conn.error, restarts: c.conn.restarts } : { phase: 'stopped', error: null, restarts: 0 },
      logFile: log,
      heldTools: heldTools(c?.conn.cachedTools() ?? null, s),
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

async function describe(conn: McpConnection, server: McpServer): Promise<McpTestResult> {
  try {
    const tools = vetTools(await conn.listTools());
    const v = conn.serverVersion();
    // The server's self-description is its own words too: cleaned like its tools' names.
    const self = v ? { name: cleanLabel(v.name, 100), version: cleanLabel(v.version, 50) } : null;
    return { ok: true, server: self, tools: tools.map((t) => toolInfo(t, server.approvedTools)), error: null };
  } catch (err) {
    return { ok: false, server: null, tools: [], error: err instanceof Error ? err.message : String(err) };
  }
}

function heldTools(tools: Tool[] | null, server: McpServer): string[] {
  if (!tools) return [];
  return vetTools(tools)
    .filter((v) => !isOffered(v, server.approvedTools))
    .map((v) => v.shownName);
}
