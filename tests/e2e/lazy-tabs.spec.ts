// The renderer's first screen parses only the chat (issue: e2e run time): every other tab is a chunk of
// its own, fetched when first opened, and the code highlighter when a code block is first shown. A chunk
// that cannot be fetched says so in place, with a Retry that works once the file can be reached again.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAxeClean, shootTestId } from './settle';

/** The script files the page asked for, by the name their chunk was given (the part before the hash). */
function scriptsAsked(page: Page): Set<string> {
  const asked = new Set<string>();
  page.on('request', (r: Request) => {
    const m = /\/assets\/([A-Za-z0-9_-]+?)-[A-Za-z0-9_-]{8}\.js$/.exec(new URL(r.url()).pathname);
    if (m) asked.add(m[1]);
  });
  return asked;
}

test.describe('lazily loaded tabs', () => {
  test('the first screen fetches no tab but Chat; Settings, Memory, Laws and Inbox come when opened', async ({ page, server }) => {
    const asked = scriptsAsked(page);
    await page.goto(server.openUrl);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
    await expect(page.getByRole('heading', { name: 'Welcome to Monad' })).toBeVisible();
    for (const chunk of ['SettingsPane', 'MemoryPane', 'LawsPane', 'InboxPane', 'rehype-highlight']) {
      expect(asked.has(chunk), `${chunk} was fetched for the first screen`).toBe(false);
    }

    for (const [tab, chunk, pane] of [
      ['settings', 'SettingsPane', 'settings-pane'],
      ['memory', 'MemoryPane', 'facts-view'],
      ['laws', 'LawsPane', 'laws-pane'],
      ['inbox', 'InboxPane', 'inbox'],
    ] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(pane)).toBeVisible();
      expect(asked.has(chunk), `${chunk} fetched for the ${tab} tab`).toBe(true);
    }
  });

  test('a tab whose chunk cannot be fetched says so, and Retry loads it once it can', async ({ page, server }) => {
    // Held until released, then refused: the loading status is seen, then the failure.
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/SettingsPane-[^/]+\.js$/, async (route) => {
      await released;
      await route.abort('connectionrefused');
    });
    await page.goto(server.openUrl);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');

    await page.getByTestId('tab-settings').click();
    const loading = page.getByTestId('lazy-loading');
    await expect(loading).toHaveAttribute('role', 'status');
    await expect(loading).toHaveText('Loading the settings…');
    release();

    const failed = page.getByTestId('lazy-load-error');
    await expect(failed).toHaveAttribute('role', 'alert');
    await expect(failed).toContainText('Could not load the settings.');
    await expect(page.getByTestId('settings-pane')).toHaveCount(0);
    await page.setViewportSize({ width: 900, height: 700 });
    await shootTestId(page, 'app', 'lazy-load-error-900x700.png');
    await expectAxeClean(page, '[data-testid="lazy-load-error"]');

    // The file can be reached again: Retry fetches it anew (a failed import is not kept).
    await page.unroute(/\/assets\/SettingsPane-[^/]+\.js$/);
    await page.getByTestId('lazy-load-retry').click();
    await expect(page.getByTestId('settings-pane')).toBeVisible();
    await expect(failed).toHaveCount(0);
    // The other tabs were never affected.
    await page.getByTestId('tab-chat').click();
    await expect(page.getByRole('heading', { name: 'Welcome to Monad' })).toBeVisible();
  });
});
