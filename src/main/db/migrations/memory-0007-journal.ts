import type { Migration } from '../migrate';

// One append-only history of memory: every change in every layer (facts, identity files, graph, laws),
// with who made it, from where, and the state before and after, so any single change can be shown,
// explained and undone. Entries are never edited except to note that they were undone.
// fact_version keeps every text a fact ever had, with the time it held, so "what did Monad know on
// <date>" works for facts as valid_from/valid_to does for relations.
export const memory0007Journal: Migration = {
  version: 7,
  name: 'journal',
  up: `
    CREATE TABLE memory_journal (
      id          INTEGER PRIMARY KEY,
      at          TEXT NOT NULL,
      layer       TEXT NOT NULL CHECK (layer IN ('facts', 'identity', 'graph', 'laws')),
      action      TEXT NOT NULL,
      scope       TEXT,
      item        TEXT NOT NULL,
      actor       TEXT NOT NULL CHECK (actor IN ('person', 'agent', 'consolidation', 'extraction', 'inference', 'import', 'mcp', 'system')),
      source      TEXT,
      before      TEXT,
      after       TEXT,
      summary     TEXT NOT NULL,
      group_id    TEXT,
      undoes      INTEGER REFERENCES memory_journal(id),
      undone_by   INTEGER REFERENCES memory_journal(id)
    );
    CREATE INDEX memory_journal_layer ON memory_journal (layer, id);
    CREATE INDEX memory_journal_item ON memory_journal (item, id);
    CREATE INDEX memory_journal_scope ON memory_journal (scope, id);
    CREATE INDEX memory_journal_group ON memory_journal (group_id) WHERE group_id IS NOT NULL;

    CREATE TABLE fact_version (
      id          INTEGER PRIMARY KEY,
      scope       TEXT NOT NULL,
      fact_id     TEXT NOT NULL,
      text        TEXT NOT NULL,
      valid_from  TEXT NOT NULL,
      valid_to    TEXT,
      journal_id  INTEGER REFERENCES memory_journal(id)
    );
    CREATE INDEX fact_version_open ON fact_version (scope, fact_id) WHERE valid_to IS NULL;
    CREATE INDEX fact_version_time ON fact_version (scope, valid_from);
  `,
};
