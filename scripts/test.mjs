#!/usr/bin/env node
// `npm test`: typecheck, build, unit + integration (vitest), e2e (Playwright in Chromium).
// Every stage runs even when an earlier one fails, so one red test does not hide the rest; the last
// line is `N passed, N failed, N skipped` summed from the runners' JSON reports and exit codes (the
// rules that keep it truthful are in test-summary.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { formatSummary, summarizeRuns } from './test-summary.mjs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
for (const f of ['vitest.json', 'e2e.json']) rmSync(`${results}/${f}`, { force: true });

const only = process.argv[2]; // optional: unit | e2e
const stages = [
  { name: 'typecheck', kind: 'stage', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'], when: !only },
  { name: 'build', kind: 'stage', cmd: ['npm', 'run', '--silent', 'build'], when: !only || only === 'e2e' },
  {
    name: 'unit + integration',
    kind: 'vitest',
    report: `${results}/vitest.json`,
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`],
    when: !only || only === 'unit',
  },
  { name: 'e2e', kind: 'playwright', report: `${results}/e2e.json`, cmd: ['npx', 'playwright', 'test'], when: !only || only === 'e2e' },
];

// Unit/integration tests spawn the built CLI (built by the stage above) instead of the sources.
if (!only) process.env.MONAD_TEST_BUILT_CLI = '1';
const ran = [];
for (const stage of stages.filter((s) => s.when)) {
  console.log(`\n=== ${stage.name}: ${stage.cmd.join(' ')}`);
  const res = spawnSync(stage.cmd[0], stage.cmd.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
  // A signal-killed runner has status null: that is a failure, never a pass.
  ran.push({ name: stage.name, kind: stage.kind, status: res.status ?? -1, report: stage.report ? readJson(stage.report) : undefined });
}

const summary = summarizeRuns(ran);
const failedStages = ran.filter((r) => r.status !== 0).map((r) => r.name);
console.log(`\nstages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
for (const why of summary.reasons) console.log(`  - ${why}`);
if (summary.failures.length) {
  console.log('failed tests:');
  for (const name of summary.failures.slice(0, 30)) console.log(`  ✗ ${name}`);
  if (summary.failures.length > 30) console.log(`  … and ${summary.failures.length - 30} more`);
}
console.log(formatSummary(summary));
process.exit(failedStages.length || summary.failed ? 1 : 0);

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null; // a half-written report is as good as none: counted as a failure by the summary
  }
}
