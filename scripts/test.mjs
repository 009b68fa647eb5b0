#!/usr/bin/env node
// `npm test`: typecheck, build, then unit + integration (vitest) and e2e (Playwright in Chromium).
// Every stage runs even when an earlier one fails, so one red test does not hide the rest; the last
// line is `N passed, N failed, N skipped` summed from the runners' JSON reports and exit codes (the
// rules that keep it truthful are in test-summary.mjs).
//
// The two test runners run side by side: on the two cores of a CI machine that keeps both busy (much of
// each test is waiting on a child process, a socket or the browser); one after the other took twenty-five
// minutes. vitest has two workers, the browser tests one. Measured on a 2-core machine, `npm test` on one
// clone, the same tests: vitest 1 worker + browser 1: 19.9 min (vitest 1,036 s, the long pole; the machine
// used 1.15 of its 2 cores); vitest 2 + browser 1: 14.5 min (vitest 860 s, browser 14.1 min as before);
// vitest 2 + browser 2: 16.3 min (browser 11.3 min, but vitest, yielding to it, 967 s, and two of its tests
// ran past their time limit). The extra load of the second vitest worker exposed two browser-test races,
// both fixed before it came back: a graph canvas looked at once (now polled), and two settings writes in
// flight together reaching the engine in either order (the window now sends them one at a time,
// src/renderer/src/lib/api.ts). The typecheck runs beside them too (half a minute of one core that nothing
// waits for; the build is what the tests need, and it runs first). Background output is kept in
// test-results/<name>.log and printed when vitest is done, so the logs do not interleave.
import { spawn, spawnSync } from 'node:child_process';
import { setPriority } from 'node:os';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { formatSkipped, formatSummary, summarizeRuns } from './test-summary.mjs';

const results = 'test-results';
mkdirSync(results, { recursive: true });
for (const f of ['vitest.json', 'vitest.log', 'e2e.json', 'e2e.log', 'typecheck.log']) rmSync(`${results}/${f}`, { force: true });

const only = process.argv[2]; // optional: unit | e2e
const setup = [{ name: 'build', kind: 'stage', cmd: ['npm', 'run', '--silent', 'build'], when: !only || only === 'e2e' }];
const runners = [
  { name: 'typecheck', kind: 'stage', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'], log: `${results}/typecheck.log`, when: !only, background: true },
  {
    name: 'unit + integration',
    kind: 'vitest',
    report: `${results}/vitest.json`,
    // Its output goes to the terminal as it comes and to this file too: when vitest exits non-zero with no
    // failed test in its report (an unhandled error, a worker that died), the summary quotes vitest's own
    // words about it from here, since the tail of a CI log is often all anyone sees of a run.
    tee: `${results}/vitest.log`,
    cmd: ['npx', 'vitest', 'run', '--maxWorkers=2', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`],
    when: !only || only === 'unit',
    background: true,
  },
  { name: 'e2e', kind: 'playwright', report: `${results}/e2e.json`, cmd: ['npx', 'playwright', 'test', '--workers=1'], log: `${results}/e2e.log`, when: !only || only === 'e2e' },
];

// Unit/integration tests spawn the built CLI (built by the stage above) instead of the sources.
if (!only) process.env.MONAD_TEST_BUILT_CLI = '1';
const ran = [];
for (const stage of setup.filter((s) => s.when)) {
  console.log(`\n=== ${stage.name}: ${stage.cmd.join(' ')}`);
  const res = spawnSync(stage.cmd[0], stage.cmd.slice(1), { stdio: 'inherit', shell: process.platform === 'win32' });
  // A signal-killed runner has status null: that is a failure, never a pass.
  ran.push({ name: stage.name, kind: stage.kind, status: res.status ?? -1 });
}

const active = runners.filter((s) => s.when);
const started = active.map((stage) => {
  const alone = active.length === 1;
  console.log(`\n=== ${stage.name}: ${stage.cmd.join(' ')}${stage.log && !alone ? ` (output in ${stage.log}, printed when it ends)` : ''}`);
  const quiet = stage.log && !alone;
  const piped = quiet || stage.tee;
  const child = spawn(stage.cmd[0], stage.cmd.slice(1), { stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: process.platform === 'win32' });
  if (stage.background && !alone && child.pid) lowerPriority(child.pid, stage.name);
  if (quiet) {
    const log = createWriteStream(stage.log);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    stage.closeLog = () => new Promise((r) => log.end(r));
  } else if (stage.tee) {
    const log = createWriteStream(stage.tee);
    child.stdout.on('data', (chunk) => (process.stdout.write(chunk), log.write(chunk)));
    child.stderr.on('data', (chunk) => (process.stderr.write(chunk), log.write(chunk)));
    stage.closeTee = () => new Promise((r) => log.end(r));
  }
  return new Promise((resolve) => {
    child.once('error', (err) => {
      console.error(`${stage.name} could not start: ${err.message}`);
      resolve({ stage, status: -1 });
    });
    child.once('close', (code) => resolve({ stage, status: code ?? -1 }));
  });
});
for (const { stage, status } of await Promise.all(started)) {
  if (stage.closeLog) {
    await stage.closeLog();
    console.log(`\n=== ${stage.name} output (${stage.log}):`);
    process.stdout.write(readFileSync(stage.log, 'utf8'));
  }
  if (stage.closeTee) await stage.closeTee();
  // Read only when the summary may quote it: a run that exited cleanly has nothing to explain.
  const output = status !== 0 && stage.tee && existsSync(stage.tee) ? readFileSync(stage.tee, 'utf8') : undefined;
  ran.push({ name: stage.name, kind: stage.kind, status, report: stage.report ? readJson(stage.report) : undefined, output });
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
for (const line of formatSkipped(summary)) console.log(line);
console.log(formatSummary(summary));
process.exit(failedStages.length || summary.failed ? 1 : 0);

/**
 * Side by side, the browser tests are the long pole: each step of a browser test waits on the browser,
 * the server and the runner in turn, and every such hand-over waits longer while the unit tests hold
 * both cores. So the unit tests and the typecheck run at a lower priority (nice 10, set before their
 * processes fork workers, which inherit it): they take the CPU the browser tests leave, and yield it
 * sooner when a browser-test process wakes. Nothing waits on them but the summary. Measured on a 2-core
 * machine, whole CI run (browser tests / unit tests): same priority 19.7–21.0 min (with traces on);
 * nice 10 17.95 min (15.9 / 16.2); SCHED_IDLE (`chrt --idle`) 18.7 min (14.6 / 16.7: the unit tests,
 * starved, became the long pole).
 */
function lowerPriority(pid, name) {
  try {
    setPriority(pid, 10);
  } catch (err) {
    console.log(`(${name} keeps its priority: ${err.message})`);
  }
}

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null; // a half-written report is as good as none: counted as a failure by the summary
  }
}
