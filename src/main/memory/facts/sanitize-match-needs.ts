/**
 * What every match of a secret rule's pattern must contain, so a text that lacks it is not scanned at all:
 * a fixed piece of text ("sk-ant-admin", "AKIA", "://hooks.slack.com/") or a run of N token characters
 * ([A-Za-z0-9+/_-]{24,}: prose has no run of 16 such characters). Read from each rule's pattern at build
 * time (scripts/regex-needs/match-needs.ts, which says why a skip never loses a match) into
 * sanitize-secret-needs.ts by `npx tsx scripts/rule-needs.ts`; here it is only looked up. A pattern the
 * table does not know needs nothing: it is scanned over every text (tests/unit/sanitize-match-needs.test.ts
 * fails while the table is stale).
 */
import { ruleKey } from './sanitize-rule-key';
import { SECRET_RULE_NEEDS } from './sanitize-secret-needs';

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

/** The key of a pattern in sanitize-secret-needs.ts: its flags count, `i` above all. */
export function secretNeedsKey(pattern: RegExp): string {
  return ruleKey(`${pattern.flags}/${pattern.source}`);
}

/** The pattern's needs, looked up once per pattern. */
export function matchNeeds(pattern: RegExp): MatchNeeds {
  let found = cache.get(pattern);
  if (!found) cache.set(pattern, (found = compileNeeds(pattern, SECRET_RULE_NEEDS[secretNeedsKey(pattern)])));
  return found;
}

/** Needs as read ([literal, token run]) made ready to test texts with, under the pattern's own flags. */
export function compileNeeds(pattern: RegExp, read: readonly [literal: string | null, tokenRun: number] | undefined): MatchNeeds {
  if (!read) return NEEDS_NOTHING;
  const [literal, tokenRun] = read;
  const caseless = literal !== null && pattern.ignoreCase ? new RegExp(escapeLiteral(literal), pattern.flags.replace(/[gyd]/g, '')) : null;
  return { literal, caseless, tokenRun };
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
    return this.admits(matchNeeds(pattern));
  }

  /** False only when this text lacks what `needs` says every match of a pattern holds. */
  admits(needs: MatchNeeds): boolean {
    if (needs.tokenRun >= MEASURED_RUN && needs.tokenRun > this.longestTokenRun) return false;
    if (needs.literal === null) return true;
    return needs.caseless ? needs.caseless.test(this.text) : this.text.includes(needs.literal);
  }
}
