// Turns the runners' JSON reports and exit codes into one truthful count. Kept apart from test.mjs so
// the rules can be unit-tested (tests/unit/test-summary.test.ts) with reports that never ran.
//
// The rules, each closing a way a red run used to print "0 failed":
// - a test file that fails to load (import error, syntax error) has no failed assertions: it counts as
//   one failure per file;
// - a runner that exits non-zero without writing its report (crash, OOM, killed) counts as one failure;
// - a runner that exits non-zero although its report shows no failure (unhandled errors, a global setup
//   that threw, a worker that died) counts as one failure;
// - Playwright's top-level `errors` (spec files that did not load) count one each;
// - a Playwright test that only passed on retry ("flaky") is a failure, not a pass;
// - typecheck and build are not tests, but a failed one counts as one failure so the line is never green.
//
// Skipped tests are counted on the last line and named one by one (`skippedTests`), with Playwright's
// reason where the test gave one: a skip is a test that did not run, and the log says which.

/**
 * @param {{ name: string, kind: 'vitest' | 'playwright' | 'stage', status: number | null, report?: any }[]} stages
 * @returns {{ passed: number, failed: number, skipped: number, reasons: string[], failures: string[], skippedTests: string[] }}
 */
export function summarizeRuns(stages) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const reasons = [];
  // Which tests failed, by name: the tail of a CI log is often all anyone sees of it.
  const failures = [];
  // Which tests did not run, by name: a count alone hides a test skipped for good.
  const skippedTests = [];
  const fail = (n, why) => {
    if (n <= 0) return;
    failed += n;
    reasons.push(why);
  };
  for (const s of stages) {
    const exitedBadly = s.status !== 0;
    if (s.kind === 'stage') {
      if (exitedBadly) fail(1, `${s.name} failed (exit ${s.status})`);
      continue;
    }
    if (!s.report) {
      if (exitedBadly) fail(1, `${s.name} exited ${s.status} without a report`);
      else fail(1, `${s.name} wrote no report`);
      continue;
    }
    const before = failed;
    if (s.kind === 'vitest') {
      const r = s.report;
      passed += r.numPassedTests ?? 0;
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      fail(r.numFailedTests ?? 0, `${s.name}: ${r.numFailedTests} failed tests`);
      for (const f of r.testResults ?? []) {
        for (const a of f.assertionResults ?? []) {
          if (a.status === 'failed') failures.push(`${relative(f.name)} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}${replayOf(a.failureMessages?.[0])}`);
          else if (VITEST_NOT_RUN.has(a.status)) skippedTests.push(`${relative(f.name)} › ${a.fullName}${a.status === 'todo' ? ' (todo)' : ''}`);
        }
      }
      const unloaded = (r.testResults ?? []).filter(
        (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
      );
      fail(unloaded.length, `${s.name}: ${unloaded.length} files failed to load or errored outside tests (${unloaded.map((f) => f.name).join(', ')})`);
    } else {
      const st = s.report.stats ?? {};
      passed += st.expected ?? 0;
      skipped += st.skipped ?? 0;
      fail(st.unexpected ?? 0, `${s.name}: ${st.unexpected} failed tests`);
      fail(st.flaky ?? 0, `${s.name}: ${st.flaky} tests passed only on retry`);
      const errors = s.report.errors ?? [];
      fail(errors.length, `${s.name}: ${errors.length} errors outside tests`);
      collectPlaywrightFailures(s.report.suites ?? [], failures);
      collectPlaywrightSkips(s.report.suites ?? [], skippedTests);
    }
    if (exitedBadly && failed === before) {
      const said = outsideTestsExcerpt(s.output);
      fail(1, `${s.name} exited ${s.status} although its report shows no failure${said.length ? `; it said:\n${said.map((l) => `      ${l}`).join('\n')}` : ''}`);
    }
  }
  return { passed, failed, skipped, reasons, failures, skippedTests };
}

/**
 * What a runner said about an error outside its tests (vitest's "Unhandled Rejection" block, a worker pool's
 * complaint), cut from its output: the report has no place for these, so without it a run that failed this
 * way says only that it did. The first such block, colours and code frames stripped: its title, the error
 * and its first stack lines, and vitest's lines naming the file and the last test that ran.
 */
export function outsideTestsExcerpt(output, max = 12) {
  if (!output) return [];
  const lines = withoutColours(output).split('\n').map((l) => l.trimEnd());
  let start = lines.findIndex((l) => OUTSIDE_TESTS.test(l));
  if (start < 0) start = lines.findIndex((l) => /Unhandled Errors/.test(l));
  if (start < 0) return [];
  const block = lines.slice(start, start + 80);
  const end = block.findIndex((l, i) => i > 0 && /^⎯{6,}/.test(l.trim()));
  const body = (end > 0 ? block.slice(0, end) : block).filter((l) => l.trim() && !/^\s*(\d+\||\|)/.test(l));
  const where = body.filter((l) => /originated in|latest test that/.test(l));
  const head = body.filter((l) => !where.includes(l) && !/^(- |It might mean|This might cause)/.test(l.trim()));
  return [...head.slice(0, Math.max(1, max - where.length)), ...where].map((l) => l.replace(/^⎯+\s*|\s*⎯+$/g, '').slice(0, 240));
}

const OUTSIDE_TESTS = /Unhandled (Error|Rejection)\b(?!s)|\[vitest-(pool|worker)\]|Worker exited|Timeout terminating/;

/** Statuses of a vitest JSON report's tests that did not run (`it.skip`, `describe.skip`, `it.todo`, filtered out). */
const VITEST_NOT_RUN = new Set(['skipped', 'pending', 'todo', 'disabled']);

function collectPlaywrightSkips(suites, out) {
  for (const suite of suites) {
    collectPlaywrightSkips(suite.suites ?? [], out);
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'skipped') continue;
        // `test.skip(cond, 'why')` leaves its reason as a "skip" annotation (on the test or on its run).
        const notes = [...(t.annotations ?? []), ...(t.results ?? []).flatMap((r) => r.annotations ?? [])];
        const why = notes.find((a) => a.type === 'skip' && a.description)?.description;
        const project = t.projectName ? ` [${t.projectName}]` : '';
        out.push(`${spec.file} › ${spec.title}${project}${why ? ` — ${firstLine(why)}` : ''}`);
      }
    }
  }
}

function collectPlaywrightFailures(suites, out) {
  for (const suite of suites) {
    collectPlaywrightFailures(suite.suites ?? [], out);
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const err = (t.results ?? []).map((r) => r.error?.message).find(Boolean);
        out.push(`${spec.file} › ${spec.title} — ${t.status === 'flaky' ? 'passed only on retry: ' : ''}${firstLine(err)}`);
      }
    }
  }
}

function relative(path) {
  const at = String(path).lastIndexOf('/tests/');
  return at >= 0 ? path.slice(at + 1) : path;
}

/** A runner's text without its terminal colour codes. */
function withoutColours(text) {
  return String(text).replace(/\u001b\[[0-9;]*m/g, '');
}

function firstLine(message) {
  // The first meaningful line, colours stripped, cut to a readable length.
  const line = withoutColours(message ?? '(no message)').split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 240);
}

/**
 * A property test's failure names the seed and the path of its smallest case on a later line, which the
 * first line leaves out; without them a failure seen once in CI cannot be replayed (tests/helpers/property-runs.ts).
 */
function replayOf(message) {
  const m = /\{ seed: (-?\d+), path: "([\d:]+)"/.exec(withoutColours(message ?? ''));
  return m ? ` (replay: SEED=${m[1]} FC_PATH=${m[2]})` : '';
}

/** The lines that name the skipped tests (printed before the last line), or none when nothing was skipped. */
export function formatSkipped({ skippedTests }) {
  if (!skippedTests?.length) return [];
  return [`skipped tests (${skippedTests.length}):`, ...skippedTests.map((name) => `  - ${name}`)];
}

export function formatSummary({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed, ${skipped} skipped`;
}
