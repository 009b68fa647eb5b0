// Settings → Memory, the cost guards (issue 18 §5) in real Chromium against `monad serve`: the memory
// backend, the remote qdrant address and local port, automatic tidying limits and each agent's recall
// budget, written to config.json on disk, with validation; screenshots in light, dark and 900×700 (looked
// at) and axe with no serious or critical violation.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectAxeClean } from './settle';
import type { Browser, Page } from '@playwright/test';
import { openSettings as openSection } from './settings-nav';
import { expect, ROOT, startServer, test, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

function readConfig(server: MonadServer): any {
  return JSON.parse(readFileSync(server.configPath, 'utf8'));
}

async function openSettings(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await openSection(page, 'memory');
  await expect(page.getByTestId('memory-cost-settings')).toBeVisible();
}

async function fill(page: Page, testId: string, value: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.fill(value);
  await input.press('Enter');
}

test('writes the backend, qdrant address and port, tidying limits and recall budget to config.json, and refuses bad values', async ({ page }) => {
  const { server, stop } = await startServer();
  try {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await openSettings(page, server);
    const box = page.getByTestId('memory-cost-settings');
    await box.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('memory-backend-builtin')).toHaveAttribute('aria-checked', 'true');

    await fill(page, 'memory-qdrant-port', '7000');
    await expect(page.getByTestId('memory-qdrant-port-saved')).toBeVisible();
    await fill(page, 'memory-auto-cooldown', '30');
    await expect(page.getByTestId('memory-auto-cooldown-saved')).toBeVisible();
    await fill(page, 'memory-recall-budget-default', '4000');
    await expect(page.getByTestId('memory-recall-budget-default-saved')).toBeVisible();
    await fill(page, 'memory-qdrant-url', 'https://qdrant.example.com:6333');
    await expect(page.getByTestId('memory-qdrant-url-saved')).toBeVisible();
    await page.getByTestId('memory-backend-mem0').click();
    await expect(page.getByTestId('memory-backend-mem0')).toHaveAttribute('aria-checked', 'true');

    await expect.poll(() => readConfig(server).memory.backend).toBe('mem0');
    const cfg = readConfig(server);
    expect(cfg.memory.mem0).toMatchObject({ qdrantPort: 7000, vectorStore: { url: 'https://qdrant.example.com:6333' } });
    expect(cfg.memory.autoConsolidation).toEqual({ cooldownMinutes: 30 });
    expect(cfg.agent.agents[0].memory.recallBudgetChars).toBe(4000);

    // Out of range and not a number: said next to the field, nothing written.
    await page.getByTestId('memory-qdrant-port').fill('80');
    await expect(page.getByTestId('memory-qdrant-port-error')).toHaveText('The port is between 1,024 and 65,535.');
    await page.getByTestId('memory-qdrant-url').fill('qdrant here');
    await expect(page.getByTestId('memory-qdrant-url-error')).toContainText('Not a web address');
    await box.screenshot({ path: join(SCREENSHOTS, 'memory-cost-settings-errors-light.png') });
    await page.getByTestId('memory-qdrant-url').press('Escape');
    await page.getByTestId('memory-qdrant-port').press('Escape');
    expect(readConfig(server).memory.mem0.qdrantPort).toBe(7000);

    // Emptying a field goes back to the default: the key leaves config.json.
    await fill(page, 'memory-qdrant-url', '');
    await expect.poll(() => readConfig(server).memory.mem0.vectorStore).toBeUndefined();
    await fill(page, 'memory-recall-budget-default', '');
    await expect.poll(() => readConfig(server).agent.agents[0].memory.recallBudgetChars).toBeUndefined();
    await expect(page.getByTestId('memory-recall-budget-default')).toHaveAttribute('placeholder', '8,000');

    await box.screenshot({ path: join(SCREENSHOTS, 'memory-cost-settings-light.png') });
    await expectAxeClean(page, '[data-testid="memory-cost-settings"]');
  } finally {
    await stop();
  }
});

test.describe('screenshots: the cost settings, dark and 900×700', () => {
  async function shoot(browser: Browser, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string) {
    const { server, stop } = await startServer();
    const context = await browser.newContext(opts);
    const page = await context.newPage();
    try {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await openSettings(page, server);
      const box = page.getByTestId('memory-cost-settings');
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `memory-cost-settings-${name}.png`) });
      await expectAxeClean(page, '[data-testid="memory-cost-settings"]');
    } finally {
      await context.close();
      await stop();
    }
  }

  test('dark', async ({ browser }) => {
    await shoot(browser, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
  });

  test('900×700', async ({ browser }) => {
    await shoot(browser, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');
  });
});
