// The Laws tab in real Chromium against `monad serve`: laws seeded into a temp home through the engine's
// own stores (facts in MemoryDir, a graph edge with its source message, laws in the LawStore), then
// shown with confidence and badges, grounding expanded and followed across tabs, a contradicted law
// beside its fact, and Re-derive / Check contradictions against the scripted memory model.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import type { Browser, Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { LawStore } from '../../src/main/memory/laws/law-store';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const DAY_MS = 86_400_000;
const SCOPE = 'agent:default';

interface Seeded {
  sessionId: string;
  messageId: string;
  edgeId: number;
  factIds: { veg: string; recipes: string; steak: string };
  laws: { main: string; contradicted: string; stale: string };
}

/**
 * Writes a small memory with a story into `home` before the server starts: two facts and a relation
 * (with the message it came from) support a law derived 90 days ago; a second law is contradicted by a
 * newer fact; a third rests on a fact that has since been forgotten (stale).
 */
function seedMemory(home: string): Seeded {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    const mem = engine.facts.memory;
    const veg = mem.record(SCOPE, 'Orders the vegetarian option at restaurants').fact!;
    const recipes = mem.record(SCOPE, 'Asked for meat-free recipes twice').fact!;
    const steak = mem.record(SCOPE, 'Ordered a steak at every restaurant visit this year').fact!;
    const gone = mem.record(SCOPE, 'Drinks oat milk in coffee').fact!;
    mem.forget(SCOPE, gone.id);

    const session = engine.sessions.create({ agentId: 'default', title: 'Food talk', createdAt: '2026-03-01T11:59:00.000Z' });
    engine.sessions.create({ agentId: 'default', title: 'Something else', createdAt: '2026-03-02T09:00:00.000Z' });
    const message = engine.messages.append({
      sessionId: session.id,
      role: 'user',
      content: 'I have been vegetarian since 2019 and love Indian food.',
      createdAt: '2026-03-01T12:00:00.000Z',
    });
    engine.messages.append({ sessionId: session.id, role: 'assistant', content: 'Noted — I will suggest vegetarian places.', createdAt: '2026-03-01T12:00:20.000Z' });
    const g = engine.graph.store;
    const user = g.upsertNode(SCOPE, 'User', 'person').id;
    const diet = g.upsertNode(SCOPE, 'Vegetarian diet', 'preference').id;
    const edge = g.upsertEdge({ scope: SCOPE, src: user, dst: diet, relation: 'follows', provClass: 'user', validFrom: message.createdAt, support: [message.id], supersede: false });

    // Derived 90 days ago, so decay (half-life 365 days) shows: 0.80 then, ~0.67 now.
    const laws = new LawStore(engine.memoryDb, () => new Date(Date.now() - 90 * DAY_MS));
    const main = 'The user avoids meat when eating out';
    const contradicted = 'The user never eats red meat';
    const stale = 'The user prefers plant milk';
    laws.replaceScope(
      SCOPE,
      [
        { statement: main, confidence: 0.8, support: [`fact:${veg.id}`, `fact:${recipes.id}`, `edge:${edge.id}`] },
        { statement: contradicted, confidence: 0.7, support: [`fact:${veg.id}`] },
        { statement: stale, confidence: 0.6, support: [`fact:${gone.id}`] },
      ],
      'seeded',
    );
    const flagged = laws.list([SCOPE]).find((l) => l.statement === contradicted)!;
    laws.flag(flagged.id, `fact:${steak.id}`, 'eats steak when out');
    return { sessionId: session.id, messageId: message.id, edgeId: edge.id, factIds: { veg: veg.id, recipes: recipes.id, steak: steak.id }, laws: { main, contradicted, stale } };
  } finally {
    engine.close();
  }
}

/** A fresh home seeded before `monad serve` starts on it. */
async function seededServer(): Promise<{ server: MonadServer; seeded: Seeded; stop(): Promise<void> }> {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-laws-'));
  const seeded = seedMemory(home);
  const { server, stop } = await startServer({ home });
  return {
    server,
    seeded,
    stop: async () => {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * Sits between the engine and the scripted model and holds every request until the test releases it:
 * the scripted server answers non-streaming calls at once, and the test must see the work in progress
 * however slow the machine is.
 */
async function startGate(target: string): Promise<{ url: string; held(): number; hold(): void; release(): void; close(): Promise<void> }> {
  let open = false;
  const waiting: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      const forward = () => {
        if (res.destroyed) return;
        const up = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        up.on('error', () => res.destroy());
        res.on('close', () => up.destroy());
        up.end(Buffer.concat(body));
      };
      if (open) forward();
      else waiting.push(forward);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => waiting.length,
    hold: () => {
      open = false;
    },
    release: () => {
      open = true;
      for (const go of waiting.splice(0)) go();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function useScriptedModel(server: MonadServer, baseURL: string): Promise<void> {
  await api(server, 'providers.save', {
    provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${baseURL}/v1`, models: ['gpt-4o-mini'] },
    apiKey: 'sk-test-monad-0123456789abcdefXYZ',
  });
  const ref = { provider: 'scripted', model: 'gpt-4o-mini' };
  await api(server, 'config.update', { patch: { models: { roles: { chat: ref, memory: ref } } } });
}

async function openLaws(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await page.getByTestId('tab-laws').click();
  await expect(page.getByTestId('laws-pane')).toBeVisible();
}

function lawCard(page: Page, statement: string) {
  return page.getByTestId('law').filter({ has: page.getByTestId('law-statement').filter({ hasText: statement }) });
}

test.describe('laws tab', () => {
  test('says where laws come from when there are none', async ({ page, server }) => {
    await openLaws(page, server);
    const empty = page.getByTestId('laws-empty');
    await expect(empty).toContainText('No laws yet');
    await expect(empty).toContainText('level 3');
    await page.getByTestId('laws-open-memory-settings').click();
    await expect(page.getByTestId('tab-settings')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('memory-settings')).toBeInViewport();
  });

  test('"Turn on learned rules" asks when to run, sets level 3 with the chosen schedule, and says what happens next (issue 27 §4)', async ({ page, server }) => {
    await openLaws(page, server);
    const empty = page.getByTestId('laws-empty');
    await empty.getByTestId('turn-on-rules').click();
    const ask = empty.getByTestId('turn-on-rules-ask');
    await expect(ask).toContainText('plus a few to infer rules');
    await ask.getByTestId('turn-on-manual').check();
    await ask.getByTestId('turn-on-rules-confirm').click();
    await expect(page.getByText(/Manual only: .* infers learned rules .* only when you press “Consolidate now”/)).toBeVisible();
    await expect(empty.getByTestId('turn-on-rules')).toHaveCount(0);
    const agents = await api<{ id: string; memory: { level?: number; autoConsolidate: boolean } }[]>(server, 'agents.list');
    expect(agents.find((a) => a.id === 'default')?.memory).toMatchObject({ level: 3, autoConsolidate: false });
    // Settings → Memory says the same under the agent's settings.
    await page.getByTestId('laws-open-memory-settings').click();
    await expect(page.getByTestId('memory-next-step').first()).toContainText('Manual only');
    await page.getByTestId('agent-memory-auto').first().check();
    await expect(page.getByTestId('memory-next-step').first()).toContainText(/^Every 30 minutes, .* infers learned rules/);
    const card = page.getByTestId('memory-agent').first();
    // The passing "Saved to config.json" note is checked elsewhere; the line under test stays.
    await expect(page.getByTestId('agent-memory-saved')).toHaveCount(0);
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await settleAnimations(page);
      const bad = (await new AxeBuilder({ page }).include('[data-testid="memory-agent"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary}`).join(", ")}`)).toEqual([]);
      await card.screenshot({ path: join(SCREENSHOTS, `memory-next-step-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 900, height: 700 });
    await card.screenshot({ path: join(SCREENSHOTS, 'memory-next-step-900x700.png') });
  });

  test('shows a law with its confidence, expands its grounding and follows it to Memory, Graph and Chat', async ({ page }) => {
    test.slow(); // seeds a home and starts its own server
    const { server, seeded, stop } = await seededServer();
    try {
      await openLaws(page, server);
      await expect(page.locator('[data-testid="laws-scope"][data-scope="agent:default"] [data-testid="laws-scope-count"]')).toHaveText('3');

      const law = lawCard(page, seeded.laws.main);
      await expect(law).toHaveAttribute('data-state', 'eligible');
      await expect(law.getByTestId('law-stored')).toHaveText('0.80 when derived');
      // 0.8 × 0.5^(90/365) ≈ 0.68 (the test runs within the day).
      await expect(law.getByTestId('law-effective')).toHaveText(/0\.6[78] now/);
      await expect(law.getByTestId('law-confidence-bar')).toHaveAttribute('aria-valuenow', /^0\.6[78]$/);
      await expect(law.getByTestId('law-age')).toContainText('derived 3 months ago');
      await expect(law.getByTestId('law-badge-recall')).toBeVisible();
      await expect(law.getByTestId('law-badge-stale')).toHaveCount(0);

      // The stale one: its fact was forgotten after derivation.
      const stale = lawCard(page, seeded.laws.stale);
      await expect(stale.getByTestId('law-badge-stale')).toBeVisible();
      await stale.getByTestId('law-toggle').click();
      // Words, not an id: what the fact said (when known) and that it was forgotten.
      await expect(stale.getByTestId('grounding-fact')).toContainText('forgotten');
      await expect(stale.getByTestId('grounding-fact')).not.toContainText(/[0-9a-f]{12}/);

      // Grounding: facts, the relation with its validity, the source message with its date.
      await expect(law.getByTestId('law-grounding')).toHaveCount(0);
      await law.getByTestId('law-toggle').click();
      const tree = law.getByTestId('law-grounding');
      await expect(tree.getByTestId('grounding-fact')).toHaveText(['Orders the vegetarian option at restaurants', 'Asked for meat-free recipes twice']);
      const relation = tree.getByTestId('grounding-relation');
      await expect(relation).toContainText('User follows Vegetarian diet');
      await expect(relation).toContainText('since');
      const source = tree.getByTestId('grounding-source');
      await expect(source).toHaveAttribute('data-message-id', seeded.messageId);
      await expect(source).toContainText('Food talk');
      await expect(source).toContainText('2026');
      await expect(source).toContainText('I have been vegetarian since 2019');

      await stale.getByTestId('law-toggle').click(); // closed again, for the picture
      await page.locator('.pane').evaluate((el) => el.scrollTo(0, 0));
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'laws-expanded-light.png') });

      // A fact opens the Memory tab; the relation the Graph tab.
      await tree.getByTestId('grounding-fact').first().click();
      await expect(page.getByTestId('tab-memory')).toHaveAttribute('aria-selected', 'true');
      await page.getByTestId('tab-laws').click();
      await lawCard(page, seeded.laws.main).getByTestId('grounding-relation').click();
      await expect(page.getByTestId('tab-graph')).toHaveAttribute('aria-selected', 'true');

      // The source message opens its chat, with its session selected in the sidebar.
      await page.getByTestId('tab-laws').click();
      await expect(lawCard(page, seeded.laws.main).getByTestId('law-grounding')).toBeVisible(); // still expanded
      await lawCard(page, seeded.laws.main).getByTestId('grounding-source').click();
      await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator(`[data-testid="session-item"][data-session-id="${seeded.sessionId}"]`)).toHaveAttribute('aria-selected', 'true');
    } finally {
      await stop();
    }
  });

  test('a contradicted law is suppressed and shows its contradicting fact beside it', async ({ page }) => {
    test.slow();
    const { server, seeded, stop } = await seededServer();
    try {
      await openLaws(page, server);
      const law = lawCard(page, seeded.laws.contradicted);
      await expect(law).toHaveAttribute('data-state', 'contradicted');
      await expect(law.getByTestId('law-badge-contradicted')).toBeVisible();
      await expect(law.getByTestId('law-badge-recall')).toHaveCount(0);
      const aside = law.getByTestId('law-contradiction');
      await expect(aside).toContainText('Ordered a steak at every restaurant visit this year');
      await expect(aside).toContainText('eats steak when out');
      // Beside the law, not under it.
      const main = await law.locator('.law-main').boundingBox();
      const side = await aside.boundingBox();
      expect(side!.x).toBeGreaterThan(main!.x + main!.width - 1);
      await expect(page.locator('[data-testid="laws-group"][data-scope="agent:default"]')).toContainText('1 contradicted');
      mkdirSync(SCREENSHOTS, { recursive: true });
      await law.screenshot({ path: join(SCREENSHOTS, 'laws-contradicted-light.png') });

      await aside.getByTestId('law-contradiction-fact').click();
      await expect(page.getByTestId('tab-memory')).toHaveAttribute('aria-selected', 'true');
    } finally {
      await stop();
    }
  });

  test('Re-derive asks the memory model, shows progress and replaces the scope’s laws; Check contradictions suppresses one', async ({ page }) => {
    test.slow();
    const { server, seeded, stop } = await seededServer();
    const llm: ScriptedLlm = await startScriptedLlm();
    const gate = await startGate(llm.url);
    try {
      await useScriptedModel(server, gate.url);
      llm.enqueue({
        kind: 'json',
        value: {
          laws: [
            { statement: 'The user chooses vegetarian food when eating out', confidence: 0.9, support: ['f1', 'e1'] },
            { statement: 'The user is a pilot', confidence: 0.9, support: ['x7'] }, // no valid citation: dropped
          ],
        },
      });
      await openLaws(page, server);
      await page.locator('[data-testid="laws-scope"][data-scope="agent:default"]').click();
      const group = page.locator('[data-testid="laws-group"][data-scope="agent:default"]');
      await expect(group.getByTestId('law')).toHaveCount(3);

      await group.getByTestId('laws-derive').click();
      await expect(group.getByTestId('laws-derive-progress')).toBeVisible();
      await expect(group.getByTestId('laws-derive')).toBeDisabled();
      await expect(group.getByTestId('laws-derive')).toContainText('Re-deriving');
      await expect.poll(() => gate.held()).toBe(1);
      gate.release();

      const result = group.getByTestId('laws-derive-result');
      await expect(result).toContainText('1 law derived, 3 replaced');
      await expect(result).toContainText('1 proposed without valid support');
      await expect(group.getByTestId('laws-derive')).toBeEnabled();
      await expect(group.getByTestId('law')).toHaveCount(1);
      const fresh = lawCard(page, 'The user chooses vegetarian food when eating out');
      await expect(fresh.getByTestId('law-effective')).toHaveText('0.90 now');
      await expect(fresh.getByTestId('law-age')).toContainText('derived today');
      await expect(lawCard(page, seeded.laws.main)).toHaveCount(0);
      // What the model was asked: the scope's facts and relation, tagged.
      const prompt = String(llm.chatRequests()[0].body.messages.at(-1).content);
      expect(prompt).toContain('[f1] Orders the vegetarian option at restaurants');
      expect(prompt).toContain('[e1] User —follows→ Vegetarian diet');

      // The steak fact contradicts the new law.
      llm.enqueue({ kind: 'json', value: { contradictions: [{ law: 'l1', fact: 'f3', why: 'orders steak when out' }] } });
      gate.hold();
      await page.getByTestId('laws-check').click();
      await expect(page.getByTestId('laws-check-progress')).toBeVisible();
      await expect(page.getByTestId('laws-check')).toBeDisabled();
      await expect.poll(() => gate.held()).toBe(1);
      gate.release();
      await expect(page.getByTestId('laws-check-result')).toContainText('1 contradicted by a current fact');
      await expect(fresh).toHaveAttribute('data-state', 'contradicted');
      await expect(fresh.getByTestId('law-contradiction')).toContainText('Ordered a steak at every restaurant visit this year');
    } finally {
      await gate.close();
      await llm.close();
      await stop();
    }
  });

  test('screenshot: the Laws tab expanded, dark', async ({ browser }) => {
    test.slow();
    const { server, seeded, stop } = await seededServer();
    try {
      await darkShot(browser, server, seeded);
    } finally {
      await stop();
    }
  });
});

async function darkShot(browser: Browser, server: MonadServer, seeded: Seeded): Promise<void> {
  const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
  try {
    const page = await dark.newPage();
    await openLaws(page, server);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await lawCard(page, seeded.laws.main).getByTestId('law-toggle').click();
    await expect(lawCard(page, seeded.laws.main).getByTestId('grounding-source')).toBeVisible();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'laws-expanded-dark.png') });
  } finally {
    await dark.close();
  }
}
