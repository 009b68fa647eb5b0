import type { Migration } from '../migrate';

// graph_explore and graph_node look edges up by endpoint without a scope; the (scope, src, …) index
// cannot serve that, so without this every lookup scanned the whole edge table.
export const memory0004EdgeSrcIndex: Migration = {
  version: 4,
  name: 'edge-src-index',
  up: `CREATE INDEX graph_edge_src ON graph_edge (src);`,
};
