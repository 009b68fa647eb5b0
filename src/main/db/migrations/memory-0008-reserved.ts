import type { Migration } from '../migrate';

// MERGE: number 8 belongs to the facts work of issue 15 (wt-facts). This no-op only keeps the list
// contiguous on the graph branch (migrate() refuses gaps); replace it with facts' migration 8 at merge.
export const memory0008Reserved: Migration = {
  version: 8,
  name: 'reserved-facts',
  up: '',
};
