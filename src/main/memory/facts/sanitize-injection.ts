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
 * native-script view (Russian, Chinese, Japanese patterns need their own letters); a few high-signal phrases
 * also run on a letters-only view (catches "I g n o r e" and "1gn0re").
 */
import { AUTHORITY_FAMILY } from './sanitize-injection-authority';
import { EXFIL_FAMILY } from './sanitize-injection-exfil';
import { MARKUP_FAMILY } from './sanitize-injection-markup';
import { COMPACT_RULES, OVERRIDE_FAMILY } from './sanitize-injection-override';
import { PERSONA_FAMILY } from './sanitize-injection-persona';
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
  TOOL_FAMILY,
];

const COMPACT_FAMILY: RuleFamily = { name: 'spaced-out', rules: COMPACT_RULES };

function firstMatch(families: readonly RuleFamily[], texts: readonly string[]): InjectionVerdict | null {
  for (const f of families) {
    for (const r of f.rules) {
      for (const t of texts) if (r.test(t)) return { reason: r.reason, family: f.name };
    }
  }
  return null;
}

/** Judge one text; null means it reads as a fact. */
export function detectInjection(text: string, hiddenTagText = ''): InjectionVerdict | null {
  const views = buildScanViews(text);
  const texts = views.folded === views.skeleton ? [views.skeleton] : [views.skeleton, views.folded];
  const verdict = firstMatch(INJECTION_FAMILIES, texts) ?? firstMatch([COMPACT_FAMILY], [views.compact]);
  if (verdict) return verdict;
  return detectHiddenTagText(hiddenTagText);
}

/**
 * Text hidden in tag characters has no innocent use: judge what it says, and refuse it either way once it
 * spells at least one word (a stray tag or two used as a separator is only stripped).
 */
function detectHiddenTagText(hidden: string): InjectionVerdict | null {
  if (!/[A-Za-z]{3}/.test(hidden)) return null;
  const inner = detectInjection(hidden);
  return {
    reason: inner ? `${REASON.hidden}: ${inner.reason.charAt(0).toLowerCase()}${inner.reason.slice(1)}` : REASON.hidden,
    family: 'hidden-text',
  };
}
