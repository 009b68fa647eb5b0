/**
 * Injection check for L1 facts. A fact is read by every future session as trusted context, so text shaped
 * like an instruction to the model (override, role markup, persona, concealment, exfiltration, triggers,
 * tool coercion) is refused at write time.
 *
 * Rules judge meaning, not a keyword: "ignore" alone is fine ("User prefers to ignore spam"); "ignore" as an
 * imperative aimed at the assistant, or aimed at its instructions, is not. Facts are normally third-person
 * statements about the user, so an imperative verb at the start of a clause, or a sentence addressed to
 * "you"/"the assistant", is what most rules key on.
 *
 * Every rule runs on the NFKC + confusable-skeleton view (catches Ιgnore with a Greek Iota) and on the
 * native-script view; a few high-signal phrases also run on a letters-only view (catches "I g n o r e" and
 * "1gn0re"). Twenty-six other languages are judged by the same classes built from their word tables
 * (sanitize-injection-multilingual.ts, sanitize-injection-lexicon*.ts).
 */
import { AUTHORITY_FAMILY } from './sanitize-injection-authority';
import { alternativeReadings, ENCODED_FAMILY, type ReadingHints } from './sanitize-injection-encoded';
import { EXFIL_FAMILY } from './sanitize-injection-exfil';
import { MARKUP_FAMILY } from './sanitize-injection-markup';
import { detectMultilingual } from './sanitize-injection-multilingual';
import { COMPACT_RULES, OVERRIDE_FAMILY } from './sanitize-injection-override';
import { PERSONA_FAMILY } from './sanitize-injection-persona';
import { PROMOTION_FAMILY } from './sanitize-injection-promotion';
import { setAsideTitles } from './sanitize-injection-quotes';
import { REASON, type RuleFamily } from './sanitize-injection-shared';
import { TOOL_FAMILY } from './sanitize-injection-tool';
import { TRIGGER_FAMILY } from './sanitize-injection-trigger';
import { buildScanViews } from './sanitize-unicode';

export interface InjectionVerdict {
  reason: string;
  /** The rule family that recognised it (override, authority, trigger…). */
  family: string;
}

/** Every family, cheapest and most common first; each one lives in its own file with its own tests. */
export const INJECTION_FAMILIES: readonly RuleFamily[] = [
  MARKUP_FAMILY,
  OVERRIDE_FAMILY,
  PERSONA_FAMILY,
  AUTHORITY_FAMILY,
  EXFIL_FAMILY,
  TRIGGER_FAMILY,
  PROMOTION_FAMILY,
  TOOL_FAMILY,
  ENCODED_FAMILY,
];

const COMPACT_FAMILY: RuleFamily = { name: 'spaced-out', rules: COMPACT_RULES };

/**
 * Signs that words were taken apart to dodge the rules: letters spaced or dotted out ("i g n o r e",
 * "i.g.n.o.r.e") or digits and symbols standing in for letters ("1gn0r3"). Only then is the letters-only
 * view judged: it has no word edges, so on plain prose it would read "tends to forget previous
 * instructions" as an order.
 */
const OBFUSCATED = /(?:(?<![\p{L}\p{N}])\p{L}[\s.\-_*|]+){4,}\p{L}(?![\p{L}\p{N}])|\p{L}[0-9@$|][\p{L}0-9@$|]*\p{L}|(?<![\p{L}\p{N}])[0-9@$]\p{L}{2}/u;

function firstMatch(families: readonly RuleFamily[], texts: readonly string[]): InjectionVerdict | null {
  for (const f of families) {
    for (const r of f.rules) {
      for (const t of texts) if (r.test(t)) return { reason: r.reason, family: f.name };
    }
  }
  return null;
}

/** Decoded text may itself be encoded (base64 of ROT13): judged this many layers deep. */
const MAX_READING_DEPTH = 2;

/**
 * Judge one text; null means it reads as a fact. `hiddenTagText` is what stripping removed from Unicode tag
 * characters; `hints.bidi` says bidi controls were stripped (so the text displayed reversed).
 */
export function detectInjection(text: string, hiddenTagText = '', hints: ReadingHints = {}): InjectionVerdict | null {
  // A work's title or a cited line in quotation marks is judged as the title it says it is (sanitize-injection-quotes.ts).
  return judge(setAsideTitles(text), hints, 0) ?? detectHiddenTagText(hiddenTagText);
}

function judge(text: string, hints: ReadingHints, depth: number): InjectionVerdict | null {
  const views = buildScanViews(text);
  const texts = views.folded === views.skeleton ? [views.skeleton] : [views.skeleton, views.folded];
  const verdict =
    firstMatch(INJECTION_FAMILIES, texts) ??
    (OBFUSCATED.test(views.skeleton) ? firstMatch([COMPACT_FAMILY], [views.compact]) : null) ??
    detectMultilingual(views.folded, views.skeleton);
  if (verdict || depth >= MAX_READING_DEPTH) return verdict;
  // What the text says once decoded or turned round is judged like the text itself.
  for (const reading of alternativeReadings(text, hints)) {
    const inner = judge(reading, {}, depth + 1);
    if (inner) return { reason: `${REASON.encoded}: ${lowerFirst(inner.reason)}`, family: 'encoded' };
  }
  return null;
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/**
 * Text hidden in tag characters has no innocent use: judge what it says, and refuse it either way once it
 * spells at least one word (a stray tag or two used as a separator is only stripped).
 */
function detectHiddenTagText(hidden: string): InjectionVerdict | null {
  if (!/[A-Za-z]{3}/.test(hidden)) return null;
  const inner = detectInjection(hidden);
  return {
    reason: inner ? `${REASON.hidden}: ${lowerFirst(inner.reason)}` : REASON.hidden,
    family: 'hidden-text',
  };
}
