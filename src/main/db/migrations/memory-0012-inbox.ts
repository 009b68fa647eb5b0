import type { Migration } from '../migrate';

// The Inbox (issue 16 §3, §4).
//   memory_proposal   a memory write the agent made under "Ask me first": it waits here, with the words
//                     of the message it came from, until the person approves (maybe edited) or rejects it.
//                     'stale': the fact it would change or forget is gone, so there is nothing to decide.
//   inbox_rejection   what the person said no to, as a fingerprint of (kind, scope, normalised text): the
//                     same proposal is never made again, whichever layer would make it.
//   recall_rebuild    "Use it now": a session's frozen recall block rebuilt mid-session, with what changed
//                     and when (the session is in app.sqlite; rows go when the session does).
//   recall_notice     the freshness notice a session has already shown, by the block it was about.
export const memory0012Inbox: Migration = {
  version: 12,
  name: 'inbox',
  up: `
    CREATE TABLE memory_proposal (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id     TEXT NOT NULL,
      scope        TEXT NOT NULL,
      action       TEXT NOT NULL CHECK (action IN ('record', 'update', 'delete')),
      text         TEXT NOT NULL,
      target_id    TEXT,
      target_text  TEXT,
      quote        TEXT,
      session_id   TEXT,
      message_id   TEXT,
      fingerprint  TEXT NOT NULL,
      proposed_at  TEXT NOT NULL,
      status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'stale')),
      decided_at   TEXT,
      fact_id      TEXT
    );
    CREATE INDEX memory_proposal_pending ON memory_proposal (id) WHERE status = 'pending';
    CREATE INDEX memory_proposal_message ON memory_proposal (message_id);

    CREATE TABLE inbox_rejection (
      fingerprint  TEXT PRIMARY KEY,
      kind         TEXT NOT NULL,
      scope        TEXT NOT NULL,
      text         TEXT NOT NULL,
      rejected_at  TEXT NOT NULL
    );

    CREATE TABLE recall_rebuild (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      session_id   TEXT NOT NULL,
      rebuilt_at   TEXT NOT NULL,
      added        TEXT NOT NULL,
      removed      TEXT NOT NULL,
      previous_built_at TEXT
    );
    CREATE INDEX recall_rebuild_session ON recall_rebuild (session_id, id);

    CREATE TABLE recall_notice (
      session_id   TEXT PRIMARY KEY,
      block_hash   TEXT NOT NULL,
      seen_at      TEXT NOT NULL
    );
  `,
};
