// A chat open on screen shows messages another device wrote (issue 30), in real Chromium against `monad serve`:
// a relay started by the CLI on a free loopback port, the served home paired (and given the chat) by
// `monad sync now --relay --space` before it starts, so the server runs a live sync. Another home (an engine
// opened in this process, as a second device would write) adds messages to the chat and pushes them with the
// CLI. With no action here they appear in the open chat, in place and in order, the page never reloaded, the
// composer's draft kept; while the person reads older messages the view stays where it is and "Jump to
// latest" counts them. Light, dark and 900×700 screenshots; axe on the chat.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { ROOT, expect, startServer, test, type MonadServer } from './fixtures';
import { cli, startCliRelay, type CliRelay } from './cli-relay';
import { expectAxeClean } from './settle';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SPACE = 'e2e-chat-redraw';
const DRAFT = 'Should I add a super before the lime flow';

test.describe.configure({ timeout: 180_000 });

/** The other device: writes into its home as its own app would, then pushes with `monad sync now`. */
function onOtherDevice(home: string, relay: string, write: (engine: Engine) => void): void {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    write(engine);
  } finally {
    engine.close();
  }
  const pushed = cli(['sync', 'now', '--home', home, '--relay', relay, '--space', SPACE]);
  expect(pushed.code, pushed.stderr).toBe(0);
}

async function openChat(page: Page, server: MonadServer, sessionId: string): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`).click();
  await expect(page.getByTestId('message-list')).toHaveAttribute('data-state', 'ready');
}

const texts = (page: Page) => page.locator('[data-testid="message"]').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

async function shoot(browser: Browser, server: MonadServer, sessionId: string, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string): Promise<void> {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  try {
    await openChat(page, server, sessionId);
    await expect(page.getByText('Yes, it settled in the spare hive.')).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, `sync-chat-redraw-${name}.png`) });
    await expectAxeClean(page, '[data-testid="chat-pane"]');
  } finally {
    await context.close();
  }
}

test('messages another device writes appear in the open chat, in order, the draft kept, the reading position kept', async ({ page, browser }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'monad-e2e-redraw-'));
  let relay: CliRelay | null = null;
  let stop: (() => Promise<void>) | null = null;
  try {
    const started = await startCliRelay(join(tmp, 'relay'));
    relay = started;
    // The other device starts the chat: long enough that reading its beginning means scrolling up.
    const other = join(tmp, 'other');
    const t0 = Date.now() - 3_600_000;
    let sessionId = '';
    onOtherDevice(other, started.url, (e) => {
      const s = e.sessions.create({ agentId: 'default', createdAt: new Date(t0).toISOString() });
      e.sessions.rename(s.id, 'The swarm in the garden');
      for (let i = 0; i < 12; i++) {
        e.messages.append({ sessionId: s.id, role: 'user', content: `Question ${i + 1}: what should I check on the hives this week?`, createdAt: new Date(t0 + (2 * i + 1) * 1000).toISOString() });
        e.messages.append({ sessionId: s.id, role: 'assistant', content: `Answer ${i + 1}: look at the brood frames, the stores and the queen cells.\n\nThen close the hive quickly.`, createdAt: new Date(t0 + (2 * i + 2) * 1000).toISOString() });
      }
      sessionId = s.id;
    });
    // This home is paired (and pulls the chat) by the CLI before the server starts: the server then syncs live.
    const home = join(tmp, 'served');
    const paired = cli(['sync', 'now', '--home', home, '--relay', started.url, '--space', SPACE]);
    expect(paired.code, paired.stderr).toBe(0);
    const served = await startServer({ home });
    stop = served.stop;
    const server = served.server;

    await openChat(page, server, sessionId);
    const list = page.getByTestId('message-list');
    await expect(list).toHaveAttribute('data-loaded', '24');
    await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
    const composer = page.getByTestId('composer-input');
    await composer.fill(DRAFT);
    // A reload of the page would lose this mark (and the draft): the chat must redraw in place.
    await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));

    // At the end of the chat: the other device's question and reply appear, after the rest, in view.
    onOtherDevice(other, started.url, (e) => {
      e.messages.append({ sessionId, role: 'user', content: 'Did the swarm settle?', createdAt: new Date().toISOString() });
      e.messages.append({ sessionId, role: 'assistant', content: 'Yes, it settled in the spare hive.', createdAt: new Date(Date.now() + 1).toISOString() });
    });
    await expect(page.getByText('Yes, it settled in the spare hive.')).toBeVisible({ timeout: 30_000 });
    await expect(list).toHaveAttribute('data-loaded', '26');
    const shown = await texts(page);
    expect(shown.slice(-2).map((t) => t.includes('Did the swarm settle?') || t.includes('Yes, it settled in the spare hive.'))).toEqual([true, true]);
    expect(shown.findIndex((t) => t.includes('Did the swarm settle?'))).toBeLessThan(shown.findIndex((t) => t.includes('Yes, it settled in the spare hive.')));
    await expect(composer).toHaveValue(DRAFT);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    await expect(page.getByTestId('jump-to-latest')).toHaveCount(0); // followed: nothing below to count
    await page.screenshot({ path: join(SCREENSHOTS, 'sync-chat-redraw-light.png') });
    await expectAxeClean(page, '[data-testid="chat-pane"]');

    // Reading the beginning of the chat: new messages from the other device do not move the view; they are counted below.
    await list.hover();
    await page.mouse.wheel(0, -20_000);
    await expect.poll(() => list.evaluate((el) => el.scrollTop), { timeout: 10_000 }).toBeLessThan(60);
    await expect(page.getByText('Question 1: what should I check on the hives this week?')).toBeVisible();
    const top = await list.evaluate((el) => el.scrollTop);
    onOtherDevice(other, started.url, (e) => {
      e.messages.append({ sessionId, role: 'user', content: 'Should I feed them now?', createdAt: new Date().toISOString() });
      e.messages.append({ sessionId, role: 'assistant', content: 'A little syrup for the first week.', createdAt: new Date(Date.now() + 1).toISOString() });
    });
    await expect(list).toHaveAttribute('data-loaded', '28', { timeout: 30_000 });
    await expect(page.getByTestId('jump-to-latest')).toContainText('2 new');
    expect(Math.abs((await list.evaluate((el) => el.scrollTop)) - top)).toBeLessThan(5);
    await expect(page.getByText('Question 1: what should I check on the hives this week?')).toBeVisible();
    await expect(composer).toHaveValue(DRAFT);
    await page.screenshot({ path: join(SCREENSHOTS, 'sync-chat-redraw-reading.png') });
    await expectAxeClean(page, '[data-testid="chat-pane"]');
    await page.getByTestId('jump-to-latest').click();
    await expect(page.getByText('A little syrup for the first week.')).toBeVisible();

    await shoot(browser, server, sessionId, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
    await shoot(browser, server, sessionId, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');
  } finally {
    await stop?.();
    if (relay) await relay.kill();
    rmSync(tmp, { recursive: true, force: true });
  }
});
