// The sanitizer's figures on a folder of case files (issue 14 §3/§4): per file and per class, how many
// reject/redact cases it catches and how many accept/keep cases it gets wrong (false positives).
//
//   npx tsx bench/sanitizer-figures.ts <folder> [--misses] [--json] [--by class|lang] [--only <file.json>]
//
// --by lang groups the rows by the cases' language instead of their class; --only judges one file.
//
// A case counts as caught only when it passes the same judgement as the unit tests (tests/helpers/
// sanitizer-cases.ts): a redaction must remove the whole secret and keep the words around it. Cases listed
// in the folder's disputed.json are counted apart. --misses lists every case that failed, with why.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sanitizeFact } from '../src/main/memory/facts/sanitize';
import { judgeCase, loadCaseFolder, loadDisputed, type SanitizerCase } from '../tests/helpers/sanitizer-cases';

interface Tally {
  total: number;
  /** reject/redact: caught. accept/keep: correct (total - correct = false positives). */
  good: number;
}

interface Row {
  file: string;
  class: string;
  /** 'caught' rows count reject/redact cases; 'false-positive' rows count accept/keep cases. */
  measure: 'caught' | 'false-positives';
  total: number;
  value: number;
}

const HOSTILE = new Set(['reject', 'redact']);

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { misses: { type: 'boolean' }, json: { type: 'boolean' }, by: { type: 'string', default: 'class' }, only: { type: 'string' } },
  });
  if (values.by !== 'class' && values.by !== 'lang') {
    console.error('--by is "class" or "lang"');
    process.exit(2);
  }
  const dir = positionals[0];
  if (!dir) {
    console.error('usage: npx tsx bench/sanitizer-figures.ts <folder with case files> [--misses] [--json]');
    process.exit(2);
  }
  const folder = resolve(dir);
  const disputed = loadDisputed(folder);
  const rows: Row[] = [];
  const misses: { file: string; c: SanitizerCase; problems: string[] }[] = [];
  let disputedSeen = 0;
  for (const { file, cases } of loadCaseFolder(folder).filter((f) => !values.only || f.file === values.only)) {
    const byClass = new Map<string, { hostile: Tally; benign: Tally }>();
    for (const c of cases) {
      if (disputed.has(c.text)) {
        disputedSeen++;
        continue;
      }
      const problems = judgeCase(c, sanitizeFact(c.text));
      const key = values.by === 'lang' ? (c.lang ?? 'en') : (c.class ?? c.kind ?? '(none)');
      const t = byClass.get(key) ?? { hostile: { total: 0, good: 0 }, benign: { total: 0, good: 0 } };
      const tally = HOSTILE.has(c.expect) ? t.hostile : t.benign;
      tally.total++;
      if (problems.length === 0) tally.good++;
      else misses.push({ file, c, problems });
      byClass.set(key, t);
    }
    for (const [cls, t] of [...byClass].sort(([a], [b]) => a.localeCompare(b))) {
      if (t.hostile.total) rows.push({ file, class: cls, measure: 'caught', total: t.hostile.total, value: t.hostile.good });
      if (t.benign.total) rows.push({ file, class: cls, measure: 'false-positives', total: t.benign.total, value: t.benign.total - t.benign.good });
    }
  }
  if (values.json) {
    console.log(JSON.stringify({ folder, rows, disputed: disputedSeen, misses: misses.map((m) => ({ file: m.file, class: m.c.class, text: m.c.text, problems: m.problems })) }, null, 2));
    return;
  }
  print(folder, rows, disputedSeen);
  if (values.misses) {
    console.log('\nMisses:');
    for (const m of misses) console.log(`- ${m.file} [${m.c.class ?? m.c.kind ?? ''}${m.c.lang ? `/${m.c.lang}` : ''}] ${m.c.expect}: ${JSON.stringify(m.c.text).slice(0, 160)}\n    ${m.problems.join('; ')}`);
  }
}

function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)} %`;
}

function print(folder: string, rows: Row[], disputed: number): void {
  console.log(`Sanitizer figures on ${folder}${disputed ? ` (${disputed} disputed case(s) left out)` : ''}\n`);
  const files = [...new Set(rows.map((r) => r.file))];
  for (const file of files) {
    const mine = rows.filter((r) => r.file === file);
    console.log(file);
    const width = Math.max(...mine.map((r) => r.class.length), 5);
    for (const r of mine) {
      const label = r.measure === 'caught' ? 'caught' : 'false positives';
      console.log(`  ${r.class.padEnd(width)}  ${label.padEnd(15)} ${String(r.value).padStart(3)} / ${String(r.total).padEnd(3)} ${pct(r.value, r.total).padStart(7)}`);
    }
    for (const measure of ['caught', 'false-positives'] as const) {
      const part = mine.filter((r) => r.measure === measure);
      if (part.length === 0) continue;
      const value = part.reduce((n, r) => n + r.value, 0);
      const total = part.reduce((n, r) => n + r.total, 0);
      console.log(`  ${'TOTAL'.padEnd(width)}  ${(measure === 'caught' ? 'caught' : 'false positives').padEnd(15)} ${String(value).padStart(3)} / ${String(total).padEnd(3)} ${pct(value, total).padStart(7)}`);
    }
    console.log('');
  }
}

main();
