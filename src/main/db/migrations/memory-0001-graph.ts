import type { Migration } from '../migrate';

// L2 knowledge graph. Nodes are deduped per scope by normalised name and FTS5-indexed; edges are
// time-versioned (valid_from / valid_to) and carry their support: the message ids they came from.
export const memory0001Graph: Migration = {
  version: 1,
  name: 'graph',
  up: `
    CREATE TABLE graph_node (
      id          INTEGER PRIMARY KEY,
      scope       TEXT NOT NULL,
      name        TEXT NOT NULL,
      norm_name   TEXT NOT NULL,
      type        TEXT NOT NULL DEFAULT 'thing',
      summary     TEXT NOT NULL DEFAULT '',
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL,
      UNIQUE (scope, norm_name)
    );

    CREATE VIRTUAL TABLE graph_node_fts USING fts5(
      name, summary, content = 'graph_node', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER graph_node_ai AFTER INSERT ON graph_node BEGIN
      INSERT INTO graph_node_fts (rowid, name, summary) VALUES (new.id, new.name, new.summary);
    END;
    CREATE TRIGGER graph_node_ad AFTER DELETE ON graph_node BEGIN
      INSERT INTO graph_node_fts (graph_node_fts, rowid, name, summary) VALUES ('delete', old.id, old.name, old.summary);
    END;
    CREATE TRIGGER graph_node_au AFTER UPDATE OF name, summary ON graph_node BEGIN
      INSERT INTO graph_node_fts (graph_node_fts, rowid, name, summary) VALUES ('delete', old.id, old.name, old.summary);
      INSERT INTO graph_node_fts (rowid, name, summary) VALUES (new.id, new.name, new.summary);
    END;

    CREATE TABLE graph_edge (
      id          INTEGER PRIMARY KEY,
      scope       TEXT NOT NULL,
      src         INTEGER NOT NULL REFERENCES graph_node(id) ON DELETE CASCADE,
      dst         INTEGER NOT NULL REFERENCES graph_node(id) ON DELETE CASCADE,
      relation    TEXT NOT NULL,
      prov_class  TEXT NOT NULL,
      valid_from  TEXT NOT NULL,
      valid_to    TEXT,
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL
    );
    CREATE INDEX graph_edge_key ON graph_edge (scope, src, dst, relation, prov_class);
    CREATE INDEX graph_edge_src_rel ON graph_edge (scope, src, relation);
    CREATE INDEX graph_edge_dst ON graph_edge (dst);

    CREATE TABLE graph_edge_support (
      edge_id     INTEGER NOT NULL REFERENCES graph_edge(id) ON DELETE CASCADE,
      message_id  TEXT NOT NULL,
      PRIMARY KEY (edge_id, message_id)
    ) WITHOUT ROWID;
    CREATE INDEX graph_edge_support_msg ON graph_edge_support (message_id);

    CREATE TABLE l2_cursor (
      session_id  TEXT PRIMARY KEY,
      last_seq    INTEGER NOT NULL,
      updated_at  TEXT NOT NULL
    );
  `,
};
