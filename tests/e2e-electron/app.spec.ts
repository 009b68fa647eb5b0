// The desktop app for real: the built Electron main, preload and renderer on a fresh temp home
// (MONAD_HOME), driven through Playwright's Electron support (launch.ts: where the Electron binary is
// absent the whole file skips and says why).
import { expect, test, type ElectronApplication } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, launch, skipWithoutElectron } from './launch';

skipWithoutElectron();

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
