import type { Migration } from '../migrate';

// Full-text search over messages. A contentless FTS5 index (the text already lives in `messages`) that
// triggers keep in step with every write, so no code path can forget it: only live user/assistant
// messages with text are indexed; a soft delete (deleted_at set) or a hard delete — including the
// cascade when a session is deleted — removes the entry, and clearing deleted_at restores it.
//
// detail = none: the index answers "which messages contain this word" only (no positions). Search
// reads posting lists and scores positions itself, so positions would only make the index larger
// (about 1.5×) and every posting read slower.
//
// The index rowid is `seq * 2^20 + agent index` (SEARCH_ROWID_SPAN in search/message-index.ts): the
// owning agent is read off each hit arithmetically, so an agent-scoped search filters millions of hits
// without a join. Deletes address the whole rowid range of a seq, so they never need the session row
// (already gone during a cascade). Agent indexes come from message_search_agent and are never reused.
const SPAN = 1048576;
const INDEXABLE = (m: string) => `${m}.deleted_at IS NULL AND ${m}.role IN ('user', 'assistant') AND ${m}.content <> ''`;
const ROWID = (m: string, agentIdx: string) => `${m}.seq * ${SPAN} + ${agentIdx}`;
const RANGE = (m: string) => `rowid BETWEEN ${m}.seq * ${SPAN} AND ${m}.seq * ${SPAN} + ${SPAN - 1}`;

export const app0003MessageSearch: Migration = {
  version: 3,
  name: 'message-search',
  up: `
    CREATE TABLE message_search_agent (
      idx       INTEGER PRIMARY KEY CHECK (idx < ${SPAN}),
      agent_id  TEXT NOT NULL UNIQUE
    );
    INSERT INTO message_search_agent (agent_id) SELECT DISTINCT agent_id FROM sessions ORDER BY agent_id;

    CREATE VIRTUAL TABLE message_fts USING fts5(
      body, content = '', contentless_delete = 1, detail = none, tokenize = 'porter unicode61 remove_diacritics 2'
    );
    INSERT INTO message_fts (rowid, body)
      SELECT ${ROWID('m', 'a.idx')}, m.content
      FROM messages m JOIN sessions s ON s.id = m.session_id JOIN message_search_agent a ON a.agent_id = s.agent_id
      WHERE ${INDEXABLE('m')};

    CREATE TRIGGER message_search_agent_ai AFTER INSERT ON sessions BEGIN
      INSERT OR IGNORE INTO message_search_agent (agent_id) VALUES (new.agent_id);
    END;

    CREATE TRIGGER message_fts_ai AFTER INSERT ON messages WHEN ${INDEXABLE('new')} BEGIN
      INSERT INTO message_fts (rowid, body)
        SELECT ${ROWID('new', 'a.idx')}, new.content
        FROM sessions s JOIN message_search_agent a ON a.agent_id = s.agent_id WHERE s.id = new.session_id;
    END;

    CREATE TRIGGER message_fts_ad AFTER DELETE ON messages WHEN ${INDEXABLE('old')} BEGIN
      DELETE FROM message_fts WHERE ${RANGE('old')};
    END;

    CREATE TRIGGER message_fts_au AFTER UPDATE OF content, role, deleted_at, session_id ON messages BEGIN
      DELETE FROM message_fts WHERE ${RANGE('old')};
      INSERT INTO message_fts (rowid, body)
        SELECT ${ROWID('new', 'a.idx')}, new.content
        FROM sessions s JOIN message_search_agent a ON a.agent_id = s.agent_id
        WHERE s.id = new.session_id AND ${INDEXABLE('new')};
    END;

    -- Search also asks which sessions are incognito, and which projects an agent works in: small
    -- partial indexes keep both answers independent of the number of sessions.
    CREATE INDEX sessions_incognito ON sessions (id) WHERE incognito = 1;
    CREATE INDEX sessions_agent_project ON sessions (agent_id, project_key) WHERE project_key IS NOT NULL;

    -- Moving a session to another agent re-keys its messages.
    CREATE TRIGGER message_fts_session_agent AFTER UPDATE OF agent_id ON sessions BEGIN
      INSERT OR IGNORE INTO message_search_agent (agent_id) VALUES (new.agent_id);
      DELETE FROM message_fts WHERE rowid IN (
        SELECT ${ROWID('m', 'a.idx')} FROM messages m JOIN message_search_agent a ON a.agent_id = old.agent_id
        WHERE m.session_id = old.id
      );
      INSERT INTO message_fts (rowid, body)
        SELECT ${ROWID('m', 'a.idx')}, m.content FROM messages m JOIN message_search_agent a ON a.agent_id = new.agent_id
        WHERE m.session_id = new.id AND ${INDEXABLE('m')};
    END;
  `,
};
