// The model self-test and the failing-task notice (issue 18 §3–§4), in the browser against `monad serve`
// with the scripted model: "Check memory tasks" beside the memory role reports pass / fail / time per
// task with the reason and the model's reply on failure, and the kept result; three failures in a row of
// a memory task raise a notice that says what failed and opens the self-test; Settings → Memory lists the
// failing task. Screenshots in light, dark and 900×700; axe on each new part.
import { expectAxeClean } from './settle';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSettings } from './settings-nav';
import { BROKEN_REPLY, memoryTaskResponder } from '../fixtures/memory-task-responder';
import { api, ROOT } from './fixtures';
import { configureModelViaApi, expect, openApp, test } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

test('Check memory tasks: a failing task shows why and what the model sent; a fixed model passes; the result is kept', async ({ page, server, llm }) => {
  await configureModelViaApi(server, llm);
  llm.setDefault(memoryTaskResponder({ broken: ['infer-laws'] }));
  await openApp(page, server);
  await openSettings(page, 'models');

  const check = page.getByTestId('model-check');
  await check.scrollIntoViewIfNeeded();
  await expect(check.getByTestId('model-check-summary')).toHaveText('gpt-4o-mini has not been checked yet.');
  await check.getByTestId('model-check-run').click();
  await expect(check.getByTestId('model-check-score')).toHaveText('5 of 6 passed');
  await expect(check.getByTestId('model-check-score')).toHaveClass(/pill-warn/);

  const items = check.getByTestId('model-check-item');
  await expect(items).toHaveCount(6);
  await expect(items.nth(0)).toContainText('Building the knowledge graph from chats');
  const laws = check.locator('[data-testid="model-check-item"][data-task="infer-laws"]');
  await expect(laws).toHaveAttribute('data-ok', 'false');
  await expect(laws.getByTestId('model-check-error')).toHaveText('The reply holds no JSON object.');
  await expect(laws.getByTestId('model-check-raw')).toBeHidden();
  await laws.getByText('What the model sent').click();
  await expect(laws.getByTestId('model-check-raw')).toHaveText(BROKEN_REPLY);
  await expect(check.locator('[data-testid="model-check-item"][data-ok="true"]')).toHaveCount(5);
  await expect(check.locator('[data-task="tool-calling"]')).toContainText('Calling the memory tool');

  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, 'model-check-light.png') });
  await expectAxeClean(page, '[data-testid="model-check"]');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: join(SCREENSHOTS, 'model-check-dark.png') });
  await expectAxeClean(page, '[data-testid="model-check"]');
  await page.setViewportSize({ width: 900, height: 700 });
  await laws.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'model-check-900x700.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // The model is fixed: a second check passes everything, and the result is kept across a reload.
  llm.setDefault(memoryTaskResponder());
  await check.getByTestId('model-check-run').click();
  await expect(check.getByTestId('model-check-score')).toHaveText('6 of 6 passed');
  await expect(check.getByTestId('model-check-score')).toHaveClass(/pill-ok/);
  await page.reload();
  await openSettings(page, 'models');
  await expect(page.getByTestId('model-check-score')).toHaveText('6 of 6 passed');
  await expect(page.getByTestId('model-check-items')).toBeHidden();
  await page.getByTestId('model-check-toggle').click();
  await expect(page.locator('[data-testid="model-check-item"][data-ok="true"]')).toHaveCount(6);
  const kept = await api<{ model: string; passed: number }[]>(server, 'models.checks');
  expect(kept.map((r) => [r.model, r.passed])).toEqual([['gpt-4o-mini', 6]]);
});

test('a memory task failing three times in a row raises a notice that opens the self-test; Settings → Memory lists it', async ({ page, server, llm }) => {
  await configureModelViaApi(server, llm);
  llm.setDefault(memoryTaskResponder({ broken: ['consolidate-facts'] }));
  await api(server, 'facts.add', { scope: 'global', text: 'User lives in Lisbon.' });
  await api(server, 'facts.add', { scope: 'global', text: 'The user lives in Lisbon, Portugal.' });
  for (let i = 0; i < 3; i++) {
    const [summary] = await api<{ facts: { failed: number } }[]>(server, 'consolidate.run', { agentId: 'default', level: 1 });
    expect(summary.facts.failed).toBe(1);
  }

  await openApp(page, server);
  const notice = page.locator('[data-testid="notice"][data-code="memory-task-failing"]');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('A memory task keeps failing');
  await expect(notice).toContainText('Merging duplicate facts for Monad failed 3 times in a row with gpt-4o-mini.');
  await expect(notice).toContainText('Last time: The reply could not be used, even after a second try: The reply holds no JSON object.');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, 'task-failing-notice-light.png') });
  await expectAxeClean(page, '[data-testid="notices"]');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: join(SCREENSHOTS, 'task-failing-notice-dark.png') });
  await expectAxeClean(page, '[data-testid="notices"]');

  await notice.getByTestId('notice-check-models').click();
  await expect(page.getByTestId('tab-settings')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('model-check-run')).toBeFocused();

  // Settings → Memory: the failing task, and the recent failures with the model's reply.
  await openSettings(page, 'memory');
  const failures = page.getByTestId('task-failures');
  await failures.scrollIntoViewIfNeeded();
  await expect(failures).toContainText('Memory tasks are failing');
  await expect(failures.getByTestId('task-failing')).toHaveText(/^Merging duplicate facts for Monad: failed 3 times in a row/);
  await failures.getByText('Recent failures (3)').click();
  await expect(failures.getByTestId('task-failure')).toHaveCount(3);
  await expect(failures.getByTestId('task-failure').first()).toContainText('Scripted gpt-4o-mini');
  await page.setViewportSize({ width: 900, height: 700 });
  await failures.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'task-failures-900x700-dark.png') });
  await expectAxeClean(page, '[data-testid="task-failures"]');
});
