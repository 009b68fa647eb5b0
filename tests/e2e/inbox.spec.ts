// The Inbox and freshness (issue 16 §3, §4) in real Chromium against `monad serve` with the scripted
// model: an agent set to "Ask me first" proposes memory writes; the Inbox tab's badge counts them live;
// approve, edit-then-approve and reject work by mouse and by keyboard (j/k, a, r, e, select-all); the
// Markdown file only changes on approval. Then the chat's freshness notice: memory changed mid-session,
// "Use it now" rebuilds the block and "What the model saw" records it. Light, dark and 900×700; axe.
import { expectAxeClean, shootTestId } from './settle';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openSettings } from './settings-nav';
import { dismissToasts } from './toasts';
import { api, ROOT, type MonadServer } from './fixtures';
import { configureModelViaApi, expect, openApp, test } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

test.describe.configure({ timeout: 150_000 });

const globalFile = (server: MonadServer) => {
  const p = join(server.home, 'memory', 'global.md');
  return existsSync(p) ? readFileSync(p, 'utf8') : '';
};

const record = (text: string, id: string) => [
  { kind: 'tool_calls' as const, calls: [{ id, name: 'memory', args: { action: 'record', scope: 'global', text } }] },
  { kind: 'text' as const, text: 'I asked you to confirm that.' },
];

/** chat.send with room for a loaded machine (the shared `api` helper gives up after 5 s). */
async function send(server: MonadServer, sessionId: string, text: string): Promise<void> {
  const res = await fetch(`${server.url}/api/chat.send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, text }),
    signal: AbortSignal.timeout(60_000),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const row = (page: Page, text: string) => page.getByTestId('inbox-item').filter({ has: page.getByTestId('inbox-item-text').getByText(`“${text}”`, { exact: true }) });

test.describe('inbox', () => {
  test('proposals from an "Ask me first" agent: badge, approve, edit then approve, reject, by mouse and keyboard', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    // The setting, in the agent's memory card.
    await openSettings(page, 'memory');
    const mode = page.getByTestId('agent-remember-mode').first();
    await mode.scrollIntoViewIfNeeded();
    await mode.selectOption('ask');
    await expect(page.getByTestId('remember-settings').first()).toContainText('waits in the Inbox for you');
    await page.getByTestId('remember-settings').first().screenshot({ path: join(SCREENSHOTS, 'remember-settings-light.png') });
    await expectAxeClean(page, '[data-testid="remember-settings"]');
    await expect.poll(async () => (await api<{ agent: { agents: { memory: { remember?: string } }[] } }>(server, 'config.get', {})).agent.agents[0].memory.remember).toBe('ask');

    const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Morning' });
    const facts = ['User drinks green tea every morning', 'User has a cat', 'User dislikes olives', 'User cycles to work', 'User reads sci-fi'];
    const said = ['I drink green tea every morning.', 'My cat Miso sleeps all day.', 'Olives are gross.', 'I cycle to work.', 'I read a lot of sci-fi.'];
    for (let i = 0; i < facts.length; i++) {
      llm.enqueue(...record(facts[i], `r${i}`));
      await send(server, session.id, said[i]);
    }
    // The badge counts them, live (no reload).
    await expect(page.getByTestId('inbox-badge')).toHaveText('5');
    expect(globalFile(server)).not.toContain('green tea');

    await page.getByTestId('tab-inbox').click();
    await expect(page.getByTestId('inbox-item')).toHaveCount(5);
    await expect(row(page, facts[0]).getByTestId('inbox-item-quote')).toHaveText('I drink green tea every morning.');

    await page.emulateMedia({ colorScheme: 'light' });
    await shootTestId(page, 'inbox', 'inbox-light.png');
    await expectAxeClean(page, '[data-testid="inbox"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shootTestId(page, 'inbox', 'inbox-dark.png');
    await expectAxeClean(page, '[data-testid="inbox"]');
    await page.emulateMedia({ colorScheme: 'light' });

    // Mouse: approve the first.
    await row(page, facts[0]).getByTestId('inbox-approve').click();
    await expect(page.getByTestId('inbox-item')).toHaveCount(4);
    await expect(page.getByTestId('inbox-badge')).toHaveText('4');
    await expect.poll(() => globalFile(server)).toContain('User drinks green tea every morning');

    // Keyboard: focus the list, move with j, edit with e, save with Ctrl+Enter.
    await page.getByTestId('inbox-item').first().focus();
    await expect(page.getByTestId('inbox-item').first()).toBeFocused();
    await page.keyboard.press('j'); // → "User dislikes olives"
    await page.keyboard.press('k'); // ← back to "User has a cat"
    await page.keyboard.press('e');
    const editor = page.getByTestId('inbox-edit-text');
    await expect(editor).toBeFocused();
    await editor.fill('User has a cat named Miso');
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('inbox-item')).toHaveCount(3);
    await expect.poll(() => globalFile(server)).toContain('User has a cat named Miso');
    expect(globalFile(server)).not.toMatch(/^- User has a cat$/m);

    // r rejects the focused one ("User dislikes olives").
    await page.getByTestId('inbox-item').first().focus();
    await expect(row(page, facts[2])).toBeFocused();
    await page.keyboard.press('r');
    await expect(page.getByTestId('inbox-item')).toHaveCount(2);
    expect(globalFile(server)).not.toContain('olives');

    // Select all (Ctrl+A) and approve the rest in bulk.
    await page.getByTestId('inbox-item').first().focus();
    await page.keyboard.press('Control+a');
    await expect(page.getByTestId('inbox-select-all')).toBeChecked();
    await page.getByTestId('inbox-approve-selected').click();
    await expect(page.getByTestId('inbox-empty')).toBeVisible();
    await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
    await expect.poll(() => globalFile(server)).toContain('User reads sci-fi');

    // A rejected proposal is not proposed again.
    llm.enqueue(...record('User dislikes olives.', 'again'));
    await send(server, session.id, 'Did I mention olives?');
    const list = await api<{ count: number }>(server, 'inbox.list', {});
    expect(list.count).toBe(0);

    await page.setViewportSize({ width: 900, height: 700 });
    llm.enqueue(...record('User lives in Porto', 'small'));
    await send(server, session.id, 'I live in Porto.');
    await expect(page.getByTestId('inbox-item')).toHaveCount(1);
    await shootTestId(page, 'app', 'inbox-900x700.png');
    await expectAxeClean(page, '[data-testid="inbox"]');
  });

  test('freshness: memory changed mid-session is said once; "Use it now" rebuilds the block and is recorded', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    // The banner is the 'ask' setting's (issue 29 §4; quiet, the default, is quiet-memory.spec.ts).
    await api(server, 'config.update', { patch: { memory: { freshness: 'ask' } } });
    const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Cello talk' });
    llm.enqueue({ kind: 'text', text: 'Hello!' });
    await send(server, session.id, 'hi');
    await openApp(page, server);
    await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    await expect(page.getByTestId('freshness-notice')).toHaveCount(0);

    // Memory changes while the chat is open (the Memory tab, another window, the CLI…).
    await api(server, 'facts.add', { scope: 'global', text: 'User plays the cello' });
    const notice = page.getByTestId('freshness-notice');
    await expect(notice).toContainText('Memory changed: applies to new sessions');
    await notice.getByText(/1 change since/).click();
    await expect(notice).toContainText('Added: (you said it) User plays the cello');

    await page.emulateMedia({ colorScheme: 'light' });
    await shootTestId(page, 'chat-pane', 'freshness-light.png');
    await expectAxeClean(page, '[data-testid="freshness-notice"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shootTestId(page, 'chat-pane', 'freshness-dark.png');
    await expectAxeClean(page, '[data-testid="freshness-notice"]');
    await page.emulateMedia({ colorScheme: 'light' });

    // Said once: a reload does not say it again for the same change.
    await page.reload();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
    await expect(page.getByTestId('freshness-notice')).toHaveCount(0);

    // Another change: said again; "Use it now" rebuilds the block.
    await api(server, 'facts.add', { scope: 'global', text: 'User practises on Sundays' });
    await expect(page.getByTestId('freshness-notice')).toBeVisible();
    await page.getByTestId('freshness-use-now').click();
    await expect(page.getByTestId('freshness-notice')).toHaveCount(0);
    const snap = await api<{ block: string; rebuilds: { added: string[] }[] }>(server, 'facts.recall', { sessionId: session.id });
    expect(snap.block).toContain('User plays the cello');
    expect(snap.rebuilds).toHaveLength(1);
    expect(snap.rebuilds[0].added).toEqual(['(you said it) User plays the cello', '(you said it) User practises on Sundays']);

    // The next request sends the new block.
    llm.enqueue({ kind: 'text', text: 'You play the cello.' });
    await send(server, session.id, 'what do I play?');
    const sys = (llm.chatRequests().at(-1)!.body as { messages: { role: string; content: string }[] }).messages[0].content;
    expect(sys).toContain('User practises on Sundays');

    // "What the model saw" shows the rebuild; the Memory tab shows origin classes.
    await page.getByTestId('tab-memory').click();
    await page.getByTestId('memory-view-recall').click();
    await expect(page.getByTestId('recall-rebuild')).toHaveCount(1);
    await expect(page.getByTestId('recall-rebuilds')).toContainText('Added: (you said it) User practises on Sundays');
    await page.setViewportSize({ width: 900, height: 700 });
    await shootTestId(page, 'app', 'recall-rebuilds-900x700.png');

    // Origin classes in the Memory tab: the person's facts say so; the agent's say it inferred them.
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'inf', name: 'memory', args: { action: 'record', scope: 'global', text: 'User owns a bow made of pernambuco' } }] }, { kind: 'text', text: 'Noted.' });
    await send(server, session.id, 'My bow is pernambuco wood.');
    await page.getByTestId('memory-view-facts').click();
    const chip = (text: string) => page.getByTestId('fact').filter({ has: page.getByTestId('fact-text').getByText(text) }).getByTestId('origin-chip');
    await expect(chip('User plays the cello')).toHaveText('you said it');
    await expect(chip('User owns a bow made of pernambuco')).toHaveText('the assistant inferred it');
    await dismissToasts(page);
    await chip('User owns a bow made of pernambuco').scrollIntoViewIfNeeded();
    await shootTestId(page, 'app', 'origin-classes-900x700.png');
    await expectAxeClean(page, '[data-testid="facts-view"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootTestId(page, 'app', 'origin-classes-dark.png');
    await expectAxeClean(page, '[data-testid="facts-view"]');
  });
});
