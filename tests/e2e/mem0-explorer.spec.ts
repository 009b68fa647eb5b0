// The mem0 explorer in the real app: Chromium against `monad serve` (tests/e2e/fixtures.ts) with the
// mem0 backend and the scripted model (tests/fixtures/scripted-llm). The managed qdrant's download goes to
// a refusing loopback mirror (fixtures.ts), so the server really goes through download → failure → fallback and mem0 runs
// on its local store. The chat turns are typed into the chat pane; mem0 observes each one in the
// background. The Memory tab's mem0 view then shows that status, the memories mem0 extracted, the 2D
// map of their embeddings (hover shows a memory, click selects it), search and delete.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { RecordedRequest } from '../fixtures/scripted-llm';
import { api, ROOT } from './fixtures';
import { expect, MODEL, newSession, openApp, test, TEST_KEY } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

/** What the scripted memory model extracts from a turn that mentions each word. */
const MEMORIES: [RegExp, string][] = [
  [/Porto/, 'User lives in Porto'],
  [/river/, 'User likes walking by the river'],
  [/Miso/, 'Miso is a ginger cat'],
  [/vegetarian/, 'User is vegetarian'],
  [/guitar/, 'User plays the guitar on weekends'],
  [/Lisbon/, 'User works in Lisbon'],
];

const TURNS = ['I live in Porto and love walking by the river.', 'My cat is called Miso.', 'I am vegetarian.', 'I play the guitar; I work in Lisbon.'];

/** mem0's fact extraction asks for a JSON object; every other request is a chat turn. */
const isExtraction = (r: RecordedRequest) => r.body?.response_format?.type === 'json_object';

async function sendTurn(page: Page, text: string): Promise<void> {
  const replies = page.locator('[data-testid="message"][data-role="assistant"]');
  const before = await replies.count();
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  // The first turn also loads mem0, which takes a while on a busy machine.
  await expect(replies).toHaveCount(before + 1, { timeout: 60_000 });
  await expect(replies.last()).toHaveText(/Noted\./);
}

test('the Memory tab’s mem0 explorer: fallback status, memories from chat turns, map hover and select, search, delete', async ({ page, server, llm }) => {
  test.setTimeout(180_000);
  llm.setDefault((req) => {
    if (!isExtraction(req)) return { kind: 'text', text: 'Noted.' };
    // Extract from the new turn only (mem0's prompt also carries what it already knows).
    const user = String(req.body.messages[1].content);
    const turn = user.slice(user.indexOf('## New Messages'), user.indexOf('## Observation Date'));
    const memory = MEMORIES.filter(([re]) => re.test(turn)).map(([, text], i) => ({ id: String(i), text, attributed_to: 'user' }));
    return { kind: 'json', value: { memory } };
  });
  await api(server, 'providers.save', { provider: { id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: [MODEL] }, apiKey: TEST_KEY });
  await api(server, 'config.update', {
    patch: {
      memory: { backend: 'mem0' },
      models: { roles: { chat: { provider: 'scripted', model: MODEL }, embedding: { provider: 'scripted', model: 'text-embedding-3-small' } } },
    },
  });

  // Real chat turns, typed into the app.
  await openApp(page, server);
  const sessionId = await newSession(page);
  for (const text of TURNS) await sendTurn(page, text);

  // The Memory tab offers the mem0 view because mem0 is the backend.
  await page.getByTestId('tab-memory').click();
  await expect(page.getByTestId('memory-pane')).toBeVisible();
  await page.getByTestId('memory-view-mem0').click();
  await expect(page.getByTestId('memory-view-mem0')).toHaveAttribute('aria-selected', 'true');
  const explorer = page.getByTestId('mem0-explorer');
  await expect(explorer).toBeVisible();

  // The managed qdrant cannot be downloaded here: the status line ends in the fallback phase, and says so.
  const status = page.getByTestId('mem0-status');
  // (Before the first download the phase is 'fallback' too, "not running in this process": wait for the
  // failed download's own words, then read the badge.)
  await expect(status).toContainText(/qdrant could not run .*local SQLite store/, { timeout: 60_000 });
  await expect(status).toHaveAttribute('data-phase', 'fallback');
  await expect(status.locator('.mem0-status-badge')).toHaveText('Local store');
  expect((await api<{ phase: string }>(server, 'mem0.status', {})).phase).toBe('fallback');

  // Every memory the scripted model extracted from those turns, listed and placed on the map.
  const entries = page.getByTestId('mem0-entry');
  await expect(entries).toHaveCount(MEMORIES.length, { timeout: 60_000 });
  await expect(explorer.locator('.mem0-count')).toHaveText('6 memories');
  for (const [, text] of MEMORIES) await expect(entries.filter({ hasText: text })).toHaveCount(1);
  await expect(entries.first()).toContainText('local store');
  const points = page.getByTestId('mem0-point');
  await expect(points).toHaveCount(MEMORIES.length);
  await expect(page.getByTestId('mem0-scatter')).toContainText(/PCA of 6 embeddings/);
  // The extraction requests really came from the four turns.
  expect(llm.requests.filter(isExtraction).length).toBeGreaterThanOrEqual(TURNS.length);

  // Hover a point: the tooltip shows that memory and its list row lights up.
  const point = page.locator('[data-testid="mem0-point"][aria-label="Miso is a ginger cat"]');
  const row = entries.filter({ hasText: 'Miso is a ginger cat' });
  await point.hover();
  await expect(page.getByTestId('mem0-tip')).toHaveText(/Miso is a ginger cat/);
  await expect(row).toHaveClass(/is-hovered/);
  await expect(point).toHaveClass(/is-hovered/);
  // Click selects it: the point and the row, which opens with the memory's metadata.
  await point.click();
  await expect(point).toHaveAttribute('aria-pressed', 'true');
  await expect(row).toHaveClass(/is-selected/);
  await expect(row.locator('.mem0-metadata')).toContainText('sessionId');
  await expect(row.locator('.mem0-metadata')).toContainText(sessionId);
  await expect(page.locator('[data-testid="mem0-point"][aria-pressed="true"]')).toHaveCount(1);
  // A ring marks the selected point on the map, centred on it.
  const halo = page.getByTestId('mem0-halo');
  await expect(halo).toHaveCount(1);
  expect([await halo.getAttribute('cx'), await halo.getAttribute('cy')]).toEqual([await point.getAttribute('cx'), await point.getAttribute('cy')]);

  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, 'mem0-explorer.png') });

  // Search filters the list; a selection the search hides is dropped. Clearing it brings them all back.
  await page.getByTestId('mem0-search').fill('lisbon');
  await expect(entries).toHaveCount(1);
  await expect(entries).toHaveText(/User works in Lisbon/);
  await expect(explorer.locator('.mem0-count')).toHaveText('1 memory');
  await expect(page.locator('[data-testid="mem0-point"][aria-pressed="true"]')).toHaveCount(0);
  await expect(halo).toHaveCount(0);
  await page.getByTestId('mem0-search').fill('');
  await expect(entries).toHaveCount(MEMORIES.length);
  await expect(row).not.toHaveClass(/is-selected/);

  // Delete (confirmed) removes it from mem0, the list and the map.
  await point.click();
  await expect(row).toHaveClass(/is-selected/);
  await row.getByTestId('mem0-delete').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('Delete this memory?');
  await expect(dialog).toContainText('Miso is a ginger cat');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(entries).toHaveCount(MEMORIES.length - 1);
  await expect(points).toHaveCount(MEMORIES.length - 1);
  await expect(row).toHaveCount(0);
  await expect(page.locator('[data-testid="mem0-point"][aria-label="Miso is a ginger cat"]')).toHaveCount(0);
  const left = await api<{ total: number; entries: { text: string }[] }>(server, 'mem0.entries', {});
  expect(left.total).toBe(MEMORIES.length - 1);
  expect(left.entries.map((e) => e.text)).not.toContain('Miso is a ginger cat');
});
