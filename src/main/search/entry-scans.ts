// Derived entries' words, scanned once and kept between searches (issue 31 §3). Every ranking pass scans
// the derived entries of its ~hundred candidates for the query's words, and the same entries come back
// search after search; walking and stemming their text each time was a good part of what derived memory
// added to a search. An entry's scan follows from its text alone, so the text is the key: a corrected or
// forgotten entry is simply a text no longer asked for, and nothing has to be told of a change. The ranking
// keeps its candidates' own texts' scans in one too (message-search.ts textScans).
import { scanTerms, stem as stemOf, stemKey, walkEveryWord, type TermScan } from './text';

/** Every word of a text, once: each stem's positions, split by whether the word shares its stem's key. */
interface FullScan {
  length: number;
  /** Positions of the words whose first two letters are their stem's (nearly all words). */
  plain: Map<string, number[]>;
  /**
   * The others ("ies" → "i"): scanTerms reaches a word through its own first letters, so such a word
   * counts only when those are a wanted stem's too. Kept apart to answer exactly as scanTerms does.
   */
  odd: Map<string, Array<{ pos: number; key: string }>>;
}

function scanFully(text: string): FullScan {
  const plain = new Map<string, number[]>();
  const odd = new Map<string, Array<{ pos: number; key: string }>>();
  const length = walkEveryWord(text, (word, pos) => {
    const s = stemOf(word);
    const key = stemKey(word);
    if (key === stemKey(s)) {
      const list = plain.get(s);
      if (list) list.push(pos);
      else plain.set(s, [pos]);
    } else {
      const list = odd.get(s);
      if (list) list.push({ pos, key });
      else odd.set(s, [{ pos, key }]);
    }
  });
  return { length, plain, odd };
}

/** A bound on the texts kept: past it the oldest go first (LoCoMo's stand-in has ~1,200 entries). */
export const ENTRY_SCANS_MAX = 50_000;
/**
 * A bound on the words of the texts kept, all together: a kept scan costs ~125 bytes a word (measured on
 * LoCoMo's turns: ~3.1 KB for a 25-word turn), so 600,000 words are ~75 MB at most — what 50,000 entries of
 * a dozen words (a fact, a relation's sentence) already held before this bound; it stops long entries
 * from holding more.
 */
export const ENTRY_WORDS_MAX = 600_000;

export class EntryScans {
  private readonly known = new Map<string, FullScan>();
  /** Words of the kept scans, all together. */
  private words = 0;

  /**
   * `max` texts and `maxWords` words kept at most (past either, the oldest go first); a text longer than
   * `maxChars` is scanned for the words asked and not kept (one long reply would fill the bound).
   */
  constructor(
    private readonly max = ENTRY_SCANS_MAX,
    private readonly maxWords = ENTRY_WORDS_MAX,
    private readonly maxChars = Number.POSITIVE_INFINITY,
    /**
     * Keep a text's scan only when it is asked for a second time (the first time it is scanned for the words
     * asked, as scanTerms does). A full scan of a text never seen again costs 2–4 times that scan (measured on
     * LoCoMo's turns): at a million messages most candidates are new at every search.
     */
    private readonly keepOnSecondSight = false,
  ) {}

  /** Texts asked for once and not kept (keepOnSecondSight), oldest first; at most `max`. */
  private readonly seenOnce = new Set<string>();

  /** What is kept now: texts and their words. */
  get held(): { texts: number; words: number } {
    return { texts: this.known.size, words: this.words };
  }

  /**
   * Exactly what `scanTerms(text, wanted, keys)` finds, where `keys` are the wanted stems' keys
   * (stemKey): the text's length in tokens and the positions of the wanted stems.
   */
  scan(text: string, wanted: ReadonlySet<string>, keys: ReadonlySet<string>): TermScan {
    if (text.length > this.maxChars) return scanTerms(text, wanted, keys);
    let full = this.known.get(text);
    if (!full) {
      if (this.keepOnSecondSight && !this.seenOnce.delete(text)) {
        this.seenOnce.add(text);
        if (this.seenOnce.size > this.max) this.seenOnce.delete(this.seenOnce.values().next().value!);
        return scanTerms(text, wanted, keys);
      }
      full = scanFully(text);
      this.known.set(text, full);
      this.words += full.length;
      while (this.known.size > this.max || this.words > this.maxWords) {
        const [oldest, scan] = this.known.entries().next().value!;
        this.known.delete(oldest);
        this.words -= scan.length;
      }
    }
    const positions = new Map<string, number[]>();
    for (const s of wanted) {
      const plain = full.plain.get(s);
      const odd = full.odd.get(s)?.filter((o) => keys.has(o.key));
      if (!odd?.length) {
        if (plain) positions.set(s, plain);
        continue;
      }
      positions.set(s, [...(plain ?? []), ...odd.map((o) => o.pos)].sort((a, b) => a - b));
    }
    return { length: full.length, positions };
  }
}
