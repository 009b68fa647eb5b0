import type { Migration } from '../migrate';

// Hybrid search (issue 20): one embedding per searchable message, computed in the background when an
// embedding model is configured. `vec` is the vector as little-endian Float32 (4 bytes a dimension);
// `model` names the provider and model that made it, so choosing another model re-embeds every message
// (a row whose model differs counts as missing) and vectors of two models are never compared.
export const app0009MessageVectors: Migration = {
  version: 9,
  name: 'message-vectors',
  up: `
    CREATE TABLE message_vectors (
      seq    INTEGER PRIMARY KEY REFERENCES messages(seq) ON DELETE CASCADE,
      model  TEXT NOT NULL,
      dim    INTEGER NOT NULL,
      vec    BLOB NOT NULL
    );
    CREATE INDEX message_vectors_by_model ON message_vectors(model);
  `,
};
