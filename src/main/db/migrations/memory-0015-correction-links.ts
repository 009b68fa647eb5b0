import type { Migration } from '../migrate';

// One correction reaches every layer (issue 27 §2). When the person marks a relation wrong, edits it, or
// renames, merges or deletes an entity, the L1 facts that say the same thing are proposed for the same
// change; when they forget or edit a fact, the relation it said is proposed for retraction. Facts are the
// person's words, so nothing here is applied until they accept it in the Inbox.
//   correction_link   one proposal: what it would change (`target`, "fact:<id>" in `scope`, or
//                     "edge:<id>"), the text it would write (a forget's and a retraction's is the target's
//                     own; a relation edit's is the relation's new sentence, `relation` its new words), the journal entry of the correction it follows from (accepting joins that
//                     entry's group, so one undo restores every layer), and how it was matched ('source':
//                     the same message; 'words': the same entities and relation words).
//                     'stale': the target changed or went, or the correction was undone, before a decision.
export const memory0015CorrectionLinks: Migration = {
  version: 15,
  name: 'correction-links',
  up: `
    CREATE TABLE correction_link (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      kind         TEXT NOT NULL CHECK (kind IN ('fact.forget', 'fact.edit', 'relation.retract', 'relation.edit')),
      scope        TEXT NOT NULL,
      target       TEXT NOT NULL,
      target_text  TEXT NOT NULL,
      text         TEXT NOT NULL,
      relation     TEXT,
      cause_entry  INTEGER NOT NULL,
      cause        TEXT NOT NULL,
      basis        TEXT NOT NULL CHECK (basis IN ('source', 'words')),
      session_id   TEXT,
      message_id   TEXT,
      proposed_at  TEXT NOT NULL,
      status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'stale')),
      decided_at   TEXT
    );
    CREATE INDEX correction_link_pending ON correction_link (id) WHERE status = 'pending';
    CREATE UNIQUE INDEX correction_link_once ON correction_link (kind, scope, target, text) WHERE status = 'pending';
  `,
};
