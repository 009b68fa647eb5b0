// Attachments (issue 29 §1) in the real UI: a file attached with the picker and one pasted become chips
// with a preview; a refused file says why near the composer and can be removed; the message goes with its
// files, the model's request holds each file quoted as data under its name, the sent message shows its
// chips, and a chip opens the file's preview. Real Chromium against `monad serve` with the scripted model;
// axe and screenshots in light, dark and 900×700.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import type { Page } from '@playwright/test';
import { ROOT } from './fixtures';
import { configureModelViaApi, expect, newSession, openApp, test } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const NOTES = '# Trip plan\nFly to Tromsø on the 12th.\nThe hotel booking code is AURORA-77.\n';

async function serious(page: Page, selector: string): Promise<string[]> {
  await settleAnimations(page);
  const axe = await new AxeBuilder({ page }).include(selector).analyze();
  return axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' / ')}`);
}

/** A real paste of a file: a ClipboardEvent whose clipboardData holds the file, on the focused textarea. */
async function pasteFile(page: Page, name: string, type: string, text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.focus();
  await input.evaluate(
    (el, f) => {
      const data = new DataTransfer();
      data.items.add(new File([f.text], f.name, { type: f.type }));
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { name, type, text },
  );
}

const chip = (page: Page, name: string) => page.getByTestId('attachment-chip').filter({ hasText: name });

test('attach by picker and by paste, see chips, send, and preview a sent file', async ({ page, browser, server, llm }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await configureModelViaApi(server, llm);
  await openApp(page, server);
  await newSession(page);

  // The picker: the paperclip is a labelled button; the file goes up and is read at once.
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeVisible();
  await page.getByTestId('attach-input').setInputFiles({ name: 'trip.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) });
  await expect(chip(page, 'trip.md')).toHaveAttribute('data-state', 'ready');
  await expect(chip(page, 'trip.md').getByTestId('attachment-preview')).toHaveText('# Trip plan · Fly to Tromsø on the 12th.');

  // A paste: the file becomes a chip too.
  await pasteFile(page, 'budget.csv', 'text/csv', 'item,cost\nflights,420\nhotel,610\n');
  await expect(chip(page, 'budget.csv')).toHaveAttribute('data-state', 'ready');
  await expect(chip(page, 'budget.csv').getByTestId('attachment-detail')).toHaveText('32 characters');

  // A file Monad cannot read: refused in words near the composer, and removable.
  await page.getByTestId('attach-input').setInputFiles({ name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]) });
  await expect(chip(page, 'archive.zip')).toHaveAttribute('data-state', 'refused');
  await expect(page.getByTestId('attachment-error')).toHaveText('archive.zip is not a file Monad can read. Attach text, code, Markdown, CSV, JSON, PDF or an image (PNG, JPEG, WebP, GIF).');
  expect(await serious(page, '[data-testid="composer"], [data-testid="attachment-tray"]')).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'attachments-chips-light.png') });
  await page.getByRole('button', { name: 'Remove archive.zip' }).click();
  await expect(chip(page, 'archive.zip')).toHaveCount(0);
  await expect(page.getByTestId('attachment-error')).toHaveCount(0);

  // Send: the model gets each file quoted as data under its name, after the person's words.
  llm.enqueue({ kind: 'text', text: 'Your hotel code is AURORA-77 and the total is 1030.' });
  await page.getByTestId('composer-input').fill('What is my hotel code, and what do flights and hotel cost together?');
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText('AURORA-77');
  await expect(page.getByTestId('attachment-tray')).toHaveCount(0);
  const user = llm.chatRequests().at(-1)!.body.messages.findLast((m: { role: string }) => m.role === 'user');
  const sent = typeof user.content === 'string' ? user.content : user.content.map((p: { text?: string }) => p.text ?? '').join('');
  expect(sent).toContain('What is my hotel code, and what do flights and hotel cost together?\n\n<data source="attachment">\nAttached file: trip.md (text/markdown)\n\n# Trip plan');
  expect(sent).toContain('<data source="attachment">\nAttached file: budget.csv (text/csv)\n\nitem,cost\nflights,420');

  // The sent message shows its files; a chip opens the preview.
  const files = page.locator('[data-testid="message"][data-role="user"]').last().getByTestId('message-attachment');
  await expect(files).toHaveCount(2);
  await expect(files.first()).toContainText('trip.md');
  await files.first().click();
  const dialog = page.getByTestId('attachment-preview-dialog');
  await expect(dialog.getByTestId('attachment-preview-body')).toContainText('The hotel booking code is AURORA-77.');
  expect(await serious(page, '[data-testid="attachment-preview-dialog"]')).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'attachments-preview-light.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await serious(page, '[data-testid="message"][data-role="user"]')).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'attachments-sent-light.png') });

  // "What the model saw": the reply's receipt lists each file as it went, with exactly the text quoted.
  await page.locator('[data-testid="message"][data-role="assistant"]').last().getByTestId('reply-memory').click();
  const receipt = page.getByTestId('receipt-panel');
  await expect(receipt.getByTestId('receipt-file')).toHaveCount(2);
  await expect(receipt.getByTestId('receipt-file').first()).toContainText('trip.md · sent whole · 76 characters');
  await receipt.getByTestId('receipt-file').first().locator('summary').click();
  await expect(receipt.getByTestId('receipt-file-text').first()).toHaveText(`Attached file: trip.md (text/markdown)\n\n${NOTES}`);
  expect(await serious(page, '[data-testid="receipt-panel"]')).toEqual([]);
  await page.screenshot({ path: join(SCREENSHOTS, 'attachments-receipt-light.png') });
  await page.getByTestId('receipt-close').click();

  // Dark, 900×700: the same chips and a refusal, axe-clean.
  const dark = await browser.newContext({ colorScheme: 'dark', viewport: { width: 900, height: 700 } });
  try {
    const p = await dark.newPage();
    await openApp(p, server);
    await expect(p.getByTestId('session-item')).toHaveCount(1); // the chat above, listed before a new one is counted
    await newSession(p);
    await p.getByTestId('attach-input').setInputFiles({ name: 'trip.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) });
    await p.getByTestId('attach-input').setInputFiles({ name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]) });
    await expect(chip(p, 'trip.md')).toHaveAttribute('data-state', 'ready');
    await expect(chip(p, 'archive.zip')).toHaveAttribute('data-state', 'refused');
    expect(await serious(p, '[data-testid="composer"], [data-testid="attachment-tray"]')).toEqual([]);
    await p.screenshot({ path: join(SCREENSHOTS, 'attachments-chips-dark-900x700.png') });
  } finally {
    await dark.close();
  }
});

test('an image for a model that cannot see it is refused before sending, in words near the composer', async ({ page, server, llm }) => {
  await configureModelViaApi(server, llm);
  // This chat's model reads text only.
  await openApp(page, server);
  const sessionId = await newSession(page);
  const { api } = await import('./fixtures');
  await api(server, 'providers.save', { provider: { id: 'local', kind: 'openai-compatible', name: 'Local', baseURL: `${llm.url}/v1`, models: ['llama3.2'] } });
  await api(server, 'sessions.setModel', { id: sessionId, model: { provider: 'local', model: 'llama3.2' } });
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  await page.getByTestId('attach-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(chip(page, 'photo.png')).toHaveAttribute('data-state', 'ready');
  await page.getByTestId('composer-input').fill('What is in this photo?');
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.getByTestId('composer-not-sent')).toHaveText('llama3.2 (Local) cannot see images, so photo.png would not reach it. Remove the image, or choose a model that can see images for this chat.');
  // Nothing was sent or stored: the text and the file are still there.
  await expect(page.getByTestId('composer-input')).toHaveValue('What is in this photo?');
  await expect(chip(page, 'photo.png')).toHaveCount(1);
  await expect(page.locator('[data-testid="message"]')).toHaveCount(0);
  expect(llm.chatRequests()).toHaveLength(0);
  expect(await serious(page, '[data-testid="composer"]')).toEqual([]);
});

test('a file tray appearing under a long chat keeps its newest message in view', async ({ page, server, llm }) => {
  await configureModelViaApi(server, llm);
  // Replies long enough that three of them fill the view many times over.
  llm.setDefault(() => ({ kind: 'text', text: Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n') }));
  await openApp(page, server);
  await newSession(page);
  const replies = page.locator('[data-testid="message"][data-role="assistant"]');
  for (const [i, text] of ['first question', 'second question', 'third question'].entries()) {
    await page.getByTestId('composer-input').fill(text);
    await page.getByTestId('composer-input').press('Enter');
    await expect(replies).toHaveCount(i + 1);
  }
  const list = page.getByTestId('message-list');
  const distanceToEnd = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await expect.poll(distanceToEnd).toBeLessThanOrEqual(2);
  const before = await list.evaluate((el) => el.clientHeight);
  // The tray takes room below the list: the list gets shorter, and must still show its end.
  await page.getByTestId('attach-input').setInputFiles({ name: 'trip.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) });
  await expect(chip(page, 'trip.md')).toHaveAttribute('data-state', 'ready');
  expect(await list.evaluate((el) => el.clientHeight)).toBeLessThan(before);
  await expect.poll(distanceToEnd).toBeLessThanOrEqual(2);
  await expect(replies.last().getByText('Line 30 of a long answer.')).toBeInViewport();
});
