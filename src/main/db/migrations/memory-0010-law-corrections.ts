import type { Migration } from '../migrate';

// Corrections of L3 laws by the person (issue 15): reject ("don't infer this again"), edit, pin, and a
// suppression that takes a law out of recall with its reason when what it rests on is forgotten, edited
// or retracted. graph_law is rebuilt with AUTOINCREMENT so a law id is never reused: the journal names
// laws by id ("law:<id>"), and an undo that restores a replaced law must not collide with a newer one.
//   origin            who stated it: 'inference', 'person' (edited by the person) or 'import'
//   derived_statement the statement as inferred, kept when a person edits it (re-inference of the old
//                     wording is the same law, not a new one)
//   support_text      JSON { ref: text } of what each cited fact/relation said at derivation, so a later
//                     edit of a fact is seen even when its id stays
//   status            'active' or 'rejected' (rejected laws are kept: they are the inference's exclusions)
//   suppressed_*      out of recall until re-derived (or released by the person), with the reason
// law_proposal holds changes a model wanted to make to a person-asserted law (restate it the other way
// round, or take it out of recall): they wait for the person, who accepts or dismisses each. A dismissed
// proposal is kept so the same one is not raised again.
export const memory0010LawCorrections: Migration = {
  version: 10,
  name: 'law-corrections',
  up: `
    CREATE TABLE graph_law_v10 (
      id                INTEGER PRIMARY KEY AUTOINCREMENT,
      scope             TEXT NOT NULL,
      statement         TEXT NOT NULL,
      confidence        REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
      support           TEXT NOT NULL,
      contradicted_by   TEXT,
      contradicted_why  TEXT,
      derived_at        TEXT NOT NULL,
      fingerprint       TEXT NOT NULL,
      origin            TEXT NOT NULL DEFAULT 'inference' CHECK (origin IN ('inference', 'person', 'import')),
      derived_statement TEXT,
      support_text      TEXT,
      pinned            INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
      status            TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'rejected')),
      rejected_reason   TEXT,
      rejected_at       TEXT,
      suppressed_reason TEXT,
      suppressed_ref    TEXT,
      suppressed_at     TEXT,
      edited_at         TEXT
    );
    INSERT INTO graph_law_v10 (id, scope, statement, confidence, support, contradicted_by, contradicted_why, derived_at, fingerprint)
      SELECT id, scope, statement, confidence, support, contradicted_by, contradicted_why, derived_at, fingerprint FROM graph_law;
    DROP TABLE graph_law;
    ALTER TABLE graph_law_v10 RENAME TO graph_law;
    CREATE INDEX graph_law_scope ON graph_law (scope, status);

    CREATE TABLE law_proposal (
      id           INTEGER PRIMARY KEY AUTOINCREMENT,
      scope        TEXT NOT NULL,
      kind         TEXT NOT NULL CHECK (kind IN ('edit', 'suppress')),
      law_id       INTEGER,
      statement    TEXT NOT NULL,
      confidence   REAL,
      support      TEXT NOT NULL DEFAULT '[]',
      reason       TEXT NOT NULL,
      actor        TEXT NOT NULL,
      proposed_at  TEXT NOT NULL,
      status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'dismissed')),
      decided_at   TEXT
    );
    CREATE INDEX law_proposal_open ON law_proposal (scope, status);
  `,
};
