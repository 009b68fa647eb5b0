// The search tokenizer must agree with the index (FTS5 `porter unicode61 remove_diacritics 2`):
// candidates are re-tokenized in JS to score proximity and to highlight.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { porterStem } from '../../src/main/search/porter';
import { fold, narrowScan, scanAll, scanTerms, stemKey, stemKeyCodes, tokenize } from '../../src/main/search/text';

describe('porterStem', () => {
  it('follows the classic examples of the algorithm', () => {
    const cases: Record<string, string> = {
      caresses: 'caress',
      ponies: 'poni',
      ties: 'ti',
      cats: 'cat',
      feed: 'feed',
      agreed: 'agre',
      plastered: 'plaster',
      motoring: 'motor',
      sing: 'sing',
      conflated: 'conflat',
      troubled: 'troubl',
      sized: 'size',
      hopping: 'hop',
      falling: 'fall',
      filing: 'file',
      happy: 'happi',
      relational: 'relat',
      generalization: 'gener',
      camping: 'camp',
      camped: 'camp',
      adoption: 'adopt',
      go: 'go',
    };
    for (const [word, stem] of Object.entries(cases)) expect(porterStem(word), word).toBe(stem);
  });

  it('stems exactly as SQLite FTS5 does, word for word', () => {
    const words = [
      'running', 'happiness', 'relational', 'conditional', 'valenci', 'digitizer', 'conformabli', 'radicalli',
      'differentli', 'vileli', 'analogousli', 'vietnamization', 'predication', 'operator', 'feudalism', 'decisiveness',
      'hopefulness', 'callousness', 'formaliti', 'sensitiviti', 'sensibiliti', 'triplicate', 'formative', 'formalize',
      'electriciti', 'electrical', 'hopeful', 'goodness', 'revival', 'allowance', 'inference', 'airliner', 'gyroscopic',
      'adjustable', 'defensible', 'irritant', 'replacement', 'adjustment', 'dependent', 'adoption', 'homologou',
      'communism', 'activate', 'angulariti', 'homologous', 'effective', 'bowdlerize', 'probate', 'rate', 'cease',
      'controll', 'roll', 'generously', 'painting', 'paintings', 'mentorship', 'volunteering', 'skies', 'dying',
      'logical', 'archaeology', 'meteor', 'destress', 'pottery', 'kids', 'marshmallows', 'yesterday', 'agreed',
    ];
    const db = new Database(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'porter unicode61 remove_diacritics 2'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row');`);
    const insert = db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)');
    const term = db.prepare('SELECT term FROM v').pluck();
    for (const w of words) {
      db.exec('DELETE FROM t');
      insert.run(1, w);
      expect(porterStem(w), w).toBe(term.get());
    }
    db.close();
  });
});

describe('tokenize', () => {
  it('splits like unicode61, folds case and diacritics, keeps offsets', () => {
    const text = 'Café crème — I\'m RUNNING!';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.norm)).toEqual(['cafe', 'creme', 'i', 'm', 'running']);
    expect(tokens.map((t) => t.stem)).toEqual(['cafe', 'creme', 'i', 'm', 'run']);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Café', 'crème', 'I', 'm', 'RUNNING']);
    expect(fold('Ñandú')).toBe('nandu');
  });
});

describe('scanTerms', () => {
  const check = (text: string, want: string[]) => {
    const wanted = new Set(want);
    const keys = new Set(want.map(stemKey));
    const expected = new Map<string, number[]>();
    tokenize(text).forEach((t, i) => {
      if (wanted.has(t.stem)) expected.set(t.stem, [...(expected.get(t.stem) ?? []), i]);
    });
    for (const scan of [scanTerms(text, wanted, keys, stemKeyCodes(wanted)), scanTerms(text, wanted, keys)]) {
      expect(scan.length).toBe(tokenize(text).length);
      expect(Object.fromEntries(scan.positions)).toEqual(Object.fromEntries(expected));
    }
  };

  it('finds the wanted stems at the same positions as tokenize (ASCII fast path and general path)', () => {
    check('Melanie: We went camping, and the kids CAMPED again; camp-fires!', ['camp', 'kid', 'melani']);
    check('Crème brûlée at the café — we loved the crème', ['creme', 'cafe', 'love']);
    check('a b c 12 x9', ['12', 'x9', 'a']);
    check('I’m 😀 emoji-happy, 𝔘𝔫𝔦 text, and 你好世界 too — happy!', ['happi', 'emoji', 'text', '你好世界']);
    check('', ['x']);
  });

  it('passes over ASCII words shorter than every wanted stem of their first letters, and finds the rest', () => {
    // "ca", "cat", "cats", "car" share the first letters of "carolin" but cannot stem to it; "caring" → "care".
    check('Ca cat CATS car Caroline carolines caring CARE c', ['carolin', 'care', 'cat', 'c']);
    check('Is it it? Its items, ITEMIZATION', ['item', 'it']);
  });
});

describe('Porter never lengthens a word (scanTerms passes over shorter words on it)', () => {
  it('holds for every suffix of every rule, on many bases', () => {
    const bases = ['a', 'b', 'y', 'at', 'bl', 'iz', 'hop', 'conflat', 'troubl', 'siz', 'fil', 'fail', 'tann', 'happ', 'sky', 'rel', 'generaliz', 'cr', 'agre', 'oscill', 'vietnam', 'formal', 'controll', 'roll', 'probat', 'rate', 'cease', 'ctrl', 'xyzzy', 'sensibil', 'digitiz', 'electr'];
    const suffixes = ['', 's', 'ss', 'sses', 'ies', 'eed', 'ed', 'ing', 'y', 'ational', 'tional', 'enci', 'anci', 'izer', 'logi', 'bli', 'alli', 'entli', 'eli', 'ousli', 'ization', 'ation', 'ator', 'alism', 'iveness', 'fulness', 'ousness', 'aliti', 'iviti', 'biliti', 'icate', 'ative', 'alize', 'iciti', 'ical', 'ful', 'ness', 'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'sion', 'tion', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'e', 'll'];
    let n = 0;
    for (const b of bases) for (const x of suffixes) for (const y of ['', 's', 'ed', 'ing', 'e', 'ly']) {
      const w = b + x + y;
      expect(tokenize(w)[0].stem.length, w).toBeLessThanOrEqual(w.length);
      n++;
    }
    expect(n).toBe(bases.length * suffixes.length * 6);
  });
});

describe('a full scan kept for texts scored again and again (facts)', () => {
  it('narrowed to a query, it is exactly what scanTerms finds', () => {
    const texts = ['Caroline collects classic kids’ books — Dr. Seuss, mostly', 'Café au lait à Genève, naïve café owners', 'Runs, running, ran: 10k runners 2024', ''];
    const queries = [['collect', 'book', 'seuss'], ['cafe', 'genev', 'naiv'], ['run', '10k', '2024'], ['absent']];
    for (const text of texts) {
      const all = scanAll(text);
      for (const words of queries) {
        const wanted = new Set(words);
        const keys = new Set(words.map(stemKey));
        expect(narrowScan(all, wanted)).toEqual(scanTerms(text, wanted, keys, stemKeyCodes(wanted)));
      }
    }
  });
});
