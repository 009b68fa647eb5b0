// Chat and shell behaviour people rely on in every chat app (issue 17, bugs 1–3, 5, 6): following new
// messages, never losing typed text, opening a chat from any tab, Stop before the first token, and
// toasts that stay clear of the composer. Real Chromium against `monad serve` with the scripted model.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { openSettings } from './settings-nav';
import { api, overlaps, ROOT, startServer } from './fixtures';
import { configureModelViaApi, expect, newSession, openApp, test } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

function composer(page: Page) {
  return page.getByTestId('composer-input');
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

function replies(page: Page) {
  return page.locator('[data-testid="message"][data-role="assistant"]');
}

/** A reply long enough that a few of them overflow the window. */
function longReply(n: number): string {
  return [`Answer ${n}.`, ...Array.from({ length: 6 }, (_, i) => `Line ${i + 1} of answer ${n}, with enough words to take some room.`)].join('\n\n');
}

/** True when the list is scrolled to (within a few px of) its end. */
async function atBottom(list: Locator): Promise<boolean> {
  return list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 8);
}

test.describe('chat ux', () => {
  test('fast replies: the chat follows the bottom on every exchange; scrolled up, new messages wait behind "Jump to latest" with a count', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);
    const list = page.getByTestId('message-list');

    // The model answers at once, many times in a row: every reply and every sent message must be in view.
    for (let n = 1; n <= 10; n++) {
      llm.enqueue({ kind: 'text', text: longReply(n), chunks: 2 });
      await send(page, `Quick question ${n}`);
      await expect(replies(page).filter({ hasText: `Answer ${n}.` })).toHaveCount(1);
      await expect(replies(page).last()).toContainText(`Line 6 of answer ${n}`);
      await expect.poll(() => atBottom(list), { message: `after exchange ${n} the list follows the bottom` }).toBe(true);
      await expect(page.getByTestId('jump-to-latest')).toHaveCount(0);
    }

    // Scrolled up to read, a reply still being written does not pull the view down: a button says how
    // many are new (the reply streams, then stalls, so it is still arriving whatever the machine's speed).
    llm.enqueue({ kind: 'stream_then_hang', text: `${longReply(11)}\n\nand more` });
    await send(page, 'Quick question 11');
    await expect(page.getByTestId('message-live')).toContainText('Line 6 of answer 11');
    await list.hover();
    await page.mouse.wheel(0, -2500);
    await expect.poll(() => atBottom(list)).toBe(false);
    const jump = page.getByTestId('jump-to-latest');
    await expect(jump).toBeVisible();
    await expect(jump).toContainText('Jump to latest');
    await expect(jump).toContainText('1 new');
    expect(await atBottom(list)).toBe(false);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-jump-to-latest-light.png') });
    await jump.click();
    await expect(jump).toHaveCount(0);
    await expect(page.getByTestId('message-live')).toBeInViewport();
    await page.getByTestId('stop').click();
    await expect(replies(page).last().getByTestId('message-stopped')).toBeInViewport();

    // Scrolled up again, sending always brings the sent message into view.
    await list.hover();
    await page.mouse.wheel(0, -3000);
    await expect.poll(() => atBottom(list)).toBe(false);
    llm.enqueue({ kind: 'text', text: 'Short one.' });
    await send(page, 'Quick question 12');
    await expect(replies(page).last()).toContainText('Short one.');
    await expect(page.locator('[data-testid="message"][data-role="user"]').last()).toBeInViewport();
    await expect(jump).toHaveCount(0);
  });

  test('a message sent while the server is unreachable stays in the composer, and the chat says the connection is down', async ({ page }) => {
    const home = mkdtempSync(join(tmpdir(), 'monad-e2e-'));
    const { server, stop } = await startServer({ home });
    try {
      await openApp(page, server);
      await newSession(page);
      await stop();
      await send(page, 'Please keep this text');
      await expect(composer(page)).toHaveValue('Please keep this text');
      await expect(page.getByTestId('composer-not-sent')).toContainText(/not sent/i);
      await expect(page.getByTestId('composer-not-sent')).toContainText(/connection/i);
      await expect(page.getByTestId('link-banner')).toBeVisible();
      await expect(page.getByTestId('message')).toHaveCount(0);
      // No toast speaks in codes, and none about loading messages.
      await expect(page.getByTestId('toast').filter({ hasText: 'INTERNAL' })).toHaveCount(0);
      await expect(page.getByTestId('toast').filter({ hasText: 'Could not load messages' })).toHaveCount(0);
      // Typing again clears the note; the text is the person's to send when the server is back.
      await composer(page).press('End');
      await composer(page).type('!');
      await expect(composer(page)).toHaveValue('Please keep this text!');
    } finally {
      await stop();
      rmSync(home, { recursive: true, force: true });
    }
  });

  test('clicking a chat in the sidebar opens it from Memory, Graph, Laws and Settings', async ({ page, server }) => {
    await openApp(page, server);
    const first = await newSession(page);
    const second = await newSession(page);
    for (const tab of ['memory', 'graph', 'laws', 'settings'] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
      const target = tab === 'graph' || tab === 'settings' ? first : second;
      await page.locator(`[data-testid="session-item"][data-session-id="${target}"]`).click();
      await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('chat-pane')).toBeVisible();
      await expect(page.locator(`[data-testid="session-item"][data-session-id="${target}"]`)).toHaveAttribute('aria-selected', 'true');
    }
  });

  test('a chat open last time reopens at its newest message on reload, without the welcome flashing first', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);
    for (let i = 1; i <= 3; i++) {
      llm.enqueue({ kind: 'text', text: `${longReply(6)}\n\nReply number ${i}.` });
      await send(page, `Question number ${i}`);
      await expect(replies(page).last()).toContainText(`Reply number ${i}.`);
    }
    // Record whether the welcome is ever put on screen while the app starts again.
    await page.addInitScript(() => {
      const w = window as unknown as { __welcomeSeen: boolean };
      w.__welcomeSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="welcome"]')) w.__welcomeSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    const list = page.getByTestId('message-list');
    await expect(list).toHaveAttribute('data-state', 'ready');
    await expect(replies(page).last()).toContainText('Reply number 3.');
    await expect(replies(page).last()).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as { __welcomeSeen: boolean }).__welcomeSeen)).toBe(false);
    await expect(page.getByTestId('chat-pane').locator('.chat-header h1, .chat-header h2').first()).toBeVisible();
  });

  test('a reload while a reply is being written shows it again, still arriving, with Stop', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);
    llm.enqueue({ kind: 'stream_then_hang', text: `${longReply(4)}\n\nand more` });
    await send(page, 'Tell me a long story');
    await expect(page.getByTestId('message-live')).toContainText('Line 4 of answer 4');
    await page.reload();
    // The engine is still writing the reply: the new page shows what has arrived, and that it is running.
    await expect(page.getByTestId('message-list')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('message-live')).toContainText('Line 4 of answer 4');
    await expect(page.getByTestId('stop')).toBeVisible();
    await page.getByTestId('stop').click();
    await expect(replies(page).last().getByTestId('message-stopped')).toBeVisible();
    await expect(page.getByTestId('message-live')).toHaveCount(0);
    await expect(page.getByTestId('stop')).toHaveCount(0);
  });

  test('Stop before the first token leaves "Stopped" with Retry, and Retry answers', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    const sessionId = await newSession(page);

    llm.enqueue({ kind: 'hang' });
    const before = llm.chatRequests().length;
    await send(page, 'Think before you answer');
    await expect(page.getByTestId('message-thinking')).toBeVisible();
    // Stop once the request is with the model (it hangs there). Stopping earlier also works, but then the
    // queued hang would be left for the Retry below to pick up.
    await expect.poll(() => llm.chatRequests().length).toBeGreaterThan(before);
    await page.getByTestId('stop').click();
    const stopped = replies(page).last();
    await expect(stopped.getByTestId('message-stopped')).toBeVisible();
    await expect(page.getByTestId('stop')).toHaveCount(0);
    // Stored, so it is still there after a reload.
    const stored = await api<{ items: { role: string; error: string | null }[] }>(server, 'messages.list', { sessionId });
    expect(stored.items.map((m) => [m.role, m.error])).toEqual([
      ['user', null],
      ['assistant', 'Stopped'],
    ]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-stopped-empty-light.png') });

    // Any request from here on gets this answer (a busy machine may add a provider retry).
    llm.setDefault({ kind: 'text', text: 'Here is the answer after all.' });
    await stopped.getByTestId('retry').click();
    await expect(replies(page).last()).toContainText('Here is the answer after all.', { timeout: 20_000 });
    await expect(page.getByTestId('message-stopped')).toHaveCount(0);
    await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(1);

    // After partial text the same Retry is offered.
    llm.enqueue({ kind: 'stream_then_hang', text: 'Half of an' });
    await send(page, 'Another one');
    await expect(page.getByTestId('message-live')).toContainText('Half of an');
    await page.getByTestId('stop').click();
    await expect(replies(page).last().getByTestId('message-stopped')).toBeVisible();
    await expect(replies(page).last().getByTestId('retry')).toBeVisible();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 900, height: 700 },
  ]) {
    test(`toasts never cover the composer or its Send button (${viewport.width}×${viewport.height})`, async ({ page, server }) => {
      await page.setViewportSize(viewport);
      await openApp(page, server);
      await newSession(page);
      // Each rename is refused (as the engine refuses a title it cannot take): each refusal is a toast.
      let n = 0;
      await page.route('**/api/sessions.rename', (route) =>
        route.fulfill({ json: { ok: false, error: { code: 'NOT_FOUND', message: `That chat no longer exists (attempt ${++n}).` } } }),
      );
      for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) {
        await page.getByTestId('chat-title').click();
        await page.getByTestId('chat-title-input').fill(title);
        await page.getByTestId('chat-title-input').press('Enter');
      }
      const toasts = page.getByTestId('toast');
      await expect(toasts).toHaveCount(5);
      await composer(page).fill('still reachable');
      const boxes = [await page.getByTestId('composer').boundingBox(), await page.getByTestId('send').boundingBox()];
      for (let i = 0; i < (await toasts.count()); i++) {
        const t = await toasts.nth(i).boundingBox();
        for (const b of boxes) expect(overlaps(t!, b!), `toast ${i} overlaps the composer`).toBe(false);
      }
      // The Send button takes a click while the toasts are up.
      await page.getByTestId('send').click({ trial: true, timeout: 2_000 });
      // Words, not codes: the code is folded behind "Details".
      expect(await toasts.first().innerText()).not.toContain('NOT_FOUND');
      await expect(toasts.first().getByTestId('error-code')).not.toHaveAttribute('open');
      await toasts.first().getByText('Details').click();
      expect(await toasts.first().innerText()).toContain('NOT_FOUND');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `chat-toasts-${viewport.width}x${viewport.height}-light.png`) });
    });
  }
});

test.describe('model roles', () => {
  test('choosing a provider for the Chat role saves only the model the person then picks, never the provider\'s first model', async ({ page, server, llm }) => {
    // An OpenAI-type provider whose list happens to start with another kind's model.
    await api(server, 'providers.save', {
      provider: { id: 'mixed', kind: 'openai', name: 'Mixed list', baseURL: `${llm.url}/v1`, models: ['claude-sonnet-4-5', 'gpt-4o-mini'] },
      apiKey: 'sk-e2e-monad-0123456789abcdefWXYZ',
    });
    const updates: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/config.update')) updates.push(r.postData() ?? '');
    });
    await openApp(page, server);
    await openSettings(page, 'models');
    await page.getByTestId('role-chat-provider').selectOption('mixed');
    await expect(page.getByTestId('role-chat-model')).toHaveValue('');
    await expect(page.getByTestId('role-chat-model')).toBeFocused();
    await page.getByTestId('role-chat-model').pressSequentially('gpt-4o-mini');
    await page.getByTestId('role-chat-model').press('Enter');
    await expect(page.getByTestId('role-chat-saved')).toBeVisible();
    const config = await api<{ models: { roles: { chat?: unknown } } }>(server, 'config.get');
    expect(config.models.roles.chat).toEqual({ provider: 'mixed', model: 'gpt-4o-mini' });
    // One save, with the person's model: nothing was saved when the provider alone was chosen.
    expect(updates).toHaveLength(1);
    expect(updates[0]).toContain('gpt-4o-mini');
    expect(updates[0]).not.toContain('claude');
    await expect(page.getByTestId('role-chat-model')).toHaveValue('gpt-4o-mini');
  });
});
