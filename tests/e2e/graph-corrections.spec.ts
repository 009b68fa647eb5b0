// Correcting the graph in real Chromium against `monad serve`: merge a duplicate entity, "This is wrong"
// on a relation (the one it had replaced comes back), edit, rename, delete, add a relation by hand, and
// accept a proposed change — each checked on screen and in the engine, keyboard first, axe-clean, with
// screenshots in light, dark and at 900×700.
import { expectAxeClean } from './settle';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Core, EdgeSingular, NodeSingular } from 'cytoscape';
import type { GraphEdgeDetail, GraphNodeDetail } from '../../src/shared/domain';
import { Engine } from '../../src/main/engine';
import { DEMO_SCOPE, seedDemoGraph, type DemoGraph } from '../helpers/seed-graph';
import { api, expect, overlaps, ROOT, startServer, test as base, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

interface Seeded {
  server: MonadServer;
  graph: DemoGraph;
  samuel: number;
  hasPet: number;
}

/**
 * The demo graph, plus a duplicate of Sam ("Samuel", who also works at Globex and knows Priya) and one
 * proposed change: the person marked "Sam has pet Miso" wrong, and a later message said it again.
 */
const test = base.extend<{ seeded: Seeded }>({
  seeded: async ({}, use) => {
    const home = mkdtempSync(join(tmpdir(), 'monad-e2e-graph-fix-'));
    const graph = seedDemoGraph(home);
    const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
    let samuel: number;
    let hasPet: number;
    try {
      const g = engine.graph.store;
      samuel = g.upsertNode(DEMO_SCOPE, 'Samuel', 'person', '').id;
      g.upsertEdge({ scope: DEMO_SCOPE, src: samuel, dst: graph.nodes.Globex, relation: 'works at', provClass: 'user', validFrom: '2025-04-01T00:00:00.000Z', support: [graph.newJobMessageId], supersede: false });
      g.upsertEdge({ scope: DEMO_SCOPE, src: samuel, dst: graph.nodes.Priya, relation: 'knows', provClass: 'user', validFrom: '2025-04-01T00:00:00.000Z', support: [graph.newJobMessageId], supersede: false });
      hasPet = g.edgesOf(graph.nodes.Miso)[0].id;
      const support = g.edgeById(hasPet)!.support;
      engine.graph.corrections.retractRelation(hasPet, { reason: 'Miso is my neighbour’s cat' }, { actor: 'person', source: { via: 'app' } });
      engine.graph.proposals.propose(
        DEMO_SCOPE,
        { src: 'Sam', srcId: graph.nodes.Sam, dst: 'Miso', dstId: graph.nodes.Miso, relation: 'has_pet', provClass: 'user', validFrom: '2025-06-01T00:00:00.000Z', support, supersede: false, retracted: hasPet, closes: [] },
        { actor: 'extraction', source: { sessionId: graph.sessions.move.id } },
      );
    } finally {
      engine.close();
    }
    const { server, stop } = await startServer({ home });
    try {
      await use({ server, graph, samuel, hasPet });
    } finally {
      await stop();
      rmSync(home, { recursive: true, force: true });
    }
  },
});

type HookWindow = Window & { __monadGraph?: { cy: Core } };

async function openGraph(page: Page, server: MonadServer): Promise<void> {
  await page.goto(`${server.url}/?graphHook#token=${server.token}`);
  await expect(page.getByTestId('app')).toBeVisible();
  await page.getByTestId('tab-graph').click();
  await expect(page.getByTestId('graph-canvas')).toHaveAttribute('data-ready', 'true');
  await settled(page);
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const cy = (window as HookWindow).__monadGraph?.cy;
    return cy !== undefined && !cy.animated();
  });
}

async function clickElement(page: Page, key: string): Promise<void> {
  await settled(page);
  const at = await page.evaluate((k) => {
    const cy = (window as HookWindow).__monadGraph!.cy;
    const el = cy.getElementById(k);
    if (el.empty()) throw new Error(`no element ${k}`);
    return el.isEdge() ? (el as EdgeSingular).renderedMidpoint() : (el as NodeSingular).renderedPosition();
  }, key);
  const box = (await page.getByTestId('graph-canvas').boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);
}

function shown(page: Page, key: string): Promise<boolean> {
  return page.evaluate((k) => {
    const el = (window as HookWindow).__monadGraph!.cy.getElementById(k);
    return el.nonempty() && el.visible();
  }, key);
}

/** Finds an entity by name with the search box (Enter selects the first match). */
async function find(page: Page, name: string): Promise<void> {
  await page.getByTestId('graph-search').fill(name);
  await page.getByTestId('graph-search').press('Enter');
  await expect(page.getByTestId('graph-panel-title')).toHaveText(name);
}

test.describe('graph corrections', () => {
  test('merge a duplicate: Samuel folds into Sam, his relations move, his name leads to Sam; undoable', async ({ page, seeded }) => {
    const { server, graph, samuel } = seeded;
    await openGraph(page, server);
    await expect(page.getByTestId('graph-counts')).toHaveText('12 entities · 15 relations');
    await find(page, 'Sam');
    await page.getByTestId('graph-entity-merge').click();
    await expect(page.getByTestId('graph-merge-search')).toBeFocused();
    // The likely duplicate is offered before anything is typed.
    await expect(page.getByTestId('graph-merge-choice').first()).toContainText('Samuel');
    await expectAxeClean(page, '[data-testid="graph-panel"]');
    await page.getByTestId('graph-merge-search').fill('samu');
    await page.getByTestId('graph-merge-search').press('Enter');
    await expect(page.getByTestId('confirm-dialog')).toContainText('Merge “Samuel” into “Sam”?');
    await page.getByTestId('confirm-ok').click();

    // Both of Samuel's relations repeated Sam's (works at Globex, knows Priya): they fold into them.
    await expect(page.getByTestId('graph-counts')).toHaveText('11 entities · 13 relations');
    await expect(page.getByTestId('graph-panel-title')).toHaveText('Sam');
    await expect(page.getByTestId('graph-panel-yours')).toBeVisible();
    await expect.poll(() => shown(page, `n${samuel}`)).toBe(false);
    await expect(page.getByText('You can undo this here or in Memory → History.')).toBeVisible();
    await expect(page.getByTestId('toast-action').filter({ hasText: 'Undo' }).first()).toBeVisible();
    // "Samuel works at Globex" was the same as Sam's: one relation, with both sources.
    const sam = await api<GraphNodeDetail>(server, 'graph.node', { id: graph.nodes.Sam });
    expect(sam.edges.filter((e) => e.relation === 'works_at' && e.dst === graph.nodes.Globex)).toEqual([expect.objectContaining({ support: expect.arrayContaining([graph.newJobMessageId]) })]);
    expect(sam.edges.filter((e) => e.relation === 'knows' && e.dst === graph.nodes.Priya)).toHaveLength(1);
    const gone = await api<GraphNodeDetail>(server, 'graph.node', { id: samuel });
    expect(gone.node.removed).toMatchObject({ mergedInto: graph.nodes.Sam });
    const hit = await api<{ entities: { name: string }[] }>(server, 'search.query', { query: 'Samuel' });
    expect(hit.entities.map((e) => e.name)).not.toContain('Samuel');
  });

  test('"This is wrong" on a relation: it leaves the graph with its reason, and the relation it had replaced holds again', async ({ page, seeded }) => {
    const { server, graph } = seeded;
    await openGraph(page, server);
    await expect.poll(() => shown(page, `e${graph.edges.newHome}`)).toBe(true);
    await expect.poll(() => shown(page, `e${graph.edges.oldHome}`)).toBe(false);
    await clickElement(page, `e${graph.edges.newHome}`);
    await expect(page.getByTestId('graph-edge-sentence')).toHaveText('Sam lives in Lisbon');
    // Keyboard: the action is a button in the panel; its form opens focused; Escape closes only the form.
    await page.getByTestId('graph-relation-wrong').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('graph-wrong-reason')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('graph-wrong-form')).toHaveCount(0);
    await expect(page.getByTestId('graph-panel')).toBeVisible();
    await page.getByTestId('graph-relation-wrong').click();
    await page.keyboard.type('We only visited Lisbon');
    await expectAxeClean(page, '[data-testid="graph-panel"]');
    await page.getByTestId('graph-wrong-confirm').click();

    await expect.poll(() => shown(page, `e${graph.edges.newHome}`)).toBe(false);
    await expect.poll(() => shown(page, `e${graph.edges.oldHome}`)).toBe(true);
    // The panel now shows the re-opened relation, current again.
    await expect(page.getByTestId('graph-edge-sentence')).toHaveText('Sam lives in Berlin');
    await expect(page.getByTestId('graph-edge-until')).toHaveText('still holds');
    const wrong = await api<GraphEdgeDetail>(server, 'graph.edge', { id: graph.edges.newHome });
    expect(wrong.edge.retracted).toMatchObject({ by: 'person', reason: 'We only visited Lisbon' });
  });

  test('edit a relation’s end, rename and delete an entity, add a relation by hand', async ({ page, seeded }) => {
    const { server, graph } = seeded;
    await openGraph(page, server);
    await clickElement(page, `e${graph.edges.knowsPriya}`);
    await page.getByTestId('graph-relation-edit').click();
    await page.getByTestId('graph-edit-holds').uncheck();
    await page.getByTestId('graph-edit-until').fill('2023-01-01');
    await expect(page.getByRole('alert')).toHaveText('The end must be after the start.');
    await expect(page.getByTestId('graph-edit-save')).toBeDisabled();
    await page.getByTestId('graph-edit-until').fill('2025-12-31');
    await page.getByTestId('graph-edit-save').click();
    await expect(page.getByTestId('graph-edge-until')).toContainText('2025');
    await expect(page.getByTestId('graph-edge-yours')).toBeVisible();

    await find(page, 'Miso');
    await page.getByTestId('graph-entity-rename').click();
    await page.getByTestId('graph-rename-input').fill('Miso the cat');
    await page.getByTestId('graph-rename-input').press('Enter');
    await expect(page.getByTestId('graph-panel-title')).toHaveText('Miso the cat');
    // The edit's and the rename's Undo stay up for seconds: they cover neither the panel's actions nor the
    // toolbar, so the next correction does not wait for them to go. The rename's was just raised; on a slow
    // machine the edit's may already have timed out (12 s), so only the toasts still up are measured.
    const undos = page.getByTestId('toast').filter({ has: page.getByTestId('toast-action') });
    await expect(undos.last()).toBeVisible();
    for (const undo of await undos.all()) {
      const toastBox = await undo.boundingBox();
      if (!toastBox) continue; // timed out meanwhile
      for (const id of ['graph-entity-rename', 'graph-entity-delete', 'graph-add', 'graph-search']) {
        expect(overlaps(toastBox, (await page.getByTestId(id).boundingBox())!), `an Undo toast covers ${id}`).toBe(false);
      }
    }
    await page.getByTestId('graph-entity-delete').click({ trial: true, timeout: 5_000 });

    await find(page, 'Kafka');
    await page.getByTestId('graph-entity-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Delete “Kafka”?');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('graph-panel')).toHaveCount(0);
    await expect.poll(() => shown(page, `n${graph.nodes.Kafka}`)).toBe(false);

    await page.getByTestId('graph-add').click();
    await expect(page.getByTestId('graph-add-src')).toBeFocused();
    await page.getByTestId('graph-add-src').fill('Sam');
    await page.getByTestId('graph-add-relation').fill('plays');
    await page.getByTestId('graph-add-dst').fill('Chess');
    await expect(page.getByTestId('graph-add-form')).toContainText('New entity');
    await expectAxeClean(page, '[data-testid="graph-panel"]');
    await page.getByTestId('graph-add-save').click();
    await expect(page.getByTestId('graph-edge-sentence')).toHaveText('Sam plays Chess');
    await expect(page.getByTestId('graph-edge-yours')).toBeVisible();
    await expect(page.getByTestId('graph-edge-prov')).toHaveAttribute('data-prov', 'user');
    // No messages behind it because the person added it, not because they were deleted (issue 27 §3).
    await expect(page.getByTestId('graph-edge-source-none')).toHaveText(/^Added by you on /);
  });

  test('a proposed change waits for the person: accepted, the relation they had marked wrong comes back as theirs', async ({ page, seeded }) => {
    const { server, graph } = seeded;
    await openGraph(page, server);
    await expect(page.getByTestId('graph-proposals-count')).toHaveText('1');
    await page.getByTestId('graph-proposals-open').click();
    const card = page.getByTestId('graph-proposal');
    await expect(card).toContainText('Add “Sam has pet Miso” again');
    await expect(card).toContainText('You marked “Sam has pet Miso” as wrong');
    await expect(card.getByTestId('graph-proposal-source')).toContainText('Career chat');
    await expectAxeClean(page, '[data-testid="graph-panel"]');
    await card.getByTestId('graph-proposal-accept').click();
    await expect(page.getByTestId('graph-proposals-empty')).toBeVisible();
    await expect(page.getByTestId('graph-proposals-count')).toHaveText('0');
    const miso = await api<GraphNodeDetail>(server, 'graph.node', { id: graph.nodes.Miso });
    expect(miso.edges).toEqual([expect.objectContaining({ relation: 'has_pet', assertedBy: 'person' })]);
  });

  test('screenshots: corrections in light, dark and at 900×700', async ({ page, seeded, browser }) => {
    test.setTimeout(120_000);
    const { server, graph } = seeded;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await openGraph(page, server);
    await find(page, 'Sam');
    await page.getByTestId('graph-entity-merge').click();
    await settled(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'graph-merge-light.png') });
    await page.keyboard.press('Escape');
    await clickElement(page, `e${graph.edges.newJob}`);
    await page.getByTestId('graph-relation-wrong').click();
    await page.getByTestId('graph-wrong-reason').fill('Started in April, not March');
    await page.screenshot({ path: join(SCREENSHOTS, 'graph-wrong-light.png') });
    await page.getByTestId('graph-proposals-open').click();
    await page.screenshot({ path: join(SCREENSHOTS, 'graph-proposals-light.png') });

    const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
    try {
      const p = await dark.newPage();
      await openGraph(p, server);
      await expect(p.locator('html')).toHaveAttribute('data-theme', 'dark');
      await clickElement(p, `e${graph.edges.newJob}`);
      await p.getByTestId('graph-relation-edit').click();
      await p.screenshot({ path: join(SCREENSHOTS, 'graph-edit-dark.png') });
      await p.getByTestId('graph-add').click();
      await p.getByTestId('graph-add-src').fill('Sam');
      await p.getByTestId('graph-add-relation').fill('plays');
      await p.getByTestId('graph-add-dst').fill('Chess');
      await p.screenshot({ path: join(SCREENSHOTS, 'graph-add-dark.png') });
      await expectAxeClean(p, '[data-testid="graph-panel"]');
      await p.getByTestId('graph-proposals-open').click();
      await p.screenshot({ path: join(SCREENSHOTS, 'graph-proposals-dark.png') });
      await expectAxeClean(p, '[data-testid="graph-panel"]');
    } finally {
      await dark.close();
    }

    const small = await browser.newContext({ viewport: { width: 900, height: 700 } });
    try {
      const p = await small.newPage();
      await openGraph(p, server);
      // Every toolbar action stays on screen (labels give way to icons).
      for (const id of ['graph-proposals-open', 'graph-add', 'graph-refresh']) await expect(p.getByTestId(id)).toBeInViewport({ ratio: 1 });
      await find(p, 'Sam');
      await p.getByTestId('graph-entity-merge').click();
      await p.screenshot({ path: join(SCREENSHOTS, 'graph-merge-900.png') });
      await p.keyboard.press('Escape');
      await clickElement(p, `e${graph.edges.newJob}`);
      await p.getByTestId('graph-relation-edit').click();
      await p.screenshot({ path: join(SCREENSHOTS, 'graph-edit-900.png') });
      // Every control of the form is reachable at this size.
      await p.getByTestId('graph-edit-save').scrollIntoViewIfNeeded();
      await expect(p.getByTestId('graph-edit-save')).toBeInViewport();
    } finally {
      await small.close();
    }
  });
});
