/**
 * What every match of a secret rule's pattern must contain, read from its syntax tree (regexpp), so a text
 * that lacks it is not scanned at all. Read at build time into
 * src/main/memory/facts/sanitize-secret-needs.ts by scripts/rule-needs.ts; the app only looks it up
 * (sanitize-match-needs.ts). Two such needs:
 *
 *   - a fixed piece of text ("sk-ant-admin", "AKIA", "://hooks.slack.com/", "AccountKey="): most texts
 *     hold none of them, and a native substring search is cheaper than a scan that tries every position;
 *   - a run of N token characters ([A-Za-z0-9+/_-]{24,} and the like): prose has no run of 16 such
 *     characters, so the token-shaped rules (vendor prefix, keyword-nearby, high entropy…) have nothing to
 *     look at in it, though their patterns would still try every word.
 *
 * Why a skip never loses a match. Only the pattern's top level is read, and the plain groups inside it: a
 * sequence without `|` is a list of terms, and every match is those terms' matches one after the other.
 *   - A term that is one character written as itself (or escaped as itself, "\." "\/") with no quantifier
 *     matches exactly that character (under the `i` flag: that character up to case, as the pattern's own
 *     flags define case, which is why the app searches the literal with a pattern of the same flags). A run
 *     of such terms is a substring of every match. Anything else — a group, a class, any other escape, `.`,
 *     an assertion — ends the run, and a character with a quantifier is left out of it.
 *   - A term `[class]{n,…}` (or `+`, n = 1) whose class holds token characters only matches n characters in
 *     a row, each a token character, so the text holds a run of at least n of them. Case-insensitive
 *     patterns are not read for this (in unicode mode `[a-z]` also matches U+017F and U+212A).
 *   - A group that is not a lookaround, has no `|` at its own top level, changes no flag and carries no
 *     quantifier is its content inline: its needs are needs of the whole pattern.
 * A pattern this reading does not cover (a `|` at the top level, the `v` flag) needs nothing.
 * tests/unit/sanitize-match-needs.test.ts checks every rule's spans through the gate against an ungated
 * scan, and random patterns against texts they match.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';

export interface ReadNeeds {
  /** Text every match contains, or null. */
  literal: string | null;
  /** Every match holds this many token characters ([A-Za-z0-9+/_-]) in a row (0: none known). */
  tokenRun: number;
}

const TOKEN_CHAR = /^[A-Za-z0-9+/_-]$/;

interface Sequence {
  literal: string;
  tokenRun: number;
}

/** A character term that stands for itself: written plainly, or as "\" and a character that needs escaping. */
function writtenAsItself(c: AST.Character): boolean {
  const ch = String.fromCodePoint(c.value);
  return c.raw === ch ? !'.^$*+?()[]{}|\\'.includes(ch) : c.raw === `\\${ch}` && '.\\/-^$*+?()[]{}|'.includes(ch);
}

/** The needs of a sequence of terms, or null when it has a `|` at its top level. */
function sequenceNeeds(alternatives: readonly AST.Alternative[], caseless: boolean): Sequence | null {
  if (alternatives.length !== 1) return null;
  const found: Sequence = { literal: '', tokenRun: 0 };
  let run = '';
  const endRun = () => {
    if (run.length > found.literal.length) found.literal = run;
    run = '';
  };
  for (const term of alternatives[0].elements) {
    if (term.type === 'Character' && writtenAsItself(term)) {
      run += String.fromCodePoint(term.value);
      continue;
    }
    endRun();
    if (term.type === 'Quantifier') {
      const body = term.element;
      if (body.type === 'CharacterClass' && !caseless && term.min >= 1 && classIsToken(body)) found.tokenRun = Math.max(found.tokenRun, term.min);
    } else if ((term.type === 'Group' && !term.modifiers) || term.type === 'CapturingGroup') {
      const inner = sequenceNeeds(term.alternatives, caseless);
      if (inner && inner.literal.length > found.literal.length) found.literal = inner.literal;
      if (inner) found.tokenRun = Math.max(found.tokenRun, inner.tokenRun);
    }
  }
  endRun();
  return found;
}

/** Whether a class ("[A-Za-z0-9_-]", "[a-f\d]") only holds token characters. */
function classIsToken(cls: AST.CharacterClass): boolean {
  if (cls.negate || cls.elements.length === 0) return false;
  return cls.elements.every((e) => {
    if (e.type === 'Character') return TOKEN_CHAR.test(String.fromCodePoint(e.value));
    if (e.type === 'CharacterClassRange') return sameTokenRange(String.fromCodePoint(e.min.value), String.fromCodePoint(e.max.value));
    return e.type === 'CharacterSet' && e.kind === 'digit' && !e.negate;
  });
}

function sameTokenRange(from: string, to: string): boolean {
  return [/^[A-Z]$/, /^[a-z]$/, /^[0-9]$/].some((r) => r.test(from) && r.test(to)) && from <= to;
}

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** What every match of `pattern` needs; nothing for a pattern the reading does not cover. */
export function readMatchNeeds(pattern: RegExp): ReadNeeds {
  // The `v` flag (unicode sets) changes what classes mean: not read.
  if (pattern.flags.includes('v')) return { literal: null, tokenRun: 0 };
  const tree = parser.parsePattern(pattern.source, 0, pattern.source.length, { unicode: pattern.unicode });
  const seq = sequenceNeeds(tree.alternatives, pattern.ignoreCase);
  return seq === null ? { literal: null, tokenRun: 0 } : { literal: seq.literal.length > 0 ? seq.literal : null, tokenRun: seq.tokenRun };
}
