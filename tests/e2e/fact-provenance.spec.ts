// Fact provenance and the Memory tab's date control (issue 15 §1, §2) in real Chromium against `monad
// serve`: each fact says who wrote it and from where (the agent in a chat — a link that opens the message,
// highlighted —, the person in the app, a bullet added by hand in an editor), and the date control shows
// a scope as it was at any moment, read-only. Screenshots in light, dark and 900×700; axe on each.
import { expectAxeClean } from './settle';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { factId } from '../../src/main/memory/facts/fact-id';
import { startScriptedLlm } from '../fixtures/scripted-llm';
import { api, expect, ROOT, test, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

test.describe.configure({ timeout: 120_000 });

async function openMemory(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await page.getByTestId('tab-memory').click();
  await expect(page.getByTestId('memory-pane')).toBeVisible();
}

const factRow = (page: Page, text: string) => page.getByTestId('fact').filter({ has: page.getByTestId('fact-text').getByText(text, { exact: true }) });

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.getByTestId('facts-view').screenshot({ path: join(SCREENSHOTS, name) });
}

test.describe('fact provenance', () => {
  test('each fact says who wrote it; the agent’s links to the chat message, which opens highlighted', async ({ page, server }) => {
    const llm = await startScriptedLlm();
    try {
      await api(server, 'providers.save', {
        provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: ['gpt-4o-mini'] },
        apiKey: 'sk-test-monad-0123456789abcdefXYZ',
      });
      await api(server, 'config.update', { patch: { models: { roles: { chat: { provider: 'scripted', model: 'gpt-4o-mini' } } } } });
      const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Family notes' });
      // Earlier turns, so the message the fact came from is not the only one in the chat.
      for (let i = 0; i < 6; i++) {
        llm.enqueue({ kind: 'text', text: `Reply ${i}` });
        await api(server, 'chat.send', { sessionId: session.id, text: `Small talk ${i}` });
      }
      llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'r', name: 'memory', args: { action: 'record', scope: 'global', text: "User's sister is called Ana" } }] }, { kind: 'text', text: 'Noted.' });
      await api(server, 'chat.send', { sessionId: session.id, text: 'My sister is called Ana.' });
      for (let i = 0; i < 6; i++) {
        llm.enqueue({ kind: 'text', text: `Later reply ${i}` });
        await api(server, 'chat.send', { sessionId: session.id, text: `More talk ${i}` });
      }
      const messages = await api<{ items: { id: string; role: string; content: string }[] }>(server, 'messages.list', { sessionId: session.id, limit: 100 });
      const source = messages.items.find((m) => m.content === 'My sister is called Ana.')!;

      await openMemory(page, server);
      const agentFact = factRow(page, "User's sister is called Ana");
      // The agent wrote it down from the person's own words: theirs, and the source says who wrote it (issue 27 §3).
      await expect(agentFact.getByTestId('fact-source')).toContainText('Recorded by the agent from your message in “Family notes”');
      await expect(agentFact.getByTestId('origin-chip')).toHaveText('you said it');
      await expect(agentFact.getByTestId('fact-source')).toHaveAttribute('data-actor', 'agent');

      // The person's own fact, through the Memory tab.
      await page.getByTestId('fact-add-input').fill('User prefers metric units');
      await page.getByTestId('fact-add-input').press('Enter');
      await expect(factRow(page, 'User prefers metric units').getByTestId('fact-source')).toContainText('Recorded by you in the app');

      // A bullet added by hand in an editor: noticed on the next read, shown as such.
      appendFileSync(join(server.home, 'memory', 'global.md'), '- User has a dog called Bolt\n');
      const hand = factRow(page, 'User has a dog called Bolt');
      await expect(hand.getByTestId('fact-source')).toContainText('Edited by hand in the file', { timeout: 15_000 });
      await expect(hand.getByTestId('fact-source')).toHaveAttribute('data-via', 'hand-edit');

      // The same as `facts.list` says (and so `monad facts list --json`).
      const listed = await api<{ facts: { id: string; source: { actor: string; via: string | null; messageId: string | null } }[] }>(server, 'facts.list', { scope: 'global' });
      expect(listed.facts.find((f) => f.id === factId("User's sister is called Ana"))?.source).toMatchObject({ actor: 'agent', messageId: source.id });

      await expectAxeClean(page, '[data-testid="facts-view"]');
      await shoot(page, 'facts-sources-light.png');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectAxeClean(page, '[data-testid="facts-view"]');
      await shoot(page, 'facts-sources-dark.png');
      await page.emulateMedia({ colorScheme: 'light' });

      // Keyboard: the focused fact's source link is the next Tab stop; Enter opens the message.
      await agentFact.click({ position: { x: 4, y: 4 } });
      await agentFact.focus();
      await page.keyboard.press('Tab');
      await expect(agentFact.getByTestId('fact-source-link')).toBeFocused();
      await page.keyboard.press('Enter');

      await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`)).toHaveAttribute('aria-selected', 'true');
      const message = page.locator(`[data-testid="message"][data-message-id="${source.id}"]`);
      await expect(message).toBeInViewport();
      await expect(message).toHaveAttribute('data-highlighted', 'true');
      await expect(message).toContainText('My sister is called Ana.');
    } finally {
      await llm.close();
    }
  });
});

test.describe('memory date control', () => {
  test('shows a scope as it was at each moment it changed, or on a day; read-only in the past; Now comes back', async ({ page, server }) => {
    // Each change must be a moment of its own: versions are stamped to the millisecond (ISO times), so a
    // few milliseconds apart is enough; 50 ms leaves room for a clock that ticks coarsely.
    const pause = () => new Promise((r) => setTimeout(r, 50));
    await api(server, 'facts.add', { scope: 'global', text: 'User lives in Porto' });
    await pause();
    await api(server, 'facts.add', { scope: 'global', text: 'User works as a nurse' });
    await pause();
    await api(server, 'facts.edit', { scope: 'global', id: factId('User lives in Porto'), text: 'User lives in Lisbon' });
    await pause();
    await api(server, 'facts.forget', { scope: 'global', id: factId('User works as a nurse') });

    await openMemory(page, server);
    const texts = () => page.getByTestId('fact-text').allTextContents();
    await expect.poll(texts).toEqual(['User lives in Lisbon']);
    await expect(page.getByTestId('facts-time-label')).toHaveText('Now');

    const slider = page.getByTestId('facts-time-slider');
    await expect(slider).toHaveAttribute('max', '4');
    await slider.focus();
    await page.keyboard.press('Home');
    await expect.poll(texts).toEqual(['User lives in Porto']);
    await expect(page.getByTestId('facts-past')).toContainText('Global as it was on');
    await expect(page.getByTestId('facts-time-count')).toHaveText('1 fact then');
    // Read-only: no add field, no edit or forget, Enter and Delete do nothing.
    await expect(page.getByTestId('fact-add')).toHaveCount(0);
    await expect(page.getByTestId('fact-forget')).toHaveCount(0);
    await factRow(page, 'User lives in Porto').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('fact-edit-input')).toHaveCount(0);
    await page.keyboard.press('Delete');
    await expect.poll(texts).toEqual(['User lives in Porto']);

    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(texts).toEqual(['User lives in Porto', 'User works as a nurse']);
    await page.keyboard.press('ArrowRight');
    await expect.poll(texts).toEqual(['User works as a nurse', 'User lives in Lisbon']);
    // The source shown is that of the text as it was then.
    await expect(factRow(page, 'User lives in Lisbon').getByTestId('fact-source')).toContainText('Edited by you in the app');

    await expectAxeClean(page, '[data-testid="facts-view"]');
    await shoot(page, 'facts-date-control-light.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAxeClean(page, '[data-testid="facts-view"]');
    await shoot(page, 'facts-date-control-dark.png');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 900, height: 700 });
    await page.screenshot({ path: join(SCREENSHOTS, 'facts-date-control-900x700.png') });

    // A day before anything was recorded.
    const yesterday = new Date(Date.now() - 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByTestId('facts-time-date').fill(`${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`);
    await expect(page.getByTestId('facts-empty')).toHaveText('Nothing was in Global then.');

    await page.getByTestId('facts-past-now').click();
    await expect.poll(texts).toEqual(['User lives in Lisbon']);
    await expect(page.getByTestId('facts-time-label')).toHaveText('Now');
    await expect(page.getByTestId('fact-add')).toBeVisible();
  });
});

test.describe('proposed changes to the person’s facts', () => {
  test('consolidation proposes rewording a fact the person wrote instead of doing it; Apply makes the merge', async ({ page, server }) => {
    const llm = await startScriptedLlm();
    try {
      await api(server, 'providers.save', {
        provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: ['gpt-4o-mini'] },
        apiKey: 'sk-test-monad-0123456789abcdefXYZ',
      });
      const ref = { provider: 'scripted', model: 'gpt-4o-mini' };
      await api(server, 'config.update', { patch: { models: { roles: { chat: ref, memory: ref } } } });
      await api(server, 'facts.add', { scope: 'agent:default', text: 'User lives in Porto' });
      const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Moving' });
      llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'r', name: 'memory', args: { action: 'record', text: 'User lives in Porto, Portugal' } }] }, { kind: 'text', text: 'Noted.' });
      await api(server, 'chat.send', { sessionId: session.id, text: 'Porto, in Portugal.' });
      llm.enqueue({ kind: 'json', value: { facts: [{ text: 'User lives in Porto, Portugal', from: ['f1', 'f2'] }] } });
      await api(server, 'consolidate.run', { agentId: 'default', level: 1 });

      await openMemory(page, server);
      await page.locator('[data-testid="scope-item"][data-scope="agent:default"]').click();
      const card = page.getByTestId('fact-proposals');
      await expect(card).toBeVisible();
      await expect(card.getByTestId('fact-proposal-text')).toHaveText('“User lives in Porto, Portugal”');
      await expect.poll(() => page.getByTestId('fact-text').allTextContents()).toEqual(['User lives in Porto', 'User lives in Porto, Portugal']);
      await expectAxeClean(page, '[data-testid="facts-view"]');
      await shoot(page, 'facts-proposal-light.png');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await expectAxeClean(page, '[data-testid="facts-view"]');
      await shoot(page, 'facts-proposal-dark.png');
      await page.emulateMedia({ colorScheme: 'light' });

      await card.getByTestId('fact-proposal-apply').focus();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('fact-proposals')).toHaveCount(0);
      await expect.poll(() => page.getByTestId('fact-text').allTextContents()).toEqual(['User lives in Porto, Portugal']);
      await expect(factRow(page, 'User lives in Porto, Portugal').getByTestId('fact-source')).toContainText('Merged by you in the app');
    } finally {
      await llm.close();
    }
  });
});
