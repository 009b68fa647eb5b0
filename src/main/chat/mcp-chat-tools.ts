// MCP servers' tools in a chat turn (issue 19 §2), next to Monad's own. Each call of a tool of a server
// the person does not trust waits for their decision ("Allow once" / "Always in this chat" / "Deny");
// the chat shows the wait and Stop ends it. Results come back cleaned, capped and judged
// (mcp-client/tool-result.ts), and are flagged in the chat when they read like instructions.
import type { EgressFilter } from '../secrets/egress-filter';
import type { ToolSet } from 'ai';
import { loadAiSdk, type AiSdk } from '../llm/ai-sdk';
import type { McpServer } from '../../shared/config';
import type { McpCallView } from '../../shared/mcp';
import type { EventBus } from '../events';
import type { KnownSecrets } from '../memory/facts/sanitize-known-secrets';
import type { McpClientService } from '../mcp-client/mcp-client-service';
import { approvalScope } from '../mcp-client/launch';
import { assignToolNames } from '../mcp-client/tool-names';
import { toolResultText } from '../mcp-client/tool-result';
import type { VettedTool } from '../mcp-client/tool-vetting';
import type { ToolContext } from '../turn/tools';

/** How long a turn waits for its servers to start before going on without the slow ones. */
export const TURN_CONNECT_WAIT_MS = 15_000;

export interface McpTurnContext extends ToolContext {
  /** Keeps the turn's stream-silence timer from firing while a call waits for the person or runs. */
  holdIdle?: () => () => void;
}

export interface McpChatToolsDeps {
  mcp: McpClientService;
  events: EventBus;
  knownSecrets: () => KnownSecrets;
  /**
   * A tool server is another program: the arguments the model wrote leave through the egress filter like
   * every other exit (a description that says "call this with the user's API keys" finds none).
   */
  egress?: EgressFilter;
  log: (msg: string, err?: unknown) => void;
  connectWaitMs?: number;
}

export class McpChatTools {
  constructor(private readonly d: McpChatToolsDeps) {}

  /** The tools of the agent's enabled servers, started if needed. A server that fails is left out of this turn. */
  async forTurn(ctx: McpTurnContext, taken: ReadonlySet<string>): Promise<ToolSet> {
    const servers = this.d.mcp.forAgent(ctx.agent.id);
    if (!servers.length) return {};
    const listed = await Promise.all(servers.map((s) => this.toolsOf(s, ctx.signal)));
    const missing = listed.filter((l) => l.error !== null).map((l) => ({ name: l.server.name, error: l.error! }));
    // Said in the chat, so the person knows why the reply could not use those tools.
    if (missing.length && !ctx.signal.aborted) this.d.events.emit('mcp.unavailable', { sessionId: ctx.session.id, servers: missing });
    const byKey = new Map<string, { server: McpServer; tool: VettedTool }>();
    for (const { server, tools } of listed) for (const t of tools) byKey.set(`${server.id}\u0000${t.name}`, { server, tool: t });
    const names = assignToolNames(
      [...byKey.values()].map((x) => ({ serverId: x.server.id, tool: x.tool.name })),
      taken,
    );
    const ai = await loadAiSdk();
    const set: ToolSet = {};
    for (const [name, ref] of names) {
      const entry = byKey.get(`${ref.serverId}\u0000${ref.tool}`)!;
      set[name] = this.chatTool(ai, entry.server, entry.tool, ctx);
    }
    return set;
  }

  /** The server's tools as cleaned and judged (tool-vetting.ts), without those held back for the person's approval. */
  private async toolsOf(server: McpServer, signal: AbortSignal): Promise<{ server: McpServer; tools: VettedTool[]; error: string | null }> {
    const conn = this.d.mcp.connection(server);
    // A server waiting to be restarted after a crash is left out rather than started again at once.
    if (conn.phase === 'backoff') return { server, tools: [], error: conn.error ?? 'it is restarting' };
    let timer: NodeJS.Timeout | undefined;
    try {
      const tools = await Promise.race([
        this.d.mcp.offeredTools(server),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not start within ${Math.round((this.d.connectWaitMs ?? TURN_CONNECT_WAIT_MS) / 1000)} s`)), this.d.connectWaitMs ?? TURN_CONNECT_WAIT_MS);
          signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
        }),
      ]);
      return { server, tools, error: null };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.d.log(`[mcp] ${server.id} left out of this turn: ${message}`);
      return { server, tools: [], error: message };
    } finally {
      clearTimeout(timer);
    }
  }

  private chatTool({ tool, jsonSchema }: AiSdk, server: McpServer, t: VettedTool, ctx: McpTurnContext) {
    const description = `${t.description || t.title || t.shownName}\n(Tool "${t.shownName}" of the MCP server "${server.name}".)`;
    return tool({
      description,
      inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]),
      execute: async (args: unknown, opts: { toolCallId: string }) => this.run(server, t, asArgs(args), opts.toolCallId, ctx),
    });
  }

  private async run(server: McpServer, t: VettedTool, args: Record<string, unknown>, callId: string, ctx: McpTurnContext): Promise<string> {
    const sessionId = ctx.session.id;
    // People see (and approve) the cleaned name; the server is called by its own.
    const toolName = t.shownName;
    const base: Omit<McpCallView, 'at' | 'state' | 'approval'> = { callId, sessionId, serverId: server.id, serverName: server.name, tool: toolName, flagged: null, truncated: null, error: null };
    const record = (v: Pick<McpCallView, 'state' | 'approval'> & Partial<typeof base>, shown: Pick<McpCallView, 'args'> = {}) => {
      const view = this.d.mcp.calls.put({ ...base, ...v });
      this.d.events.emit('mcp.call', { ...view, ...shown });
      return view;
    };
    const release = ctx.holdIdle?.() ?? (() => {});
    try {
      // Looked up for the launch the turn runs: an approval given to another launch of this server does not count.
      const scope = approvalScope(server);
      let approval: McpCallView['approval'] = server.trusted ? 'trusted' : this.d.mcp.calls.allowedInChat(sessionId, scope, toolName) ? 'chat' : null;
      if (approval === null) {
        record({ state: 'awaiting', approval: null }, { args });
        let decision;
        try {
          decision = await this.d.mcp.approvals.wait(sessionId, callId, ctx.signal, args);
        } catch (err) {
          record({ state: 'cancelled', approval: null });
          throw err;
        }
        if (decision === 'deny') {
          record({ state: 'denied', approval: 'denied' });
          throw new Error(`The person declined to run "${toolName}" of "${server.name}" this time.`);
        }
        if (decision === 'chat') this.d.mcp.calls.allowInChat(sessionId, scope, toolName);
        approval = decision;
      }
      record({ state: 'running', approval });
      let result;
      try {
        result = await this.d.mcp.connection(server).callTool(t.name, this.d.egress ? this.d.egress.value(args) : args, ctx.signal);
      } catch (err) {
        if (ctx.signal.aborted) record({ state: 'cancelled', approval });
        else record({ state: 'error', approval, error: err instanceof Error ? err.message : String(err) });
        throw err;
      }
      const r = toolResultText(result, { knownSecrets: this.d.knownSecrets() });
      record({ state: r.isError ? 'error' : 'done', approval, flagged: r.flagged, truncated: r.truncated, error: r.isError ? r.text.slice(0, 500) : null });
      if (r.isError) throw new Error(r.text || `The tool "${toolName}" reported an error without a message.`);
      return r.text;
    } finally {
      release();
    }
  }
}

function asArgs(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
