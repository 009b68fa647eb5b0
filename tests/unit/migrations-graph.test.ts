// Memory migration 9 (graph corrections), applied to a database of the previous version that holds a
// graph: rows kept, "closed by" backfilled from the shared instants, entity sources from their relations.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/db/migrate';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { tempHome } from '../helpers/temp-home';

describe('memory migration 9', () => {
  it('7 → 9: the graph is kept, superseded_by and entity support are backfilled, new columns are constrained', () => {
    const db = new BetterSqlite3(join(tempHome(), 'memory.sqlite'));
    db.pragma('foreign_keys = ON');
    migrate(db, memoryMigrations, 'memory', { target: 7 });
    const node = db.prepare(`INSERT INTO graph_node (scope, name, norm_name, created_at, updated_at) VALUES ('agent:a', ?, ?, 't', 't')`);
    const [user, porto, lisbon] = ['User', 'Porto', 'Lisbon'].map((n) => Number(node.run(n, n.toLowerCase()).lastInsertRowid));
    const edge = db.prepare(`INSERT INTO graph_edge (scope, src, dst, relation, prov_class, valid_from, valid_to, created_at, updated_at) VALUES ('agent:a', ?, ?, 'lives_in', 'user', ?, ?, 't', 't')`);
    const old = Number(edge.run(user, porto, '2024-01-01', '2025-06-01').lastInsertRowid);
    const now = Number(edge.run(user, lisbon, '2025-06-01', null).lastInsertRowid);
    db.prepare(`INSERT INTO graph_edge_support (edge_id, message_id) VALUES (?, 'm1'), (?, 'm2')`).run(old, now);

    migrate(db, memoryMigrations, 'memory');
    expect(db.prepare(`SELECT id, superseded_by, asserted_by, retracted_at FROM graph_edge ORDER BY id`).all()).toEqual([
      { id: old, superseded_by: now, asserted_by: 'model', retracted_at: null },
      { id: now, superseded_by: null, asserted_by: 'model', retracted_at: null },
    ]);
    expect(db.prepare(`SELECT node_id, message_id FROM graph_node_support ORDER BY node_id, message_id`).all()).toEqual([
      { node_id: user, message_id: 'm1' },
      { node_id: user, message_id: 'm2' },
      { node_id: porto, message_id: 'm1' },
      { node_id: lisbon, message_id: 'm2' },
    ]);
    expect(() => db.prepare(`UPDATE graph_node SET asserted_by = 'someone' WHERE id = ?`).run(user)).toThrow(/CHECK/);
    expect(() => db.prepare(`UPDATE graph_edge SET asserted_by = 'llm' WHERE id = ?`).run(old)).toThrow(/CHECK/);
    db.prepare(`INSERT INTO graph_node_alias (scope, norm_name, node_id) VALUES ('agent:a', 'oporto', ?)`).run(porto);
    expect(() => db.prepare(`INSERT INTO graph_node_alias (scope, norm_name, node_id) VALUES ('agent:a', 'oporto', ?)`).run(lisbon)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => db.prepare(`INSERT INTO graph_proposal (scope, kind, key, payload, summary, reason, actor, created_at, updated_at) VALUES ('agent:a', 'relation.delete', 'k', '{}', 's', 'r', 'extraction', 't', 't')`).run()).toThrow(/CHECK/);
    db.close();
  });
});
