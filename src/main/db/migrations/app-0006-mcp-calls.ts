import type { Migration } from '../migrate';

// MCP tool calls in chats (issue 19 §2). `mcp_calls`: how each call of a server's tool went (the person's
// decision, a result flagged as instruction-shaped, a result cut to size), shown next to the call in the
// chat. `mcp_chat_approvals`: "Always in this chat" decisions, per chat, server and tool. Both go with
// their chat.
export const app0006McpCalls: Migration = {
  version: 6,
  name: 'mcp-calls',
  up: `
    CREATE TABLE mcp_calls (
      session_id   TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      call_id      TEXT NOT NULL,
      server_id    TEXT NOT NULL,
      server_name  TEXT NOT NULL,
      tool         TEXT NOT NULL,
      state        TEXT NOT NULL CHECK (state IN ('awaiting', 'running', 'done', 'error', 'denied', 'cancelled')),
      approval     TEXT CHECK (approval IS NULL OR approval IN ('once', 'chat', 'trusted', 'denied')),
      flagged      TEXT,
      kept_chars   INTEGER,
      got_chars    INTEGER,
      error        TEXT,
      created_at   TEXT NOT NULL,
      PRIMARY KEY (session_id, call_id)
    );
    CREATE TABLE mcp_chat_approvals (
      session_id   TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      server_id    TEXT NOT NULL,
      tool         TEXT NOT NULL,
      created_at   TEXT NOT NULL,
      PRIMARY KEY (session_id, server_id, tool)
    );
  `,
};
