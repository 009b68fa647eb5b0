// E2E fixture with a model: the scripted OpenAI-wire server (tests/fixtures/scripted-llm) started in the
// Playwright test process beside each test's `monad serve`. Test-only; the app reaches it like any
// OpenAI-compatible endpoint on 127.0.0.1.
import type { Page } from '@playwright/test';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { api, expect, test as base, type MonadServer } from './fixtures';

export const TEST_KEY = 'sk-e2e-monad-0123456789abcdefWXYZ';
export const MODEL = 'gpt-4o-mini';

export const test = base.extend<{ llm: ScriptedLlm }>({
  llm: async ({}, use) => {
    const llm = await startScriptedLlm({ requireKey: TEST_KEY });
    try {
      await use(llm);
    } finally {
      await llm.close();
    }
  },
});

export { expect };

/** Points the server's chat (and memory) role at the scripted server through the contract, as the UI would. */
export async function configureModelViaApi(server: MonadServer, llm: ScriptedLlm, key = TEST_KEY): Promise<void> {
  await api(server, 'providers.save', {
    provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: [MODEL] },
    apiKey: key,
  });
  await api(server, 'config.update', { patch: { models: { roles: { chat: { provider: 'scripted', model: MODEL } } } } });
}

export async function openApp(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
}

/** Creates a session through the sidebar and waits for the chat to show it. */
export async function newSession(page: Page): Promise<string> {
  const items = page.getByTestId('session-item');
  const before = await items.count();
  await page.getByTestId('new-session').click();
  await expect(items).toHaveCount(before + 1);
  const selected = page.locator('[data-testid="session-item"][aria-selected="true"]');
  const id = (await selected.getAttribute('data-session-id'))!;
  await expect(page.getByTestId('chat-pane')).toBeVisible();
  return id;
}
