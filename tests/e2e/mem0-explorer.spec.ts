// The mem0 explorer in real Chromium against `monad serve` with the mem0 backend. On this machine the
// managed qdrant cannot be downloaded, so the server really goes through download → failure → fallback,
// and mem0 runs on its local store: the explorer shows that status, the entries mem0 extracted from
// real chat turns (scripted model), the 2D map of their embeddings (hover shows a memory, click selects
// it), search and delete. The explorer is served on a harness page (tests/fixtures/mem0-explorer-harness)
// until it is mounted in the Memory tab.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { ROOT, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const HARNESS_OUT = join(ROOT, 'test-results', 'mem0-explorer-harness');
const KEY = 'sk-e2e-mem0-0123456789abcdefWXYZ';

const MEMORIES: [RegExp, string][] = [
  [/Porto/, 'User lives in Porto'],
  [/river/, 'User likes walking by the river'],
  [/Miso/, 'Miso is a ginger cat'],
  [/vegetarian/, 'User is vegetarian'],
  [/guitar/, 'User plays the guitar on weekends'],
  [/Lisbon/, 'User works in Lisbon'],
];

/** A contract call without the shared helper's 5 s socket limit: the first mem0 turn loads mem0. */
async function api<T = unknown>(server: MonadServer, channel: string, input: unknown = {}): Promise<T> {
  const res = await fetch(`${server.url}/api/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const parsed = (await res.json()) as { ok: boolean; data?: T; error?: { code: string; message: string } };
  if (!parsed.ok) throw new Error(`${channel} failed: ${parsed.error?.code} ${parsed.error?.message}`);
  return parsed.data as T;
}

const isExtraction = (r: RecordedRequest) => r.body?.response_format?.type === 'json_object';

async function startHarnessServer(home: string): Promise<{ server: MonadServer; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = { ...process.env, MONAD_HOME: home, MONAD_RENDERER_DIR: HARNESS_OUT };
  const child = spawn(process.execPath, ['bin/monad.mjs', 'serve', '--home', home, '--port', '0'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const m = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`monad serve did not start\n${out}\n${err}`)), 30_000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const found = /Monad listening on (http:\/\/127\.0\.0\.1:(\d+))\/#token=(\S+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  const server: MonadServer = { url: m[1], port: Number(m[2]), token: m[3], openUrl: `${m[1]}/#token=${m[3]}`, home, configPath: join(home, 'config.json'), stderr: () => err };
  return { server, child };
}

const test = base.extend<{ llm: ScriptedLlm }>({
  llm: async ({}, use) => {
    const llm = await startScriptedLlm({ requireKey: KEY });
    llm.setDefault((req) => {
      if (!isExtraction(req)) return { kind: 'text', text: 'Noted.' };
      const user = req.body.messages[1].content as string;
      const turn = user.slice(user.indexOf('## New Messages'), user.indexOf('## Observation Date'));
      const memory = MEMORIES.filter(([re]) => re.test(turn)).map(([, text], i) => ({ id: String(i), text, attributed_to: 'user' }));
      return { kind: 'json', value: { memory } };
    });
    await use(llm);
    await llm.close();
  },
});

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await build({
    root: join(ROOT, 'tests', 'fixtures', 'mem0-explorer-harness'),
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: HARNESS_OUT, emptyOutDir: true },
  });
});

test('the mem0 explorer shows the fallback status, entries and the embedding map; hover, select, search, delete', async ({ page, llm }) => {
  test.setTimeout(180_000);
  const home = mkdtempSync(join(tmpdir(), 'monad-e2e-mem0-'));
  const { server, child } = await startHarnessServer(home);
  try {
    await api(server, 'providers.save', { provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: ['gpt-4o-mini'] }, apiKey: KEY });
    await api(server, 'config.update', {
      patch: {
        memory: { backend: 'mem0' },
        models: { roles: { chat: { provider: 'scripted', model: 'gpt-4o-mini' }, embedding: { provider: 'scripted', model: 'text-embedding-3-small' } } },
      },
    });
    // Real turns; mem0 observes each in the background.
    const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default' });
    for (const text of ['I live in Porto and love walking by the river.', 'My cat is called Miso.', 'I am vegetarian.', 'I play the guitar; I work in Lisbon.']) {
      await api(server, 'chat.send', { sessionId: session.id, text });
    }
    await expect.poll(async () => (await api<{ total: number }>(server, 'mem0.entries', {})).total, { timeout: 60_000 }).toBe(6);
    // The managed qdrant cannot be downloaded here: the server ends in the fallback phase, and says so.
    await expect.poll(async () => (await api<{ phase: string }>(server, 'mem0.status', {})).phase, { timeout: 60_000 }).toBe('fallback');

    await page.goto(server.openUrl);
    const explorer = page.getByTestId('mem0-explorer');
    await expect(explorer).toBeVisible();
    await expect(page.getByTestId('mem0-status')).toHaveAttribute('data-phase', 'fallback');
    await expect(page.getByTestId('mem0-status')).toContainText(/qdrant could not run .*local SQLite store/);
    await expect(page.getByTestId('mem0-entry')).toHaveCount(6);
    await expect(page.getByTestId('mem0-point')).toHaveCount(6);

    // Hover a point: the tooltip shows that memory; its list row lights up.
    const point = page.locator('[data-testid="mem0-point"][aria-label="Miso is a ginger cat"]');
    await point.hover();
    await expect(page.getByTestId('mem0-tip')).toHaveText(/Miso is a ginger cat/);
    const row = page.getByTestId('mem0-entry').filter({ hasText: 'Miso is a ginger cat' });
    await expect(row).toHaveClass(/is-hovered/);
    // Click selects it: the row opens with its metadata.
    await point.click();
    await expect(row).toHaveClass(/is-selected/);
    await expect(row).toContainText('sessionId');
    await expect(row).toContainText(session.id);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'mem0-explorer.png'), fullPage: true });

    // Search filters the list.
    await page.getByTestId('mem0-search').fill('lisbon');
    await expect(page.getByTestId('mem0-entry')).toHaveCount(1);
    await expect(page.getByTestId('mem0-entry')).toHaveText(/User works in Lisbon/);
    await page.getByTestId('mem0-search').fill('');
    await expect(page.getByTestId('mem0-entry')).toHaveCount(6);

    // Delete (confirmed) removes it from mem0, the list and the map.
    await point.click();
    await expect(row).toHaveClass(/is-selected/);
    await row.getByTestId('mem0-delete').click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page.getByTestId('mem0-entry')).toHaveCount(5);
    await expect(page.getByTestId('mem0-point')).toHaveCount(5);
    expect((await api<{ entries: { text: string }[] }>(server, 'mem0.entries', {})).entries.map((e) => e.text)).not.toContain('Miso is a ginger cat');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(home, { recursive: true, force: true });
  }
});
