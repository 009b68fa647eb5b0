// The Graph tab at the size of a small window (issue 17, bug 4): a selected entity is centred in the
// part of the canvas that is visible (not under the side panel or the legend), the legend starts
// folded on a small canvas, and when opened its labels are whole, not clipped.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Core } from 'cytoscape';
import { Engine } from '../../src/main/engine';
import { expect, ROOT, startServer, test } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SCOPE = 'agent:default';
type HookWindow = Window & { __monadGraph?: { cy: Core } };

/** A ring of entities with long type names, so the legend has long labels and the graph spreads wide. */
function seed(home: string): void {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  try {
    const chat = engine.sessions.create({ agentId: 'default', title: 'People' });
    const m = engine.messages.append({ sessionId: chat.id, role: 'user', content: 'Everyone I know.' });
    const g = engine.graph.store;
    const types = ['person', 'organization', 'professional_certification_program', 'place', 'musical_instrument_family'];
    const ids = Array.from({ length: 24 }, (_, i) => g.upsertNode(SCOPE, `Entity ${i + 1}`, types[i % types.length]).id);
    for (let i = 0; i < ids.length; i++) {
      g.upsertEdge({ scope: SCOPE, src: ids[i], dst: ids[(i + 1) % ids.length], relation: 'knows_about', provClass: 'user', validFrom: m.createdAt, support: [m.id], supersede: false });
    }
  } finally {
    engine.close();
  }
}

/** Where the node is drawn, in page coordinates. */
async function nodeOnPage(page: Page, name: string): Promise<{ x: number; y: number }> {
  const rendered = await page.evaluate((n) => {
    const cy = (window as HookWindow).__monadGraph!.cy;
    const node = cy.nodes().filter((x) => x.data('label') === n || x.data('name') === n)[0];
    return node.renderedPosition();
  }, name);
  const canvas = (await page.getByTestId('graph-canvas').boundingBox())!;
  return { x: canvas.x + rendered.x, y: canvas.y + rendered.y };
}

function inside(p: { x: number; y: number }, b: { x: number; y: number; width: number; height: number }, margin = 0): boolean {
  return p.x >= b.x + margin && p.x <= b.x + b.width - margin && p.y >= b.y + margin && p.y <= b.y + b.height - margin;
}

test('at 900×700 the legend starts folded, opens with whole labels, and a searched entity is centred clear of the panel and the legend', async ({ page }) => {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-graphview-'));
  seed(home);
  const { server, stop } = await startServer({ home });
  try {
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto(`${server.url}/?graphHook#token=${server.token}`);
    await expect(page.getByTestId('app')).toBeVisible();
    await page.getByTestId('tab-graph').click();
    await expect(page.getByTestId('graph-canvas')).toHaveAttribute('data-ready', 'true');

    // Folded by default on this small canvas.
    await expect(page.getByTestId('graph-legend')).toHaveCount(0);
    await expect(page.getByTestId('graph-legend-open')).toBeVisible();

    // Opened, no label is cut off.
    await page.getByTestId('graph-legend-open').click();
    const legend = page.getByTestId('graph-legend');
    await expect(legend).toBeVisible();
    // In words, as every view names types (not the stored snake_case key).
    await expect(legend).toContainText('professional certification program');
    await expect(legend).not.toContainText('_');
    const clipped = await legend.locator('.graph-legend-name').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(clipped).toEqual([]);

    // Search and open an entity: once the panel is open, it sits in the visible canvas, not under the legend.
    await page.getByTestId('graph-search').fill('Entity 13');
    await page.getByTestId('graph-search').press('Enter');
    await expect(page.getByTestId('graph-panel-title')).toHaveText('Entity 13');
    const canvas = (await page.getByTestId('graph-canvas').boundingBox())!;
    const legendBox = (await legend.boundingBox())!;
    await expect
      .poll(async () => {
        const p = await nodeOnPage(page, 'Entity 13');
        return inside(p, canvas, 30) && !inside(p, legendBox);
      }, { message: 'the entity is centred in the visible canvas' })
      .toBe(true);
    // Centred in what is left of the canvas right of the legend (within a node's width).
    const free = { left: legendBox.x + legendBox.width, right: canvas.x + canvas.width };
    await expect.poll(async () => Math.abs((await nodeOnPage(page, 'Entity 13')).x - (free.left + free.right) / 2)).toBeLessThan(60);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'graph-900x700-centred-light.png') });
  } finally {
    await stop();
    rmSync(home, { recursive: true, force: true });
  }
});
