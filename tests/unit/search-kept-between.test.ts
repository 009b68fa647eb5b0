// What search keeps between searches (issue 31 §3): each kept thing answers exactly what computing it
// afresh would, does the work once, and a change between two searches is seen by the second.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Fact } from '../../src/shared/domain';
import { EntryScans } from '../../src/main/search/entry-scans';
import { factGroupIndex } from '../../src/main/search/fact-index';
import { rankFacts } from '../../src/main/search/fact-search';
import { changeCounter, KeptPostings } from '../../src/main/search/kept-postings';
import { KeptRows } from '../../src/main/search/kept-rows';
import { rankFactsAfresh } from '../helpers/rank-facts-afresh';
import type { Postings } from '../../src/main/search/message-index';
import { analyzeQuery } from '../../src/main/search/query';
import { DEFAULT_RANK_PARAMS } from '../../src/main/search/rank';
import { scanTerms, stemKey } from '../../src/main/search/text';

const TEXTS = [
  'Caroline went to an LGBTQ support group yesterday; the stories were inspiring.',
  'Melanie paints sunsets and ran a charity race for mental health.',
  'The series ies, flies and cries: Porter turns "ies" into "i".',
  'Éclair, café and naïve résumé: diacritics fold away; 2023 and 7 are numbers.',
  'Caroline is researching adoption agencies; Caroline wants kids.',
  '',
];
const QUERIES = ['caroline support group', 'ies flies', 'cafe resume naive', 'adoption agency kids caroline', 'race 2023', 'i', 'nothing matches zzz'];

function fact(id: string, text: string, scope = 'agent:a'): Fact {
  return { id, scope, text } as Fact;
}

describe('the facts panel’s kept word index (fact-index.ts)', () => {
  it('ranks exactly as scoring every fact afresh, over one scope or several', () => {
    const a = TEXTS.slice(0, 3).map((t, i) => fact(`a${i}`, t));
    const b = TEXTS.slice(3).map((t, i) => fact(`b${i}`, t, 'global'));
    for (const query of QUERIES) {
      for (const k of [1, 3, 10]) {
        expect(rankFacts(analyzeQuery(query), [a, b], k, DEFAULT_RANK_PARAMS), `${query} k=${k}`).toEqual(rankFactsAfresh(query, [...a, ...b], k));
      }
    }
  });

  it('is built once per scope, and rebuilt when a fact is corrected, forgotten or added in place', () => {
    const facts = TEXTS.slice(0, 5).map((t, i) => fact(`f${i}`, t));
    const first = factGroupIndex(facts);
    expect(factGroupIndex(facts)).toBe(first); // kept: the same scope's facts are not scanned again
    const ranked = () => rankFacts(analyzeQuery('adoption agency caroline'), [facts], 10, DEFAULT_RANK_PARAMS);
    expect(ranked().map((h) => h.factId)).toContain('f4');

    // Corrected in place (same object, new text): the next search reads the new text.
    facts[4].text = 'Caroline is saving for a sailing boat.';
    expect(factGroupIndex(facts)).not.toBe(first);
    expect(ranked()).toEqual(rankFactsAfresh('adoption agency caroline', facts, 10));
    expect(ranked().map((h) => h.factId)).toContain('f4');
    expect(ranked().find((h) => h.factId === 'f4')!.text).toBe('Caroline is saving for a sailing boat.');

    // Forgotten (removed from the same array): it stops counting at once.
    facts.splice(4, 1);
    expect(ranked().map((h) => h.factId)).not.toContain('f4');
    expect(ranked()).toEqual(rankFactsAfresh('adoption agency caroline', facts, 10));

    // Another fact object in its place: scanned anew.
    facts[0] = fact('f9', 'An adoption agency called Caroline back.');
    expect(ranked()[0].factId).toBe('f9');
    expect(ranked()).toEqual(rankFactsAfresh('adoption agency caroline', facts, 10));
  });
});

describe('derived entries’ kept scans (entry-scans.ts)', () => {
  it('finds exactly what scanTerms finds, for any words asked, odd stems and folded letters included', () => {
    const scans = new EntryScans();
    const words = ['caroline', 'support', 'i', 'ies', 'fli', 'cafe', 'resum', 'naiv', 'eclair', '2023', '7', 'agenc', 'kid', 'stori', 'zzz'];
    for (const text of TEXTS) {
      for (let i = 0; i < words.length; i++) {
        for (const wanted of [new Set([words[i]]), new Set([words[i], words[(i + 3) % words.length], words[(i + 7) % words.length]]), new Set(words)]) {
          const keys = new Set([...wanted].map(stemKey));
          expect(scans.scan(text, wanted, keys), `${text} / ${[...wanted].join(',')}`).toEqual(scanTerms(text, wanted, keys));
          // Asked again (now from what was kept): the same.
          expect(scans.scan(text, wanted, keys)).toEqual(scanTerms(text, wanted, keys));
        }
      }
    }
  });

  it('keys on the text: an entry corrected between two searches is scanned as it now reads', () => {
    const scans = new EntryScans(2);
    const wanted = new Set(['adopt']);
    const keys = new Set(['ad']);
    expect(scans.scan('Caroline plans to adopt', wanted, keys).positions.get('adopt')).toEqual([3]);
    expect(scans.scan('Caroline plans to travel', wanted, keys).positions.has('adopt')).toBe(false);
    // Past its bound the oldest text goes; answers stay exact.
    for (const t of ['one adopt', 'two adopt', 'three adopt']) expect(scans.scan(t, wanted, keys)).toEqual(scanTerms(t, wanted, keys));
  });

  it('holds at most its words (the oldest texts go first) and keeps no text over its length; answers stay exact', () => {
    const scans = new EntryScans(100, 10, 40);
    const wanted = new Set(['adopt', 'agenc']);
    const keys = new Set(['ad', 'ag']);
    const texts = ['Caroline plans to adopt', 'The agency called back today', 'They adopt in spring', 'Forms from the agency'];
    for (const t of texts) expect(scans.scan(t, wanted, keys)).toEqual(scanTerms(t, wanted, keys));
    // 4 + 5 + 4 + 4 words: only the newest texts within 10 words stay.
    expect(scans.held).toEqual({ texts: 2, words: 8 });
    for (const t of texts) expect(scans.scan(t, wanted, keys)).toEqual(scanTerms(t, wanted, keys));
    const long = 'An adoption agency wrote back to Caroline about the forms she sent';
    expect(long.length).toBeGreaterThan(40);
    const before = scans.held;
    expect(scans.scan(long, wanted, keys)).toEqual(scanTerms(long, wanted, keys));
    expect(scans.held).toEqual(before);
  });

  it('with keepOnSecondSight, a text asked for once is scanned for the words asked and not kept; the second time it is kept', () => {
    const scans = new EntryScans(100, 1000, 4000, true);
    const wanted = new Set(['adopt']);
    const keys = new Set(['ad']);
    const text = 'Caroline plans to adopt, and to adopt soon';
    expect(scans.scan(text, wanted, keys)).toEqual(scanTerms(text, wanted, keys));
    expect(scans.held).toEqual({ texts: 0, words: 0 });
    expect(scans.scan(text, wanted, keys)).toEqual(scanTerms(text, wanted, keys));
    expect(scans.held).toEqual({ texts: 1, words: 8 });
    const other = new Set(['plan', 'soon']);
    const otherKeys = new Set(['pl', 'so']);
    expect(scans.scan(text, other, otherKeys)).toEqual(scanTerms(text, other, otherKeys));
  });
});

/** An index whose words have the given numbers of postings (newest first), counting its reads. */
function source(sizes: Record<string, number>) {
  const reads: Array<[string, number]> = [];
  return {
    reads,
    postings(word: string, cap: number): Postings {
      reads.push([word, cap]);
      const all = Array.from({ length: sizes[word] ?? 0 }, (_, i) => 1000 - i);
      return { rowids: all.slice(0, cap), capped: all.length > cap };
    },
  };
}

describe('posting reads kept while the database is unchanged (kept-postings.ts)', () => {
  it('answers as the index does; reads a short list once across searches, a long one every time', () => {
    const index = source({ rare: 3, common: 700 });
    let version = 'v1';
    const kept = new KeptPostings(index, () => version, { maxCap: 100, maxPostings: 100_000 });
    for (let search = 0; search < 3; search++) {
      kept.begin();
      expect(kept.postings('rare', 100)).toEqual(source({ rare: 3 }).postings('rare', 100));
      expect(kept.postings('common', 100)).toEqual(source({ common: 700 }).postings('common', 100));
      expect(kept.postings('common', 600)).toEqual(source({ common: 700 }).postings('common', 600));
    }
    expect(index.reads).toEqual([['rare', 100], ['common', 100], ['common', 600], ['common', 600], ['common', 600]]);

    // The database changed: the next search reads again, and sees what changed.
    version = 'v2';
    const grown = source({ rare: 50 });
    const kept2 = new KeptPostings(grown, () => version, { maxCap: 100, maxPostings: 100_000 });
    kept2.begin();
    expect(kept2.postings('rare', 100).rowids).toHaveLength(50);
    kept.begin();
    expect(kept.postings('rare', 100)).toEqual(source({ rare: 3 }).postings('rare', 100));
    expect(index.reads.at(-1)).toEqual(['rare', 100]);
    expect(index.reads).toHaveLength(6);
  });

  it('holds at most maxPostings rowids: past that, the next search starts afresh and still answers as the index does', () => {
    const index = source({ a: 3, b: 3 });
    const kept = new KeptPostings(index, () => 'v1', { maxCap: 100, maxPostings: 5 });
    kept.begin();
    kept.postings('a', 100);
    kept.begin();
    kept.postings('a', 100); // 3 held: kept
    kept.postings('b', 100); // 6 held: over the bound
    kept.begin();
    expect(kept.postings('a', 100)).toEqual(source({ a: 3 }).postings('a', 100));
    expect(kept.postings('b', 100)).toEqual(source({ b: 3 }).postings('b', 100));
    expect(index.reads).toEqual([['a', 100], ['b', 100], ['a', 100], ['b', 100]]);
  });

  it('a write by this connection or another one moves the change counter', () => {
    const path = `${process.env.TMPDIR ?? '/tmp'}/kept-postings-${process.pid}-${Date.now()}.sqlite`;
    const a = new Database(path);
    const b = new Database(path);
    try {
      a.pragma('journal_mode = WAL');
      a.exec('CREATE TABLE t (x)');
      const changes = changeCounter(a);
      const before = changes();
      expect(changes()).toBe(before);
      a.prepare('INSERT INTO t VALUES (1)').run();
      const afterOwn = changes();
      expect(afterOwn).not.toBe(before);
      b.prepare('UPDATE t SET x = 2').run();
      expect(changes()).not.toBe(afterOwn);
      // A statement that changes nothing leaves it.
      const still = changes();
      a.prepare('UPDATE t SET x = 3 WHERE x = 99').run();
      expect(changes()).toBe(still);
    } finally {
      a.close();
      b.close();
    }
  });

  it('through a real index: a message written between two searches is counted by the second', () => {
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE f USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')`);
    const read = db.prepare(`SELECT rowid FROM f WHERE f MATCH ? ORDER BY rowid DESC LIMIT ?`).pluck();
    const index = { postings: (word: string, cap: number): Postings => {
      const rowids = read.all(`"${word}"`, cap + 1) as number[];
      return { rowids: rowids.slice(0, cap), capped: rowids.length > cap };
    } };
    const kept = new KeptPostings(index, changeCounter(db), { maxCap: 100, maxPostings: 100_000 });
    const add = db.prepare('INSERT INTO f (body) VALUES (?)');
    add.run('the adoption agency');
    expect(kept.begin().postings('agency', 100).rowids).toHaveLength(1);
    add.run('agencies mailed the forms');
    expect(kept.begin().postings('agency', 100).rowids).toHaveLength(2);
    db.prepare('DELETE FROM f WHERE rowid = 1').run();
    expect(kept.begin().postings('agency', 100).rowids).toEqual([2]);
  });
});

describe('rows kept while the database is unchanged (kept-rows.ts)', () => {
  it('answers as a fresh read does, in the order asked, and reads again after any write', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE m (seq INTEGER PRIMARY KEY, body TEXT)');
    const add = db.prepare('INSERT INTO m (seq, body) VALUES (?, ?)');
    for (const seq of [1, 2, 3, 5]) add.run(seq, `body ${seq}`);
    const readAll = db.prepare('SELECT m.seq, m.body FROM json_each(?) j JOIN m ON m.seq = j.value').raw();
    const reads: number[][] = [];
    const read = (seqs: number[]) => {
      reads.push(seqs);
      return (readAll.all(JSON.stringify(seqs)) as Array<[number, string]>).map(([seq, body]): [number, string] => [seq, body]);
    };
    const kept = new KeptRows(read, changeCounter(db));
    const fresh = (seqs: number[]) => (readAll.all(JSON.stringify(seqs)) as Array<[number, string]>).map(([, body]) => body);
    expect(kept.get([5, 4, 1, 5])).toEqual(fresh([5, 4, 1, 5]));
    expect(kept.get([1, 4, 2])).toEqual(fresh([1, 4, 2]));
    expect(reads).toEqual([[5, 4, 1], [2]]); // each seq read once, a missing one (4) remembered as missing
    db.prepare('UPDATE m SET body = ? WHERE seq = 1').run('edited');
    add.run(4, 'body 4');
    db.prepare('DELETE FROM m WHERE seq = 5').run();
    expect(kept.get([5, 4, 1])).toEqual(['body 4', 'edited']);
    expect(kept.get([5, 4, 1])).toEqual(fresh([5, 4, 1]));
    expect(reads).toHaveLength(3);
  });
});
