// Accessibility of every tab and every dialog, in light and in dark (issue 17): axe-core
// (@axe-core/playwright 4.13.0, which runs on Node 20) must find no serious or critical violation —
// colour contrast of the small grey text included — on a home seeded with something in every layer.
import AxeBuilder from './axe';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { expect, ROOT, startServer, test, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SCOPE = 'agent:default';

test.describe.configure({ timeout: 240_000 });

/** A little of everything: a chat with a reply, a failed reply and a stopped one; facts; a graph; a law. */
function seed(home: string): void {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  try {
    const chat = engine.sessions.create({ agentId: 'default', title: 'Family news' });
    const m1 = engine.messages.append({ sessionId: chat.id, role: 'user', content: 'My sister Ana works at Globex in Porto.' });
    engine.messages.append({ sessionId: chat.id, role: 'assistant', content: 'Good to know about **Ana**!\n\n```ts\nconst a = 1;\n```' });
    engine.messages.append({ sessionId: chat.id, role: 'user', content: 'And her birthday?' });
    engine.messages.append({ sessionId: chat.id, role: 'assistant', content: '', error: 'Scripted (gpt-4o-mini) rejected the API key (401).' });
    engine.sessions.create({ agentId: 'default', title: 'Trip planning' });
    const mem = engine.facts.memory;
    mem.record('global', "User's sister is called Ana");
    mem.record(SCOPE, 'Ana’s birthday is on 3 May');
    const g = engine.graph.store;
    const user = g.upsertNode(SCOPE, 'User', 'person').id;
    const ana = g.upsertNode(SCOPE, 'Ana', 'person', 'The user’s sister.').id;
    const globex = g.upsertNode(SCOPE, 'Globex', 'organization').id;
    const edge = g.upsertEdge({ scope: SCOPE, src: user, dst: ana, relation: 'has sister', provClass: 'user', validFrom: m1.createdAt, support: [m1.id], supersede: false }).id;
    g.upsertEdge({ scope: SCOPE, src: ana, dst: globex, relation: 'works_at', provClass: 'user', validFrom: m1.createdAt, support: [m1.id], supersede: false });
    engine.laws.store.replaceScope(SCOPE, [{ statement: 'The user keeps in close touch with Ana', confidence: 0.8, support: [`edge:${edge}`] }], 'fp');
  } finally {
    engine.close();
  }
}

async function noSeriousAxe(page: Page, where: string): Promise<void> {
  // Animations finish first: axe measures contrast on what is painted.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Soft: one run lists every screen's problems; the test still fails at the end.
  expect.soft(
    serious.map((v) => `${v.id}: ${v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`),
    `axe on ${where}`,
  ).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, name) });
}

async function visitEverything(page: Page, server: MonadServer, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(`${server.url}/?graphHook#token=${server.token}`);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

  // Chat: messages, the error with Retry, the composer hint, the sidebar times.
  await page.getByTestId('tab-chat').click();
  await page.getByTestId('session-item').filter({ hasText: 'Family news' }).click();
  await expect(page.getByTestId('message-error')).toBeVisible();
  await page.getByTestId('composer-input').fill('/');
  await expect(page.getByTestId('slash-suggestions')).toBeVisible();
  await noSeriousAxe(page, `chat (${theme})`);
  await shot(page, `a11y-chat-${theme}.png`);
  await page.getByTestId('composer-input').fill('');

  // Session settings panel.
  await page.getByTestId('session-settings').click();
  await expect(page.getByTestId('session-settings-panel')).toBeVisible();
  await noSeriousAxe(page, `session settings (${theme})`);
  await page.getByTestId('session-settings-panel').press('Escape');

  // Search (Ctrl+K) with results.
  await page.getByTestId('search-input').fill('Ana');
  await expect(page.getByTestId('search-results')).toBeVisible();
  await noSeriousAxe(page, `search (${theme})`);
  await shot(page, `a11y-search-${theme}.png`);

  // Forget dialog, from the search.
  await page.getByTestId('search-forget').click();
  await expect(page.getByTestId('forget-dialog')).toBeVisible();
  await expect(page.getByTestId('forget-item').first()).toBeVisible();
  await noSeriousAxe(page, `forget dialog (${theme})`);
  await shot(page, `a11y-forget-${theme}.png`);
  await page.getByTestId('forget-cancel').click();
  await page.getByTestId('search-input').fill('');
  await page.keyboard.press('Escape');

  // Memory: every view.
  await page.getByTestId('tab-memory').click();
  for (const view of ['facts', 'recall', 'identity', 'mem0', 'history']) {
    // mem0's view is there only when mem0 is the active backend.
    if ((await page.getByTestId(`memory-view-${view}`).count()) === 0) continue;
    await page.getByTestId(`memory-view-${view}`).click();
    await expect(page.getByTestId(`memory-view-${view}`)).toHaveAttribute('aria-selected', 'true');
    if (view === 'facts') await expect(page.getByTestId('fact').first()).toBeVisible();
    if (view === 'history') await expect(page.getByTestId('history-entry').first()).toBeVisible();
    await noSeriousAxe(page, `memory → ${view} (${theme})`);
    await shot(page, `a11y-memory-${view}-${theme}.png`);
  }

  // Graph with an entity's panel open.
  await page.getByTestId('tab-graph').click();
  await page.getByTestId('graph-search').fill('Ana');
  await page.getByTestId('graph-search').press('Enter');
  await expect(page.getByTestId('graph-panel-title')).toHaveText('Ana');
  await noSeriousAxe(page, `graph (${theme})`);
  await shot(page, `a11y-graph-${theme}.png`);

  // Laws with a card opened.
  await page.getByTestId('tab-laws').click();
  const law = page.getByTestId('law').first();
  await law.getByTestId('law-toggle').click();
  await noSeriousAxe(page, `laws (${theme})`);
  await shot(page, `a11y-laws-${theme}.png`);

  // Settings, every section, and the provider form.
  await page.getByTestId('tab-settings').click();
  await expect(page.getByTestId('settings-pane')).toBeVisible();
  await noSeriousAxe(page, `settings (${theme})`);
  await shot(page, `a11y-settings-${theme}.png`);
  await page.getByTestId('provider-new').click();
  await expect(page.getByTestId('provider-form')).toBeVisible();
  await noSeriousAxe(page, `provider form (${theme})`);
  await page.keyboard.press('Escape');

  // A confirmation dialog (deleting a chat).
  await page.getByTestId('tab-chat').click();
  const trip = page.getByTestId('session-item').filter({ hasText: 'Trip planning' });
  await trip.hover();
  await trip.getByTestId('session-delete').click();
  await expect(page.getByRole('alertdialog').or(page.getByTestId('forget-dialog'))).toBeVisible();
  await noSeriousAxe(page, `delete-chat dialog (${theme})`);
  await page.keyboard.press('Escape');
}

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`every tab and dialog has no serious or critical axe violation (${theme})`, async ({ page }) => {
      const home = mkdtempSync(join(tmpdir(), 'monad-e2e-a11y-'));
      try {
        seed(home);
        const { server, stop } = await startServer({ home });
        try {
          await visitEverything(page, server, theme);
        } finally {
          await stop();
        }
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    });
  }
});
