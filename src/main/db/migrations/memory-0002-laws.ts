import type { Migration } from '../migrate';

// L3 laws and the consolidation state (fingerprints that let unchanged scopes be skipped).
export const memory0002Laws: Migration = {
  version: 2,
  name: 'laws',
  up: `
    CREATE TABLE graph_law (
      id               INTEGER PRIMARY KEY,
      scope            TEXT NOT NULL,
      statement        TEXT NOT NULL,
      confidence       REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
      support          TEXT NOT NULL,          -- JSON array of "fact:<id>" / "edge:<id>"
      contradicted_by  TEXT,                   -- "fact:<id>" of the fact that states the opposite
      contradicted_why TEXT,
      derived_at       TEXT NOT NULL,
      fingerprint      TEXT NOT NULL
    );
    CREATE INDEX graph_law_scope ON graph_law (scope);

    CREATE TABLE consolidation_state (
      key         TEXT PRIMARY KEY,
      value       TEXT NOT NULL,
      updated_at  TEXT NOT NULL
    );
  `,
};
