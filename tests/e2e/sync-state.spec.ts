// The sidebar's sync line (issue 30 §5) in real Chromium against `monad serve`: a relay started by the CLI on
// a free loopback port, the served home paired by `monad sync now --relay --space` before it starts, so the
// server runs a live sync. A fact recorded in another home and pushed by the CLI appears in this home's
// Markdown and Memory tab with no action here; the line says Synced; the relay killed → Offline; the relay
// back → Synced again by itself; "Sync now" by keyboard. Light, dark and 900×700 screenshots; axe.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ROOT, expect, startServer, test, type MonadServer } from './fixtures';
import { cli, startCliRelay, type CliRelay } from './cli-relay';
import { expectAxeClean } from './settle';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SPACE = 'e2e-sync-space';

test.describe.configure({ timeout: 150_000 });

async function openApp(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
}

const globalMd = (home: string): string => {
  const p = join(home, 'memory', 'global.md');
  return existsSync(p) ? readFileSync(p, 'utf8') : '';
};

async function shootSidebar(browser: Browser, server: MonadServer, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string): Promise<void> {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  try {
    await openApp(page, server);
    await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'synced');
    await page.screenshot({ path: join(SCREENSHOTS, `sync-state-${name}.png`) });
    await expectAxeClean(page, '[data-testid="sidebar"]');
  } finally {
    await context.close();
  }
}

test('the sync line: synced, a fact from another device arrives by itself, offline and back, sync now', async ({ page, browser }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'monad-e2e-sync-'));
  const relays: CliRelay[] = [];
  let stop: (() => Promise<void>) | null = null;
  try {
    const relay = await startCliRelay(join(tmp, 'relay'));
    relays.push(relay);
    // This home is paired (and pushed once) by the CLI before the server starts: the server then syncs live.
    const home = join(tmp, 'served');
    const paired = cli(['sync', 'now', '--home', home, '--relay', relay.url, '--space', SPACE]);
    expect(paired.code, paired.stderr).toBe(0);
    const started = await startServer({ home });
    stop = started.stop;
    const server = started.server;

    await openApp(page, server);
    const line = page.getByTestId('sync-state');
    // The server's first live sync (every document the home lists, each up to date with the relay) can take
    // longer than an assertion's default 10 s on a loaded machine: synced is reached, not at once.
    await expect(line).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
    await expect(line).toContainText('Synced');
    // Screen readers get the whole state, not just the word.
    await expect(page.getByTestId('sync-state-text')).toHaveAttribute('role', 'status');
    await expect(page.getByTestId('sync-state-text')).toContainText(/Sync: Synced\. Last synced/);

    // Another device (a second home, through the CLI) records a fact and pushes it.
    const other = join(tmp, 'other');
    const added = cli(['facts', 'add', '--home', other, '--scope', 'global', 'Keeps bees on the roof of the workshop']);
    expect(added.code, added.stderr).toBe(0);
    const pushed = cli(['sync', 'now', '--home', other, '--relay', relay.url, '--space', SPACE]);
    expect(pushed.code, pushed.stderr).toBe(0);
    // No action here: it reaches this home's Markdown file and its Memory tab.
    await expect.poll(() => globalMd(server.home), { timeout: 30_000 }).toContain('Keeps bees on the roof of the workshop');
    await page.getByTestId('tab-memory').click();
    await expect(page.getByText('Keeps bees on the roof of the workshop')).toBeVisible({ timeout: 30_000 });
    await expect(line).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'sync-state-light.png') });
    await expectAxeClean(page, '[data-testid="sidebar"]');

    // The relay goes away: the line says so, live.
    await relay.kill();
    await expect(line).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
    await expect(line).toContainText('Offline');
    await expect(page.getByTestId('sync-state-text')).toContainText(/cannot be reached; retrying/);
    await page.getByTestId('sidebar').screenshot({ path: join(SCREENSHOTS, 'sync-state-offline.png') });
    await expectAxeClean(page, '[data-testid="sidebar"]');

    // Back on the same port: the device reconnects by itself.
    const again = await startCliRelay(join(tmp, 'relay'), relay.port);
    relays.push(again);
    await expect(line).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });

    // "Sync now" by keyboard: reachable, named, and it says what it did.
    const now = page.getByTestId('sync-now');
    await now.focus();
    await expect(now).toHaveAccessibleName('Sync now');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Nothing new on either side.')).toBeVisible({ timeout: 30_000 });

    await shootSidebar(browser, server, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
    await shootSidebar(browser, server, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');
  } finally {
    await stop?.();
    for (const r of relays) await r.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('a home that does not sync shows no sync line', async ({ page, server }) => {
  await openApp(page, server);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('sync-state')).toHaveCount(0);
});
