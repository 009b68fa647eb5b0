// Memory → History and "forget everything about X" in real Chromium against `monad serve`, on a home
// seeded through the engine's own stores (facts, a graph with its source messages, laws, mem0 memories
// in mem0's local store, history entries as the layers write them). Covers: the forget preview from a
// search, from an entity and from a chat being deleted (untick, forget, toast with undo); the History
// view grouped by day with its filters and links; undo with the plan shown first. Screenshots light,
// dark and 900×700 (looked at), axe with no serious or critical violation, keyboard only where it matters.
import { expectAxeClean } from './settle';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { mkdirPrivate } from '../../src/main/fs/private-mode';
import { mem0Layout } from '../../src/main/memory/mem0/layout';
import { vectorToBase64, writeLocalRaw } from '../../src/main/memory/mem0/stores';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';
import { openSettings } from './settings-nav';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SCOPE = 'agent:default';
const HOUR = 3_600_000;

test.describe.configure({ timeout: 120_000 });

interface Seeded {
  facts: { sister: string; birthday: string; atlas: string; tea: string; trip: string };
  anaNode: number;
  family: { sessionId: string; messageId: string };
  trip: { sessionId: string };
  lawId: number;
  mem0: { porto: string; cello: string; jazz: string };
}

/** A memory with a story, written before the server starts: Ana (the user's sister) appears in every layer. */
function seed(home: string): Seeded {
  const now = Date.now();
  // Yesterday evening, then a minute ago: two local days whatever the time of the run.
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  let t = midnight.getTime() - 6 * HOUR;
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false }, now: () => new Date(t) });
  try {
    const family = engine.sessions.create({ agentId: 'default', title: 'Family news' });
    const m1 = engine.messages.append({ sessionId: family.id, role: 'user', content: 'My sister Ana moved to Porto and plays the cello.' });
    engine.messages.append({ sessionId: family.id, role: 'assistant', content: 'Good to know about Ana!' });
    const trip = engine.sessions.create({ agentId: 'default', title: 'Trip planning' });
    const m2 = engine.messages.append({ sessionId: trip.id, role: 'user', content: 'We go to Kyoto in April.' });

    const mem = engine.facts.memory;
    const sister = mem.record('global', "User's sister is called Ana").fact!;
    const birthday = mem.record(SCOPE, 'Ana’s birthday is on 3 May').fact!;
    const atlas = mem.record('project:atlas', 'Worked with Ana on the Atlas launch').fact!;
    const tea = mem.record(SCOPE, 'Likes green tea').fact!;
    const tripFact = mem.record(SCOPE, 'Travels to Kyoto in April').fact!;
    // Where it came from, as the agent's memory tool records it: this one rests only on the trip chat.
    engine.facts.origins.record({ scope: SCOPE, factId: tripFact.id, origin: 'typed', event: 'recorded', sessionId: trip.id, messageId: m2.id });

    const g = engine.graph.store;
    const user = g.upsertNode(SCOPE, 'User', 'person').id;
    const ana = g.upsertNode(SCOPE, 'Ana', 'person', 'The user’s sister.').id;
    const porto = g.upsertNode(SCOPE, 'Porto', 'place').id;
    const sisterEdge = g.upsertEdge({ scope: SCOPE, src: user, dst: ana, relation: 'has sister', provClass: 'user', validFrom: m1.createdAt, support: [m1.id], supersede: false }).id;
    g.upsertEdge({ scope: SCOPE, src: ana, dst: porto, relation: 'lives in', provClass: 'user', validFrom: m1.createdAt, support: [m1.id], supersede: false });
    engine.laws.store.replaceScope(SCOPE, [{ statement: 'The user keeps in close touch with Ana', confidence: 0.8, support: [`edge:${sisterEdge}`, `fact:${birthday.id}`] }], 'fp');
    const lawId = engine.laws.store.list([SCOPE])[0].id;

    // mem0's local store, as mem0 writes it (two memories about Ana, one not).
    const layout = mem0Layout(engine.paths);
    mkdirPrivate(layout.dir);
    const point = (id: string, text: string, i: number) => ({
      id,
      vector: vectorToBase64(Array.from({ length: 16 }, (_, k) => Math.sin(i + k))),
      payload: { data: text, hash: id, agent_id: 'default', user_id: 'local', createdAt: new Date(t).toISOString(), sessionId: family.id, source: 'chat' },
    });
    const ids = { porto: '0d6f1c2e-1111-4aaa-8bbb-000000000001', cello: '0d6f1c2e-1111-4aaa-8bbb-000000000002', jazz: '0d6f1c2e-1111-4aaa-8bbb-000000000003' };
    writeLocalRaw(layout.localVectors, point(ids.porto, 'Ana lives in Porto', 1));
    writeLocalRaw(layout.localVectors, point(ids.cello, 'Ana plays the cello', 2));
    writeLocalRaw(layout.localVectors, point(ids.jazz, 'User likes jazz', 3));

    // History as the layers write it: yesterday's entries, then today's.
    engine.journal.append({ layer: 'facts', action: 'fact.recorded', scope: 'global', item: `fact:${sister.id}`, actor: 'agent', source: { sessionId: family.id, messageId: m1.id }, after: { id: sister.id, text: sister.text }, summary: `Recorded “${sister.text}”` });
    t += HOUR;
    engine.journal.append({ layer: 'graph', action: 'relation.added', scope: SCOPE, item: `relation:${sisterEdge}`, actor: 'extraction', source: { sessionId: family.id, messageId: m1.id }, summary: 'Added User has sister Ana' });
    t = now - 60_000;
    engine.journal.append({ layer: 'laws', action: 'law.derived', scope: SCOPE, item: `law:${lawId}`, actor: 'inference', after: { statement: 'The user keeps in close touch with Ana' }, summary: 'Derived “The user keeps in close touch with Ana”' });
    return {
      facts: { sister: sister.id, birthday: birthday.id, atlas: atlas.id, tea: tea.id, trip: tripFact.id },
      anaNode: ana,
      family: { sessionId: family.id, messageId: m1.id },
      trip: { sessionId: trip.id },
      lawId,
      mem0: ids,
    };
  } finally {
    engine.close();
  }
}

async function withSeededServer(run: (server: MonadServer, seeded: Seeded) => Promise<void>): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-history-'));
  try {
    const seeded = seed(home);
    const { server, stop } = await startServer({ home });
    try {
      await run(server, seeded);
    } finally {
      await stop();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

async function openApp(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
}

async function openHistory(page: Page): Promise<void> {
  await page.getByTestId('tab-memory').click();
  await page.getByTestId('memory-view-history').click();
  await expect(page.getByTestId('history-view')).toBeVisible();
}

const mem0Texts = async (server: MonadServer) => (await api<{ entries: { text: string }[] }>(server, 'mem0.entries', {})).entries.map((e) => e.text).sort();
const factIds = async (server: MonadServer, scope: string) => (await api<{ facts: { id: string }[] }>(server, 'facts.list', { scope })).facts.map((f) => f.id);

test('forget everything about Ana from a search: preview in every layer, untick, forget; History lists it; undo shows the plan and puts it back', async ({ page }) => {
  await withSeededServer(async (server, s) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await openApp(page, server);

    await page.getByTestId('search-input').fill('Ana');
    await expect(page.getByTestId('search-results')).toBeVisible();
    await page.getByTestId('search-forget').click();

    const dialog = page.getByTestId('forget-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading')).toHaveText('Forget everything about “Ana”?');
    const item = (key: string) => dialog.locator(`[data-testid="forget-item"][data-key="${key}"]`);
    // Every layer: facts in three scopes, the entity, its relations, the law about Ana, both mem0 memories.
    for (const key of [`fact:global:${s.facts.sister}`, `fact:${SCOPE}:${s.facts.birthday}`, `fact:project:atlas:${s.facts.atlas}`, `entity:${s.anaNode}`, `law:${s.lawId}`, `mem0:${s.mem0.porto}`, `mem0:${s.mem0.cello}`]) {
      await expect(item(key)).toBeVisible();
    }
    await expect(dialog.getByTestId('forget-group-relation').getByTestId('forget-item')).toHaveCount(2);
    await expect(item(`fact:${SCOPE}:${s.facts.tea}`)).toHaveCount(0);
    await expect(item(`mem0:${s.mem0.jazz}`)).toHaveCount(0);
    await expect(item(`fact:global:${s.facts.sister}`)).toContainText('mentions “Ana” · global');
    const total = await dialog.getByTestId('forget-item').count();
    await expect(dialog.getByTestId('forget-count')).toHaveText(`${total} of ${total} ticked`);

    // Keep the Atlas fact: untick it (from the keyboard: Space on its checkbox).
    await item(`fact:project:atlas:${s.facts.atlas}`).locator('input').focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByTestId('forget-count')).toHaveText(`${total - 1} of ${total} ticked`);
    await page.screenshot({ path: join(SCREENSHOTS, 'forget-preview-light.png') });
    await expectAxeClean(page, '[data-testid="forget-dialog"]');

    await dialog.getByTestId('forget-confirm').click();
    await expect(dialog).toHaveCount(0);
    const toastEl = page.getByTestId('toast').filter({ hasText: 'about “Ana”' });
    await expect(toastEl).toContainText(`Forgot ${total - 1} items about “Ana”`);
    await expect(toastEl.getByTestId('toast-action')).toHaveText('Undo');

    expect(await factIds(server, 'global')).toEqual([]);
    expect(await factIds(server, 'project:atlas')).toEqual([s.facts.atlas]);
    expect((await factIds(server, SCOPE)).sort()).toEqual([s.facts.tea, s.facts.trip].sort());
    expect(await mem0Texts(server)).toEqual(['User likes jazz']);

    // Memory → History: the forget is one row (one group), today, by you.
    await openHistory(page);
    const row = page.getByTestId('history-entry').filter({ hasText: 'Forgot everything about “Ana”' }).first();
    await expect(row).toBeVisible();
    // One request, one row: it says what was asked and how many changes it made.
    await expect(row.getByTestId('history-summary')).toHaveText(/^Forgot everything about “Ana” \(\d+ changes\)$/);
    await expect(row).toContainText('You, in the app');
    await row.getByTestId('history-group-toggle').click();
    await expect(row.getByTestId('history-member').filter({ hasText: 'Ana plays the cello' })).toBeVisible();
    // mem0's memory, and the relation of the same words marked wrong in the graph: both in the group.
    await expect(row.getByTestId('history-member').filter({ hasText: 'mem0 memory “Ana lives in Porto”' })).toBeVisible();

    // Undo: it changes more than one entry, so the plan comes first; Escape cancels, nothing changes.
    await row.getByTestId('history-undo').click();
    const plan = page.getByTestId('undo-plan');
    await expect(plan).toBeVisible();
    await expect(plan.getByTestId('undo-plan-item').first()).toBeVisible();
    await expect(plan.getByTestId('undo-plan-confirm')).toBeFocused();
    await page.screenshot({ path: join(SCREENSHOTS, 'history-undo-plan-light.png') });
    await expectAxeClean(page, '[data-testid="undo-plan"]');
    await page.keyboard.press('Escape');
    await expect(plan).toHaveCount(0);
    expect(await mem0Texts(server)).toEqual(['User likes jazz']);

    await row.getByTestId('history-undo').click();
    await page.getByTestId('undo-plan-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone' })).toBeVisible();
    await expect(row.getByTestId('history-undone')).toBeVisible();
    await expect(row.getByTestId('history-undo')).toHaveCount(0);
    // The newest entry is the undo itself (one group: the memories, relations, facts and laws put back).
    await expect(page.getByTestId('history-entry').first().getByTestId('history-is-undo')).toHaveText('Undoes an earlier change');
    await expect(page.getByTestId('history-entry').first()).toContainText('Restored');
    expect(await mem0Texts(server)).toEqual(['Ana lives in Porto', 'Ana plays the cello', 'User likes jazz']);
    await row.getByTestId('history-group-toggle').click();
    await page.screenshot({ path: join(SCREENSHOTS, 'history-after-undo-light.png') });
  });
});

test('History: grouped by day, filtered by layer and author, each entry linked to its item and its source message', async ({ page }) => {
  await withSeededServer(async (server, s) => {
    await openApp(page, server);
    await openHistory(page);
    // The rows asserted on are the seeded ones, by what they say: a layer that journals its own writes
    // (as the seeding's store calls may do) adds rows, never changes these.
    const days = page.getByTestId('history-day');
    await expect(days).toHaveText(['Today', 'Yesterday']);
    const entries = page.getByTestId('history-entry');
    const today = page.getByTestId('history-list').locator('section').filter({ has: page.getByRole('heading', { name: 'Today' }) });
    const yesterday = page.getByTestId('history-list').locator('section').filter({ has: page.getByRole('heading', { name: 'Yesterday' }) });
    const derived = today.getByTestId('history-entry').filter({ hasText: 'Derived “The user keeps in close touch with Ana”' });
    await expect(derived).toContainText('Law inference');
    await expect(yesterday.getByTestId('history-entry').filter({ hasText: 'Added User has sister Ana' })).toContainText('Graph extraction, in a chat');
    // The seed's facts are journaled by the facts layer too; the agent's entry is the one with its chat.
    await expect(yesterday.getByTestId('history-entry').filter({ hasText: 'Recorded “User' }).filter({ hasText: 'Agent, in a chat' })).toBeVisible();
    await expectAxeClean(page, '[data-testid="history-view"]');

    // Filters: a layer, an author nobody matches, a scope.
    await page.getByTestId('history-layer-graph').click();
    await expect(entries.filter({ hasText: 'Added User has sister Ana' })).toBeVisible();
    await expect(page.locator('[data-testid="history-entry"]:not([data-layer="graph"])')).toHaveCount(0);
    await page.getByTestId('history-layer-all').click();
    await page.getByTestId('history-actor').selectOption('consolidation');
    await expect(page.getByTestId('history-empty')).toContainText('No change matches these filters');
    await page.getByTestId('history-actor').selectOption('');
    await page.getByTestId('history-scope').selectOption('global');
    await expect(entries.filter({ hasText: 'Recorded “User' }).first()).toBeVisible();
    await expect(entries.filter({ hasText: 'Derived' })).toHaveCount(0);
    await page.getByTestId('history-scope').selectOption('');
    await expect(entries.filter({ hasText: 'Derived' })).toHaveCount(1);

    // Links: the law in the Laws tab, the fact in the Memory tab, the source message in its chat.
    await derived.getByTestId('history-open').click();
    await expect(page.getByTestId('laws-pane')).toBeVisible();
    await expect(page.locator(`[data-testid="law"][data-law-id="${s.lawId}"]`)).toBeFocused();

    await openHistory(page);
    await entries.filter({ hasText: 'Recorded “User' }).first().getByTestId('history-open').click();
    await expect(page.getByTestId('facts-view')).toBeVisible();
    await expect(page.getByTestId('facts-scope')).toHaveText('global');
    await expect(page.locator(`[data-testid="fact"][data-fact-id="${s.facts.sister}"]`)).toBeVisible();

    await openHistory(page);
    await entries.filter({ hasText: 'Recorded “User' }).first().getByTestId('history-open-message').click();
    await expect(page.getByTestId('chat-title')).toHaveText('Family news');
    await expect(page.locator(`[data-testid="message"][data-message-id="${s.family.messageId}"]`)).toBeVisible();
  });
});

test('deleting a chat offers what rests only on it; an entity offers its own preview', async ({ page }) => {
  await withSeededServer(async (server, s) => {
    await openApp(page, server);
    const trip = page.locator(`[data-testid="session-item"][data-session-id="${s.trip.sessionId}"]`);
    await trip.hover();
    await trip.getByTestId('session-delete').click();
    const dialog = page.getByTestId('forget-dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Delete “Trip planning”?');
    await expect(dialog.getByTestId('forget-item')).toHaveCount(1);
    await expect(dialog.getByTestId('forget-item')).toContainText('Travels to Kyoto in April');
    await expect(dialog.getByTestId('forget-item')).toContainText('learned only from this chat');
    await expect(dialog.getByTestId('forget-confirm')).toHaveText('Delete chat and forget 1');
    await page.screenshot({ path: join(SCREENSHOTS, 'forget-delete-chat-light.png') });
    await dialog.getByTestId('forget-confirm').click();
    await expect(trip).toHaveCount(0);
    await expect(page.getByTestId('toast').filter({ hasText: 'Deleted “Trip planning” and forgot 1 item' })).toBeVisible();
    expect(await factIds(server, SCOPE)).not.toContain(s.facts.trip);

    // A chat nothing rests on only: the plain confirmation, as before.
    const empty = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Small talk' });
    await page.reload();
    const small = page.locator(`[data-testid="session-item"][data-session-id="${empty.id}"]`);
    await small.hover();
    await small.getByTestId('session-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Small talk');
    await page.getByTestId('confirm-cancel').click();

    // From the Graph tab: the entity's panel.
    await page.getByTestId('tab-graph').click();
    await page.getByTestId('graph-search').fill('Ana');
    await page.getByTestId('graph-search').press('Enter');
    await expect(page.getByTestId('graph-panel-title')).toHaveText('Ana');
    await page.getByTestId('graph-forget').click();
    await expect(dialog.getByRole('heading')).toHaveText('Forget everything about “Ana”?');
    await expect(dialog.locator(`[data-testid="forget-item"][data-key="entity:${s.anaNode}"]`)).toContainText('the entity itself');
    // Untick a whole kind with its group checkbox; Cancel leaves everything as it was.
    await dialog.getByTestId('forget-group-fact').getByTestId('forget-kind-toggle').uncheck();
    await expect(dialog.getByTestId('forget-group-fact')).toContainText('0 of 3');
    await dialog.getByTestId('forget-cancel').click();
    await expect(dialog).toHaveCount(0);
    expect(await factIds(server, 'global')).toEqual([s.facts.sister]);

    // Forget it for real, keeping the facts: the graph re-reads at once and Ana is gone from it.
    await page.getByTestId('graph-forget').click();
    await dialog.getByTestId('forget-group-fact').getByTestId('forget-kind-toggle').uncheck();
    await dialog.getByTestId('forget-confirm').click();
    await expect(dialog).toHaveCount(0);
    // The graph re-reads at once: the panel of the entity that is gone closes.
    await expect(page.getByTestId('graph-panel')).toHaveCount(0);
    const snapshot = await api<{ nodes: { name: string }[] }>(server, 'graph.snapshot', { scope: SCOPE });
    expect(snapshot.nodes.map((n) => n.name).sort()).toEqual(['Porto', 'User']);
    expect(await factIds(server, 'global')).toEqual([s.facts.sister]);
  });
});

test('Settings → Memory: the history is kept forever by default; a retention is written to config.json and applied at once', async ({ page }) => {
  await withSeededServer(async (server) => {
    const before = (await api<{ entries: unknown[] }>(server, 'history.list', {})).entries.length;
    expect(before).toBeGreaterThanOrEqual(3);
    await openApp(page, server);
    await openSettings(page, 'memory');
    const retention = page.getByTestId('memory-history-retention');
    await expect(retention.getByRole('radio', { checked: true })).toHaveText('Forever');
    const config = () => JSON.parse(readFileSync(server.configPath, 'utf8')) as { memory?: { history?: { retentionDays?: number | null } } };
    expect(config().memory?.history?.retentionDays ?? null).toBeNull();

    // From the keyboard: focus the choice and press Enter.
    await page.getByTestId('memory-history-retention-30').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => config().memory?.history?.retentionDays).toBe(30);
    await expect(page.getByTestId('memory-global-saved')).toBeVisible();
    // Everything seeded is within 30 days: nothing was dropped.
    expect((await api<{ entries: unknown[] }>(server, 'history.list', {})).entries).toHaveLength(before);

    await page.getByTestId('memory-history-retention-forever').click();
    await expect.poll(() => config().memory?.history?.retentionDays ?? null).toBeNull();
  });
});

test.describe('screenshots: History and the forget preview, dark and 900×700', () => {
  async function shoot(browser: Browser, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string) {
    await withSeededServer(async (server) => {
      const context = await browser.newContext(opts);
      const page = await context.newPage();
      try {
        await openApp(page, server);
        await openHistory(page);
        await expect(page.getByTestId('history-entry').filter({ hasText: 'Derived' })).toBeVisible();
        await page.screenshot({ path: join(SCREENSHOTS, `history-${name}.png`) });
        await expectAxeClean(page, '[data-testid="history-view"]');
        await page.getByTestId('search-input').fill('Ana');
        await page.getByTestId('search-forget').click();
        await expect(page.getByTestId('forget-item').first()).toBeVisible();
        await page.screenshot({ path: join(SCREENSHOTS, `forget-preview-${name}.png`) });
        await expectAxeClean(page, '[data-testid="forget-dialog"]');
      } finally {
        await context.close();
      }
    });
  }

  test('dark', async ({ browser }) => {
    await shoot(browser, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
  });

  test('900×700', async ({ browser }) => {
    await shoot(browser, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');
  });
});
