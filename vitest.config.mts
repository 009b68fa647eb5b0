import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
    environment: 'node',
    // Each test file gets its own temp home; files can run in parallel safely.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
