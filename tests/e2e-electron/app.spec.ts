// The desktop app for real: the built Electron main, preload and renderer on a fresh temp home
// (MONAD_HOME), driven through Playwright's Electron support. Needs the Electron binary, which cannot
// be downloaded on every machine (see /work/shared/STACK.md): where it is absent the whole file skips
// and says why. The binary is located WITHOUT requiring the `electron` package, because requiring it
// from Node starts a download attempt.
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Electron, SQLite and the first paint on a busy two-core CI machine. */
const LAUNCH_TIMEOUT_MS = 60_000;

type Located = { ok: true; executable: string } | { ok: false; why: string };

/** Mirrors node_modules/electron/index.js (path.txt + dist/) without running it. */
function locateElectron(): Located {
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathTxt = join(pkg, 'path.txt');
  if (!existsSync(pathTxt)) return { ok: false, why: `${pathTxt} is missing: the binary was never downloaded` };
  const relative = readFileSync(pathTxt, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkg, 'dist');
  const executable = join(dist, relative);
  if (!existsSync(executable)) return { ok: false, why: `${executable} is missing` };
  return { ok: true, executable };
}

function displayProblem(): string | null {
  if (process.platform !== 'linux') return null;
  return process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? null : 'no DISPLAY on Linux; run under xvfb-run';
}

const located = locateElectron();
const display = displayProblem();
test.skip(!located.ok, `Electron binary not installed here (${located.ok ? '' : located.why}); runs where it exists`);
test.skip(located.ok && display !== null, `Electron needs a display (${display}); runs where one exists`);

function assertBuilt(): void {
  const missing = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].filter((p) => !existsSync(join(ROOT, p)));
  if (missing.length > 0) throw new Error(`The Electron e2e test runs the built app, and ${missing.join(', ')} is missing. Run \`npm run build\` first.`);
}

async function launch(home: string): Promise<{ app: ElectronApplication; page: Page }> {
  if (!located.ok) throw new Error(located.why);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  env.MONAD_HOME = home;
  env.MEM0_TELEMETRY = 'false';
  // The built renderer, never a dev server the environment happens to name.
  delete env.ELECTRON_RENDERER_URL;
  // Chromium refuses to run as root with its OS sandbox on; the renderer's JS sandbox (sandbox: true,
  // contextIsolation) is a separate setting and stays on.
  const args = [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT];
  const app = await electron.launch({ executablePath: located.executable, args, cwd: ROOT, env, timeout: LAUNCH_TIMEOUT_MS });
  const page = await app.firstWindow({ timeout: LAUNCH_TIMEOUT_MS });
  await expect(page.getByTestId('app')).toBeVisible({ timeout: LAUNCH_TIMEOUT_MS });
  return { app, page };
}

test.describe('desktop app (Electron)', () => {
  let home: string;
  let running: ElectronApplication | null = null;

  test.beforeEach(() => {
    assertBuilt();
    home = mkdtempSync(join(tmpdir(), 'monad-electron-e2e-'));
  });

  test.afterEach(async () => {
    await running?.close().catch(() => {});
    running = null;
    rmSync(home, { recursive: true, force: true });
  });

  test('starts on MONAD_HOME behind the narrow bridge, creates a session and keeps it across a restart', async () => {
    const first = await launch(home);
    running = first.app;
    const { page } = first;

    // The page is our renderer on the app scheme, with no Node and only the contract bridge.
    expect(page.url()).toMatch(/^monad:\/\/app\//);
    const surface = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown> & { monad: Record<string, unknown> };
      return {
        require: typeof w.require,
        process: typeof w.process,
        bridgeKeys: Object.keys(w.monad).sort(),
        host: w.monad.host,
      };
    });
    expect(surface).toEqual({ require: 'undefined', process: 'undefined', bridgeKeys: ['host', 'invoke', 'on'], host: 'electron' });

    const status = await page.evaluate(() => (window as any).monad.invoke('app.status', {}));
    expect(status).toMatchObject({ ok: true, data: { host: 'electron', home, secrets: { kind: 'safeStorage' } } });
    const unknown = await page.evaluate(() => (window as any).monad.invoke('no.such.channel', {}));
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });

    // The CSP from the monad:// response is enforced: no inline script, no eval.
    const csp = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = '(window).__inlineRan = true';
      document.head.appendChild(s);
      let evalRan = false;
      try {
        evalRan = (0, eval)('true');
      } catch {
        evalRan = false;
      }
      return { inline: (window as any).__inlineRan === true, evalRan };
    });
    expect(csp).toEqual({ inline: false, evalRan: false });

    // No new windows, no navigation away.
    expect(await page.evaluate(() => window.open('file:///etc/passwd') === null)).toBe(true);
    await page.evaluate(() => {
      location.href = 'file:///etc/passwd';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/^monad:\/\/app\//);
    expect(first.app.windows()).toHaveLength(1);

    // Create a session through the UI and see it.
    await page.getByTestId('new-session').click();
    await expect(page.getByTestId('session-item')).toHaveCount(1);
    const sessions = await page.evaluate(() => (window as any).monad.invoke('sessions.list', {}));
    expect(sessions).toMatchObject({ ok: true });
    expect(sessions.data).toHaveLength(1);
    const id: string = sessions.data[0].id;
    expect(existsSync(join(home, 'db', 'app.sqlite'))).toBe(true);

    await first.app.close();
    running = null;

    // Same home, new process: the session is still there.
    const second = await launch(home);
    running = second.app;
    await expect(second.page.locator(`[data-testid="session-item"][data-session-id="${id}"]`)).toHaveCount(1);
  });
});
