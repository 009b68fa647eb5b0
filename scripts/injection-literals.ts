// Writes src/main/memory/facts/sanitize-injection-literals.ts: for every English injection rule, the
// literal strings its pattern cannot match without (sanitize-regex-literals.ts), keyed by a hash of its
// source, so a fresh process looks them up instead of reading ~250 patterns. Run after changing a rule:
//   npx tsx scripts/injection-literals.ts
// (tests/unit/sanitize-regex-literals.test.ts fails while the table is stale; a rule missing from it still
// works, its literals read at run time.)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INJECTION_FAMILIES } from '../src/main/memory/facts/sanitize-injection';
import { COMPACT_RULES } from '../src/main/memory/facts/sanitize-injection-override';
import { literalsKey } from '../src/main/memory/facts/sanitize-injection-shared';
import { requiredLiterals } from '../src/main/memory/facts/sanitize-regex-literals';

const OUT = fileURLToPath(new URL('../src/main/memory/facts/sanitize-injection-literals.ts', import.meta.url));

export function literalsTable(): Record<string, string[][]> {
  const table: Record<string, string[][]> = {};
  for (const r of [...INJECTION_FAMILIES.flatMap((f) => f.rules), ...COMPACT_RULES]) {
    if (r.source !== undefined) table[literalsKey(r.source)] = requiredLiterals(r.source);
  }
  return table;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = literalsTable();
  const head = readFileSync(OUT, 'utf8').split('\n').filter((l) => l.startsWith('//'));
  writeFileSync(OUT, `${head.join('\n')}\nexport const PRECOMPUTED_LITERALS: Readonly<Record<string, string[][]>> = ${JSON.stringify(table, null, 0)};\n`);
  console.log(`${Object.keys(table).length} rules written to ${OUT}`);
}
