import type { Migration } from '../migrate';

// Edit & resend (issue 17). A session's live messages with `inactive = 0` are its active path, in seq
// order, so paging, the model's history and first paint stay a plain indexed list. Editing a sent
// message sets the message and everything after it on the path aside under a fresh number (`inactive`
// = that number) and appends the new version with `edit_root` naming the first version of the message.
// Switching back to an earlier version sets the current one aside the same way and brings back exactly
// the messages of the set-aside number that version carries: nested edits come back as they were.
//
// `sessions.chat_model`: a per-chat override of the agent's chat model, JSON {provider, model} or NULL.
export const app0008Branches: Migration = {
  version: 8,
  name: 'branches',
  up: `
    ALTER TABLE messages ADD COLUMN edit_root TEXT;
    ALTER TABLE messages ADD COLUMN inactive INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX messages_edited ON messages(session_id, edit_root) WHERE edit_root IS NOT NULL;
    CREATE INDEX messages_set_aside ON messages(session_id, inactive) WHERE inactive <> 0;
    ALTER TABLE sessions ADD COLUMN chat_model TEXT;
  `,
};
