import type { Migration } from '../migrate';

// Sessions are hard-deleted (forgetting a chat forgets it); messages are soft-deleted so a regenerated
// reply can be hidden without losing the ids that memory provenance may point at.
export const app0001Init: Migration = {
  version: 1,
  name: 'init',
  up: `
    CREATE TABLE sessions (
      id           TEXT PRIMARY KEY,
      agent_id     TEXT NOT NULL,
      title        TEXT NOT NULL,
      workspace    TEXT,
      project_key  TEXT,
      incognito    INTEGER NOT NULL DEFAULT 0,
      created_at   TEXT NOT NULL,
      updated_at   TEXT NOT NULL
    );
    CREATE INDEX sessions_by_agent ON sessions(agent_id, updated_at DESC);

    CREATE TABLE messages (
      seq           INTEGER PRIMARY KEY AUTOINCREMENT,
      id            TEXT NOT NULL UNIQUE,
      session_id    TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      role          TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system', 'tool')),
      content       TEXT NOT NULL,
      tool_calls    TEXT,
      tool_call_id  TEXT,
      usage_input   INTEGER,
      usage_output  INTEGER,
      error         TEXT,
      created_at    TEXT NOT NULL,
      deleted_at    TEXT
    );
    CREATE INDEX messages_by_session ON messages(session_id, seq);
  `,
};
