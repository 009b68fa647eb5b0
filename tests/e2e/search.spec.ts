// The search box (issue 9) in real Chromium against `monad serve`: Ctrl+K, results as you type with the
// matched words marked, keyboard navigation, opening a message in its chat (highlighted), a fact in the
// Memory tab and an entity in the Graph tab, the agent toggle, and the empty and error states.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from './axe';
import type { Browser, Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

const TRIP_TARGET = 'We should take the early ferry to Hydra on the second morning, before the harbour gets busy.';

interface Seeded {
  server: MonadServer;
  stop(): Promise<void>;
  sessions: Record<string, string>;
}

/**
 * Two agents with chats, facts in two scopes and one graph entity. Messages and facts go in through the
 * contract (a transcript import, facts.add); the graph has no write channel, so its entity is written
 * with the engine before the server starts.
 */
async function seeded(): Promise<Seeded> {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-'));
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    const g = engine.graph.store;
    const user = g.upsertNode('agent:default', 'User', 'person').id;
    const hydra = g.upsertNode('agent:default', 'Hydra', 'place', 'A Greek island without cars, reached by ferry from Piraeus').id;
    g.upsertEdge({ scope: 'agent:default', src: user, dst: hydra, relation: 'plans to visit', provClass: 'user', validFrom: '2024-05-01T10:00:00.000Z', support: [], supersede: false });
  } finally {
    engine.close();
  }
  const { server, stop } = await startServer({ home });
  const at = (day: number, minute: number) => new Date(Date.UTC(2024, 4, day, 9, minute)).toISOString();
  // A long trip chat, so opening the target message means scrolling to it.
  const trip = Array.from({ length: 80 }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    content: i === 24 ? TRIP_TARGET : i === 25 ? 'Good idea: the 7:00 boat is quieter. Want me to note the timetable?' : `Planning note number ${i + 1} about the itinerary.`,
    createdAt: at(3, i),
  }));
  await api(server, 'transfer.import', {
    text: JSON.stringify({
      format: 'monad-transcript',
      version: 1,
      agents: [{ id: 'gardener', name: 'Gardener' }],
      sessions: [
        { id: 'trip', agentId: 'default', title: 'Greece trip planning', createdAt: at(3, 0), messages: trip },
        {
          id: 'kitchen',
          agentId: 'default',
          title: 'Kitchen renovation',
          createdAt: at(8, 0),
          messages: [
            { role: 'user', content: 'The oak countertop arrives on Friday.', createdAt: at(8, 1) },
            { role: 'assistant', content: 'Noted — I will remind you to clear the kitchen on Thursday.', createdAt: at(8, 2) },
          ],
        },
        {
          id: 'garden',
          agentId: 'gardener',
          title: 'Allotment notes',
          createdAt: at(10, 0),
          messages: [
            { role: 'user', content: 'My neighbour brings seedlings over on the ferry from the island every spring.', createdAt: at(10, 1) },
            { role: 'assistant', content: 'Then plant the tomatoes after the last frost.', createdAt: at(10, 2) },
          ],
        },
      ],
    }),
  });
  await api(server, 'facts.add', { scope: 'agent:default', text: 'Is allergic to hazelnuts' });
  await api(server, 'facts.add', { scope: 'global', text: 'Lives in Lisbon with a cat called Miso' });
  const list = await api<{ id: string; title: string }[]>(server, 'sessions.list', {});
  const sessions = Object.fromEntries(list.map((s) => [s.title, s.id]));
  return {
    server,
    sessions,
    stop: async () => {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

async function openApp(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await expect(page.getByTestId('agent-item')).toHaveCount(2);
}

const input = (page: Page) => page.getByTestId('search-input');
const panel = (page: Page) => page.getByTestId('search-panel');
const results = (page: Page) => page.getByTestId('search-result');
const activeResult = (page: Page) => page.locator('[data-testid="search-result"][aria-selected="true"]');

async function darkScreenshot(browser: Browser, server: MonadServer, query: string, file: string): Promise<void> {
  const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
  try {
    const page = await dark.newPage();
    await openApp(page, server);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('ControlOrMeta+K');
    await input(page).fill(query);
    await expect(panel(page)).toHaveAttribute('data-status', 'done');
    await expect(results(page).first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: join(SCREENSHOTS, file) });
  } finally {
    await dark.close();
  }
}

test.describe('search', () => {
  // Each test seeds its own home (a transcript import of 84 messages, facts, a graph) and walks several
  // tabs; on a loaded two-core box that can take most of the default minute.
  test.describe.configure({ timeout: 120_000 });

  test('Ctrl+K, results as you type with the words marked, ↑/↓ and Enter open the message in its chat, highlighted', async ({ page }) => {
    const { server, stop, sessions } = await seeded();
    try {
      await openApp(page, server);
      // The kitchen chat is open; Ctrl+K from the composer focuses the search and shows the hint.
      await page.locator('[data-testid="session-item"]', { hasText: 'Kitchen renovation' }).click();
      await page.getByTestId('composer-input').click();
      await page.keyboard.press('ControlOrMeta+K');
      await expect(input(page)).toBeFocused();
      await expect(panel(page)).toBeVisible();
      await expect(page.getByTestId('search-hint')).toBeVisible();
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'search-hint-light.png') });

      await input(page).pressSequentially('ferry hydra', { delay: 30 });
      await expect(panel(page)).toHaveAttribute('data-status', 'done');
      const messages = page.getByTestId('search-group-message').getByTestId('search-result');
      const first = messages.first();
      await expect(first).toContainText('Greece trip planning');
      await expect(first).toContainText('take the early ferry to Hydra');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(first.locator('mark')).toHaveText(['ferry', 'Hydra']);
      // The other agent's chat that mentions a ferry is found too (all agents), with its agent named.
      await expect(messages.filter({ hasText: 'seedlings over on the ferry' })).toContainText('Gardener');
      // The Hydra entity and the matching groups are there; the count says how many.
      await expect(page.getByTestId('search-group-entity').getByTestId('search-result')).toContainText('Hydra');
      await expect(page.getByTestId('search-count')).toHaveText(`${await results(page).count()} results`);
      const targetId = (await first.getAttribute('data-message-id'))!;
      expect(await first.getAttribute('data-session-id')).toBe(sessions['Greece trip planning']);

      await page.keyboard.press('ArrowDown');
      await page.screenshot({ path: join(SCREENSHOTS, 'search-results-light.png') });

      // ↓ moves the selection (and the input keeps the focus), ↑ from the top wraps to the last result.
      await expect(results(page).nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(input(page)).toHaveAttribute('aria-activedescendant', 'search-option-1');
      await page.keyboard.press('ArrowUp');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowUp');
      await expect(results(page).last()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(input(page)).toBeFocused();

      await page.keyboard.press('Enter');
      // The highlight fades after a few seconds: check it first.
      const message = page.locator(`[data-testid="message"][data-message-id="${targetId}"]`);
      await expect(message).toHaveAttribute('data-highlighted', 'true');
      await expect(message).toBeInViewport();
      await expect(message).toContainText('early ferry to Hydra');
      await expect(panel(page)).toBeHidden();
      await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator(`[data-testid="session-item"][data-session-id="${sessions['Greece trip planning']}"]`)).toHaveAttribute('aria-selected', 'true');

      // Ctrl+K again: the query is kept (selected, so typing replaces it) and the results come back.
      await page.keyboard.press('ControlOrMeta+K');
      await expect(input(page)).toBeFocused();
      await expect(input(page)).toHaveValue('ferry hydra');
      await expect(results(page).first()).toContainText('Greece trip planning');
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
    } finally {
      await stop();
    }
  });

  test('“this agent only” searches the selected agent’s chats and follows the sidebar; “all agents” searches everything', async ({ page }) => {
    const { server, stop } = await seeded();
    try {
      await openApp(page, server);
      await page.keyboard.press('ControlOrMeta+K');
      await input(page).fill('ferry');
      // Which chats the message results come from (a match's neighbouring turns may be listed too).
      const chats = async () => {
        await expect(panel(page)).toHaveAttribute('data-status', 'done');
        const titles = await page.getByTestId('search-group-message').locator('.search-option-title').allInnerTexts();
        return [...new Set(titles)].sort();
      };
      await expect.poll(chats).toEqual(['Allotment notes', 'Greece trip planning']);

      await page.getByTestId('search-scope-agent').click();
      await expect(page.getByTestId('search-scope-agent')).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('search-scope-agent')).toContainText('Monad only');
      await expect.poll(chats).toEqual(['Greece trip planning']);
      await expect(input(page)).toBeFocused();

      // Picking the other agent in the sidebar: the search follows it.
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="agent-item"][data-agent-id="gardener"]').click();
      await expect(panel(page)).toBeHidden();
      await page.keyboard.press('ControlOrMeta+K');
      await expect(page.getByTestId('search-scope-agent')).toContainText('Gardener only');
      await expect.poll(chats).toEqual(['Allotment notes']);

      // Nothing of this agent's matches: the empty state offers to search all agents.
      await input(page).fill('countertop');
      await expect(page.getByTestId('search-empty')).toContainText('No results for “countertop”');
      await expect(page.getByTestId('search-empty')).toContainText('Gardener’s chats');
      await page.getByTestId('search-widen').click();
      await expect(page.getByTestId('search-scope-all')).toHaveAttribute('aria-checked', 'true');
      await expect.poll(chats).toEqual(['Kitchen renovation']);

      // The choice is remembered across a reload.
      await page.getByTestId('search-scope-agent').click();
      await page.reload();
      await expect(page.getByTestId('app')).toBeVisible();
      await page.keyboard.press('ControlOrMeta+K');
      await expect(page.getByTestId('search-scope-agent')).toHaveAttribute('aria-checked', 'true');
    } finally {
      await stop();
    }
  });

  test('a chat that opens by itself while the person types in the search box leaves the keyboard there', async ({ page }) => {
    const { server, stop } = await seeded();
    try {
      await openApp(page, server);
      // The gardener's chat list is held back until the person is already searching: when it arrives the
      // sidebar opens that agent's chat, whose composer must not take the focus (and close the search).
      let release: () => void = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/sessions.list', async (route) => {
        if ((route.request().postDataJSON() as { agentId?: string }).agentId === 'gardener') await held;
        await route.continue();
      });
      await page.locator('[data-testid="agent-item"][data-agent-id="gardener"]').click();
      await page.keyboard.press('ControlOrMeta+K');
      await input(page).fill('ferry');
      await expect(panel(page)).toHaveAttribute('data-status', 'done');
      release();
      await expect(page.getByTestId('chat-title')).toHaveText('Allotment notes');
      await expect(input(page)).toBeFocused();
      await expect(panel(page)).toBeVisible();
      await page.keyboard.type(' seedlings');
      await expect(input(page)).toHaveValue('ferry seedlings');
    } finally {
      await stop();
    }
  });

  test('a fact result opens the Memory tab on its scope with the fact lit; an entity opens the Graph tab on it', async ({ page }) => {
    const { server, stop } = await seeded();
    try {
      await openApp(page, server);
      await page.keyboard.press('ControlOrMeta+K');
      await input(page).fill('hazelnut');
      const fact = page.getByTestId('search-group-fact').getByTestId('search-result');
      await expect(fact).toHaveCount(1);
      await expect(fact).toContainText('Is allergic to hazelnuts');
      await expect(fact.locator('mark')).toHaveText('hazelnuts');
      await expect(fact.getByTestId('search-scope-label')).toHaveText('Monad');
      const factId = (await fact.getAttribute('data-fact-id'))!;
      await fact.click();

      await expect(panel(page)).toBeHidden();
      await expect(page.getByTestId('tab-memory')).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator('[data-testid="scope-item"][data-scope="agent:default"]')).toHaveAttribute('aria-current', 'true');
      const row = page.locator(`[data-testid="fact"][data-fact-id="${factId}"]`);
      await expect(row).toHaveClass(/is-lit/);

      // An entity: Enter on it opens the Graph tab with it selected.
      await page.keyboard.press('ControlOrMeta+K');
      await input(page).fill('hydra');
      const entity = page.getByTestId('search-group-entity').getByTestId('search-result');
      await expect(entity).toContainText('Hydra');
      await expect(entity).toContainText('place');
      const index = Number(await entity.getAttribute('data-index'));
      for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
      await expect(entity).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('graph-panel').getByTestId('graph-panel-title')).toHaveText('Hydra');
    } finally {
      await stop();
    }
  });

  test('the results panel in the dark theme', async ({ browser }) => {
    const { server, stop } = await seeded();
    try {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await darkScreenshot(browser, server, 'ferry hydra', 'search-results-dark.png');
    } finally {
      await stop();
    }
  });

  test('empty and error states; Escape closes the panel and gives the focus back', async ({ page }) => {
    const { server, stop } = await seeded();
    try {
      await openApp(page, server);
      await page.getByTestId('tab-memory').focus();
      await page.keyboard.press('ControlOrMeta+K');
      await input(page).fill('xylophone quartet');
      await expect(page.getByTestId('search-empty')).toContainText('No results for “xylophone quartet”');
      await expect(page.getByTestId('search-widen')).toHaveCount(0);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'search-empty-light.png') });

      // The engine refuses: the panel says so in place, with a retry, and no toast repeats it.
      await page.route('**/api/search.query', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: false, error: { code: 'INTERNAL', message: 'The message index is being rebuilt' } }) }),
      );
      await input(page).fill('lisbon');
      await expect(page.getByTestId('search-error')).toContainText('Search failed');
      await expect(page.getByTestId('search-error')).toContainText('The message index is being rebuilt');
      await expect(page.getByTestId('toast')).toHaveCount(0);
      await page.screenshot({ path: join(SCREENSHOTS, 'search-error-light.png') });
      await page.unroute('**/api/search.query');
      await page.getByTestId('search-retry').click();
      const fact = page.getByTestId('search-group-fact').getByTestId('search-result');
      await expect(fact).toContainText('Lives in Lisbon');
      await expect(fact.getByTestId('search-scope-label')).toHaveText('Global');
      await expect(input(page)).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      await expect(page.getByTestId('tab-memory')).toBeFocused();
      // Clicking the field reopens it; a click elsewhere closes it.
      await input(page).click();
      await expect(fact).toBeVisible();
      await page.getByRole('tabpanel').click({ position: { x: 700, y: 300 } });
      await expect(panel(page)).toBeHidden();
    } finally {
      await stop();
    }
  });
});

// Issue 31: a message found through what memory learned from it says so. The relation is written with
// the engine before the server starts (the graph has no write channel); the server's first search
// brings the derived field up to date from memory (the rebuild path).
test('a message found through a relation it supports says "matched through a relation"', async ({ page, browser }) => {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-'));
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    const s = engine.sessions.create({ agentId: 'default', title: 'Bedtime reading' });
    const said = engine.messages.append({ sessionId: s.id, role: 'user', content: 'Picked up the rhyming classics with the striped hat for the kids' });
    engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Lovely. Which one will you read first tonight?' });
    const g = engine.graph.store;
    const user = g.upsertNode('agent:default', 'User', 'person').id;
    const seuss = g.upsertNode('agent:default', 'Dr. Seuss books', 'thing').id;
    g.upsertEdge({ scope: 'agent:default', src: user, dst: seuss, relation: 'collects', provClass: 'user', validFrom: '2024-05-01T10:00:00.000Z', support: [said.id], supersede: false });
  } finally {
    engine.close();
  }
  const { server, stop } = await startServer({ home });
  try {
    const check = async (p: Page, file: string) => {
      await p.goto(server.openUrl);
      await expect(p.getByTestId('app')).toBeVisible();
      await p.keyboard.press('ControlOrMeta+K');
      await input(p).fill('Seuss');
      await expect(panel(p)).toHaveAttribute('data-status', 'done');
      const hit = p.getByTestId('search-group-message').getByTestId('search-result').filter({ hasText: 'rhyming classics' });
      await expect(hit).toBeVisible();
      await expect(hit.getByTestId('search-via')).toHaveText('matched through a relation: User collects Dr. Seuss books');
      await expect(hit.getByTestId('search-via').locator('mark')).toHaveText(['Seuss']);
      // Not shown as a mere neighbour of a match.
      await expect(hit).not.toContainText('near a match');
      const a11y = await new AxeBuilder({ page: p }).include('[data-testid="search-panel"]').analyze();
      expect(a11y.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await p.screenshot({ path: join(SCREENSHOTS, file) });
    };
    await check(page, 'search-via-light.png');
    for (const [file, options] of [
      ['search-via-dark.png', { colorScheme: 'dark' as const, viewport: { width: 1280, height: 800 } }],
      ['search-via-900.png', { viewport: { width: 900, height: 700 } }],
    ] as const) {
      const ctx = await browser.newContext(options);
      try {
        await check(await ctx.newPage(), file);
      } finally {
        await ctx.close();
      }
    }
  } finally {
    await stop();
    rmSync(home, { recursive: true, force: true });
  }
});
