// The ranking's hot path without its garbage (issue 31 §3, tenth pass): each allocation-free rewrite
// answers exactly what the code it replaced did.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { changeCounter, pinChanges } from '../../src/main/search/change-counter';
import { KeptRows } from '../../src/main/search/kept-rows';
import { topSeqs } from '../../src/main/search/candidate-selection';

/** What topSeqs replaced: every entry copied, sorted (stably) by score, the first n kept. */
function topBySort(m: ReadonlyMap<number, number>, n: number): number[] {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([seq]) => seq);
}

/** A small deterministic generator (no Math.random: a failure must replay). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe('topSeqs', () => {
  it('equals a stable sort of every entry, ties included, for 2,000 random maps', () => {
    const rand = lcg(31);
    for (let c = 0; c < 2000; c++) {
      const size = Math.floor(rand() * 60);
      // Few distinct scores, so ties are common; seqs in random insertion order.
      const levels = 1 + Math.floor(rand() * 8);
      const m = new Map<number, number>();
      for (let i = 0; i < size; i++) m.set(Math.floor(rand() * 10_000), Math.floor(rand() * levels) / 4 + (rand() < 0.2 ? rand() : 0));
      const n = Math.floor(rand() * 20);
      expect(topSeqs(m, n), `case ${c}`).toEqual(topBySort(m, n));
    }
  });

  it('keeps the first of equal scores in the map’s order', () => {
    const m = new Map([[5, 1], [3, 2], [9, 1], [1, 2], [7, 3]]);
    expect(topSeqs(m, 3)).toEqual([7, 3, 1]);
    expect(topSeqs(m, 4)).toEqual([7, 3, 1, 5]);
    expect(topSeqs(m, 0)).toEqual([]);
  });
});

describe('pinChanges', () => {
  it('answers one value inside a pin, and moves again after a write outside it', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (x)');
    const counter = changeCounter(db);
    const before = counter();
    const inside = pinChanges(db, () => {
      const first = counter();
      // A write inside a pin is not what a search does; it shows the pinned value is not read again.
      db.prepare('INSERT INTO t VALUES (1)').run();
      return [first, counter(), pinChanges(db, () => counter())];
    });
    expect(inside).toEqual([before, before, before]);
    expect(counter()).not.toBe(before);
    db.close();
  });

  it('lets kept rows see a write made between two pinned searches', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (seq INTEGER PRIMARY KEY, v TEXT)');
    db.prepare('INSERT INTO t VALUES (1, ?)').run('old');
    let reads = 0;
    const stmt = db.prepare('SELECT seq, v FROM t WHERE seq IN (SELECT value FROM json_each(?))').raw();
    const kept = new KeptRows<string>((seqs) => (reads++, (stmt.all(JSON.stringify(seqs)) as Array<[number, string]>).map(([s, v]) => [s, v])), changeCounter(db));
    expect(pinChanges(db, () => [kept.get([1, 1]), kept.get([1])])).toEqual([['old', 'old'], ['old']]);
    expect(reads).toBe(1);
    db.prepare('UPDATE t SET v = ? WHERE seq = 1').run('new');
    expect(pinChanges(db, () => kept.get([1]))).toEqual(['new']);
    expect(reads).toBe(2);
    db.close();
  });
});
