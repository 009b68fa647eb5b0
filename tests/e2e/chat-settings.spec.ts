// Per-chat settings and generated titles (issue 29 §2), as a person uses them: the chat's Session popover
// takes its own instructions, temperature and reply length (by keyboard), each with "Reset to agent
// default"; the next reply goes out with them (the scripted server sees them) and its receipt says what was
// sent and where each value came from; after the first exchange the sidebar shows a generated title.
// Real Chromium against `monad serve` with the scripted model; axe and screenshots in light, dark, 900×700.
import { join } from 'node:path';
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import type { Page } from '@playwright/test';
import type { RecordedRequest } from '../fixtures/scripted-llm';
import { api, ROOT, startServer } from './fixtures';
import { openSettings } from './settings-nav';
import { configureModelViaApi, expect, newSession, openApp, test } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

async function serious(page: Page, selector: string): Promise<string[]> {
  await settleAnimations(page);
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' / ')}`);
}

const isTitleRequest = (req: RecordedRequest) => String(req.body?.messages?.[0]?.content ?? '').startsWith('You name chats');

test.describe('per-chat settings and generated titles', () => {
  test('set in the Session popover, sent with the reply, shown in its receipt; the chat gets a generated title', async ({ page, browser, llm }) => {
    const { server, stop } = await startServer({ env: { MONAD_GENERATED_TITLES: 'on' } });
    try {
      await configureModelViaApi(server, llm);
      // The agent's default temperature, which the chat overrides; its reply length stays the agent's.
      await api(server, 'agents.update', { id: 'default', patch: { chat: { temperature: 1.2 } } });
      llm.setDefault((req) => (isTitleRequest(req) ? { kind: 'json', value: { title: 'Sourdough starter smell' } } : { kind: 'text', text: 'Arr, feed it twice a day.' }));
      await openApp(page, server);
      const sessionId = await newSession(page);

      await page.getByTestId('session-settings').click();
      const panel = page.getByTestId('session-settings-panel');
      await expect(panel).toBeVisible();
      // Labelled fields: reachable by their names, and by keyboard alone.
      const instructions = panel.getByLabel('Instructions', { exact: true });
      await instructions.focus();
      await page.keyboard.type('Answer like a pirate.');
      await page.keyboard.press('Tab'); // leaving the field saves it
      await expect(panel.getByTestId('chat-setting-systemPrompt-reset')).toBeVisible();
      const temperature = panel.getByLabel('Temperature', { exact: true });
      await expect(temperature).toHaveAttribute('placeholder', '1.2'); // the agent's default, shown where nothing is set
      await temperature.focus();
      await page.keyboard.type('3');
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('chat-setting-temperature-error')).toHaveText('Temperature is a number from 0 to 2, such as 0.7.');
      await temperature.fill('0.4');
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('chat-setting-temperature-reset')).toBeVisible();
      await expect(panel.getByTestId('chat-setting-temperature-error')).toHaveCount(0);
      await panel.getByLabel('Maximum reply tokens', { exact: true }).fill('300');
      await page.keyboard.press('Enter');
      await expect(panel.getByTestId('chat-setting-maxOutputTokens-reset')).toBeVisible();
      const stored = await api<{ id: string; settings?: object }[]>(server, 'sessions.list', {});
      expect(stored.find((s) => s.id === sessionId)?.settings).toEqual({ systemPrompt: 'Answer like a pirate.', temperature: 0.4, maxOutputTokens: 300 });
      expect(await serious(page, '[data-testid="session-settings-panel"]')).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'chat-settings-popover-light.png') });
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);

      await page.getByTestId('composer-input').fill('my sourdough starter smells like nail polish remover');
      await page.getByTestId('composer-input').press('Enter');
      const reply = page.locator('[data-testid="message"][data-role="assistant"]');
      await expect(reply).toHaveCount(1);
      await expect(reply).toContainText('Arr, feed it twice a day.');
      const turn = llm.chatRequests().filter((r) => !isTitleRequest(r))[0];
      expect(turn.body.temperature).toBe(0.4);
      expect(turn.body.max_tokens).toBe(300);
      expect(String(turn.body.messages[0].content).endsWith('\nAnswer like a pirate.')).toBe(true);

      // The generated title replaces the first line in the sidebar.
      const item = page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`);
      await expect(item.getByTestId('session-title')).toHaveText('Sourdough starter smell');
      expect(llm.chatRequests().filter(isTitleRequest)).toHaveLength(1);

      // What the model saw: each value with where it came from.
      await reply.getByTestId('reply-memory').click();
      const settings = page.getByTestId('receipt-settings');
      await expect(settings.getByTestId('receipt-setting-temperature')).toContainText('0.4');
      await expect(settings.getByTestId('receipt-setting-temperature')).toContainText('this chat');
      await expect(settings.getByTestId('receipt-setting-maxOutputTokens')).toContainText('300');
      await expect(settings.getByTestId('receipt-setting-contextLength')).toContainText('not sent');
      await expect(settings.getByTestId('receipt-setting-contextLength')).toContainText('model default');
      await expect(settings.getByTestId('receipt-chat-prompt')).toHaveText('Answer like a pirate.');
      await expect(settings.getByTestId('receipt-history')).toHaveText('History: 1 message sent.');
      expect(await serious(page, '[data-testid="receipt-panel"]')).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'chat-settings-receipt-light.png') });
      await page.getByTestId('receipt-close').click();

      // "Reset to agent default": the chat's temperature goes, the agent's applies again.
      await page.getByTestId('session-settings').click();
      await page.getByTestId('chat-setting-temperature-reset').click();
      await expect(page.getByTestId('chat-setting-temperature-reset')).toHaveCount(0);
      await expect(page.getByLabel('Temperature', { exact: true })).toHaveValue('');
      await page.keyboard.press('Escape');
      await page.getByTestId('composer-input').fill('and how warm should it be?');
      await page.getByTestId('composer-input').press('Enter');
      await expect(reply).toHaveCount(2);
      const second = llm.chatRequests().filter((r) => !isTitleRequest(r))[1];
      expect(second.body.temperature).toBe(1.2);
      expect(llm.chatRequests().filter(isTitleRequest)).toHaveLength(1); // named once

      // Dark theme at 900×700: the popover fits and scrolls within the window; the receipt too.
      const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 900, height: 700 } });
      try {
        const p = await dark.newPage();
        await openApp(p, server);
        await p.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`).click();
        await p.getByTestId('session-settings').click();
        const darkPanel = p.getByTestId('session-settings-panel');
        await expect(darkPanel.getByLabel('Instructions', { exact: true })).toHaveValue('Answer like a pirate.');
        const box = (await darkPanel.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(700);
        expect(await serious(p, '[data-testid="session-settings-panel"]')).toEqual([]);
        await p.screenshot({ path: join(SCREENSHOTS, 'chat-settings-popover-dark-900x700.png') });
        await p.keyboard.press('Escape');
        await p.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('reply-memory').click();
        await expect(p.getByTestId('receipt-setting-temperature')).toContainText('agent default');
        expect(await serious(p, '[data-testid="receipt-panel"]')).toEqual([]);
        await p.screenshot({ path: join(SCREENSHOTS, 'chat-settings-receipt-dark-900x700.png') });
      } finally {
        await dark.close();
      }

      // Settings: the agent's chat defaults (the temperature set above shows there, with its reset) and
      // the switch that turns generated titles off.
      await openSettings(page, 'agents');
      const card = page.locator('[data-testid="agent-card"][data-agent-id="default"]');
      await card.getByTestId('agent-chat-defaults').locator('summary').click();
      await expect(card.getByTestId('agent-chat-temperature')).toHaveValue('1.2');
      await card.getByTestId('agent-chat-contextLength').fill('100');
      await card.getByTestId('agent-chat-contextLength').press('Enter');
      await expect(card.getByTestId('agent-chat-contextLength-error')).toHaveText('Context length is a whole number from 1,024 to 10,000,000.');
      await card.getByTestId('agent-chat-contextLength').fill('8192');
      await card.getByTestId('agent-chat-contextLength').press('Enter');
      await expect(card.getByTestId('agent-chat-contextLength-reset')).toHaveText('Reset to model default');
      const agents = await api<{ id: string; chat?: object }[]>(server, 'agents.list');
      expect(agents.find((a) => a.id === 'default')?.chat).toEqual({ temperature: 1.2, contextLength: 8192 });
      expect(await serious(page, '[data-testid="agents-editor"]')).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, 'chat-settings-agent-defaults-light.png') });

      await openSettings(page, 'chats');
      const toggle = page.getByTestId('chat-generate-titles');
      await expect(toggle).toBeChecked();
      await toggle.press('Space');
      await expect(toggle).not.toBeChecked();
      await expect.poll(async () => (await api<{ chat: { generateTitles: boolean } }>(server, 'config.get')).chat.generateTitles).toBe(false);
      expect(await serious(page, '[data-testid="chats-settings"]')).toEqual([]);
    } finally {
      await stop();
    }
  });

  test('the agent’s Memory model picker offers chat models only, and never picks an embedding model listed first', async ({ page, server }) => {
    // An Ollama-like list: embedding models first, as a server lists them alphabetically.
    await api(server, 'providers.save', {
      provider: { id: 'local', kind: 'openai-compatible', name: 'Local', baseURL: 'http://127.0.0.1:9/v1', models: ['bge-m3', 'nomic-embed-text', 'qwen2.5:7b', 'llama3.2:3b'] },
    });
    await openApp(page, server);
    await openSettings(page, 'memory');
    const card = page.locator('[data-testid="memory-agent"][data-agent-id="default"]');
    await card.getByTestId('agent-memory-provider').selectOption('local');
    await expect(card.getByTestId('agent-memory-model')).toHaveValue('qwen2.5:7b');
    await expect.poll(async () => (await api<{ agent: { agents: { id: string; memory: { model?: unknown } }[] } }>(server, 'config.get')).agent.agents[0].memory.model).toEqual({ provider: 'local', model: 'qwen2.5:7b' });
    const listId = await card.getByTestId('agent-memory-model').getAttribute('list');
    const offered = await page.locator(`datalist[id="${listId}"] option`).evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered).toEqual(['qwen2.5:7b', 'llama3.2:3b']);
    expect(await serious(page, '[data-testid="memory-agent"]')).toEqual([]);
  });
});
