// Writes the two tables the sanitizer reads instead of reading its rules' patterns in every fresh process:
//   src/main/memory/facts/sanitize-injection-literals.ts — for every English injection rule, the literal
//     strings its pattern cannot match without (scripts/regex-needs/required-literals.ts);
//   src/main/memory/facts/sanitize-secret-needs.ts — for every secret rule, the fixed text and the run of
//     token characters every match holds (scripts/regex-needs/match-needs.ts).
// Both keyed by a hash of the pattern (sanitize-rule-key.ts). Run after changing a rule:
//   npx tsx scripts/rule-needs.ts
// tests/unit/sanitize-regex-literals.test.ts and sanitize-match-needs.test.ts fail while a table is stale; a
// rule missing from a table still works (its pattern runs over every text).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INJECTION_FAMILIES } from '../src/main/memory/facts/sanitize-injection';
import { COMPACT_RULES } from '../src/main/memory/facts/sanitize-injection-override';
import { LEXICONS } from '../src/main/memory/facts/sanitize-injection-lexicon';
import { fieldOf } from '../src/main/memory/facts/sanitize-injection-multilingual-fields';
import { compileRulesOf } from '../src/main/memory/facts/sanitize-injection-multilingual-rules';
import { secretNeedsKey } from '../src/main/memory/facts/sanitize-match-needs';
import { ruleKey } from '../src/main/memory/facts/sanitize-rule-key';
import { ENV_ASSIGNMENT_RULES } from '../src/main/memory/facts/sanitize-secret-env';
import { PROVIDER_RULES } from '../src/main/memory/facts/sanitize-secret-providers';
import { ASSIGNMENT_RULES, GENERIC_RULES, URL_RULES } from '../src/main/memory/facts/sanitize-secret-rules';
import { readMatchNeeds } from './regex-needs/match-needs';
import { requiredLiterals } from './regex-needs/required-literals';

/** Every injection rule that is one pattern (a source), as the sanitizer runs them. */
export const INJECTION_PATTERN_RULES = [...INJECTION_FAMILIES.flatMap((f) => f.rules), ...COMPACT_RULES].filter(
  (r): r is typeof r & { source: string } => r.source !== undefined,
);
/** Every secret rule, in the order the sanitizer runs them. */
export const SECRET_RULES = [...PROVIDER_RULES, ...URL_RULES, ...ASSIGNMENT_RULES, ...ENV_ASSIGNMENT_RULES, ...GENERIC_RULES];

/** Every pattern of the multilingual rules, every language (built as the detector builds them). */
export function multilingualSources(): string[] {
  return LEXICONS.flatMap((lex) => compileRulesOf(lex, fieldOf(lex)).flatMap((r) => r.all.map((p) => p.source!)));
}

/**
 * The English rules keep every clause the reader gives (at most four); the multilingual patterns, about 670
 * of them with word lists in every clause, their most selective one only: every process loads this table,
 * and their other clauses would add 60 % to its size (97 → 156 kB of JSON) for no measurable skip (the
 * first judgement of an English fact took 50–52 ms either way, 105 ms before any of them was gated).
 */
export function literalsTable(): Record<string, string[][]> {
  const table: Record<string, string[][]> = Object.fromEntries(INJECTION_PATTERN_RULES.map((r) => [ruleKey(r.source), requiredLiterals(r.source)]));
  for (const source of multilingualSources()) table[ruleKey(source)] ??= requiredLiterals(source).slice(0, 1);
  return table;
}

/** Rules that need nothing are left out: a pattern the table does not know needs nothing. */
export function secretNeedsTable(): Record<string, [string | null, number]> {
  const table: Record<string, [string | null, number]> = {};
  for (const { pattern } of SECRET_RULES) {
    const { literal, tokenRun } = readMatchNeeds(pattern);
    if (literal !== null || tokenRun > 0) table[secretNeedsKey(pattern)] = [literal, tokenRun];
  }
  return table;
}

/** Rewrites a table module: its comment lines kept, its one export replaced. */
function write(relative: string, declaration: string, table: object): void {
  const file = fileURLToPath(new URL(relative, import.meta.url));
  const head = readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('//'));
  writeFileSync(file, `${head.join('\n')}\n${declaration} = ${JSON.stringify(table, null, 0)};\n`);
  console.log(`${Object.keys(table).length} rules written to ${file}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  write('../src/main/memory/facts/sanitize-injection-literals.ts', 'export const PRECOMPUTED_LITERALS: Readonly<Record<string, string[][]>>', literalsTable());
  write(
    '../src/main/memory/facts/sanitize-secret-needs.ts',
    'export const SECRET_RULE_NEEDS: Readonly<Record<string, readonly [literal: string | null, tokenRun: number]>>',
    secretNeedsTable(),
  );
}
