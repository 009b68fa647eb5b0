// One correction reaches every layer (issue 27 §2), in real Chromium against `monad serve`: "This is
// wrong" on "Rui lives in Braga" in the Graph proposes forgetting the fact a chat gave with it; the
// Inbox shows it with why; accepted, the fact is gone and the law grounded on it is out of recall; one
// undo in History brings relation, fact and law back together. axe, and light, dark and 900×700.
import { expectAxeClean } from './settle';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Core, EdgeSingular } from 'cytoscape';
import type { FactView, GraphEdgeDetail, LawView } from '../../src/shared/domain';
import { Engine } from '../../src/main/engine';
import { api, expect, ROOT, startServer, test as base, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SCOPE = 'agent:default';
const NORTH = 'The user has a friend in northern Portugal';
const INDUSTRY = 'The user knows people in industry';

interface Seeded {
  server: MonadServer;
  lives: number;
}

/**
 * A chat message that gave two facts and two relations, a fact that only mentions Rui, and a law grounded
 * on each of the two facts.
 */
function seed(home: string): { lives: number } {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    const session = engine.sessions.create({ agentId: 'default', title: 'About Rui' });
    const msg = engine.messages.append({ sessionId: session.id, role: 'user', content: 'My friend Rui lives in Braga and works at Acme.' });
    const fromChat = { actor: 'agent' as const, source: { sessionId: session.id, messageId: msg.id } };
    const mem = engine.facts.memory;
    const lives = engine.facts.ledger.as(fromChat, () => mem.record(SCOPE, 'Rui lives in Braga')).fact!;
    const works = engine.facts.ledger.as(fromChat, () => mem.record(SCOPE, 'Rui works at Acme')).fact!;
    mem.record(SCOPE, 'Rui likes football');
    const g = engine.graph.store;
    const rui = g.upsertNode(SCOPE, 'Rui', 'person').id;
    const braga = g.upsertNode(SCOPE, 'Braga', 'place').id;
    const acme = g.upsertNode(SCOPE, 'Acme', 'organization').id;
    const edge = g.upsertEdge({ scope: SCOPE, src: rui, dst: braga, relation: 'lives_in', provClass: 'user', validFrom: msg.createdAt, support: [msg.id], supersede: false }).id;
    g.upsertEdge({ scope: SCOPE, src: rui, dst: acme, relation: 'works_at', provClass: 'user', validFrom: msg.createdAt, support: [msg.id], supersede: false });
    engine.laws.writer.replaceDerived(
      SCOPE,
      [
        { statement: NORTH, confidence: 0.8, support: [`fact:${lives.id}`], supportText: { [`fact:${lives.id}`]: lives.text } },
        { statement: INDUSTRY, confidence: 0.8, support: [`fact:${works.id}`], supportText: { [`fact:${works.id}`]: works.text } },
      ],
      'seeded',
      { actor: 'inference' },
    );
    return { lives: edge };
  } finally {
    engine.close();
  }
}

const test = base.extend<{ seeded: Seeded }>({
  seeded: async ({}, use) => {
    const home = mkdtempSync(join(tmpdir(), 'monad-e2e-cross-layer-'));
    const { lives } = seed(home);
    const { server, stop } = await startServer({ home });
    try {
      await use({ server, lives });
    } finally {
      await stop();
      rmSync(home, { recursive: true, force: true });
    }
  },
});

type HookWindow = Window & { __monadGraph?: { cy: Core } };

async function clickEdge(page: Page, key: string): Promise<void> {
  await page.waitForFunction(() => {
    const cy = (window as HookWindow).__monadGraph?.cy;
    return cy !== undefined && !cy.animated();
  });
  const at = await page.evaluate((k) => ((window as HookWindow).__monadGraph!.cy.getElementById(k) as EdgeSingular).renderedMidpoint(), key);
  const box = (await page.getByTestId('graph-canvas').boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

const factTexts = async (server: MonadServer) => (await api<{ facts: FactView[] }>(server, 'facts.list', { scope: SCOPE })).facts.map((f) => f.text);
const law = async (server: MonadServer, statement: string) => (await api<LawView[]>(server, 'laws.list', { scopes: [SCOPE] })).find((l) => l.statement === statement)!;

test.describe('cross-layer corrections', () => {
  test('mark wrong in the Graph → proposal in the Inbox → accept → fact gone, law out of recall → one undo in History → all back', async ({ page, seeded }) => {
    const { server, lives } = seeded;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.goto(`${server.url}/?graphHook#token=${server.token}`);
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
    await expect(page.getByTestId('inbox-badge')).toHaveCount(0);

    // The Graph: "This is wrong" on the relation.
    await page.getByTestId('tab-graph').click();
    await expect(page.getByTestId('graph-canvas')).toHaveAttribute('data-ready', 'true');
    await clickEdge(page, `e${lives}`);
    await expect(page.getByTestId('graph-edge-sentence')).toHaveText('Rui lives in Braga');
    await page.getByTestId('graph-relation-wrong').click();
    await page.getByTestId('graph-wrong-reason').fill('He moved to Porto years ago');
    await page.getByTestId('graph-wrong-confirm').click();
    await expect.poll(async () => (await api<GraphEdgeDetail>(server, 'graph.edge', { id: lives })).edge.retracted).toMatchObject({ by: 'person' });

    // Proposed, not applied: the fact stays until the person accepts; the law on it left recall at once.
    await expect(page.getByTestId('inbox-badge')).toHaveText('1');
    expect(await factTexts(server)).toContain('Rui lives in Braga');
    expect(await law(server, NORTH)).toMatchObject({ eligible: false, suppressed: { reason: expect.stringContaining('Rui lives in Braga') } });
    expect((await law(server, INDUSTRY)).eligible).toBe(true);

    await page.getByTestId('tab-inbox').click();
    const item = page.getByTestId('inbox-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('inbox-item-text')).toContainText('Rui lives in Braga');
    await expect(item).toContainText('Follows from your correction');
    await expect(item).toContainText('You marked “Rui lives in Braga” as wrong');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await page.getByTestId('inbox').screenshot({ path: join(SCREENSHOTS, `cross-layer-inbox-${scheme}.png`) });
      await expectAxeClean(page, '[data-testid="inbox"]');
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 900, height: 700 });
    await page.screenshot({ path: join(SCREENSHOTS, 'cross-layer-inbox-900x700.png') });
    await expectAxeClean(page, '[data-testid="inbox"]');

    // One click accepts.
    await item.getByTestId('inbox-approve').click();
    await expect(page.getByTestId('inbox-item')).toHaveCount(0);
    await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
    expect(await factTexts(server)).toEqual(['Rui works at Acme', 'Rui likes football']);
    expect((await law(server, NORTH)).eligible).toBe(false);

    // History: the correction is one entry with its consequences; one undo restores every layer.
    await page.getByTestId('tab-memory').click();
    await page.getByTestId('memory-view-history').click();
    await expect(page.getByTestId('history-view')).toBeVisible();
    // The accepted forget joined the correction's group: one row, the newest change first.
    const row = page.getByTestId('history-entry').filter({ hasText: 'Forgot “Rui lives in Braga” and 2 more changes' }).first();
    await expect(row).toBeVisible();
    await row.getByTestId('history-group-toggle').click();
    await expect(row.getByTestId('history-member').filter({ hasText: 'Marked “Rui lives in Braga” as wrong' })).toBeVisible();
    await expect(row.getByTestId('history-member').filter({ hasText: NORTH })).toBeVisible();
    await row.getByTestId('history-undo').click();
    const plan = page.getByTestId('undo-plan');
    await expect(plan).toContainText('Marked “Rui lives in Braga” as wrong');
    await page.screenshot({ path: join(SCREENSHOTS, 'cross-layer-undo-plan-900x700.png') });
    await expectAxeClean(page, '[data-testid="undo-plan"]');
    await plan.getByTestId('undo-plan-confirm').click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Undone' })).toBeVisible();

    expect((await api<GraphEdgeDetail>(server, 'graph.edge', { id: lives })).edge.retracted ?? null).toBeNull();
    expect(await factTexts(server)).toContain('Rui lives in Braga');
    expect(await law(server, NORTH)).toMatchObject({ eligible: true, suppressed: null });
    // Undoing is not a new correction: nothing new waits in the Inbox.
    await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
  });
});
