// How each MCP tool call in a chat went, and the "Always in this chat" decisions (app migration mcp-calls).
import type { Database } from 'better-sqlite3';
import type { McpCallState, McpCallView } from '../../shared/mcp';

interface Row {
  session_id: string;
  call_id: string;
  server_id: string;
  server_name: string;
  tool: string;
  state: McpCallState;
  approval: McpCallView['approval'];
  flagged: string | null;
  kept_chars: number | null;
  got_chars: number | null;
  error: string | null;
  created_at: string;
}

function toView(r: Row): McpCallView {
  return {
    callId: r.call_id,
    sessionId: r.session_id,
    serverId: r.server_id,
    serverName: r.server_name,
    tool: r.tool,
    state: r.state,
    approval: r.approval,
    flagged: r.flagged,
    truncated: r.kept_chars !== null && r.got_chars !== null ? { kept: r.kept_chars, received: r.got_chars } : null,
    error: r.error,
    at: r.created_at,
  };
}

export class McpCallStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  /** Records a call or its new state; the first write fixes when it happened. */
  put(v: Omit<McpCallView, 'at'>): McpCallView {
    this.db
      .prepare(
        `INSERT INTO mcp_calls (session_id, call_id, server_id, server_name, tool, state, approval, flagged, kept_chars, got_chars, error, created_at)
         VALUES (@sessionId, @callId, @serverId, @serverName, @tool, @state, @approval, @flagged, @kept, @got, @error, @at)
         ON CONFLICT (session_id, call_id) DO UPDATE SET server_id = excluded.server_id, server_name = excluded.server_name, tool = excluded.tool,
           state = excluded.state, approval = excluded.approval, flagged = excluded.flagged, kept_chars = excluded.kept_chars,
           got_chars = excluded.got_chars, error = excluded.error`,
      )
      .run({ ...v, kept: v.truncated?.kept ?? null, got: v.truncated?.received ?? null, at: this.now().toISOString() });
    return this.get(v.sessionId, v.callId)!;
  }

  get(sessionId: string, callId: string): McpCallView | null {
    const r = this.db.prepare(`SELECT * FROM mcp_calls WHERE session_id = ? AND call_id = ?`).get(sessionId, callId) as Row | undefined;
    return r ? toView(r) : null;
  }

  list(sessionId: string): McpCallView[] {
    return (this.db.prepare(`SELECT * FROM mcp_calls WHERE session_id = ? ORDER BY created_at, rowid`).all(sessionId) as Row[]).map(toView);
  }

  /*
   * "Always in this chat" is given to one launch of a server: `scope` is launch.ts's approvalScope,
   * "<server id>#<launch digest>", kept in the server_id column. A server launched differently (other
   * arguments, folder, environment, address) finds no approval and asks again. Rows from before launches
   * were bound hold the bare server id, which no scope equals.
   */
  allowedInChat(sessionId: string, scope: string, tool: string): boolean {
    return this.db.prepare(`SELECT 1 FROM mcp_chat_approvals WHERE session_id = ? AND server_id = ? AND tool = ?`).get(sessionId, scope, tool) !== undefined;
  }

  allowInChat(sessionId: string, scope: string, tool: string): void {
    this.db
      .prepare(`INSERT OR IGNORE INTO mcp_chat_approvals (session_id, server_id, tool, created_at) VALUES (?, ?, ?, ?)`)
      .run(sessionId, scope, tool, this.now().toISOString());
  }

  /** A server removed or launched differently: what was allowed for it no longer holds. */
  forgetServer(serverId: string): void {
    const prefix = `${serverId}#`;
    this.db.prepare(`DELETE FROM mcp_chat_approvals WHERE server_id = ? OR substr(server_id, 1, ?) = ?`).run(serverId, prefix.length, prefix);
  }
}
