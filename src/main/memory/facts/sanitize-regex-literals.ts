/**
 * The literal strings a match of a regular expression cannot do without, read from its source: a
 * conjunction of clauses, each a list of strings of which every match contains at least one. A text that
 * lacks every string of some clause holds no match, so the pattern need not run (nor be compiled: V8
 * compiles a pattern on its first run, and the injection rules' big alternations cost a fresh process
 * a few milliseconds each, hundreds of milliseconds in all, on its first fact).
 *
 * Why it is sound (a skipped pattern could never have matched): by induction over the pattern, for every
 * node, every string the node can match contains one string of each of its clauses, and when `exact` is
 * known it is every string the node can match:
 *   - a literal character matches only itself;
 *   - a sequence matches a concatenation of its items' matches, so it keeps each item's clauses, and a run
 *     of items whose exact sets are known matches one of their products;
 *   - an alternation matches one of its branches' matches, so the union of one clause (or the exact set) of
 *     each branch is a clause, provided every branch has one;
 *   - a repetition at least once contains one match of its body, so it keeps the body's clauses, and its
 *     body's exact set as a clause;
 *   - assertions (^, $, \b, lookarounds) consume nothing: their exact set is the empty string.
 *   Anything else (classes, `.`, zero-minimum repetitions) adds no clause. A match lies inside the text,
 *   so the text contains one string of every clause. A source with a construct this reader does not know
 *   (a backreference, a flag group) gets no clauses at all, and its pattern always runs.
 * The test in tests/unit/sanitize-regex-literals.test.ts checks it on every rule and corpus text.
 */

/** Exact sets larger than this are not multiplied further: the run so far becomes a clause. */
const MAX_EXACT = 64;

interface Info {
  /** Every string the node can match, when known and small. */
  exact: Set<string> | null;
  /** Clauses: each match contains one string of each. */
  clauses: Set<string>[];
}

class Unsupported extends Error {}

const ANY: Info = { exact: null, clauses: [] };
const EMPTY = (): Info => ({ exact: new Set(['']), clauses: [] });

const BRACE = /\{(\d+)(,(\d*))?\}/y;
/** Escapes that stand for one literal character outside a class. */
const CONTROL: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' };
/** Escapes for a class of characters, and assertions. */
const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S']);
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/-']);
/** Characters that end a run of plain ones, and those that start a quantifier. */
const PLAIN_STOP = new Set([...'^$\\.*+?()[]{}|']);
const QUANTIFIER_START = new Set([...'*+?{']);

function product(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_EXACT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/**
 * Clauses kept per node, the most useful ones: every clause is sound on its own, so dropping some only
 * lets more texts through, and keeping all of them made reading the rules cost as much as compiling them.
 */
const MAX_CLAUSES = 4;
/** A clause with more strings than this costs more to check than it is likely to spare. */
const MAX_CLAUSE_STRINGS = 96;

const scores = new WeakMap<Set<string>, number>();
/** How useful a clause is for skipping: longer shortest strings are rarer, fewer strings are cheaper. */
function score(c: Set<string>): number {
  let v = scores.get(c);
  if (v === undefined) {
    let min = Infinity;
    for (const s of c) min = Math.min(min, s.length);
    scores.set(c, (v = min * 1000 - c.size));
  }
  return v;
}

function best(clauses: Set<string>[]): Set<string>[] {
  const kept = clauses.filter((c) => c.size <= MAX_CLAUSE_STRINGS);
  return kept.length <= MAX_CLAUSES ? kept : kept.sort((a, b) => score(b) - score(a)).slice(0, MAX_CLAUSES);
}

const isLook = (c: string | undefined): boolean => c === '=' || c === '!';

function usable(c: Set<string> | null): c is Set<string> {
  return c !== null && c.size > 0 && !c.has('');
}

/**
 * The rules are built from shared blocks (the clause start, the address forms, the verb lists), each
 * appearing in dozens of patterns: a group's reading is kept by its source text and read only once.
 */
const groupCache = new Map<string, Info>();
/** Groups shorter than this are read again: a lookup would cost about as much. */
const CACHED_GROUP_CHARS = 48;

/** Where each "(" of the source is closed, found in one pass over it (escapes and classes skipped). */
function closingParens(src: string): Map<number, number> {
  const close = new Map<number, number>();
  const open: number[] = [];
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') open.push(i);
    else if (c === ')' && open.length) close.set(open.pop()!, i);
  }
  return close;
}

class Reader {
  private i = 0;
  private readonly close: Map<number, number>;
  constructor(private readonly src: string) {
    this.close = closingParens(src);
  }

  parse(): Info {
    const info = this.alternation();
    if (this.i < this.src.length) throw new Unsupported(`stray ${this.src[this.i]}`);
    return info;
  }

  private peek(): string {
    return this.src[this.i] ?? '';
  }

  private alternation(): Info {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0];
    let exact: Set<string> | null = new Set();
    const clause = new Set<string>();
    let clauseOk = true;
    for (const b of branches) {
      if (exact && b.exact && exact.size + b.exact.size <= MAX_EXACT) for (const s of b.exact) exact.add(s);
      else exact = null;
      const candidates = [...b.clauses, ...(usable(b.exact) ? [b.exact] : [])];
      if (!candidates.length) clauseOk = false;
      else for (const s of candidates.reduce((x, y) => (score(y) > score(x) ? y : x))) clause.add(s);
    }
    return { exact, clauses: clauseOk && clause.size ? [clause] : [] };
  }

  private sequence(): Info {
    const clauses: Set<string>[] = [];
    let run: Set<string> | null = new Set(['']);
    // Whether `run` still holds every string the sequence so far can match (nothing was flushed).
    let whole = true;
    const flush = () => {
      if (usable(run)) clauses.push(run);
      run = new Set(['']);
      whole = false;
    };
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const item = this.quantified();
      for (const c of item.clauses) clauses.push(c);
      if (!item.exact) {
        flush();
        continue;
      }
      const next = product(run, item.exact);
      if (next) run = next;
      else {
        flush();
        run = item.exact;
      }
    }
    const exact = whole ? run : null;
    flush();
    return { exact, clauses: best(clauses) };
  }

  private quantified(): Info {
    const atom = this.atom();
    const q = this.quantifier();
    if (!q) return atom;
    const [min, max] = q;
    if (min === 0) return max === 1 && atom.exact ? { exact: new Set(['', ...atom.exact]), clauses: [] } : ANY;
    const clauses = [...atom.clauses, ...(usable(atom.exact) ? [atom.exact] : [])];
    let exact: Set<string> | null = null;
    if (min === max && atom.exact) {
      exact = new Set(['']);
      for (let k = 0; k < min && exact; k++) exact = product(exact, atom.exact);
    }
    return { exact, clauses };
  }

  private quantifier(): [number, number] | null {
    const c = this.peek();
    let q: [number, number] | null = null;
    if (c === '*') q = [0, Infinity];
    else if (c === '+') q = [1, Infinity];
    else if (c === '?') q = [0, 1];
    else if (c === '{') {
      BRACE.lastIndex = this.i;
      const m = BRACE.exec(this.src);
      if (!m) throw new Unsupported('brace');
      const min = Number(m[1]);
      q = [min, m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3])];
      this.i += m[0].length - 1;
    }
    if (!q) return null;
    this.i++;
    if (this.peek() === '?') this.i++;
    return q;
  }

  private atom(): Info {
    const c = this.peek();
    if (c === '(') return this.group();
    if (c === '[') {
      this.skipClass();
      return ANY;
    }
    if (c === '.') {
      this.i++;
      return ANY;
    }
    if (c === '^' || c === '$') {
      this.i++;
      return EMPTY();
    }
    if (c === '\\') return this.escape();
    if (c === '*' || c === '+' || c === '?' || c === '{' || c === '}' || c === ']') throw new Unsupported(`bare ${c}`);
    return { exact: new Set([this.literalRun()]), clauses: [] };
  }

  /**
   * Plain characters read as one string ("ignore" at once rather than six one-letter products), stopping
   * before a character a quantifier applies to.
   */
  private literalRun(): string {
    const start = this.i;
    let end = this.i;
    while (end < this.src.length && !PLAIN_STOP.has(this.src[end])) {
      const width = this.src.codePointAt(end)! > 0xffff ? 2 : 1;
      if (QUANTIFIER_START.has(this.src[end + width] ?? '') && end > start) break;
      end += width;
    }
    this.i = end;
    return this.src.slice(start, end);
  }

  private group(): Info {
    const end = this.close.get(this.i);
    if (end === undefined || end - this.i < CACHED_GROUP_CHARS) return this.readGroup();
    const key = this.src.slice(this.i, end + 1);
    let info = groupCache.get(key);
    if (info) this.i = end + 1;
    else groupCache.set(key, (info = this.readGroup()));
    return info;
  }

  private readGroup(): Info {
    this.i++;
    let assertion = false;
    if (this.src.startsWith('?:', this.i)) this.i += 2;
    else if (this.peek() === '?' && (isLook(this.src[this.i + 1]) || (this.src[this.i + 1] === '<' && isLook(this.src[this.i + 2])))) {
      assertion = true;
      this.i += this.src[this.i + 1] === '<' ? 3 : 2;
    } else if (this.src.startsWith('?<', this.i)) {
      const end = this.src.indexOf('>', this.i);
      if (end < 0) throw new Unsupported('group name');
      this.i = end + 1;
    } else if (this.peek() === '?') throw new Unsupported('group kind');
    const inner = this.alternation();
    if (this.peek() !== ')') throw new Unsupported('unclosed group');
    this.i++;
    return assertion ? EMPTY() : inner;
  }

  private skipClass(): void {
    this.i++;
    while (this.i < this.src.length && this.peek() !== ']') this.i += this.peek() === '\\' ? 2 : 1;
    if (this.peek() !== ']') throw new Unsupported('unclosed class');
    this.i++;
  }

  private escape(): Info {
    const c = this.src[this.i + 1] ?? '';
    this.i += 2;
    if (c === 'b' || c === 'B') return EMPTY();
    if (CLASS_ESCAPES.has(c)) return ANY;
    if (c === 'p' || c === 'P') {
      const end = this.src.indexOf('}', this.i);
      if (this.src[this.i] !== '{' || end < 0) throw new Unsupported('property');
      this.i = end + 1;
      return ANY;
    }
    const literal = (s: string): Info => ({ exact: new Set([s]), clauses: [] });
    if (c in CONTROL && !(c === '0' && /\d/.test(this.peek()))) return literal(CONTROL[c]);
    if (SYNTAX.has(c)) return literal(c);
    const hex = c === 'x' ? /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i)) : c === 'u' ? /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/.exec(this.src.slice(this.i)) : null;
    if (hex) {
      this.i += hex[0].length;
      return literal(String.fromCodePoint(parseInt(hex[0].replace(/[{}]/g, ''), 16)));
    }
    // Backreferences, \c, \k and anything else: give up on the whole pattern rather than guess.
    throw new Unsupported(`escape \\${c}`);
  }
}

/** Clauses come from shared blocks, so the same clause object turns up in many rules. */
const minimals = new WeakMap<Set<string>, string[]>();

/** Drops strings that contain another string of the clause: finding the shorter one is enough. */
function minimal(clause: Set<string>): string[] {
  let kept = minimals.get(clause);
  if (kept) return kept;
  kept = [];
  for (const s of [...clause].sort((a, b) => a.length - b.length)) if (!kept.some((k) => s.includes(k))) kept.push(s);
  minimals.set(clause, kept);
  return kept;
}

/**
 * The clauses of a pattern source (Unicode mode, no flags that change matching: no `i`, `m` or `s`),
 * most selective first; [] when none can be read.
 */
export function requiredLiterals(source: string): string[][] {
  let info: Info;
  try {
    info = new Reader(source).parse();
  } catch (err) {
    if (err instanceof Unsupported) return [];
    throw err;
  }
  const all = best([...info.clauses, ...(usable(info.exact) ? [info.exact] : [])]);
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const c of all.sort((a, b) => score(b) - score(a))) {
    const m = minimal(c);
    const key = m.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(m);
  }
  return out;
}

/** Whether `text` holds one string of every clause (if not, no match of the pattern is in it). */
export function mayMatch(clauses: readonly (readonly string[])[], text: string): boolean {
  for (const clause of clauses) if (!clause.some((s) => text.includes(s))) return false;
  return true;
}
