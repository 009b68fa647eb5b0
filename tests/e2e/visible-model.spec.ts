// A visible model (issue 29 §2, §5): the welcome leads a person who has a provider but no chat model to
// choosing one (chat models only, never the embedding model the provider also lists), "Add a provider"
// opens the provider form, and each reply names the model that wrote it — kept when the chat switches
// model and after a reload. Real Chromium against `monad serve` with the scripted model; axe and
// screenshots in light, dark and 900×700.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import type { Browser, Page } from '@playwright/test';
import { api, ROOT, startServer, type MonadServer } from './fixtures';
import { expect, newSession, openApp, test, TEST_KEY } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

/** A loopback port with nothing listening: no local Ollama or LM Studio for the welcome to find. */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function noLocalServers(): Promise<Record<string, string>> {
  return { MONAD_OLLAMA_URL: await closedPort(), MONAD_LMSTUDIO_URL: await closedPort() };
}

async function serious(page: Page, selector: string): Promise<string[]> {
  await settleAnimations(page);
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' / ')}`);
}

/** The same screen in the dark theme at 900×700: axe-clean and photographed. */
async function darkSmall(browser: Browser, server: MonadServer, name: string, ready: (page: Page) => Promise<void>, selector: string): Promise<void> {
  const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 900, height: 700 } });
  try {
    const page = await dark.newPage();
    await openApp(page, server);
    await ready(page);
    expect(await serious(page, selector)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-dark-900x700.png`) });
  } finally {
    await dark.close();
  }
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
}

const replies = (page: Page) => page.locator('[data-testid="message"][data-role="assistant"]');

test.describe('a visible model', () => {
  test('welcome: a provider without a chat model leads to choosing one (chat models only); replies name their model', async ({ page, browser, llm }) => {
    const { server, stop } = await startServer({ env: await noLocalServers() });
    try {
      // A provider that lists an embedding model first, and no chat model chosen.
      await api(server, 'providers.save', {
        provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: ['gpt-4.1', 'gpt-4o-mini', 'text-embedding-3-small'] },
        apiKey: TEST_KEY,
      });
      await openApp(page, server);
      const welcome = page.getByTestId('welcome');
      const choose = welcome.getByTestId('welcome-choose-model');
      await expect(choose).toContainText('Scripted is connected. Choose the model your chats use.');
      // Not "Ollama was not found … Add a provider" again: that step is behind the person.
      await expect(welcome.getByTestId('welcome-server')).toHaveCount(0);
      await expect(welcome.getByTestId('welcome-detect-again')).toHaveCount(0);
      const select = welcome.getByTestId('welcome-choose-chat-model');
      await expect(select.locator('option')).toHaveText(['Choose a model…', 'gpt-4.1', 'gpt-4o-mini']);
      expect(await serious(page, '[data-testid="welcome"]')).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'visible-model-welcome-light.png') });
      await darkSmall(browser, server, 'visible-model-welcome', (p) => expect(p.getByTestId('welcome-choose-chat-model')).toBeVisible(), '[data-testid="welcome"]');

      await select.selectOption({ label: 'gpt-4o-mini' });
      await expect(welcome.getByTestId('welcome-chat-model')).toContainText('gpt-4o-mini');
      await expect(welcome.getByTestId('welcome-step-model')).toHaveAttribute('data-done', 'true');
      const config = await api<{ models: { roles: { chat?: unknown } } }>(server, 'config.get');
      expect(config.models.roles.chat).toEqual({ provider: 'scripted', model: 'gpt-4o-mini' });

      // The chat's model picker offers chat models only.
      await welcome.getByTestId('welcome-new-chat').click();
      const picker = page.getByTestId('chat-model-picker');
      await expect(picker.locator('optgroup option')).toHaveText(['gpt-4.1', 'gpt-4o-mini']);

      // Each reply names its model, from the engine: switching the chat's model does not rewrite the first.
      llm.enqueue({ kind: 'text', text: 'Hello from mini.' }, { kind: 'text', text: 'Hello from 4.1.' });
      await send(page, 'hello');
      await expect(replies(page)).toHaveCount(1);
      await expect(replies(page).getByTestId('message-model')).toHaveText('Scripted · gpt-4o-mini');
      await picker.selectOption({ label: 'gpt-4.1' });
      await expect(picker.locator('option:checked')).toHaveText('gpt-4.1');
      await send(page, 'and now?');
      await expect(replies(page)).toHaveCount(2);
      await expect(replies(page).getByTestId('message-model')).toHaveText(['Scripted · gpt-4o-mini', 'Scripted · gpt-4.1']);
      expect(llm.chatRequests().map((r) => r.body.model)).toEqual(['gpt-4o-mini', 'gpt-4.1']);
      await page.reload();
      await expect(replies(page).getByTestId('message-model')).toHaveText(['Scripted · gpt-4o-mini', 'Scripted · gpt-4.1']);
      expect(await serious(page, '[data-testid="chat-pane"]')).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'visible-model-chat-light.png') });
      await darkSmall(
        browser,
        server,
        'visible-model-chat',
        async (p) => {
          await p.locator('[data-testid="session-item"]').first().click();
          await expect(p.locator('[data-testid="message"][data-role="assistant"]').getByTestId('message-model')).toHaveCount(2);
        },
        '[data-testid="chat-pane"]',
      );
    } finally {
      await stop();
    }
  });

  test('"Add a provider" opens the provider form, ready to fill', async ({ page }) => {
    const { server, stop } = await startServer({ env: await noLocalServers() });
    try {
      await openApp(page, server);
      await page.getByTestId('welcome-add-provider').click();
      await expect(page.getByTestId('tab-settings')).toHaveAttribute('aria-selected', 'true');
      const form = page.getByTestId('provider-form');
      await expect(form).toBeVisible();
      await expect(form).toBeInViewport();
      await expect(page.getByTestId('provider-kind')).toBeFocused();
    } finally {
      await stop();
    }
  });
});
