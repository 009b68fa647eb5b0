import type { Migration } from '../migrate';

// When a relation was last derived (issue 30 §3): a later mention merged into an existing relation is a later
// derivation, but the row keeps its creation time. Sync compares this time with a correction's ("the person's
// correction beats a re-derivation", "the later wins"), so it must move when a mention is merged in.
//   graph_edge.derived_at   the last time extraction (or the person's add) wrote this relation: its creation,
//                           then each merge that brought new support or the person's confirmation. Null on
//                           rows written before this (and by an import): read as created_at.
//   graph_support_awaited    support ids another device sent with a relation whose message this home does not
//                           have yet (its chat syncs on its own): support-liveness keeps them until the
//                           message arrives (then the row goes) or, at most, AWAITED_SUPPORT_DAYS.
export const memory0016EdgeDerivedAt: Migration = {
  version: 16,
  name: 'edge-derived-at',
  up: `
    ALTER TABLE graph_edge ADD COLUMN derived_at TEXT;
    CREATE TABLE graph_support_awaited (
      message_id  TEXT PRIMARY KEY,
      since       TEXT NOT NULL
    );
  `,
};
