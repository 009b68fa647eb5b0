#!/usr/bin/env node
// `npm test`: typecheck, build, unit + integration (vitest), e2e (Playwright in Chromium).
// Every stage runs even when an earlier one fails, so one red test does not hide the rest; the last
// line is `N passed, N failed` summed from the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
for (const f of ['vitest.json', 'e2e.json']) rmSync(`${results}/${f}`, { force: true });

const only = process.argv[2]; // optional: unit | e2e
const stages = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'], when: !only },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'], when: !only || only === 'e2e' },
  {
    name: 'unit + integration',
    cmd: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`],
    when: !only || only === 'unit',
  },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test'], when: !only || only === 'e2e' },
];

// Unit/integration tests spawn the built CLI (built by the stage above) instead of the sources.
if (!only) process.env.MONAD_TEST_BUILT_CLI = '1';
const failedStages = [];
for (const stage of stages.filter((s) => s.when)) {
  console.log(`\n=== ${stage.name}: ${stage.cmd.join(' ')}`);
  const res = spawnSync(stage.cmd[0], stage.cmd.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) failedStages.push(stage.name);
}

const { passed, failed } = summarize();
// A typecheck or build failure is not a test, but it must not read as green.
const stageFailures = failedStages.filter((s) => s === 'typecheck' || s === 'build').length;
console.log(`\nstages failed: ${failedStages.length ? failedStages.join(', ') : 'none'}`);
console.log(`${passed} passed, ${failed + stageFailures} failed`);
process.exit(failedStages.length ? 1 : 0);

function summarize() {
  let passed = 0;
  let failed = 0;
  const vitest = readJson(`${results}/vitest.json`);
  if (vitest) {
    passed += vitest.numPassedTests ?? 0;
    failed += (vitest.numFailedTests ?? 0) + (vitest.numTotalTestSuites && vitest.success === false && !vitest.numFailedTests ? 1 : 0);
  }
  const e2e = readJson(`${results}/e2e.json`);
  if (e2e?.stats) {
    passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
    failed += e2e.stats.unexpected ?? 0;
  }
  return { passed, failed };
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}
