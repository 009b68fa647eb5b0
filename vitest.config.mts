import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Unit test files that share one module graph (vitest's `isolate: false`): most unit tests import small
 * pure modules, and loading them again in a fresh process for each of the hundred-odd files cost more
 * than the tests themselves (on 2 cores: 125 s for tests/unit isolated, 73 s shared, same tests).
 *
 * A shared graph is only safe for a file that leaves no process-wide trace and needs no module of its
 * own, so a file is kept isolated when its text does any of the things below: `vi.mock` & co. replace a
 * module for one file only (in a shared graph the real one is already loaded, so the mock is ignored);
 * env, timers, globals, umask and cwd belong to the whole process. The rule reads the files, so a new
 * test that mocks is isolated without anyone remembering this list.
 */
const NEEDS_OWN_PROCESS =
  /\bvi\.(mock|doMock|unmock|doUnmock|hoisted|stubEnv|stubGlobal|useFakeTimers|resetModules)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete\s+process\.env|process\.(chdir|umask)\b|globalThis\.\w+\s*=[^=]/;

const UNIT_DIR = 'tests/unit';
const unitFiles = readdirSync(UNIT_DIR).filter((f) => f.endsWith('.test.ts'));
const unitIsolated = unitFiles.filter((f) => NEEDS_OWN_PROCESS.test(readFileSync(`${UNIT_DIR}/${f}`, 'utf8'))).map((f) => `${UNIT_DIR}/${f}`);

export default defineConfig({
  test: {
    environment: 'node',
    // Each test file gets its own temp home; files can run in parallel safely.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The managed qdrant downloads from a loopback port nothing listens on, so a test that lets the mem0
    // backend try never waits on the machine's network (tests that need a download serve their own mirror).
    // Generated chat titles (issue 29 §2) are one more model call after a first exchange: off in test runs,
    // whose scripted servers count calls and hand out queued replies in order; their own tests turn them on.
    env: { MONAD_QDRANT_RELEASES_URL: 'http://127.0.0.1:9/qdrant-releases', MONAD_GENERATED_TITLES: 'off' },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: [`${UNIT_DIR}/**/*.test.ts`], exclude: unitIsolated, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [...unitIsolated, 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
          isolate: true,
        },
      },
    ],
  },
});
