import type { Migration } from '../migrate';

// Where each fact came from, one row per write event (recorded, duplicate, updated), append-only: the
// base for fact provenance. Facts live in Markdown and their ids are content hashes, so rows are keyed by
// (scope, fact id); an update names the id it replaced. The session and message are those of the turn
// whose user message the write is attributed to (none for the person's own edits and for imports).
export const memory0005FactOrigin: Migration = {
  version: 5,
  name: 'fact-origin',
  up: `
    CREATE TABLE fact_origin (
      id           INTEGER PRIMARY KEY,
      scope        TEXT NOT NULL,
      fact_id      TEXT NOT NULL,
      origin       TEXT NOT NULL CHECK (origin IN ('typed', 'pasted', 'forwarded', 'imported', 'person', 'agent', 'consolidated')),
      event        TEXT NOT NULL CHECK (event IN ('recorded', 'duplicate', 'updated')),
      previous_id  TEXT,
      session_id   TEXT,
      message_id   TEXT,
      detail       TEXT,
      recorded_at  TEXT NOT NULL
    );
    CREATE INDEX fact_origin_fact ON fact_origin (scope, fact_id, id);
    CREATE INDEX fact_origin_message ON fact_origin (message_id) WHERE message_id IS NOT NULL;
  `,
};
