// Browser end-to-end tests: real Chromium against `monad serve` on a fresh temp home per test
// (tests/e2e/fixtures.ts starts and stops the server; there is deliberately no webServer block).
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * The browser the tests drive: $CHROMIUM_PATH, else Debian's chromium-headless-shell, else the full
 * Chromium. The headless shell is the same engine (Blink, V8) built for headless use only — Playwright's
 * own default for headless runs — without the full browser's UI process work: measured here on the same
 * specs, Chromium's CPU per app start 1.65 → 1.19 CPU-s, and ~14 % of two whole specs' (shell + search:
 * 73 → 63 CPU-s). Benchmarks keep the full browser (bench/lib/serve.ts): they stand for the app.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  // Two cores on the CI machines: two browsers plus two servers is the most that stays responsive.
  workers: process.env.CI ? 1 : 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  projects: [
    { name: 'browser' },
    // The desktop app through Playwright's Electron support (its own launcher, no `page` fixture);
    // it skips, saying why, where the Electron binary or a display is absent.
    { name: 'electron', testDir: 'tests/e2e-electron' },
  ],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Outside CI a failed test keeps its trace (each action, the DOM before and after it, console and
    // network). In CI none is recorded unless MONAD_E2E_TRACE=1: a retained trace is still recorded for
    // every test and thrown away for the passing ones, and it was the run's largest cost after the
    // browser itself — five specs (47 tests) alone: 265 CPU-s with it, 218 without (−18 %), 186 → 159 s.
    // A failure in CI is replayed here with the trace on. The screencast (a film of each test) stays off
    // everywhere (~11 % more).
    trace: process.env.CI && process.env.MONAD_E2E_TRACE !== '1' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Playwright cannot download browsers here: use the system's (CHROMIUM above).
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        // Without these the browser keeps calling home, which floods a closed network.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
