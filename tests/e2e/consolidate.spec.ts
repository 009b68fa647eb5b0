// Settings → Memory in real Chromium against `monad serve`: "Consolidate now" at level 3 with the
// scripted memory model (held request by request, so each stage's progress is seen), the run summary
// per layer; per-agent and global memory settings written to config.json on disk, with validation;
// a run cancelled mid-flight and reported as cancelled.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm, type ScriptedReply } from '../fixtures/scripted-llm';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';
import { openSettings } from './settings-nav';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const MODEL = { provider: 'scripted', model: 'gpt-4o-mini' };

/** A scripted memory model that answers each task by its system prompt (as in the integration tests). */
function memoryModel(req: RecordedRequest): ScriptedReply {
  const system = String(req.body.messages[0].content);
  const prompt = String(req.body.messages.at(-1).content);
  const tags = (p: string) => [...prompt.matchAll(new RegExp(`^\\[(${p}\\d+)\\]`, 'gm'))].map((m) => m[1]);
  if (system.includes('maintain a list of short facts')) {
    // Merge the tea facts, keep the rest.
    const lines = [...prompt.matchAll(/^\[(f\d+)\] (.*)$/gm)].map((m) => ({ tag: m[1], text: m[2] }));
    const tea = lines.filter((l) => /tea/i.test(l.text));
    const rest = lines.filter((l) => !/tea/i.test(l.text));
    return { kind: 'json', value: { facts: [...(tea.length ? [{ text: 'User drinks green tea every morning', from: tea.map((t) => t.tag) }] : []), ...rest.map((r) => ({ text: r.text, from: [r.tag] }))] } };
  }
  if (system.includes('knowledge graph')) {
    const relations = [...prompt.matchAll(/^\[(m\d+)\] \([^)]*\) user: I (work|live) (?:at|in) (\w+)/gm)].map((m) => ({
      src: 'User',
      relation: m[2] === 'work' ? 'works_at' : 'lives_in',
      dst: m[3],
      evidence: [m[1]],
      singleValued: true,
    }));
    return { kind: 'json', value: { entities: [], relations } };
  }
  if (system.includes('infer general, falsifiable rules')) {
    const support = [...tags('f'), ...tags('e')];
    if (!support.length) return { kind: 'json', value: { laws: [] } };
    return { kind: 'json', value: { laws: [{ statement: `The user keeps steady routines (${support.length} observations)`, confidence: 0.7, support }] } };
  }
  return { kind: 'error', status: 400 };
}

interface Seeded {
  sessions: { work: string; home: string };
}

/** Facts worth merging in global, one agent fact, and two chats the graph pass extracts a relation from. */
function seedMemory(home: string): Seeded {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
  try {
    const mem = engine.facts.memory;
    mem.record('global', 'User drinks green tea');
    mem.record('global', 'User likes tea in the morning');
    mem.record('global', 'User is left-handed');
    mem.record('agent:default', 'Prefers short answers');
    const work = engine.sessions.create({ agentId: 'default', title: 'Thesis planning', createdAt: '2026-02-01T09:00:00.000Z' });
    engine.messages.append({ sessionId: work.id, role: 'user', content: 'I work at Fraunhofer on my thesis project.', createdAt: '2026-02-01T09:01:00.000Z' });
    const homeChat = engine.sessions.create({ agentId: 'default', title: 'Running routes', createdAt: '2026-02-03T18:00:00.000Z' });
    engine.messages.append({ sessionId: homeChat.id, role: 'user', content: 'I live in Braga and train by the river.', createdAt: '2026-02-03T18:01:00.000Z' });
    return { sessions: { work: work.id, home: homeChat.id } };
  } finally {
    engine.close();
  }
}

async function seededServer(): Promise<{ server: MonadServer; seeded: Seeded; stop(): Promise<void> }> {
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-consolidate-'));
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
 * Sits between the engine and the scripted model and holds requests until the test lets them through,
 * one at a time or all at once: the scripted server answers at once, and the test must see each stage
 * however fast or slow the machine is.
 */
async function startGate(target: string) {
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
    /** Lets the oldest held request through; later ones are held again. */
    step: () => waiting.shift()?.(),
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
  await api(server, 'config.update', { patch: { models: { roles: { chat: MODEL, memory: MODEL } } } });
}

async function openMemorySettings(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await openSettings(page, 'memory');
  await expect(page.getByTestId('memory-status')).toBeVisible();
}

function agentCard(page: Page, id = 'default') {
  return page.locator(`[data-testid="memory-agent"][data-agent-id="${id}"]`);
}

function readConfig(server: MonadServer): any {
  return JSON.parse(readFileSync(server.configPath, 'utf8'));
}

test.describe('settings → memory', () => {
  test('Consolidate now at level 3: live progress stage by stage, then what changed per layer', async ({ page, browser }) => {
    test.slow(); // seeds a home, starts its own server, and walks five model calls
    const { server, stop } = await seededServer();
    const llm: ScriptedLlm = await startScriptedLlm();
    const gate = await startGate(llm.url);
    try {
      llm.setDefault(memoryModel);
      await useScriptedModel(server, gate.url);
      await openMemorySettings(page, server);
      await expect(page.getByTestId('memory-backend')).toContainText('Built-in');
      await expect(page.getByTestId('memory-model-global')).toHaveText('Scripted · gpt-4o-mini');
      const card = agentCard(page);
      await expect(card.getByTestId('memory-agent-level')).toContainText('Level 1');

      await card.getByTestId('consolidate-level').selectOption('3');
      await card.getByTestId('consolidate-now').click();
      const progress = card.getByTestId('run-progress');
      await expect(progress).toBeVisible();
      await expect(card.getByTestId('consolidate-now')).toHaveCount(0);

      // 1. Facts: the global scope (three facts) goes to the model; agent:default (one fact) is skipped.
      await expect.poll(() => gate.held()).toBe(1);
      await expect(card.getByTestId('run-progress-text')).toContainText('Facts · Global · 0 / 2');
      await expect(card.getByTestId('run-stage-facts')).toHaveClass(/is-current/);
      await expect(card.getByTestId('run-stage-laws')).toBeVisible(); // a level-3 run shows all three stages
      const bar = card.getByTestId('run-progress-bar');
      const atFacts = Number(await bar.getAttribute('aria-valuenow'));
      gate.step();

      // 2. Graph: one extraction pass per chat.
      await expect.poll(() => gate.held()).toBe(1);
      await expect(card.getByTestId('run-progress-text')).toContainText('Graph · Thesis planning · 0 / 2');
      await expect(card.getByTestId('run-stage-facts')).toHaveClass(/is-done/);
      await expect(card.getByTestId('run-stage-graph')).toHaveClass(/is-current/);
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(atFacts);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await card.getByTestId('consolidate-box').screenshot({ path: join(SCREENSHOTS, 'memory-settings-progress-light.png') });
      gate.step();
      await expect(card.getByTestId('run-progress-text')).toContainText('Graph · Running routes · 1 / 2');
      await expect.poll(() => gate.held()).toBe(1);
      gate.step();

      // 3. Laws: global, then the agent's scope.
      await expect.poll(() => gate.held()).toBe(1);
      await expect(card.getByTestId('run-progress-text')).toContainText('Laws · Global · 0 / 2');
      await expect(card.getByTestId('run-stage-laws')).toHaveClass(/is-current/);
      gate.release();

      // The summary: what changed per layer and what it cost.
      const summary = card.getByTestId('run-summary');
      await expect(summary).toHaveAttribute('data-outcome', 'done');
      await expect(progress).toHaveCount(0);
      await expect(summary.getByTestId('run-facts')).toContainText('1 merged');
      await expect(summary.getByTestId('run-facts')).toContainText('1 scope unchanged');
      await expect(summary.getByTestId('run-graph')).toContainText('3 entities added');
      await expect(summary.getByTestId('run-graph')).toContainText('2 relations added');
      await expect(summary.getByTestId('run-graph')).toContainText('2 extraction passes');
      await expect(summary.getByTestId('run-laws')).toContainText('2 derived');
      await expect(summary.getByTestId('run-cost')).toContainText('5 LLM calls');
      await expect(summary.getByTestId('run-cost')).toContainText('tokens');
      expect(llm.chatRequests()).toHaveLength(5);
      // The engine agrees.
      const [last] = await api<{ level: number; ok: boolean; llmCalls: number; facts: { merged: number } }[]>(server, 'consolidate.history', { agentId: 'default', limit: 1 });
      expect(last).toMatchObject({ level: 3, ok: true, llmCalls: 5, facts: { merged: 1 } });

      await page.getByTestId('memory-settings').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(SCREENSHOTS, 'memory-settings-summary-light.png') });
      await page.getByTestId('memory-settings').screenshot({ path: join(SCREENSHOTS, 'memory-settings-section-light.png') });

      // The laws it derived are in the Laws tab.
      await page.getByTestId('tab-laws').click();
      await expect(page.getByTestId('law')).toHaveCount(2);

      // A second run over unchanged memory costs nothing; the history lists both.
      await openSettings(page, 'memory');
      await card.getByTestId('consolidate-level').selectOption('3');
      await card.getByTestId('consolidate-now').click();
      await expect(card.getByTestId('run-cost')).toContainText('0 LLM calls');
      await card.getByTestId('run-history').locator('summary').click();
      await expect(card.getByTestId('run-history-row')).toHaveCount(2);
      expect(llm.chatRequests()).toHaveLength(5);

      const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 800 } });
      try {
        const darkPage = await dark.newPage();
        await openMemorySettings(darkPage, server);
        await expect(darkPage.locator('html')).toHaveAttribute('data-theme', 'dark');
        const darkCard = agentCard(darkPage);
        await expect(darkCard.getByTestId('run-summary')).toBeVisible();
        await darkCard.getByTestId('run-history').locator('summary').click();
        await darkCard.getByTestId('run-history-row').nth(1).click(); // the level-3 run that changed things
        await darkPage.getByTestId('memory-settings').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await darkPage.screenshot({ path: join(SCREENSHOTS, 'memory-settings-summary-dark.png') });
        await darkPage.getByTestId('memory-settings').screenshot({ path: join(SCREENSHOTS, 'memory-settings-section-dark.png') });
      } finally {
        await dark.close();
      }
    } finally {
      await gate.close();
      await llm.close();
      await stop();
    }
  });

  test('agent and global memory settings are written to config.json, and bad values are refused with a reason', async ({ page, server }) => {
    test.slow();
    await api(server, 'providers.save', {
      provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: 'http://127.0.0.1:9/v1', models: ['gpt-4o-mini', 'gpt-4o'] },
      apiKey: 'sk-test-monad-0123456789abcdefXYZ',
    });
    await openMemorySettings(page, server);
    const card = agentCard(page);
    const agentMemory = () => readConfig(server).agent.agents.find((a: { id: string }) => a.id === 'default').memory;

    // Level: from "use global" to 3, and back.
    await card.getByTestId('agent-memory-level').selectOption('3');
    await expect.poll(() => agentMemory().level).toBe(3);
    await expect(card.getByTestId('memory-agent-level')).toContainText('Level 3 · Laws');
    await expect(card.getByTestId('agent-memory-saved')).toBeVisible();

    // Interval: validated before anything is written.
    const interval = card.getByTestId('agent-memory-interval');
    await interval.fill('0');
    await interval.press('Enter');
    await expect(card.getByTestId('agent-memory-error')).toContainText('between 1 minute and 10,080 minutes');
    await expect(interval).toHaveAttribute('aria-invalid', 'true');
    expect(agentMemory().intervalMinutes).toBe(30);
    await interval.fill('45');
    await interval.press('Enter');
    await expect.poll(() => agentMemory().intervalMinutes).toBe(45);
    await expect(card.getByTestId('agent-memory-error')).toHaveCount(0);

    // Auto-consolidate: the schedule says when it runs next.
    await card.getByTestId('agent-memory-auto').check();
    await expect.poll(() => agentMemory().autoConsolidate).toBe(true);
    await expect(card.getByTestId('memory-schedule')).toContainText('every 45 min');

    // Memory model override: the provider's first model is taken; clearing it falls back to the role.
    await card.getByTestId('agent-memory-provider').selectOption('scripted');
    await expect.poll(() => agentMemory().model).toEqual({ provider: 'scripted', model: 'gpt-4o-mini' });
    await expect(card.getByTestId('memory-schedule')).toContainText('Scripted · gpt-4o-mini');
    await card.getByTestId('agent-memory-provider').selectOption('');
    await expect.poll(() => agentMemory().model).toBeUndefined();

    await card.getByTestId('agent-memory-level').selectOption('');
    await expect.poll(() => agentMemory().level).toBeUndefined();
    await expect(card.getByTestId('memory-agent-level')).toContainText('(global)');

    // Global level and decay.
    const global = page.getByTestId('memory-global');
    await global.getByTestId('memory-global-level-2').click();
    await expect.poll(() => readConfig(server).memory.level).toBe(2);
    await expect(card.getByTestId('memory-agent-level')).toContainText('Level 2 · Graph');

    const floor = global.getByTestId('memory-decay-floor');
    await floor.fill('1.5');
    await floor.press('Enter');
    await expect(global.getByTestId('memory-global-error')).toContainText('between 0 and 1');
    expect(readConfig(server).memory.decay.floor).toBe(0);
    await floor.fill('0.2');
    const half = global.getByTestId('memory-decay-halflife');
    await half.fill('180');
    await half.press('Enter');
    await expect.poll(() => readConfig(server).memory.decay).toEqual({ halfLifeDays: 180, floor: 0.2 });
    await expect(global.getByTestId('memory-global-saved')).toBeVisible();

    // The engine reads the same values back.
    const status = await api<{ decay: { halfLifeDays: number } }>(server, 'memory.status');
    expect(status.decay.halfLifeDays).toBe(180);
  });

  test('a running consolidation can be cancelled and is reported as cancelled', async ({ page }) => {
    test.slow();
    const { server, stop } = await seededServer();
    const llm = await startScriptedLlm();
    try {
      llm.setDefault({ kind: 'hang' });
      await useScriptedModel(server, llm.url);
      await openMemorySettings(page, server);
      const card = agentCard(page);
      await card.getByTestId('consolidate-now').click();
      await expect(card.getByTestId('run-progress-text')).toContainText('Facts · Global');
      await expect.poll(() => llm.chatRequests().length).toBe(1); // the model is "thinking"
      await card.getByTestId('consolidate-cancel').click();

      const summary = card.getByTestId('run-summary');
      await expect(summary).toHaveAttribute('data-outcome', 'cancelled');
      await expect(summary.getByTestId('run-outcome')).toHaveText('Cancelled');
      await expect(card.getByTestId('run-progress')).toHaveCount(0);
      await expect(card.getByTestId('consolidate-now')).toBeEnabled();
      const [last] = await api<{ cancelled: boolean; ok: boolean }[]>(server, 'consolidate.history', { agentId: 'default', limit: 1 });
      expect(last).toMatchObject({ cancelled: true, ok: false });
      // Nothing was lost: the facts the cancelled pass was merging are all still there.
      const facts = await api<{ facts: unknown[] }>(server, 'facts.list', { scope: 'global' });
      expect(facts.facts).toHaveLength(3);
    } finally {
      await llm.close();
      await stop();
    }
  });
});
