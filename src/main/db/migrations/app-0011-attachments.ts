import type { Migration } from '../migrate';

// Attachments (issue 29 §1). A file's bytes live in the home's attachments/ folder under their sha256;
// this table holds what was learned from them once (kind, type, size, pages) and the text extracted, so
// neither a prompt nor search has to open a PDF again. The same bytes are one row however often they are
// attached. message_attachments links a message to its files in the order attached, under the name the
// person's file had (one file may be attached under two names); deleting a message removes its links.
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
  `,
};
