// Quieter memory (issue 29 §4) in real Chromium against `monad serve` with the scripted model. By default
// a "remember" mid-chat shows the inline "Remembered" line and no banner; "Use it now" is offered in the
// reply's receipt and the chat's Session menu, and rebuilds this chat's block. Settings → Memory chooses
// "Ask me" (the banner) or "Automatically" (the next reply sends memory as it is; the text says it costs
// the prompt cache). A write waiting in the Inbox shows as pending in the tool chip and the receipt,
// never as saved. Light, dark and 900×700; axe.
import { bothThemes, nextFrames } from './settle';

import type { Page } from '@playwright/test';
import { openSettings } from './settings-nav';
import { api, type MonadServer } from './fixtures';
import { configureModelViaApi, expect, openApp, test } from './llm-fixture';
import type { ScriptedLlm } from '../fixtures/scripted-llm';


test.describe.configure({ timeout: 150_000 });

const record = (text: string, id: string) => [
  { kind: 'tool_calls' as const, calls: [{ id, name: 'memory', args: { action: 'record', scope: 'global', text } }] },
  { kind: 'text' as const, text: 'Noted.' },
];

const lastSystem = (llm: ScriptedLlm) =>
  (llm.chatRequests().at(-1)!.body as { messages: { role: string; content: string }[] }).messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');

/** Types a message in the composer and waits for the reply (ending with `answer`) to finish. */
async function say(page: Page, text: string, answer: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(answer, { timeout: 30_000 });
  await expect(page.getByTestId('stop')).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Runs `change` and waits until the open chat has asked the engine about freshness and been told of
 * `line` (what the banner would show), then two frames so React has drawn whatever that answer makes it
 * draw. A "no banner" check after this is a check of the decision, not of a fixed wait that may be too
 * short on a busy machine and is too long on a quiet one.
 */
async function freshnessToldOf(page: Page, line: string, change: () => Promise<unknown>): Promise<void> {
  const told = page.waitForResponse(async (r) => {
    if (!r.url().endsWith('/api/recall.freshness')) return false;
    const body = (await r.json()) as { ok: boolean; data?: { added: string[] } };
    return !!body.data?.added.some((a) => a.includes(line));
  });
  await change();
  await told;
  await nextFrames(page);
}

async function openChat(page: Page, server: MonadServer, title: string): Promise<string> {
  const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title });
  await openApp(page, server);
  await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
  await expect(page.getByTestId('chat-pane')).toBeVisible();
  return session.id;
}

test.describe('quiet memory', () => {
  test('quiet by default: "Remembered" and no banner; "Use it now" in the receipt and the Session menu', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    const sessionId = await openChat(page, server, 'Cello talk');
    llm.enqueue({ kind: 'text', text: 'Hello!' });
    await say(page, 'hi', 'Hello!');
    const first = await api<{ block: string }>(server, 'facts.recall', { sessionId });

    llm.enqueue(...record('User plays the cello', 'c1'));
    await say(page, 'I play the cello.', 'Noted.');
    const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
    await expect(reply.getByTestId('memory-change').first()).toContainText('Remembered');
    await expect(page.getByTestId('tool-state').last()).toHaveText(/saved/);
    // No banner, now or after more events.
    await freshnessToldOf(page, 'User practises on Sundays', () => api(server, 'facts.add', { scope: 'global', text: 'User practises on Sundays' }));
    await expect(page.getByTestId('toasts')).not.toContainText('Memory changed');
    await expect(page.getByTestId('freshness-notice')).toHaveCount(0);
    // The block is still the frozen one.
    expect((await api<{ block: string }>(server, 'facts.recall', { sessionId })).block).toBe(first.block);

    // The receipt offers it.
    await reply.getByTestId('reply-memory').click();
    const offer = page.getByTestId('receipt-use-it-now');
    await expect(offer).toContainText('2 changes');
    await page.setViewportSize({ width: 900, height: 700 });
    await bothThemes(page, 'receipt-panel', 'quiet-receipt');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('receipt-close').click();

    // So does the Session menu; using it there rebuilds the block, and both offers go.
    await page.getByTestId('session-settings').click();
    const menu = page.getByTestId('session-use-it-now');
    await expect(menu).toContainText('2 changes');
    await bothThemes(page, 'session-settings-panel', 'quiet-session-menu');
    await page.getByTestId('session-use-it-now-button').click();
    await expect(page.getByTestId('session-use-it-now-current')).toHaveText('This chat uses memory as it is now.');
    const snap = await api<{ block: string; rebuilds: { added: string[] }[] }>(server, 'facts.recall', { sessionId });
    expect(snap.block).toContain('User practises on Sundays');
    expect(snap.rebuilds).toHaveLength(1);
    await page.keyboard.press('Escape');
    await reply.getByTestId('reply-memory').click();
    await expect(page.getByTestId('receipt-frozen')).toBeVisible();
    await expect(page.getByTestId('receipt-use-it-now')).toHaveCount(0);
    await page.getByTestId('receipt-close').click();

    llm.enqueue({ kind: 'text', text: 'On Sundays.' });
    await say(page, 'when do I practise?', 'On Sundays.');
    expect(lastSystem(llm)).toContain('User practises on Sundays');
  });

  test('Settings → Memory: "Automatically" sends memory as it is at the next reply, and says what it costs; "Ask me" brings the banner back', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await openSettings(page, 'memory');
    const picker = page.getByTestId('memory-freshness');
    await picker.scrollIntoViewIfNeeded();
    await expect(page.getByTestId('memory-freshness-quiet')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('memory-freshness-automatic').click();
    await expect(page.getByTestId('memory-freshness-automatic')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('memory-freshness-text')).toContainText('prompt cache');
    const config = await api<{ memory: { freshness: string } }>(server, 'config.get');
    expect(config.memory.freshness).toBe('automatic');
    const row = page.locator('.memory-global-row').filter({ has: picker });
    await page.setViewportSize({ width: 900, height: 700 });
    await row.evaluate((el) => el.setAttribute('data-testid', 'memory-freshness-row'));
    await bothThemes(page, 'memory-freshness-row', 'quiet-setting');
    await page.setViewportSize({ width: 1280, height: 800 });

    const sessionId = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Tea' }).then((s) => s.id);
    await page.getByTestId('tab-chat').click();
    await page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`).click();
    llm.enqueue({ kind: 'text', text: 'Hello!' });
    await say(page, 'hi', 'Hello!');
    await freshnessToldOf(page, 'User drinks oolong', () => api(server, 'facts.add', { scope: 'global', text: 'User drinks oolong' }));
    await expect(page.getByTestId('freshness-notice')).toHaveCount(0);
    llm.enqueue({ kind: 'text', text: 'Oolong.' });
    await say(page, 'what do I drink?', 'Oolong.');
    expect(lastSystem(llm)).toContain('User drinks oolong');
    const snap = await api<{ rebuilds: { added: string[] }[] }>(server, 'facts.recall', { sessionId });
    expect(snap.rebuilds.map((r) => r.added)).toEqual([['(you said it) User drinks oolong']]);

    // "Ask me": the banner.
    await openSettings(page, 'memory');
    await page.getByTestId('memory-freshness-ask').click();
    await expect(page.getByTestId('memory-freshness-ask')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('tab-chat').click();
    await api(server, 'facts.add', { scope: 'global', text: 'User drinks it without sugar' });
    await expect(page.getByTestId('freshness-notice')).toContainText('Memory changed');
  });

  test('a write waiting in the Inbox shows as pending in the tool chip and the receipt, never as saved', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await api(server, 'agents.update', { id: 'default', patch: { memory: { remember: 'ask' } } });
    await openChat(page, server, 'Tea');
    llm.enqueue(...record('User drinks green tea', 'p1'));
    await say(page, 'I drink green tea.', 'Noted.');
    const reply = page.locator('[data-testid="message"][data-role="assistant"]').last();
    await expect(page.getByTestId('tool-state').last()).toHaveText(/pending approval/);
    await expect(page.getByTestId('tool-state').last()).not.toHaveText(/saved/);
    await expect(reply).not.toContainText('Remembered');
    await page.waitForTimeout(500);
    await expect(page.getByTestId('freshness-notice')).toHaveCount(0);
    {
      await reply.getByTestId('reply-memory').click();
      await expect(page.getByTestId('receipt-body')).toHaveAttribute('data-state', 'ready');
      await expect(page.getByTestId('receipt-body')).not.toContainText('Remembered');
      // Nothing was saved, so there is nothing to use now.
      await expect(page.getByTestId('receipt-use-it-now')).toHaveCount(0);
      await page.getByTestId('receipt-close').click();
    }
  });
});
