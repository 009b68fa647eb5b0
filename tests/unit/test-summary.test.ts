// The `N passed, N failed, N skipped` line of `npm test` must never read green for a red run. These
// feed scripts/test-summary.mjs real vitest reports (from running vitest on a throwaway folder) and
// Playwright-shaped reports for the ways a run can fail without a failed assertion.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { formatSkipped, formatSummary, outsideTestsExcerpt, summarizeRuns } from '../../scripts/test-summary.mjs';

const ROOT = join(import.meta.dirname, '..', '..');

describe('test summary: real vitest reports', () => {
  let dir: string;
  let report: any;
  let status: number | null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'monad-summary-'));
    writeFileSync(join(dir, 'ok.test.ts'), "import { it, expect } from 'vitest';\nit('ok', () => expect(1).toBe(1));\nit.skip('later', () => {});\nit.todo('some day');\n");
    writeFileSync(join(dir, 'unloadable.test.ts'), "import './missing-module';\nimport { it } from 'vitest';\nit('never runs', () => {});\n");
    writeFileSync(join(dir, 'red.test.ts'), "import { it, expect } from 'vitest';\nit('red', () => expect(1).toBe(2));\n");
    const out = join(dir, 'report.json');
    const res = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter=json', `--outputFile.json=${out}`], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    status = res.status;
    report = JSON.parse(readFileSync(out, 'utf8'));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the failed assertion, the file that did not load, and the skipped and todo tests', () => {
    expect(status).toBe(1);
    const s = summarizeRuns([{ name: 'unit', kind: 'vitest', status, report }]);
    expect(s).toMatchObject({ passed: 1, failed: 2, skipped: 2 });
    expect(s.reasons.join('\n')).toContain('unloadable.test.ts');
    // The failed test is named, with the first line of why, so a CI log's tail says what broke.
    expect(s.failures).toHaveLength(1);
    expect(s.failures[0]).toMatch(/red\.test\.ts › red — .*expected 1 to be 2/);
    // Each test that did not run is named, the todo marked as one: as many names as the count says.
    expect(s.skippedTests).toEqual([expect.stringMatching(/ok\.test\.ts › later$/), expect.stringMatching(/ok\.test\.ts › some day \(todo\)$/)]);
    expect(s.skippedTests).toHaveLength(s.skipped);
  });

  it('a run whose only problem is a file that did not load is red', () => {
    const onlyLoad = { ...report, numFailedTests: 0, testResults: report.testResults.filter((f: any) => !f.name.endsWith('red.test.ts')) };
    const s = summarizeRuns([{ name: 'unit', kind: 'vitest', status: 1, report: onlyLoad }]);
    expect(s.failed).toBe(1);
  });
});

describe('test summary: runs that fail without a failed test', () => {
  const green = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] };

  it('a runner that crashed without a report is one failure', () => {
    const s = summarizeRuns([{ name: 'e2e', kind: 'playwright', status: 134, report: null }]);
    expect(s.failed).toBe(1);
    expect(s.reasons[0]).toMatch(/without a report/);
  });

  it('a runner killed by a signal (status -1) with a half report is red', () => {
    const s = summarizeRuns([{ name: 'unit', kind: 'vitest', status: -1, report: green }]);
    expect(s).toMatchObject({ passed: 10, failed: 1 });
  });

  it('a non-zero exit with an all-green report (unhandled error) is one failure', () => {
    const s = summarizeRuns([{ name: 'unit', kind: 'vitest', status: 1, report: green }]);
    expect(s.failed).toBe(1);
  });

  it("a non-zero exit with an all-green report quotes vitest's words about the unhandled error: title, error, stack, where", () => {
    // The shape vitest 4 prints (colours on, as a terminal gets them), cut from a real run of a test that
    // left a rejection behind.
    const E = '\u001b[31m';
    const output = [
      ' ✓ tests/integration/a.test.ts (3 tests) 812ms',
      `${E}⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯\u001b[39m`,
      '',
      'Vitest caught 1 unhandled error during the test run.',
      'This might cause false positive tests. Resolve unhandled errors to make sure your tests are not affected.',
      '',
      `${E}⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯⎯\u001b[39m`,
      'Error: read ECONNRESET',
      ' ❯ TCP.onStreamRead node:internal/stream_base_commons:216:20',
      '      1| import { it } from "vitest";',
      '       |                                     ^',
      '',
      'This error originated in "tests/integration/a.test.ts" test file. It doesn\'t mean the error was thrown inside the file itself, but while it was running.',
      'The latest test that might\'ve caused the error is "serves". It might mean one of the following:',
      '- The error was thrown, while Vitest was running this test.',
      '⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯',
      ' Test Files  1 passed (1)',
    ].join('\n');
    const s = summarizeRuns([{ name: 'unit', kind: 'vitest', status: 1, report: green, output }]);
    expect(s.failed).toBe(1);
    expect(s.reasons[0].split('\n').map((l: string) => l.trim())).toEqual([
      'unit exited 1 although its report shows no failure; it said:',
      'Unhandled Rejection',
      'Error: read ECONNRESET',
      '❯ TCP.onStreamRead node:internal/stream_base_commons:216:20',
      'This error originated in "tests/integration/a.test.ts" test file. It doesn\'t mean the error was thrown inside the file itself, but while it was running.',
      'The latest test that might\'ve caused the error is "serves". It might mean one of the following:',
    ]);
    expect(outsideTestsExcerpt(' ✓ a.test.ts (1 test)\n Test Files  1 passed (1)')).toEqual([]);
    expect(outsideTestsExcerpt('Error: [vitest-pool]: Timeout terminating forks worker for test files /x.test.ts.')).toEqual([
      'Error: [vitest-pool]: Timeout terminating forks worker for test files /x.test.ts.',
    ]);
  });

  it('Playwright: errors outside tests, flaky and skipped are all counted', () => {
    const suites = [
      {
        suites: [
          {
            specs: [
              { file: 'chat.spec.ts', title: 'sends', tests: [{ status: 'unexpected', results: [{ error: { message: '\u001b[31mTimeout 10000ms exceeded\u001b[39m\nstack' } }] }] },
              { file: 'chat.spec.ts', title: 'wobbles', tests: [{ status: 'flaky', results: [{ error: { message: 'expected 2' } }, {}] }] },
              { file: 'chat.spec.ts', title: 'fine', tests: [{ status: 'expected', results: [{}] }] },
              { file: 'chat.spec.ts', title: 'later', tests: [{ status: 'skipped', projectName: 'browser', annotations: [], results: [] }] },
            ],
          },
          {
            specs: [
              {
                file: 'app.spec.ts',
                title: 'opens the window',
                tests: [{ status: 'skipped', projectName: 'electron', annotations: [{ type: 'skip', description: 'the Electron binary is absent\nmore' }], results: [] }],
              },
            ],
          },
        ],
      },
    ];
    const report = { stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 2 }, errors: [{ message: 'SyntaxError in x.spec.ts' }], suites };
    const s = summarizeRuns([{ name: 'e2e', kind: 'playwright', status: 1, report }]);
    expect(s).toMatchObject({ passed: 5, failed: 3, skipped: 2 });
    expect(s.failures).toEqual(['chat.spec.ts › sends — Timeout 10000ms exceeded', 'chat.spec.ts › wobbles — passed only on retry: expected 2']);
    // Skipped tests by name, with the project and the reason the test gave.
    expect(s.skippedTests).toEqual(['chat.spec.ts › later [browser]', 'app.spec.ts › opens the window [electron] — the Electron binary is absent']);
  });

  it('names the skipped tests of both runners before the last line, and nothing when none was skipped', () => {
    const vitest = {
      ...green,
      numPendingTests: 1,
      testResults: [{ name: '/repo/tests/unit/a.test.ts', status: 'passed', assertionResults: [{ status: 'pending', fullName: 'a waits' }, { status: 'passed', fullName: 'a works' }] }],
    };
    const e2e = {
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 1 },
      errors: [],
      suites: [{ specs: [{ file: 'b.spec.ts', title: 'b later', tests: [{ status: 'skipped', results: [{ annotations: [{ type: 'skip', description: 'no display' }] }] }] }] }],
    };
    const s = summarizeRuns([
      { name: 'unit', kind: 'vitest', status: 0, report: vitest },
      { name: 'e2e', kind: 'playwright', status: 0, report: e2e },
    ]);
    expect([...formatSkipped(s), formatSummary(s)]).toEqual(['skipped tests (2):', '  - tests/unit/a.test.ts › a waits', '  - b.spec.ts › b later — no display', '10 passed, 0 failed, 2 skipped']);
    expect(formatSkipped(summarizeRuns([{ name: 'unit', kind: 'vitest', status: 0, report: green }]))).toEqual([]);
  });

  it('a failed property test names the seed and path that replay its smallest case', () => {
    const message = '\u001b[31mError: Property failed after 12 tests\u001b[39m\n{ seed: 1344103178, path: "307:0:0:5", endOnFailure: true }\nCounterexample: [...]';
    const vitest = {
      ...green,
      numFailedTests: 1,
      testResults: [{ name: '/repo/tests/integration/p.property.test.ts', status: 'failed', assertionResults: [{ status: 'failed', fullName: 'p holds', failureMessages: [message] }, { status: 'failed', fullName: 'q holds', failureMessages: ['expected 1 to be 2'] }] }],
    };
    const s = summarizeRuns([{ name: 'unit', kind: 'vitest', status: 1, report: vitest }]);
    expect(s.failures).toEqual([
      'tests/integration/p.property.test.ts › p holds — Error: Property failed after 12 tests (replay: SEED=1344103178 FC_PATH=307:0:0:5)',
      'tests/integration/p.property.test.ts › q holds — expected 1 to be 2',
    ]);
  });

  it('typecheck or build failures are counted, and a clean run is green', () => {
    const red = summarizeRuns([
      { name: 'typecheck', kind: 'stage', status: 2 },
      { name: 'unit', kind: 'vitest', status: 0, report: green },
    ]);
    expect(red).toMatchObject({ passed: 10, failed: 1 });
    const ok = summarizeRuns([
      { name: 'typecheck', kind: 'stage', status: 0 },
      { name: 'unit', kind: 'vitest', status: 0, report: green },
      { name: 'e2e', kind: 'playwright', status: 0, report: { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 1 }, errors: [] } },
    ]);
    expect(formatSummary(ok)).toBe('13 passed, 0 failed, 1 skipped');
  });
});

describe('.ci/run', () => {
  const script = readFileSync(join(ROOT, '.ci/run'), 'utf8');

  it('sets CI itself before the tests run, and a stray .only then fails vitest', () => {
    const exportAt = script.search(/^export CI=1$/m);
    expect(exportAt).toBeGreaterThan(-1);
    expect(exportAt).toBeLessThan(script.indexOf('npm test 2>&1'));
    // What that setting does to vitest (Playwright's forbidOnly reads the same variable: playwright.config.ts).
    const dir = mkdtempSync(join(tmpdir(), 'monad-only-'));
    try {
      writeFileSync(join(dir, 'only.test.ts'), "import { it } from 'vitest';\nit.only('alone', () => {});\nit('other', () => {});\n");
      const res = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1' } });
      expect(res.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(readFileSync(join(ROOT, 'playwright.config.ts'), 'utf8')).toMatch(/forbidOnly: !!process\.env\.CI/);
  }, 60_000);

  it('repeats npm test\'s last line whole, skipped count included', () => {
    const last = script.slice(script.indexOf('# Repeat the summary'));
    expect(last).not.toMatch(/\bsed\s/);
    expect(last).toContain("grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$'");
  });
});
