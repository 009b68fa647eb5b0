import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files that share one module graph (vitest's `isolate: false`): loading the engine again in a fresh
 * process for each file cost more than many of the files' tests. Unit tests import small pure modules
 * (on 2 cores: 125 s for tests/unit isolated, 73 s shared, same tests); integration tests each imported
 * the whole engine afresh (about 1.1 s a file, 160 s of the CI run's vitest time) and compiled the fact
 * sanitizer's patterns again on their first write (27 integration files: 104 CPU-s isolated, 69 shared).
 *
 * A shared graph is only safe for a file that leaves no process-wide trace and needs no module of its
 * own, so a file is kept isolated when its text does any of the things below: `vi.mock` & co. replace a
 * module for one file only (in a shared graph the real one is already loaded, so the mock is ignored);
 * env, timers, globals, umask and cwd belong to the whole process. The rule reads the files, so a new
 * test that mocks is isolated without anyone remembering this list. A file whose assertion reads state
 * a module keeps for the whole process (whether mem0 was ever loaded) says so in a line of its own,
 * `// own process: <why>`, which the rule reads too.
 *
 * Reliability tests (SIGKILL loops, fuzzing, corrupt databases) and the architecture test stay isolated:
 * they are few, spend their time in child processes, and a crash test should not share a process with
 * anything it could disturb.
 */
const NEEDS_OWN_PROCESS =
  /\bvi\.(mock|doMock|unmock|doUnmock|hoisted|stubEnv|stubGlobal|useFakeTimers|resetModules)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env|process\.(chdir|umask)\b|globalThis\.\w+\s*=[^=]|^\/\/ own process: /m;

/** The files of `dir` that can share one module graph, and those that need a process of their own. */
function split(dir: string): { shared: string[]; own: string[] } {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`);
  const own = files.filter((f) => NEEDS_OWN_PROCESS.test(readFileSync(f, 'utf8')));
  return { shared: files.filter((f) => !own.includes(f)), own };
}

const UNIT_DIR = 'tests/unit';
const INTEGRATION_DIR = 'tests/integration';
const unit = split(UNIT_DIR);
/**
 * Run before each file of a project sharing one module graph: registers temp-home's clean-up with that file
 * (a helper's top-level hooks run for the first file of such a project only). Not in `isolated`, whose
 * files mock modules the setup file would load first.
 */
const SHARED_GRAPH_SETUP = 'tests/helpers/temp-home-hooks.ts';
const integration = split(INTEGRATION_DIR);

export default defineConfig({
  test: {
    environment: 'node',
    // Each test file gets its own temp home; files can run in parallel safely.
    // A time limit is a guard against a hang, never a figure (benchmarks time things): npm test runs two
    // vitest workers beside the browser tests on two cores, where a test that takes 6 s alone took 21 s
    // next to a fuzzing file (scripts/test.mjs), so the limit leaves room for three times that.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The managed qdrant downloads from a loopback port nothing listens on, so a test that lets the mem0
    // backend try never waits on the machine's network (tests that need a download serve their own mirror).
    // Generated chat titles (issue 29 §2) are one more model call after a first exchange: off in test runs,
    // whose scripted servers count calls and hand out queued replies in order; their own tests turn them on.
    env: { MONAD_QDRANT_RELEASES_URL: 'http://127.0.0.1:9/qdrant-releases', MONAD_GENERATED_TITLES: 'off' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: [`${UNIT_DIR}/**/*.test.ts`], exclude: unit.own, isolate: false, setupFiles: [SHARED_GRAPH_SETUP] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [`${INTEGRATION_DIR}/**/*.test.ts`],
          exclude: integration.own,
          isolate: false,
          setupFiles: [SHARED_GRAPH_SETUP],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [...unit.own, ...integration.own, 'tests/reliability/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          isolate: true,
        },
      },
    ],
  },
});
