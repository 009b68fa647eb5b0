// First run (issue 17): the welcome finds a local Ollama (a stand-in on a free port), says how to start
// LM Studio (nothing listens on its port), adds Ollama in one click, picks a chat model for the person,
// and starts a chat. Screenshots in light, dark and 900×700; axe on the welcome in both themes.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import type { Page } from '@playwright/test';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

/** A stand-in for Ollama's /api/tags on 127.0.0.1. */
async function fakeOllama(models: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/api/tags') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ models: models.map((name) => ({ name })) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback port with nothing listening: bound, then released. */
async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

async function serious(page: Page, selector: string): Promise<string[]> {
  await settleAnimations(page);
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' / ')}`);
}

async function open(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
}

test.describe('first run', () => {
  test('finds Ollama, says how to start LM Studio, adds Ollama, picks a chat model and starts a chat', async ({ page, browser }) => {
    const ollama = await fakeOllama(['nomic-embed-text:latest', 'llama3.2:3b', 'qwen2.5:7b']);
    const lmstudio = await closedPort();
    const { server, stop } = await startServer({ env: { MONAD_OLLAMA_URL: ollama.url, MONAD_LMSTUDIO_URL: lmstudio } });
    try {
      await open(page, server);
      const welcome = page.getByTestId('welcome');
      await expect(welcome).toBeVisible();
      const found = welcome.locator('[data-testid="welcome-server"][data-kind="ollama"]');
      await expect(found).toHaveAttribute('data-available', 'true');
      await expect(found).toContainText('3 models');
      const missing = welcome.locator('[data-testid="welcome-server"][data-kind="lmstudio"]');
      await expect(missing).toHaveAttribute('data-available', 'false');
      await expect(missing).toContainText('start its local server');
      await expect(welcome.getByTestId('welcome-add-provider')).toBeVisible();
      expect(await serious(page, '[data-testid="welcome"]')).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'first-run-light.png') });

      await found.getByTestId('welcome-add-server').click();
      // The chat model is picked for the person: the first model that can chat (not the embedding one).
      await expect(welcome.getByTestId('welcome-chat-model')).toContainText('llama3.2:3b');
      await expect(welcome.getByTestId('welcome-step-model')).toHaveAttribute('data-done', 'true');
      const config = await api<{ models: { providers: { id: string; baseURL: string; models: string[] }[]; roles: { chat?: unknown } } }>(server, 'config.get');
      expect(config.models.providers).toEqual([expect.objectContaining({ id: 'ollama', baseURL: `${ollama.url}/v1`, models: ['llama3.2:3b', 'nomic-embed-text:latest', 'qwen2.5:7b'] })]);
      expect(config.models.roles.chat).toEqual({ provider: 'ollama', model: 'llama3.2:3b' });

      // Dark theme and a small window: the same screen, still readable.
      const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 900, height: 700 } });
      try {
        const darkPage = await dark.newPage();
        await open(darkPage, server);
        await expect(darkPage.getByTestId('welcome-chat-model')).toContainText('llama3.2:3b');
        expect(await serious(darkPage, '[data-testid="welcome"]')).toEqual([]);
        await darkPage.screenshot({ path: join(SCREENSHOTS, 'first-run-dark-900x700.png') });
      } finally {
        await dark.close();
      }

      await welcome.getByTestId('welcome-new-chat').click();
      await expect(page.getByTestId('chat-pane')).toBeVisible();
      await expect(page.getByTestId('session-item')).toHaveCount(1);
    } finally {
      await stop();
      await ollama.close();
    }
  });

  test('an unreachable local provider says how to start it', async ({ server }) => {
    const url = await closedPort();
    // A provider saved at Ollama's usual port while nothing answers there: the test names the command.
    const r = await api<{ ok: boolean; error: string }>(server, 'providers.test', {
      provider: { id: 'ollama', kind: 'openai-compatible', name: 'Ollama', baseURL: 'http://127.0.0.1:11434/v1', models: [] },
    });
    test.skip(r.ok, 'something answers on 127.0.0.1:11434 on this machine');
    expect(r.error).toContain('ollama serve');
    const other = await api<{ ok: boolean; error: string }>(server, 'providers.test', {
      provider: { id: 'box', kind: 'openai-compatible', name: 'Box', baseURL: `${url}/v1`, models: [] },
    });
    expect(other.ok).toBe(false);
    expect(other.error).not.toContain('ollama serve');
  });
});
