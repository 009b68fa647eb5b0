import type { Migration } from '../migrate';

// The frozen recall block of a session: built on its first turn, then the same bytes every turn
// (provider prefix caches hold), and shown to the person as "What the model saw".
export const app0002RecallSnapshot: Migration = {
  version: 2,
  name: 'recall-snapshot',
  up: `
    ALTER TABLE sessions ADD COLUMN recall_block TEXT;
    ALTER TABLE sessions ADD COLUMN recall_built_at TEXT;
  `,
};
