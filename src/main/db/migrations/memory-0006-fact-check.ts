import type { Migration } from '../migrate';

// Verdicts of the memory model's fact check ("a fact about the person, or an instruction to an
// assistant?"), cached by fact id: the id is a hash of the cleaned text, so a verdict holds for that text
// in every scope. Only answers are cached; a failed or timed-out check is asked again next time.
export const memory0006FactCheck: Migration = {
  version: 6,
  name: 'fact-check',
  up: `
    CREATE TABLE fact_check (
      fact_id     TEXT PRIMARY KEY,
      verdict     TEXT NOT NULL CHECK (verdict IN ('fact', 'instruction')),
      reason      TEXT NOT NULL DEFAULT '',
      model       TEXT NOT NULL,
      checked_at  TEXT NOT NULL
    ) WITHOUT ROWID;
  `,
};
