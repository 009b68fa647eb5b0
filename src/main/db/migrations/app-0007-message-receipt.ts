import type { Migration } from '../migrate';

// The receipt of a reply (issue 16): what memory went into the turn and what it changed. `receipt` is the
// whole receipt as JSON, read only when the person opens it; `receipt_summary` is the small part every
// message list carries (the "Memory updated" lines, whether memory was used). NULL for older replies and
// for every message but the one that ends a turn.
export const app0007MessageReceipt: Migration = {
  version: 7,
  name: 'message-receipt',
  up: `
    ALTER TABLE messages ADD COLUMN receipt TEXT;
    ALTER TABLE messages ADD COLUMN receipt_summary TEXT;
  `,
};
