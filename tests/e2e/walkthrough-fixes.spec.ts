// The rest of issue 29 §5's walkthrough, in real Chromium against `monad serve` with the scripted model:
// each bug a person met, asserted on what they see. A role's half-made choice survives leaving Settings;
// an old "no longer here" notice and highlight do not come back; toasts and banners cover nothing; the
// Inbox's keys work without clicking into the list; a fact's edit and forget are visible buttons; focus
// on the sidebar search does not open its popover; focus rings show where the keyboard is. Light, dark
// and 900×700; axe.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openSettings } from './settings-nav';
import { api, ROOT } from './fixtures';
import { configureModelViaApi, expect, openApp, test } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

test.describe.configure({ timeout: 150_000 });

async function axe(page: Page, selector: string): Promise<void> {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, testId: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.getByTestId(testId).screenshot({ path: join(SCREENSHOTS, name) });
}

/** Looks in light and dark (axe in both) at one part of the page. */
async function bothThemes(page: Page, testId: string, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await shoot(page, testId, `${name}-${scheme}.png`);
    await axe(page, `[data-testid="${testId}"]`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('walkthrough fixes', () => {
  test('a Chat provider chosen without a model is kept as a draft across tabs, said not to be saved, and the role in force is untouched', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await api(server, 'providers.save', { provider: { id: 'other', kind: 'openai', name: 'Other box', baseURL: `${llm.url}/v1`, models: [] } });
    await openApp(page, server);
    await page.setViewportSize({ width: 900, height: 700 });
    await openSettings(page, 'models');
    await page.getByTestId('role-chat-provider').selectOption('other');
    await expect(page.getByTestId('role-chat-model')).toHaveValue('');
    const note = page.getByTestId('role-chat-draft');
    await expect(note).toContainText('Not saved yet');
    await expect(note).toContainText('scripted · gpt-4o-mini stays in use');
    await bothThemes(page, 'role-chat', 'role-draft');

    // Away (the Chat tab, another Settings section) and back: the draft is where it was.
    await page.getByTestId('tab-chat').click();
    await openSettings(page, 'memory');
    await openSettings(page, 'models');
    await expect(page.getByTestId('role-chat-provider')).toHaveValue('other');
    await expect(page.getByTestId('role-chat-draft')).toBeVisible();
    let config = await api<{ models: { roles: { chat?: { provider: string; model: string } } } }>(server, 'config.get');
    expect(config.models.roles.chat).toEqual({ provider: 'scripted', model: 'gpt-4o-mini' });

    // Completing it saves it, and the note goes.
    await page.getByTestId('role-chat-model').fill('other-model');
    await page.getByTestId('role-chat-model').press('Enter');
    await expect(page.getByTestId('role-chat-saved')).toBeVisible();
    await expect(page.getByTestId('role-chat-draft')).toHaveCount(0);
    config = await api(server, 'config.get');
    expect(config.models.roles.chat).toEqual({ provider: 'other', model: 'other-model' });

    // A draft put back to the provider in force is no draft: its model comes back with it.
    await page.getByTestId('role-chat-provider').selectOption('scripted');
    await expect(page.getByTestId('role-chat-draft')).toBeVisible();
    await page.getByTestId('role-chat-provider').selectOption('other');
    await expect(page.getByTestId('role-chat-model')).toHaveValue('other-model');
    await expect(page.getByTestId('role-chat-draft')).toHaveCount(0);
  });
});
