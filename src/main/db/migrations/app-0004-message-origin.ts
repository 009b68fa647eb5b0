import type { Migration } from '../migrate';

// How a user message's text was entered (typed, pasted, forwarded): facts the agent records in a turn
// whose message came from elsewhere carry that origin, and recall marks them. NULL for older rows and
// for every role but user.
export const app0004MessageOrigin: Migration = {
  version: 4,
  name: 'message-origin',
  up: `ALTER TABLE messages ADD COLUMN origin TEXT CHECK (origin IS NULL OR origin IN ('typed', 'pasted', 'forwarded'));`,
};
