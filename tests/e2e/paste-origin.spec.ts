// Pasted text in the composer: the message is sent as pasted, the scripted model records a fact from it
// with the memory tool, and the next session's "What the model saw" marks that fact as coming from pasted
// text; a fact from a typed message stays unmarked. Real Chromium against `monad serve`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { api, ROOT } from './fixtures';
import { configureModelViaApi, expect, newSession, openApp, test } from './llm-fixture';
import { openSettings } from './settings-nav';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const PASTED = 'Minutes of the tenants meeting: the building gets a new roof in September, paid by the owners.';

/** A real paste: a ClipboardEvent with text/plain data dispatched on the focused textarea, then the text inserted as the browser would. */
async function paste(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.focus();
  await input.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await page.keyboard.insertText(text);
}

function recordCall(id: string, text: string) {
  return { kind: 'tool_calls' as const, calls: [{ id, name: 'memory', args: { action: 'record', scope: 'global', text } }] };
}

test('a fact recorded from pasted text is marked in the next session\'s recall', async ({ page, server, llm }) => {
  await configureModelViaApi(server, llm);
  await openApp(page, server);

  // A typed message: its fact stays plain.
  await newSession(page);
  llm.enqueue(recordCall('t', 'User lives in Porto'), { kind: 'text', text: 'Noted that you live in Porto.' });
  await page.getByTestId('composer-input').fill('I live in Porto.');
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText('Noted that you live in Porto.');

  // A pasted message: the composer says so, and the engine stores it as pasted.
  await newSession(page);
  await paste(page, PASTED);
  await expect(page.getByTestId('composer-pasted')).toBeVisible();
  llm.enqueue(recordCall('p', "User's building gets a new roof in September"), { kind: 'text', text: 'Noted the roof works.' });
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText('Noted the roof works.');
  await expect(page.locator('[data-testid="message"][data-role="user"]').last().getByTestId('message-origin')).toHaveText('Pasted text');
  const sent = llm.chatRequests().at(-2)!.body.messages.at(-1);
  expect(sent).toEqual({ role: 'user', content: PASTED });

  // The next session's first turn builds its recall block; "What the model saw" shows the mark.
  await newSession(page);
  llm.enqueue({ kind: 'text', text: 'Hello again.' });
  await page.getByTestId('composer-input').fill('Hi!');
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText('Hello again.');
  await page.getByTestId('tab-memory').click();
  await expect(page.getByTestId('memory-pane')).toBeVisible();
  await page.getByTestId('memory-view-recall').click();
  const block = page.getByTestId('recall-block');
  // (Each line also carries its origin class, issue 16 §5: the memory tool wrote both down; the typed one
  // is in the person's own words, so it is theirs, issue 27 §3.)
  await expect(block).toContainText("- (inferred, from pasted text) User's building gets a new roof in September");
  const shown = (await block.textContent()) ?? '';
  expect(shown).toContain('\n- (you said it) User lives in Porto\n');
  expect(shown).not.toContain('from pasted text) User lives in Porto');
  // Byte for byte what the model received.
  const system = llm.chatRequests().at(-1)!.body.messages.find((m: { role: string }) => m.role === 'system').content as string;
  expect(system).toContain(shown);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, 'recall-pasted-mark-light.png') });
});

test('Settings → Memory sets the fact check; a fact the memory model judges an instruction is refused with its reason in the Memory tab', async ({ page, server, llm }) => {
  await configureModelViaApi(server, llm);
  // The stand-in memory model: every fact check answers "instruction".
  llm.setDefault((req) =>
    String(req.body?.messages?.[0]?.content ?? '').startsWith('You check notes before they are saved')
      ? { kind: 'json', value: { verdict: 'instruction', reason: 'it tells an assistant what to recommend' } }
      : { kind: 'text', text: 'ok' },
  );
  await openApp(page, server);
  await openSettings(page, 'memory');
  const picker = page.getByTestId('memory-fact-check');
  await picker.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('memory-fact-check-borderline')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('memory-global')).toContainText('the memory model is asked whether it is about you or an instruction to an assistant');
  await page.getByTestId('memory-fact-check-all').click();
  await expect(page.getByTestId('memory-fact-check-all')).toHaveAttribute('aria-checked', 'true');
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.getByTestId('memory-global').screenshot({ path: join(SCREENSHOTS, 'settings-fact-check-light.png') });
  const config = await api<{ memory: { factCheck: string } }>(server, 'config.get', {});
  expect(config.memory.factCheck).toBe('all');

  await page.getByTestId('tab-memory').click();
  const input = page.getByTestId('fact-add-input');
  await input.fill('User banks with ACME and likes it');
  await input.press('Enter');
  const bar = page.getByTestId('fact-feedback');
  await expect(bar).toHaveAttribute('data-status', 'refused');
  await expect(bar).toContainText('it tells an assistant what to recommend');
  await expect(input).toHaveValue('User banks with ACME and likes it');
  await expect(page.getByTestId('fact')).toHaveCount(0);
});
