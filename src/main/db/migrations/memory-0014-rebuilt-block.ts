import type { Migration } from '../migrate';

// Receipts list the facts and rules of the recall block a reply saw (issue 16 §1). "Use it now" replaces a
// session's frozen block, so the block it replaced is kept with the rebuild: the receipts of the replies
// written before it still open the block they were given. Rows without one (rebuilt before this) say so.
//   recall_rebuild.previous_block   the frozen block as it was until this rebuild (null: none was frozen)
export const memory0014RebuiltBlock: Migration = {
  version: 14,
  name: 'rebuilt-block',
  up: `
    ALTER TABLE recall_rebuild ADD COLUMN previous_block TEXT;
  `,
};
