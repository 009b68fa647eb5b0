import type { Migration } from '../migrate';

// Attachments (issue 29 §1). A file's bytes live in the home's attachments/ folder under their sha256;
// this table holds what was learned from them once (kind, type, size, pages) and the text extracted, so
// neither a prompt nor search has to open a PDF again. The same bytes are one row however often they are
// attached. message_attachments links a message to its files in the order attached, under the name the
// person's file had (one file may be attached under two names); deleting a message removes its links.
//
// Search: a message's index entry (app-0003's message_fts) holds its text and then its files' names and
// text, so a word only the attached file holds finds the message. The message row is inserted before its
// links (one transaction), so linking re-indexes the message; the two triggers of app-0003 that rebuild an
// entry from the row (an edit of the row, a chat moved to another agent) are rebuilt to keep the files.
// SEARCH_BODY is the same expression search reads candidates with (search/message-index.ts).
const SPAN = 1048576;
const INDEXABLE = (m: string) => `${m}.deleted_at IS NULL AND ${m}.role IN ('user', 'assistant') AND ${m}.content <> ''`;
const ROWID = (m: string, agentIdx: string) => `${m}.seq * ${SPAN} + ${agentIdx}`;
const RANGE = (m: string) => `rowid BETWEEN ${m}.seq * ${SPAN} AND ${m}.seq * ${SPAN} + ${SPAN - 1}`;
export const SEARCH_BODY = (m: string) =>
  `${m}.content || coalesce((SELECT group_concat(f, '') FROM (SELECT char(10, 10) || l.name || char(10) || a.text AS f
     FROM message_attachments l JOIN attachments a ON a.id = l.attachment_id WHERE l.message_id = ${m}.id ORDER BY l.position)), '')`;

export const app0011Attachments: Migration = {
  version: 11,
  name: 'attachments',
  up: `
    CREATE TABLE attachments (
      id          TEXT PRIMARY KEY CHECK (length(id) = 64),
      kind        TEXT NOT NULL CHECK (kind IN ('text', 'pdf', 'image')),
      mime        TEXT NOT NULL,
      size        INTEGER NOT NULL,
      pages       INTEGER,
      text        TEXT NOT NULL DEFAULT '',
      truncated   INTEGER NOT NULL DEFAULT 0,
      created_at  TEXT NOT NULL
    );
    CREATE TABLE message_attachments (
      message_id     TEXT NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
      position       INTEGER NOT NULL,
      attachment_id  TEXT NOT NULL REFERENCES attachments(id),
      name           TEXT NOT NULL,
      PRIMARY KEY (message_id, position)
    );
    CREATE INDEX message_attachments_attachment ON message_attachments (attachment_id);

    CREATE TRIGGER message_attachments_fts_ai AFTER INSERT ON message_attachments BEGIN
      DELETE FROM message_fts WHERE rowid BETWEEN (SELECT seq FROM messages WHERE id = new.message_id) * ${SPAN}
        AND (SELECT seq FROM messages WHERE id = new.message_id) * ${SPAN} + ${SPAN - 1};
      INSERT INTO message_fts (rowid, body)
        SELECT ${ROWID('m', 'a.idx')}, ${SEARCH_BODY('m')}
        FROM messages m JOIN sessions s ON s.id = m.session_id JOIN message_search_agent a ON a.agent_id = s.agent_id
        WHERE m.id = new.message_id AND ${INDEXABLE('m')};
    END;

    DROP TRIGGER message_fts_au;
    CREATE TRIGGER message_fts_au AFTER UPDATE OF content, role, deleted_at, session_id ON messages BEGIN
      DELETE FROM message_fts WHERE ${RANGE('old')};
      INSERT INTO message_fts (rowid, body)
        SELECT ${ROWID('new', 'a.idx')}, ${SEARCH_BODY('new')}
        FROM sessions s JOIN message_search_agent a ON a.agent_id = s.agent_id
        WHERE s.id = new.session_id AND ${INDEXABLE('new')};
    END;

    DROP TRIGGER message_fts_session_agent;
    CREATE TRIGGER message_fts_session_agent AFTER UPDATE OF agent_id ON sessions BEGIN
      INSERT OR IGNORE INTO message_search_agent (agent_id) VALUES (new.agent_id);
      DELETE FROM message_fts WHERE rowid IN (
        SELECT ${ROWID('m', 'a.idx')} FROM messages m JOIN message_search_agent a ON a.agent_id = old.agent_id
        WHERE m.session_id = old.id
      );
      INSERT INTO message_fts (rowid, body)
        SELECT ${ROWID('m', 'a.idx')}, ${SEARCH_BODY('m')} FROM messages m JOIN message_search_agent a ON a.agent_id = new.agent_id
        WHERE m.session_id = new.id AND ${INDEXABLE('m')};
    END;
  `,
};
