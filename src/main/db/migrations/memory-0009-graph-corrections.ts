import type { Migration } from '../migrate';

// The graph a person can correct (issue 15). Nothing is deleted any more: a relation marked wrong, an
// entity deleted or merged keeps its row with the state it was left in, so every correction can be undone
// and a law that cited a relation can say what happened to it.
// - asserted_by: 'person' for what the person added, edited, confirmed or accepted. Extraction never
//   overwrites, closes or re-adds against it on its own; it proposes (graph_proposal) instead.
// - graph_edge.retracted_*: "this is wrong" (or its source messages are gone), with who and why.
// - graph_edge.superseded_by: the relation whose start closed this one, so retracting that one re-opens
//   it. Backfilled for existing closed relations from the open/close instants they share.
// - merged_into: the entity (or duplicate relation) this one was folded into by an entity merge.
// - graph_node_alias: names that resolve to an entity after a rename or merge ("Sam" → "Samuel"), so the
//   next extraction does not bring the duplicate back.
// - graph_node_support: the messages an entity was extracted from; an entity with no relation is kept
//   while one of them exists. Backfilled from the support of the relations it takes part in.
export const memory0009GraphCorrections: Migration = {
  version: 9,
  name: 'graph-corrections',
  up: `
    ALTER TABLE graph_node ADD COLUMN asserted_by TEXT NOT NULL DEFAULT 'model' CHECK (asserted_by IN ('model', 'person'));
    ALTER TABLE graph_node ADD COLUMN removed_at TEXT;
    ALTER TABLE graph_node ADD COLUMN removed_by TEXT;
    ALTER TABLE graph_node ADD COLUMN merged_into INTEGER REFERENCES graph_node(id);

    ALTER TABLE graph_edge ADD COLUMN asserted_by TEXT NOT NULL DEFAULT 'model' CHECK (asserted_by IN ('model', 'person'));
    ALTER TABLE graph_edge ADD COLUMN retracted_at TEXT;
    ALTER TABLE graph_edge ADD COLUMN retracted_by TEXT;
    ALTER TABLE graph_edge ADD COLUMN retracted_reason TEXT;
    ALTER TABLE graph_edge ADD COLUMN superseded_by INTEGER REFERENCES graph_edge(id);
    ALTER TABLE graph_edge ADD COLUMN merged_into INTEGER REFERENCES graph_edge(id);
    CREATE INDEX graph_edge_superseded_by ON graph_edge (superseded_by) WHERE superseded_by IS NOT NULL;

    UPDATE graph_edge SET superseded_by = (
      SELECT o.id FROM graph_edge o
      WHERE o.scope = graph_edge.scope AND o.src = graph_edge.src AND o.relation = graph_edge.relation
        AND o.dst != graph_edge.dst AND o.valid_from = graph_edge.valid_to
      ORDER BY o.id LIMIT 1
    ) WHERE valid_to IS NOT NULL;

    CREATE TABLE graph_node_alias (
      scope      TEXT NOT NULL,
      norm_name  TEXT NOT NULL,
      node_id    INTEGER NOT NULL REFERENCES graph_node(id) ON DELETE CASCADE,
      PRIMARY KEY (scope, norm_name)
    ) WITHOUT ROWID;
    CREATE INDEX graph_node_alias_node ON graph_node_alias (node_id);

    CREATE TABLE graph_node_support (
      node_id     INTEGER NOT NULL REFERENCES graph_node(id) ON DELETE CASCADE,
      message_id  TEXT NOT NULL,
      PRIMARY KEY (node_id, message_id)
    ) WITHOUT ROWID;
    CREATE INDEX graph_node_support_msg ON graph_node_support (message_id);
    INSERT OR IGNORE INTO graph_node_support (node_id, message_id)
      SELECT e.src, s.message_id FROM graph_edge e JOIN graph_edge_support s ON s.edge_id = e.id
      UNION SELECT e.dst, s.message_id FROM graph_edge e JOIN graph_edge_support s ON s.edge_id = e.id;

    CREATE TABLE graph_proposal (
      id          INTEGER PRIMARY KEY,
      scope       TEXT NOT NULL,
      kind        TEXT NOT NULL CHECK (kind IN ('relation.add', 'relation.supersede')),
      key         TEXT NOT NULL,
      payload     TEXT NOT NULL,
      summary     TEXT NOT NULL,
      reason      TEXT NOT NULL,
      actor       TEXT NOT NULL,
      source      TEXT,
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL,
      status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'dismissed')),
      decided_at  TEXT,
      UNIQUE (scope, key)
    );
    CREATE INDEX graph_proposal_status ON graph_proposal (status, id);
  `,
};
