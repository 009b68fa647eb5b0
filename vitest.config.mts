import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
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
  },
});
