/**
 * What every match of a secret rule's pattern must contain, read from the pattern itself, so a text that
 * lacks it is not scanned at all. Two such needs:
 *
 *   - a fixed piece of text ("sk-ant-admin", "AKIA", "://hooks.slack.com/", "AccountKey="): most texts
 *     hold none of them, and a native substring search is cheaper than a scan that tries every position;
 *   - a run of N token characters ([A-Za-z0-9+/_-]{24,} and the like): prose has no run of 16 such
 *     characters, so the token-shaped rules (vendor prefix, keyword-nearby, high entropy…) have nothing to
 *     look at in it, though their patterns would still try every word.
 *
 * Why a skip never loses a match. Only the pattern's top level is read, and the plain groups inside it: a
 * sequence without `|` is a list of terms, and every match is those terms' matches one after the other.
 *   - A term that is one plain character with no quantifier matches exactly that character (under the `i`
 *     flag: that character up to case, as the pattern's own flags define case, which is why the literal is
 *     then searched with a pattern of the same flags). A run of such terms is a substring of every match.
 *     Anything else — a group, a class, an escape that is not one fixed character, `.`, an assertion —
 *     ends the run, and a character followed by a quantifier is dropped from it.
 *   - A term `[class]{n,…}` (or `+`, n = 1) whose class holds token characters only matches n characters
 *     in a row, each a token character, so the text holds a run of at least n of them. Case-insensitive
 *     patterns are not read for this (in unicode mode `[a-z]` also matches U+017F and U+212A).
 *   - A group that is not a lookaround, has no `|` at its own top level and carries no quantifier is its
 *     content inline: its needs are needs of the whole pattern.
 * A pattern this reading does not cover (a `|` at the top level, the `v` or `x` flag) needs nothing.
 */

export interface MatchNeeds {
  /** Text every match contains, or null. */
  literal: string | null;
  /** For a case-insensitive pattern: the literal as a pattern with the pattern's own case rules. */
  caseless: RegExp | null;
  /** Every match holds this many token characters ([A-Za-z0-9+/_-]) in a row (0: none known). */
  tokenRun: number;
}

const NEEDS_NOTHING: MatchNeeds = { literal: null, caseless: null, tokenRun: 0 };
const cache = new WeakMap<RegExp, MatchNeeds>();

/** Characters that stand for themselves after a backslash ("\.", "\/", "\-"). */
const IDENTITY_ESCAPE = new Set('.\\/-^$*+?()[]{}|'.split(''));
/** Characters that are syntax at the top level of a pattern, never a literal on their own. */
const SYNTAX = new Set('.^$*+?()[]{}|\\'.split(''));
const TOKEN_CHAR = /^[A-Za-z0-9+/_-]$/;
const QUANTIFIER = /^(?:\{(\d+)(?:,\d*)?\}|[*+?])/;

interface Sequence {
  literal: string;
  tokenRun: number;
}

/** The needs of a sequence of terms (a pattern's source, or a group's content), or null when unreadable. */
export function sequenceNeeds(source: string, caseless: boolean): Sequence | null {
  const found: Sequence = { literal: '', tokenRun: 0 };
  let run = '';
  const endRun = () => {
    if (run.length > found.literal.length) found.literal = run;
    run = '';
  };
  for (let i = 0; i < source.length; ) {
    const c = source[i];
    if (c === '|') return null;
    const quantified = QUANTIFIER.exec(source.slice(i, i + 24));
    if (quantified) {
      // Reached only after a plain character (a group or class takes its own quantifier): drop that character.
      run = run.slice(0, -1);
      endRun();
      i += quantified[0].length;
      continue;
    }
    if (c === '(' || c === '[') {
      endRun();
      const end = c === '(' ? skipGroup(source, i) : skipClass(source, i);
      if (end < 0) return null;
      const after = QUANTIFIER.exec(source.slice(end, end + 24));
      if (c === '[' && !caseless && after && after[0] !== '*' && after[0] !== '?' && classIsToken(source.slice(i + 1, end - 1))) {
        found.tokenRun = Math.max(found.tokenRun, after[1] === undefined ? 1 : Number(after[1]));
      }
      if (c === '(' && !after) {
        const inner = plainGroupContent(source.slice(i, end));
        const needs = inner === null ? null : sequenceNeeds(inner, caseless);
        if (needs && needs.literal.length > found.literal.length) found.literal = needs.literal;
        if (needs) found.tokenRun = Math.max(found.tokenRun, needs.tokenRun);
      }
      i = after ? end + after[0].length : end;
      continue;
    }
    if (c === '\\') {
      const e = source[i + 1];
      if (e !== undefined && IDENTITY_ESCAPE.has(e) && !QUANTIFIER.test(source.slice(i + 2, i + 26))) {
        run += e;
        i += 2;
        continue;
      }
      endRun();
      const next = e !== undefined && IDENTITY_ESCAPE.has(e) ? i + 2 : skipEscape(source, i);
      if (next < 0) return null;
      // Whatever the escape stands for, a quantifier after it belongs to it, not to the run.
      const after = QUANTIFIER.exec(source.slice(next, next + 24));
      i = after ? next + after[0].length : next;
      continue;
    }
    if (SYNTAX.has(c)) {
      endRun(); // ".", "^", "$", a stray "]" or "}"
      i++;
      continue;
    }
    // A surrogate pair is one character in unicode mode: keep both halves together.
    const width = c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdbff && i + 1 < source.length ? 2 : 1;
    if (width === 2 && QUANTIFIER.test(source.slice(i + 2, i + 26))) {
      endRun();
      i += 2;
      continue;
    }
    run += source.slice(i, i + width);
    i += width;
  }
  endRun();
  return found;
}

/** The content of "(…)", "(?:…)" or "(?<name>…)"; null for a lookaround or any other kind of group. */
function plainGroupContent(group: string): string | null {
  if (!group.startsWith('(?')) return group.slice(1, -1);
  if (group.startsWith('(?:')) return group.slice(3, -1);
  const named = /^\(\?<[A-Za-z_$][\w$]*>/.exec(group);
  return named ? group.slice(named[0].length, -1) : null;
}

/** Whether a class's body ("A-Za-z0-9_-", "a-f0-9") only holds token characters. */
function classIsToken(body: string): boolean {
  if (body.length === 0 || body.startsWith('^')) return false;
  const chars: string[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== '\\') chars.push(body[i]);
    else if (body[i + 1] !== undefined && '/-+_'.includes(body[i + 1])) chars.push(body[++i]);
    else if (body[i + 1] === 'd') chars.push('0', '-', '9', (i++, ''));
    else return false;
  }
  const items = chars.filter((x) => x !== '');
  for (let i = 0; i < items.length; i++) {
    // "a-z": a range, both ends inside one token range; a "-" at either end is the character itself.
    if (items[i + 1] === '-' && i + 2 < items.length) {
      if (!sameTokenRange(items[i], items[i + 2])) return false;
      i += 2;
    } else if (!TOKEN_CHAR.test(items[i])) return false;
  }
  return true;
}

function sameTokenRange(from: string, to: string): boolean {
  return [/[A-Z]/, /[a-z]/, /[0-9]/].some((r) => r.test(from) && r.test(to)) && from <= to;
}

/** After a "[…]" class, or -1 when it does not close. */
function skipClass(source: string, at: number): number {
  for (let i = at + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']') return i + 1;
  }
  return -1;
}

/** After a "(…)" group with its nested groups and classes, or -1 when it does not close. */
function skipGroup(source: string, at: number): number {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      const next = skipClass(source, i);
      if (next < 0) return -1;
      i = next - 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** After an escape that is not one fixed character (\d, \p{L}, \u{1F600}, \x41, \k<name>, \1 …), or -1. */
function skipEscape(source: string, at: number): number {
  const e = source[at + 1];
  if (e === undefined) return -1;
  if ((e === 'p' || e === 'P' || e === 'u') && source[at + 2] === '{') {
    const close = source.indexOf('}', at);
    return close < 0 ? -1 : close + 1;
  }
  if (e === 'u') return at + 6;
  if (e === 'x') return at + 4;
  if (e === 'c') return at + 3;
  if (e === 'k' && source[at + 2] === '<') {
    const close = source.indexOf('>', at);
    return close < 0 ? -1 : close + 1;
  }
  let i = at + 2;
  if (/[0-9]/.test(e)) while (i < source.length && /[0-9]/.test(source[i])) i++;
  return i;
}

/** The pattern's needs, read once per pattern. */
export function matchNeeds(pattern: RegExp): MatchNeeds {
  let found = cache.get(pattern);
  if (found) return found;
  const flags = pattern.flags;
  const seq = flags.includes('v') || flags.includes('x') ? null : sequenceNeeds(pattern.source, pattern.ignoreCase);
  if (seq === null) found = NEEDS_NOTHING;
  else {
    const literal = seq.literal.length > 0 ? seq.literal : null;
    const caseless = literal !== null && pattern.ignoreCase ? new RegExp(escapeLiteral(literal), flags.replace(/[gyd]/g, '')) : null;
    found = { literal, caseless, tokenRun: seq.tokenRun };
  }
  cache.set(pattern, found);
  return found;
}

function escapeLiteral(s: string): string {
  // Syntax characters only: they are the escapes unicode mode allows ("\-" is an error there).
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Runs this long or longer are measured; shorter ones only tell that the text has none this long. */
const MEASURED_RUN = 16;
const LONG_TOKEN_RUN = /[A-Za-z0-9+/_-]{16,}/g;

/** One text's facts that decide which patterns may match it, read once for all the rules. */
export class TextGate {
  /** The longest run of token characters, or 0 when none reaches MEASURED_RUN. */
  readonly longestTokenRun: number;

  constructor(readonly text: string) {
    let longest = 0;
    for (const run of text.match(LONG_TOKEN_RUN) ?? []) if (run.length > longest) longest = run.length;
    this.longestTokenRun = longest;
  }

  /** False only when `pattern` cannot match anywhere in the text. */
  mayMatch(pattern: RegExp): boolean {
    const needs = matchNeeds(pattern);
    if (needs.tokenRun >= MEASURED_RUN && needs.tokenRun > this.longestTokenRun) return false;
    if (needs.literal === null) return true;
    return needs.caseless ? needs.caseless.test(this.text) : this.text.includes(needs.literal);
  }
}
