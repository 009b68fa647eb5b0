// Statements kept per connection (src/main/db/statements.ts) and the one transaction runner per connection
// (src/main/db/transactions.ts): what a whole-home pull leans on to stop preparing and wrapping per row.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { statement } from '../../src/main/db/statements';
import { inTransaction } from '../../src/main/db/transactions';

function db() {
  const d = new Database(':memory:');
  d.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
  d.prepare(`INSERT INTO t (name) VALUES ('a'), ('b'), ('c')`).run();
  return d;
}

describe('statement: kept per connection, by SQL and row mode', () => {
  it('gives the same statement for the same SQL and mode, another for another connection', () => {
    const a = db();
    const b = db();
    const sql = `SELECT name FROM t ORDER BY id`;
    expect(statement(a, sql)).toBe(statement(a, sql));
    expect(statement(b, sql)).not.toBe(statement(a, sql));
  });

  it('keeps row modes apart: a plucked statement never changes what another caller of the same SQL gets', () => {
    const d = db();
    const sql = `SELECT name FROM t ORDER BY id`;
    expect(statement(d, sql, 'pluck').all()).toEqual(['a', 'b', 'c']);
    expect(statement(d, sql).all()).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(statement(d, sql, 'raw').all()).toEqual([['a'], ['b'], ['c']]);
    expect(statement(d, sql, 'pluck').all()).toEqual(['a', 'b', 'c']);
  });

  it('a statement still being iterated is not handed out again: a nested read of the same SQL gets its own', () => {
    const d = db();
    const sql = `SELECT name FROM t ORDER BY id`;
    const pairs: string[] = [];
    for (const outer of statement(d, sql, 'pluck').iterate() as Iterable<string>) {
      for (const inner of statement(d, sql, 'pluck').iterate() as Iterable<string>) pairs.push(outer + inner);
    }
    expect(pairs).toHaveLength(9);
    expect(pairs[0]).toBe('aa');
    expect(pairs[8]).toBe('cc');
    // Once the outer loop is done, the kept one is free again.
    expect(statement(d, sql, 'pluck').all()).toEqual(['a', 'b', 'c']);
  });

  it('keeps a bounded number per connection: SQL that varies with its input does not grow without end', () => {
    const d = db();
    const first = statement(d, `SELECT 0 AS n`);
    for (let i = 1; i <= 300; i++) statement(d, `SELECT ${i} AS n`);
    // The oldest was let go (a new one is made); what it answers is the same.
    const again = statement(d, `SELECT 0 AS n`);
    expect(again).not.toBe(first);
    expect(again.get()).toEqual({ n: 0 });
  });
});

describe('inTransaction: one runner per connection', () => {
  it('commits what fn wrote, and rolls all of it back when fn throws', () => {
    const d = db();
    inTransaction(d, () => statement(d, `INSERT INTO t (name) VALUES (?)`).run('d'));
    expect(() =>
      inTransaction(d, () => {
        statement(d, `INSERT INTO t (name) VALUES (?)`).run('e');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(statement(d, `SELECT name FROM t ORDER BY id`, 'pluck').all()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('inside a transaction already open, a failing inner run is undone alone (a savepoint), the outer one stands', () => {
    const d = db();
    const insert = statement(d, `INSERT INTO t (name) VALUES (?)`);
    const result = inTransaction(d, () => {
      insert.run('outer');
      try {
        inTransaction(d, () => {
          insert.run('inner');
          throw new Error('inner refused');
        });
      } catch {
        // the inner write is gone, the transaction goes on
      }
      expect(d.inTransaction).toBe(true);
      return 'done';
    });
    expect(result).toBe('done');
    expect(statement(d, `SELECT name FROM t ORDER BY id`, 'pluck').all()).toEqual(['a', 'b', 'c', 'outer']);
  });
});
