// The person is told what happened to their data at start-up: `monad serve` finds app.sqlite damaged
// (restored from the newest backup) and memory.sqlite not a database at all (no usable backup, started
// empty); the app shows both as banners above every tab, styled by level, dismissible by mouse and
// keyboard, and a dismissal sticks across a reload.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, expect, ROOT, startServer, test } from './fixtures';
import { corruptPages } from '../helpers/corrupt-db';
import { openSettings } from './settings-nav';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');


function overwriteHeader(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, Buffer.from('this is not a database file at all'), 0, 34, 0);
  } finally {
    closeSync(fd);
  }
}

function notices(page: Page) {
  return page.getByTestId('notice');
}

test('start-up notices: a restored and a reset database are shown until dismissed, by mouse or keyboard', async ({ page }) => {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-notices-'));
  try {
    // A home with a session, then a backup taken by the CLI, both with clean shutdowns.
    const first = await startServer({ home });
    await api(first.server, 'sessions.create', { agentId: 'default', title: 'In the backup' });
    await first.stop();
    const backup = spawnSync(process.execPath, ['bin/monad.mjs', 'backup', '--home', home, '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(backup.status, backup.stderr).toBe(0);
    const set = JSON.parse(backup.stdout) as { name: string };
    // Then the damage: app.sqlite's pages overwritten (the backup has a good copy); memory.sqlite not a
    // database at all, and its copy gone from the backup.
    corruptPages(join(home, 'db', 'app.sqlite'));
    overwriteHeader(join(home, 'db', 'memory.sqlite'));
    rmSync(join(home, 'backups', set.name, 'memory.sqlite'));

    const second = await startServer({ home });
    try {
      await page.goto(second.server.openUrl);
      await expect(page.getByTestId('app')).toBeVisible();
      const region = page.getByRole('region', { name: 'Notices' });
      await expect(notices(page)).toHaveCount(2);

      const restored = notices(page).and(page.locator('[data-code="db-restored"]'));
      await expect(restored).toHaveAttribute('data-level', 'warning');
      await expect(restored).toHaveClass(/banner-warning/);
      await expect(restored).toHaveAttribute('role', 'status');
      await expect(restored).toContainText('A database was damaged and has been restored from a backup');
      await expect(restored).toContainText(`db/app.sqlite was damaged`);
      await expect(restored).toContainText(`replaced with the backup from ${set.name}`);

      const reset = notices(page).and(page.locator('[data-code="db-reset"]'));
      await expect(reset).toHaveAttribute('data-level', 'error');
      await expect(reset).toHaveClass(/banner-error/);
      await expect(reset).toHaveAttribute('role', 'alert');
      await expect(reset).toContainText('db/memory.sqlite was damaged');
      await expect(reset).toContainText('no usable backup was found');
      // The damaged files are really where the notices say.
      expect(readdirSync(join(home, 'db')).filter((n) => n.startsWith('damaged-')).length).toBeGreaterThanOrEqual(1);
      // And the data is what the backup held.
      await expect(page.getByTestId('session-item').filter({ hasText: 'In the backup' })).toBeVisible();

      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'notices-light.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(SCREENSHOTS, 'notices-dark.png') });
      await page.emulateMedia({ colorScheme: 'light' });

      // They stay on every tab.
      await page.getByTestId('tab-settings').click();
      await expect(region.getByTestId('notice')).toHaveCount(2);
      await page.getByTestId('tab-chat').click();

      // Keyboard: Tab reaches a Dismiss button; Enter dismisses, focus moves to the next notice's Dismiss.
      const resetDismiss = reset.getByTestId('notice-dismiss');
      const restoredDismiss = restored.getByTestId('notice-dismiss');
      await restoredDismiss.focus();
      await expect(restoredDismiss).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(restored).toHaveCount(0);
      await expect(resetDismiss).toBeFocused();
      // Escape inside a notice dismisses it too.
      await page.keyboard.press('Escape');
      await expect(notices(page)).toHaveCount(0);
      await expect(region).toHaveCount(0);

      // Dismissed stays dismissed after a reload (the engine still reports both for this run).
      const status = await api<{ notices: { code: string }[] }>(second.server, 'app.status');
      expect(status.notices.map((n) => n.code).sort()).toEqual(['db-reset', 'db-restored']);
      await page.reload();
      await expect(page.getByTestId('app')).toBeVisible();
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
      await expect(notices(page)).toHaveCount(0);
    } finally {
      await second.stop();
    }

    // The next start, after a clean shutdown, has nothing to tell, even in a browser that dismissed nothing.
    const third = await startServer({ home });
    try {
      const context = await page.context().browser()!.newContext();
      const fresh = await context.newPage();
      await fresh.goto(third.server.openUrl);
      await expect(fresh.getByTestId('app')).toBeVisible();
      await expect(fresh.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
      await expect(fresh.getByTestId('notice')).toHaveCount(0);
      await context.close();
    } finally {
      await third.stop();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('a restore staged in the app is announced after the restart, and dismissed by a click', async ({ page }) => {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-notices-'));
  try {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const backup = spawnSync(process.execPath, ['bin/monad.mjs', 'backup', '--home', home, '--json'], { cwd: ROOT, encoding: 'utf8' });
    expect(backup.status, backup.stderr).toBe(0);
    const set = JSON.parse(backup.stdout) as { name: string };
    const first = await startServer({ home });
    try {
      await api(first.server, 'backups.restore', { name: set.name });
      await page.goto(first.server.openUrl);
      // Staged, not applied: an info notice says it waits for the restart.
      const pending = page.locator('[data-testid="notice"][data-code="restore-pending"]');
      await expect(pending).toContainText(`Backup ${set.name} will be restored when Monad next starts`);
      await expect(pending).toHaveClass(/banner-info/);
      await pending.screenshot({ path: join(SCREENSHOTS, 'notices-info-light.png') });
    } finally {
      await first.stop();
    }
    const second = await startServer({ home });
    try {
      await page.goto(second.server.openUrl);
      const applied = page.locator('[data-testid="notice"][data-code="restore-applied"]');
      await expect(applied).toContainText(`Restored the backup from ${set.name}`);
      await expect(applied).toHaveAttribute('data-level', 'info');
      await applied.getByRole('button', { name: /Dismiss/ }).click();
      await expect(applied).toHaveCount(0);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});

test('plain-text API keys: a warning once a key is stored in headless mode, and it stays dismissed', async ({ page, server }) => {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  // No key stored yet: nothing is at risk, so no banner (Settings still says how keys would be kept).
  await expect(page.getByTestId('notice')).toHaveCount(0);

  await api(server, 'providers.save', {
    provider: { id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: 'http://127.0.0.1:9/v1', models: ['gpt-4o-mini'] },
    apiKey: 'sk-test-notice-0123456789abcdef',
  });
  await page.reload();
  const warning = page.locator('[data-testid="notice"][data-code="secrets-plain-text"]');
  await expect(warning).toContainText('API keys are stored in plain text');
  await expect(warning).toContainText('owner-only file');
  await expect(warning).toHaveAttribute('data-level', 'warning');
  // The key itself never reaches the page.
  expect(await page.content()).not.toContain('sk-test-notice-0123456789abcdef');
  await warning.getByTestId('notice-dismiss').click();
  await expect(warning).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  // Once status and providers are loaded (Settings shows both), the dismissed warning is still gone.
  await openSettings(page, 'status');
  await expect(page.getByTestId('secrets-warning')).toBeVisible();
  await page.getByTestId('settings-nav-models').click();
  await expect(page.locator('[data-testid="provider-card"][data-provider-id="openai"]')).toBeVisible();
  await expect(page.getByTestId('notice')).toHaveCount(0);
});
