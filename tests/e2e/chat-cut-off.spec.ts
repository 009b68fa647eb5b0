// Nothing lost, errors in words (issue 29 §3), in the browser against `monad serve` with the scripted
// model: a connection that drops mid-reply keeps the partial reply, marked "The reply was cut off" with
// the reason, and offers Continue and Retry; a provider nobody answers for is named with its address and
// how to start it. Screenshots in light, dark and 900×700; axe on the new part.
import AxeBuilder from './axe';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, ROOT } from './fixtures';
import { configureModelViaApi, expect, newSession, openApp, test } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const PARTIAL = 'Here is the plan. First, preheat the oven to 220 °C. Second, shape the dough into';

async function axe(page: Page, selector: string): Promise<void> {
  // Colours are judged once the box's buttons have finished appearing: mid-transition (a loaded CI
  // machine caught one) axe reads a half-faded colour and reports contrast that no person sees.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
}

function replies(page: Page) {
  return page.locator('[data-testid="message"][data-role="assistant"]');
}

test.describe('nothing lost', () => {
  test('a connection dropped mid-reply keeps the partial reply, says it was cut off, and Continue asks for the rest', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    const sessionId = await newSession(page);

    llm.enqueue({ kind: 'stream_then_drop', text: PARTIAL });
    await send(page, 'How do I bake bread?');
    const reply = replies(page).last();
    const cut = reply.getByTestId('message-cut-off');
    await expect(cut).toBeVisible({ timeout: 20_000 });
    await expect(reply.locator('.msg-content')).toContainText('shape the dough into');
    await expect(cut).toContainText('The reply was cut off');
    await expect(cut).toContainText(`The connection to Scripted at ${new URL(llm.url).host} dropped before the reply was finished`);
    await expect(cut).not.toContainText(/terminated|UND_ERR|finish reason/);
    await expect(reply.getByTestId('message-error')).toHaveCount(0);
    // Stored, so a reload shows the same.
    const stored = await api<{ items: { role: string; content: string; error: string | null }[] }>(server, 'messages.list', { sessionId });
    expect(stored.items.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How do I bake bread?'],
      ['assistant', PARTIAL],
    ]);
    expect(stored.items[1].error).toMatch(/^Cut off: The connection to Scripted/);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-cut-off-light.png') });
    await axe(page, '[data-testid="message-cut-off"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-cut-off-dark.png') });
    await axe(page, '[data-testid="message-cut-off"]');
    await page.setViewportSize({ width: 900, height: 700 });
    await expect(cut.getByTestId('continue')).toBeInViewport();
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-cut-off-900x700.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    // Continue: asked in plain sight, the model gets its own partial reply back and writes the rest.
    llm.enqueue({ kind: 'text', text: 'a round loaf and bake it for 35 minutes.' });
    await cut.getByTestId('continue').click();
    await expect(replies(page).last()).toContainText('bake it for 35 minutes', { timeout: 20_000 });
    const sent = llm.chatRequests().at(-1)!.body.messages as { role: string; content: unknown }[];
    expect(JSON.stringify(sent.filter((m) => m.role === 'assistant'))).toContain('shape the dough into');
    // The cut-off reply stays in the chat, no longer the last one: its Continue and Retry are gone.
    await expect(page.getByTestId('message-cut-off')).toHaveCount(1);
    await expect(page.getByTestId('continue')).toHaveCount(0);
  });

  test('Retry on a cut-off reply replaces it with a full one', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);
    llm.enqueue({ kind: 'stream_then_drop', text: PARTIAL });
    await send(page, 'How do I bake bread?');
    const cut = page.getByTestId('message-cut-off');
    await expect(cut).toBeVisible({ timeout: 20_000 });
    llm.setDefault({ kind: 'text', text: 'Mix, knead, rest, shape, bake.' });
    await cut.getByTestId('retry').click();
    await expect(replies(page).last()).toContainText('Mix, knead, rest, shape, bake.', { timeout: 20_000 });
    await expect(page.getByTestId('message-cut-off')).toHaveCount(0);
  });

  test('an unreachable local server is named with its address and how to start it', async ({ page, server }) => {
    const port = await closedPort();
    await api(server, 'providers.save', { provider: { id: 'ollama', kind: 'openai-compatible', name: 'Ollama', baseURL: `http://127.0.0.1:${port}/v1`, models: ['llama3.2'] }, apiKey: null });
    await api(server, 'config.update', { patch: { models: { roles: { chat: { provider: 'ollama', model: 'llama3.2' } } } } });
    await openApp(page, server);
    await newSession(page);
    await send(page, 'hello');
    const error = replies(page).last().getByTestId('message-error');
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).toContainText(`Could not reach Ollama at 127.0.0.1:${port}: nothing is answering there. Is Ollama running? Start it with \`ollama serve\`.`);
    await expect(page.locator('body')).not.toContainText('ECONNREFUSED');
    await axe(page, '[data-testid="message-error"]');
  });
});

/** A loopback port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
