// History's pick between two identity-file versions (issue 30 §3) in real Chromium against `monad serve`: a
// relay started by the CLI on a free loopback port; this home and another save USER.md apart, then sync (by
// the CLI, before the server starts: it then syncs live). History lists "Edited on both devices" with USER.md's
// two versions (the lines only each has, the whole file); "Keep this one" on the older one makes it this
// home's file, ends the conflict here, and the other home has it after its next sync, with no conflict left.
// Light, dark and 900×700 screenshots; axe on the panel.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ROOT, expect, startServer, test, type MonadServer } from './fixtures';
import { cli, startCliRelay, type CliRelay } from './cli-relay';
import { expectAxeClean } from './settle';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SPACE = 'e2e-identity-pick';

test.describe.configure({ timeout: 150_000 });

async function openHistory(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await page.getByTestId('tab-memory').click();
  await page.getByTestId('memory-view-history').click();
  await expect(page.getByTestId('history-view')).toBeVisible();
}

const userMd = (home: string): string => readFileSync(join(home, 'core', 'USER.md'), 'utf8');
const saveUserMd = (home: string, text: string): void => writeFileSync(join(home, 'core', 'USER.md'), text);

const BASE = '# About me\n\nMy name is Ana.\nI have a cat called Miso.\n';
const HERE = `${BASE}I live in Porto.\n`;
const THERE = `${BASE}I work nights at the bakery.\n`;

async function shoot(browser: Browser, server: MonadServer, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string): Promise<void> {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  try {
    await openHistory(page, server);
    await expect(page.getByTestId('sync-conflict')).toHaveCount(1, { timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, `sync-identity-pick-${name}.png`) });
    await expectAxeClean(page, '[data-testid="sync-conflicts"]');
  } finally {
    await context.close();
  }
}

test('History: USER.md saved on two devices apart, both versions shown, "Keep this one" ends it on both', async ({ page, browser }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'monad-e2e-identity-'));
  let relay: CliRelay | null = null;
  let stop: (() => Promise<void>) | null = null;
  try {
    relay = await startCliRelay(join(tmp, 'relay'));
    const home = join(tmp, 'served');
    const other = join(tmp, 'other');
    const syncNow = (h: string) => {
      const r = cli(['sync', 'now', '--home', h, '--relay', relay!.url, '--space', SPACE]);
      expect(r.code, r.stderr).toBe(0);
    };
    // Both homes agree on USER.md first.
    syncNow(home);
    saveUserMd(home, BASE);
    syncNow(home);
    syncNow(other);
    expect(userMd(other)).toBe(BASE);
    // Apart: this home saves first, the other later (the later stands meanwhile).
    saveUserMd(home, HERE);
    await new Promise((r) => setTimeout(r, 50));
    saveUserMd(other, THERE);
    syncNow(home);
    syncNow(other);
    syncNow(home);
    expect(userMd(home)).toBe(THERE);

    const started = await startServer({ home });
    stop = started.stop;
    const server = started.server;
    await openHistory(page, server);
    const panel = page.getByTestId('sync-conflicts');
    await expect(panel).toBeVisible({ timeout: 30_000 });
    const conflict = panel.getByTestId('sync-conflict');
    await expect(conflict).toHaveCount(1);
    await expect(conflict).toHaveAttribute('data-file', 'USER.md');
    const versions = conflict.getByTestId('sync-conflict-version');
    await expect(versions).toHaveCount(2);
    // Each version's own lines: the one that stands (the later, from the other device) first.
    await expect(versions.nth(0).getByTestId('sync-conflict-diff')).toHaveText('+ I work nights at the bakery.');
    await expect(versions.nth(0)).toContainText('stands now');
    await expect(versions.nth(0)).toContainText('Whole file · 5 lines');
    await expect(versions.nth(1).getByTestId('sync-conflict-diff')).toHaveText('+ I live in Porto.');
    await page.screenshot({ path: join(SCREENSHOTS, 'sync-identity-pick-light.png') });
    await expectAxeClean(page, '[data-testid="sync-conflicts"]');
    await shoot(browser, server, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
    await shoot(browser, server, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');

    // Keep this home's own version, by keyboard.
    const keep = versions.nth(1).getByTestId('sync-conflict-keep');
    await expect(keep).toHaveAccessibleName(/Keep this one: USER\.md from /);
    await keep.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(() => userMd(home), { timeout: 30_000 }).toBe(HERE);

    // The other home takes it at its next sync, and lists no conflict.
    await expect
      .poll(
        () => {
          syncNow(other);
          return userMd(other);
        },
        { timeout: 60_000, intervals: [1000, 2000, 4000] },
      )
      .toBe(HERE);
    const listed = cli(['sync', 'status', '--home', other]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('conflicts to look at: 0');
  } finally {
    await stop?.();
    if (relay) await relay.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
});
