/**
 * The literal strings a match of a regular expression cannot do without, read from its syntax tree
 * (regexpp): a conjunction of clauses, each a list of strings of which every match contains at least one.
 * A text that lacks every string of some clause holds no match, so the pattern need not run (nor be
 * compiled: V8 compiles a pattern on its first run, and the injection rules' big alternations cost a fresh
 * process a few milliseconds each, hundreds of milliseconds in all, on its first fact). Read at build time
 * into src/main/memory/facts/sanitize-injection-literals.ts by scripts/rule-needs.ts; the app only looks
 * the clauses up.
 *
 * Why it is sound (a skipped pattern could never have matched): by induction over the tree, for every node,
 * every string the node can match contains one string of each of its clauses, and when `exact` is known it
 * is every string the node can match:
 *   - a character matches only itself;
 *   - a sequence matches a concatenation of its items' matches, so it keeps each item's clauses, and a run
 *     of items whose exact sets are known matches one of their products;
 *   - an alternation matches one of its branches' matches, so the union of one clause (or the exact set) of
 *     each branch is a clause, provided every branch has one;
 *   - a repetition at least once contains one match of its body, so it keeps the body's clauses, and its
 *     body's exact set as a clause;
 *   - assertions (^, $, \b, lookarounds) consume nothing: their exact set is the empty string.
 *   Anything else (classes, `.`, zero-minimum repetitions) adds no clause. A match lies inside the text, so
 *   the text contains one string of every clause. A pattern with a construct whose matches depend on
 *   something else (a backreference, a group that changes flags) gets no clauses at all, and always runs.
 * Patterns are read in Unicode mode with no flag that changes matching (no `i`, `m` or `s`): the injection
 * rules are compiled that way. tests/unit/sanitize-regex-literals.test.ts checks the skip on every rule and
 * corpus text against the bare pattern.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';

/** Exact sets larger than this are not multiplied further: the run so far becomes a clause. */
const MAX_EXACT = 64;
/**
 * Clauses kept per node, the most useful ones: every clause is sound on its own, so dropping some only lets
 * more texts through, and each kept clause is one more search of the text before the pattern runs.
 */
const MAX_CLAUSES = 4;
/** A clause with more strings than this costs more to check than it is likely to spare. */
const MAX_CLAUSE_STRINGS = 96;

interface Info {
  /** Every string the node can match, when known and small. */
  exact: Set<string> | null;
  /** Clauses: each match contains one string of each. */
  clauses: Set<string>[];
}

/** Thrown inside the walk for a construct that makes the whole pattern unreadable. */
class Unreadable extends Error {}

const ANY: Info = { exact: null, clauses: [] };
const EMPTY = (): Info => ({ exact: new Set(['']), clauses: [] });

function product(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_EXACT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

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

function usable(c: Set<string> | null): c is Set<string> {
  return c !== null && c.size > 0 && !c.has('');
}

function alternation(alternatives: readonly AST.Alternative[]): Info {
  const branches = alternatives.map((a) => sequence(a.elements));
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

function sequence(elements: readonly AST.Element[]): Info {
  const clauses: Set<string>[] = [];
  let run: Set<string> = new Set(['']);
  // Whether `run` still holds every string the sequence so far can match (nothing was flushed).
  let whole = true;
  const flush = () => {
    if (usable(run)) clauses.push(run);
    run = new Set(['']);
    whole = false;
  };
  for (const element of elements) {
    const item = node(element);
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

function quantifier(q: AST.Quantifier): Info {
  const atom = node(q.element);
  if (q.min === 0) return q.max === 1 && atom.exact ? { exact: new Set(['', ...atom.exact]), clauses: [] } : ANY;
  const clauses = [...atom.clauses, ...(usable(atom.exact) ? [atom.exact] : [])];
  let exact: Set<string> | null = null;
  if (q.min === q.max && atom.exact) {
    exact = new Set(['']);
    for (let k = 0; k < q.min && exact; k++) exact = product(exact, atom.exact);
  }
  return { exact, clauses };
}

/**
 * The rules are built from shared blocks (the clause start, the address forms, the verb lists), each
 * appearing in dozens of patterns: a group's reading is kept by its source text and read only once.
 */
const groupCache = new Map<string, Info>();

function node(n: AST.Element): Info {
  switch (n.type) {
    case 'Character':
      return { exact: new Set([String.fromCodePoint(n.value)]), clauses: [] };
    case 'Quantifier':
      return quantifier(n);
    case 'Group':
      // A group that turns flags on or off matches under other rules than the ones read here.
      if (n.modifiers) throw new Unreadable('modifiers');
      return cachedGroup(n);
    case 'CapturingGroup':
      return cachedGroup(n);
    case 'Assertion':
      // ^ $ \b \B and lookarounds consume nothing.
      return EMPTY();
    case 'Backreference':
      // Matches whatever its group matched: not readable from the syntax alone.
      throw new Unreadable('backreference');
    case 'CharacterClass':
    case 'CharacterSet':
    case 'ExpressionCharacterClass':
      return ANY;
    default:
      return missingCase(n);
  }
}

function cachedGroup(n: AST.Group | AST.CapturingGroup): Info {
  let info = groupCache.get(n.raw);
  if (!info) groupCache.set(n.raw, (info = alternation(n.alternatives)));
  return info;
}

function missingCase(n: never): never {
  throw new Error(`regex node not handled: ${(n as AST.Node).type}`);
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

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** The clauses of a pattern source (Unicode mode), most selective first; [] when none can be read. */
export function requiredLiterals(source: string): string[][] {
  let info: Info;
  try {
    info = alternation(parser.parsePattern(source, 0, source.length, { unicode: true }).alternatives);
  } catch (err) {
    if (err instanceof Unreadable) return [];
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
