// The walkthrough's accessibility and keyboard findings (issue 29 §5): axe's label-title-only on the
// agent's "Memory model" select and colour contrast of the green badge and pills; a focus ring a person
// can see on every button and "as of" date input reached with Tab; History's "Undo" label that looked
// like a button. Light, dark and a 900×700 window, with screenshots.
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import type { HistoryPage, UndoResult } from '../../src/shared/journal';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';
import { openSettings } from './settings-nav';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SCOPE = 'agent:default';

test.describe.configure({ timeout: 180_000 });

/** A chat whose last reply was stopped half-way, a fact, a small graph. */
function seed(home: string): void {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  try {
    const chat = engine.sessions.create({ agentId: 'default', title: 'Stopped reply' });
    const m1 = engine.messages.append({ sessionId: chat.id, role: 'user', content: 'Tell me about Porto.' });
    engine.messages.append({ sessionId: chat.id, role: 'assistant', content: 'Porto is a city on the Douro', error: 'Stopped' });
    engine.facts.memory.record(SCOPE, 'Ana lives in Porto');
    const g = engine.graph.store;
    const ana = g.upsertNode(SCOPE, 'Ana', 'person').id;
    const porto = g.upsertNode(SCOPE, 'Porto', 'place').id;
    g.upsertEdge({ scope: SCOPE, src: ana, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: m1.createdAt, support: [m1.id], supersede: false });
  } finally {
    engine.close();
  }
}

async function withSeededServer(run: (server: MonadServer) => Promise<void>): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-a11y-kb-'));
  try {
    seed(home);
    const { server, stop } = await startServer({ home });
    try {
      await run(server);
    } finally {
      await stop();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function open(page: Page, server: MonadServer, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Every axe rule (best-practice ones too: label-title-only is one), serious or critical, in `selector`. */
async function noSeriousAxe(page: Page, selector: string, where: string): Promise<void> {
  await settle(page);
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      serious.map((v) => `${v.id}: ${v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(' | ')}`),
      `axe on ${where}`,
    )
    .toEqual([]);
}

/** Transitions (the inputs' box-shadow eases in) finish before a colour is read. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** The Graph tab, once laid out (its search box turns on then), so the toolbar's focus order is the settled one. */
async function openGraphLaidOut(page: Page): Promise<void> {
  await page.getByTestId('tab-graph').click();
  await expect(page.getByTestId('graph-search')).toBeEnabled();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, name) });
}

/**
 * Reaches `target` with the keyboard (Shift+Tab then Tab, so :focus-visible applies as it does for a
 * person) and checks it paints the theme's focus ring: the --focus-ring colour in its box-shadow, or an
 * outline. Then the same control without focus must look different (the ring is the focus, not a border).
 */
async function expectFocusRing(page: Page, target: Locator, name: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  // Tried again as a person would: a neighbour enabled between the two keys (the graph's search box
  // turns on when its layout finishes) takes the Tab, so Shift+Tab lands on one control and Tab on another.
  await expect(async () => {
    await target.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(target).toBeFocused({ timeout: 1_000 });
  }, `${name} is reached with Tab`).toPass({ timeout: 10_000 });
  await settle(page);
  const ring = await page.evaluate(() => {
    // The variable's colour as the browser writes it in a computed box-shadow.
    const probe = document.createElement('div');
    probe.style.boxShadow = getComputedStyle(document.documentElement).getPropertyValue('--focus-ring');
    document.body.append(probe);
    const shadow = getComputedStyle(probe).boxShadow;
    probe.remove();
    return /rgba?\([^)]*\)/.exec(shadow)?.[0] ?? '';
  });
  expect(ring, 'the theme defines a focus ring').not.toBe('');
  const paint = (el: Element) => {
    const cs = getComputedStyle(el);
    return { shadow: cs.boxShadow, outline: cs.outlineStyle === 'none' || cs.outlineWidth === '0px' ? 'none' : `${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}` };
  };
  const focused = await target.evaluate(paint);
  expect(focused.shadow.includes(ring) || focused.outline !== 'none', `${name} shows a focus ring (box-shadow ${focused.shadow}, outline ${focused.outline})`).toBe(true);
  await target.evaluate((el) => (el as HTMLElement).blur());
  await settle(page);
  const blurred = await target.evaluate(paint);
  expect(blurred, `${name} looks different without focus`).not.toEqual(focused);
}

test.describe('accessibility and keyboard (issue 29 §5)', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the Memory model select has a real label; the green badge and pills reach 4.5:1 (${theme})`, async ({ page }) => {
      await withSeededServer(async (server) => {
        await api(server, 'providers.save', {
          provider: { id: 'local', kind: 'openai-compatible', name: 'LM Studio', baseURL: 'http://127.0.0.1:9/v1', models: ['qwen3-4b'] },
        });
        await open(page, server, theme);

        await openSettings(page, 'memory');
        const card = page.locator(`[data-testid="memory-agent"][data-agent-id="default"]`);
        const select = card.getByTestId('agent-memory-provider');
        await expect(select).toBeVisible();
        // The accessible name comes from a visible <label>, which clicking focuses the select through.
        await expect(select).toHaveAccessibleName('Memory model');
        await card.getByText('Memory model', { exact: true }).click();
        await expect(select).toBeFocused();
        await noSeriousAxe(page, '[data-testid="settings-pane"]', `settings → memory (${theme})`);
        await card.scrollIntoViewIfNeeded();
        await shot(page, `a11y-kb-memory-model-${theme}.png`);

        await openSettings(page, 'models');
        const badge = page.locator('.kind-badge', { hasText: 'OpenAI-compatible' });
        await expect(badge).toBeVisible();
        await noSeriousAxe(page, '[data-testid="settings-pane"]', `settings → models (${theme})`);
        await shot(page, `a11y-kb-models-${theme}.png`);

        // The chat's "done" tool pill and the graph panel's pills use the same green: axe on the graph's panel.
        await page.getByTestId('tab-graph').click();
        await page.getByTestId('graph-search').fill('Ana');
        await page.getByTestId('graph-search').press('Enter');
        await expect(page.getByTestId('graph-panel-title')).toHaveText('Ana');
        await noSeriousAxe(page, '.graph-panel', `graph panel (${theme})`);
      });
    });

    test(`Tab shows a focus ring on Retry, Add relation, Refresh and the "as of" dates; History's undo note is words (${theme})`, async ({ page }) => {
      await withSeededServer(async (server) => {
        await open(page, server, theme);

        await page.getByTestId('tab-chat').click();
        await page.getByTestId('session-item').filter({ hasText: 'Stopped reply' }).click();
        const stopped = page.getByTestId('message-stopped');
        await expect(stopped).toBeVisible();
        await expectFocusRing(page, stopped.getByTestId('retry'), 'Retry in the Stopped pill');
        await stopped.getByTestId('retry').focus();
        await shot(page, `a11y-kb-retry-${theme}.png`);

        await openGraphLaidOut(page);
        await expect(page.getByTestId('graph-add')).toBeEnabled();
        await expectFocusRing(page, page.getByTestId('graph-add'), 'Add relation');
        await expectFocusRing(page, page.getByTestId('graph-refresh'), 'Refresh');
        await expectFocusRing(page, page.getByTestId('graph-time-date'), 'the graph’s “as of” date');
        await page.getByTestId('graph-refresh').focus();
        await shot(page, `a11y-kb-graph-${theme}.png`);

        await page.getByTestId('tab-memory').click();
        await page.getByTestId('memory-view-facts').click();
        await expectFocusRing(page, page.getByTestId('facts-time-date'), 'the facts’ “as of” date');

        // Undo the fact's entry, then the undo's own row says what it is in words, not in a button's shape.
        const history = await api<HistoryPage>(server, 'history.list', { layer: 'facts' });
        const entry = history.entries.find((e) => e.canUndo);
        expect(entry, 'the seeded fact is in History').toBeDefined();
        const undone = await api<UndoResult>(server, 'history.undo', { id: entry!.id, confirm: true });
        expect(undone.done).toBe(true);
        await page.getByTestId('memory-view-history').click();
        const note = page.getByTestId('history-entry').first().getByTestId('history-is-undo');
        await expect(note).toHaveText('Undoes an earlier change');
        const look = await note.evaluate((el) => {
          const cs = getComputedStyle(el);
          return { border: cs.borderTopStyle === 'none' ? 0 : parseFloat(cs.borderTopWidth), background: cs.backgroundColor, radius: cs.borderTopLeftRadius };
        });
        expect(look, 'no border, fill or rounded box: nothing to click').toEqual({ border: 0, background: 'rgba(0, 0, 0, 0)', radius: '0px' });
        await shot(page, `a11y-kb-history-${theme}.png`);
      });
    });
  }

  test('at 900×700 the focused graph toolbar and Stopped pill still show their ring', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 700 });
    await withSeededServer(async (server) => {
      await open(page, server, 'light');
      await page.getByTestId('tab-chat').click();
      await page.getByTestId('session-item').filter({ hasText: 'Stopped reply' }).click();
      await expectFocusRing(page, page.getByTestId('message-stopped').getByTestId('retry'), 'Retry (900×700)');
      await shot(page, 'a11y-kb-retry-900.png');
      await openGraphLaidOut(page);
      await expectFocusRing(page, page.getByTestId('graph-add'), 'Add relation (900×700)');
      await expectFocusRing(page, page.getByTestId('graph-time-date'), '“as of” date (900×700)');
      await page.getByTestId('graph-add').focus();
      await shot(page, 'a11y-kb-graph-900.png');
    });
  });
});
