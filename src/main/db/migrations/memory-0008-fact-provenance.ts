import type { Migration } from '../migrate';

// Provenance for every L1 fact (issue 15). Facts live in Markdown, which stays clean for people; the open
// row of fact_version (migration 7) is the fact's sidecar record: who wrote its current text (actor),
// from where (source: session, message, consolidation run, import file, "by hand"), what the write was
// (event: recorded, edited, merged, restored; "unknown" for facts adopted from before sources were kept)
// and which fact ids it replaced. Closed rows keep the same for every text a fact ever had.
//
// memory_journal_link: the other items one journal entry touches besides its own `item`. A fact's id is
// a hash of its text, so an edit turns fact:A into fact:B; a consolidation merge turns several facts into
// one. Undo plans follow these links, so undoing "edited A → B" also undoes a later change of B.
//
// fact_proposal: changes consolidation wanted to make to facts the person asserted. What the person
// wrote outranks what a model derived: such a merge is not applied but waits here for the person.
export const memory0008FactProvenance: Migration = {
  version: 8,
  name: 'fact-provenance',
  up: `
    ALTER TABLE fact_version ADD COLUMN actor TEXT CHECK (actor IN ('person', 'agent', 'consolidation', 'extraction', 'inference', 'import', 'mcp', 'system'));
    ALTER TABLE fact_version ADD COLUMN source TEXT;
    ALTER TABLE fact_version ADD COLUMN event TEXT CHECK (event IN ('recorded', 'edited', 'merged', 'unknown'));
    ALTER TABLE fact_version ADD COLUMN replaces TEXT;
    CREATE INDEX fact_version_fact ON fact_version (scope, fact_id, id);

    CREATE TABLE memory_journal_link (
      entry  INTEGER NOT NULL REFERENCES memory_journal(id) ON DELETE CASCADE,
      item   TEXT NOT NULL
    );
    CREATE INDEX memory_journal_link_item ON memory_journal_link (item, entry);
    CREATE INDEX memory_journal_link_entry ON memory_journal_link (entry);

    CREATE TABLE fact_proposal (
      id           INTEGER PRIMARY KEY,
      scope        TEXT NOT NULL,
      kind         TEXT NOT NULL CHECK (kind IN ('merge')),
      text         TEXT NOT NULL,
      from_ids     TEXT NOT NULL,
      from_texts   TEXT NOT NULL,
      actor        TEXT NOT NULL,
      source       TEXT,
      proposed_at  TEXT NOT NULL,
      status       TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'applied', 'dismissed', 'stale')),
      decided_at   TEXT
    );
    CREATE INDEX fact_proposal_open ON fact_proposal (scope, id) WHERE status = 'open';
  `,
};
