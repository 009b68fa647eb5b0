import type { Migration } from '../migrate';

// What memory learned from a message, as a second field of its search document (issue 31 §1): the live
// L1 facts recorded from it and the current L2 relations it supports, rendered as sentences. One row per
// message that has any (`entries`: JSON [{kind, text}] for telling the person why a message was found;
// `body`: the same texts joined, what is indexed). search/derived-updater.ts keeps the rows in step with
// memory; this migration only gives them a place and keeps their own FTS5 index in step with them.
//
// The index mirrors message_fts (app-0003): contentless, detail = none, the same tokenizer and the same
// rowid `seq * 2^20 + agent index`, so pass 1 reads its postings the same way and scoping costs nothing.
// A message that stops being searchable (deleted, emptied, moved) takes its derived entry out of the
// index with it; a derived row is indexed only while its message is searchable.
const SPAN = 1048576;
const INDEXABLE = (m: string) => `${m}.deleted_at IS NULL AND ${m}.role IN ('user', 'assistant') AND ${m}.content <> ''`;
const RANGE = (seq: string) => `rowid BETWEEN ${seq} * ${SPAN} AND ${seq} * ${SPAN} + ${SPAN - 1}`;
/** Indexes the derived row of message `seq` (an expression) when its message is searchable. */
const INDEX_ROW = (seq: string) => `
  INSERT INTO message_derived_fts (rowid, body)
    SELECT m.seq * ${SPAN} + a.idx, d.body
    FROM message_derived d JOIN messages m ON m.seq = d.seq JOIN sessions s ON s.id = m.session_id
    JOIN message_search_agent a ON a.agent_id = s.agent_id
    WHERE d.seq = ${seq} AND ${INDEXABLE('m')};`;

export const app0013MessageDerived: Migration = {
  version: 13,
  name: 'message-derived',
  up: `
    CREATE TABLE message_derived (
      seq      INTEGER PRIMARY KEY REFERENCES messages(seq) ON DELETE CASCADE,
      entries  TEXT NOT NULL,
      body     TEXT NOT NULL
    );

    CREATE VIRTUAL TABLE message_derived_fts USING fts5(
      body, content = '', contentless_delete = 1, detail = none, tokenize = 'porter unicode61 remove_diacritics 2'
    );

    CREATE TRIGGER message_derived_ai AFTER INSERT ON message_derived BEGIN
      ${INDEX_ROW('new.seq')}
    END;
    CREATE TRIGGER message_derived_au AFTER UPDATE ON message_derived BEGIN
      DELETE FROM message_derived_fts WHERE ${RANGE('old.seq')};
      ${INDEX_ROW('new.seq')}
    END;
    CREATE TRIGGER message_derived_ad AFTER DELETE ON message_derived BEGIN
      DELETE FROM message_derived_fts WHERE ${RANGE('old.seq')};
    END;

    -- The message side: a hard delete removes the row (and so its index entry); any change to whether or
    -- where a message is searchable re-keys its entry, as message_fts_au does for the words.
    CREATE TRIGGER message_derived_msg_ad AFTER DELETE ON messages BEGIN
      DELETE FROM message_derived WHERE seq = old.seq;
    END;
    CREATE TRIGGER message_derived_msg_au AFTER UPDATE OF content, role, deleted_at, session_id ON messages
      WHEN EXISTS (SELECT 1 FROM message_derived WHERE seq = new.seq) BEGIN
      DELETE FROM message_derived_fts WHERE ${RANGE('old.seq')};
      ${INDEX_ROW('new.seq')}
    END;
    CREATE TRIGGER message_derived_session_agent AFTER UPDATE OF agent_id ON sessions BEGIN
      INSERT OR IGNORE INTO message_search_agent (agent_id) VALUES (new.agent_id);
      DELETE FROM message_derived_fts WHERE rowid IN (
        SELECT m.seq * ${SPAN} + a.idx FROM messages m JOIN message_derived d ON d.seq = m.seq
        JOIN message_search_agent a ON a.agent_id = old.agent_id WHERE m.session_id = old.id
      );
      INSERT INTO message_derived_fts (rowid, body)
        SELECT m.seq * ${SPAN} + a.idx, d.body FROM messages m JOIN message_derived d ON d.seq = m.seq
        JOIN message_search_agent a ON a.agent_id = new.agent_id
        WHERE m.session_id = new.id AND ${INDEXABLE('m')};
    END;
  `,
};
