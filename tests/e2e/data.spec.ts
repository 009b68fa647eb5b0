// Settings → Data in real Chromium against `monad serve` on a temp home: import through the file input
// (report, sidebar, idempotence), a malformed file's positioned error with nothing added, export as a
// download that holds the imported chats, and the backups list with a staged restore.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { api, expect, ROOT, test, type MonadServer } from './fixtures';
import { openSettings } from './settings-nav';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

const TRANSCRIPT = {
  format: 'monad-transcript',
  version: 1,
  sessions: [
    {
      id: 'trip-planning',
      title: 'Planning the Lisbon trip',
      createdAt: '2024-05-01T10:00:00Z',
      messages: [
        { role: 'user', content: 'Which neighbourhood should we stay in?', createdAt: '2024-05-01T10:00:00Z' },
        { role: 'assistant', content: 'Alfama, if you like quiet streets and views.', createdAt: '2024-05-01T10:00:05Z' },
        { role: 'user', content: 'And for food?', createdAt: '2024-05-01T10:01:00Z' },
      ],
    },
    {
      id: 'bread',
      title: 'Sourdough starter',
      createdAt: '2024-05-03T08:00:00Z',
      messages: [
        { role: 'user', content: 'My starter smells like nail polish.', createdAt: '2024-05-03T08:00:00Z' },
        { role: 'assistant', content: 'It is hungry: feed it twice a day for a few days.', createdAt: '2024-05-03T08:00:04Z' },
      ],
    },
  ],
};
const TRANSCRIPT_TEXT = `${JSON.stringify(TRANSCRIPT, null, 2)}\n`;

async function openData(page: Page, server: MonadServer): Promise<Locator> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
  await openSettings(page, 'data');
  const section = page.getByTestId('data-section');
  await section.scrollIntoViewIfNeeded();
  await expect(section).toBeVisible();
  return section;
}

function pickFile(page: Page, name: string, text: string) {
  return page.getByTestId('import-input').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
}

function row(page: Page, kind: string) {
  return page.locator(`[data-testid="import-row"][data-kind="${kind}"]`);
}

async function expectRow(page: Page, kind: string, added: number, skipped: number) {
  await expect(row(page, kind).getByTestId('import-added')).toHaveText(String(added));
  await expect(row(page, kind).getByTestId('import-skipped')).toHaveText(String(skipped));
}

function sessionTitles(page: Page) {
  return page.getByTestId('session-title');
}

test.describe('data: import, export, backups', () => {
  test('imports a transcript through the file input, shows the report and the chats; a second import skips everything', async ({ page, server }) => {
    // Waited for from the start: Playwright turns the browser's file-chooser interception on when the
    // first listener is added, and that reaches the browser on its own path. Added just before the key
    // press, the press could win under load (seen once in CI): the page then opened a real dialog, which
    // headless never shows, and the test waited out its minute.
    const chooser = page.waitForEvent('filechooser', { timeout: 60_000 });
    chooser.catch(() => undefined);
    const section = await openData(page, server);
    await expect(sessionTitles(page)).toHaveCount(0);

    await pickFile(page, 'lisbon-and-bread.json', TRANSCRIPT_TEXT);
    const report = page.getByTestId('import-report');
    await expect(report).toBeVisible();
    await expect(report).toHaveAttribute('data-format', 'transcript');
    await expect(page.getByTestId('import-headline')).toHaveText('Added 2 chats, 5 messages');
    await expect(report).toContainText('lisbon-and-bread.json');
    await expect(report).toContainText('Monad transcript');
    await expectRow(page, 'Chats', 2, 0);
    await expectRow(page, 'Messages', 5, 0);
    await expect(page.getByTestId('import-progress')).toHaveCount(0);

    // The sidebar picks the new chats up from the engine's sessions.changed event.
    await expect(sessionTitles(page)).toHaveCount(2);
    await expect(page.getByTestId('session-list')).toContainText('Planning the Lisbon trip');
    await expect(page.getByTestId('session-list')).toContainText('Sourdough starter');

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.mouse.move(0, 0);
    await section.screenshot({ path: join(SCREENSHOTS, 'data-after-import-light.png') });

    // The same file again, chosen by keyboard this time: nothing new, everything skipped.
    await page.getByTestId('import-button').focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({ name: 'lisbon-and-bread.json', mimeType: 'application/json', buffer: Buffer.from(TRANSCRIPT_TEXT) });
    await expect(page.getByTestId('import-headline')).toHaveText('Nothing new: everything in this file is already in Monad');
    await expectRow(page, 'Chats', 0, 2);
    await expectRow(page, 'Messages', 0, 5);
    await expect(sessionTitles(page)).toHaveCount(2);
    const sessions = await api<unknown[]>(server, 'sessions.list', { agentId: 'default' });
    expect(sessions).toHaveLength(2);

    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await section.screenshot({ path: join(SCREENSHOTS, 'data-after-reimport-dark.png') });
  });

  test('a ChatGPT export with an image: the report counts "1 image not imported" and the chat shows the placeholder', async ({ page, server }) => {
    const image = { content_type: 'image_asset_pointer', asset_pointer: 'file-service://file-leaf', width: 800, height: 600 };
    const exported = [
      {
        id: 'conv-plant',
        title: 'What plant is this?',
        create_time: 1700000000,
        current_node: 'n2',
        mapping: {
          n1: { id: 'n1', parent: null, message: { id: 'u1', author: { role: 'user' }, create_time: 1700000001, content: { content_type: 'multimodal_text', parts: [image, 'What plant is this?'] } } },
          n2: { id: 'n2', parent: 'n1', message: { id: 'a1', author: { role: 'assistant' }, create_time: 1700000002, content: { content_type: 'text', parts: ['A monstera, by the split leaves.'] } } },
        },
      },
    ];
    await openData(page, server);
    await pickFile(page, 'conversations.json', JSON.stringify(exported));
    const report = page.getByTestId('import-report');
    await expect(report).toBeVisible();
    await expect(report).toHaveAttribute('data-format', 'chatgpt');
    await expect(page.getByTestId('import-headline')).toHaveText('Added 1 chat, 2 messages');
    await expect(page.getByTestId('import-images')).toContainText('1 image not imported');
    await expect(page.getByTestId('import-images')).toContainText('image not imported');
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.mouse.move(0, 0);
    await report.screenshot({ path: join(SCREENSHOTS, 'data-import-chatgpt-image.png') });

    // The chat, opened from the sidebar: the image's place says it was not imported, the text follows.
    await sessionTitles(page).filter({ hasText: 'What plant is this?' }).click();
    await expect(page.getByTestId('chat-pane')).toBeVisible();
    const asked = page.locator('[data-testid="message"][data-role="user"]');
    await expect(asked).toHaveCount(1);
    await expect(asked).toContainText('image not imported');
    await expect(asked).toContainText('What plant is this?');
    await expect(page.locator('[data-testid="message"][data-role="assistant"]')).toContainText('A monstera, by the split leaves.');
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-imported-image-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.setViewportSize({ width: 900, height: 700 });
    await expect(asked).toBeInViewport();
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-imported-image-dark-900.png') });
  });

  test('a malformed file shows where the problem is, and nothing is added', async ({ page, server }) => {
    await openData(page, server);

    // Broken JSON: line and column.
    const broken = '{\n  "format": "monad-transcript",\n  "version": 1,\n  "sessions": [\n    { "id": "a", , }\n  ]\n}\n';
    await pickFile(page, 'broken.json', broken);
    const error = page.getByTestId('import-error');
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute('data-code', 'BAD_INPUT');
    await expect(error).toContainText('Could not import broken.json');
    await expect(page.getByTestId('import-error-where')).toContainText(/Line 5, column \d+/);
    await expect(error).toContainText('Nothing was changed');

    // Valid JSON with a wrong field: the path inside the document. The first chat is fine, and is not
    // kept either (the import is all or nothing).
    const bad = structuredClone(TRANSCRIPT) as { sessions: { messages: { role: string }[] }[] };
    bad.sessions[1].messages[1].role = 'robot';
    await pickFile(page, 'bad-role.json', JSON.stringify(bad, null, 2));
    await expect(error).toContainText('Could not import bad-role.json');
    await expect(page.getByTestId('import-error-where')).toHaveText(/sessions\[1\]\.messages\[1\]\.role/);
    await expect(page.getByTestId('import-report')).toHaveCount(0);

    expect(await api<unknown[]>(server, 'sessions.list', { agentId: 'default' })).toHaveLength(0);
    await expect(sessionTitles(page)).toHaveCount(0);
    // Shown in place, not also as a toast.
    await expect(page.getByTestId('toast')).toHaveCount(0);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('data-import').screenshot({ path: join(SCREENSHOTS, 'data-import-error-dark.png') });
  });

  test('a file dropped onto the section is imported; export saves a download that parses and holds the chats', async ({ page, server }) => {
    const section = await openData(page, server);

    const files = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      return dt;
    }, TRANSCRIPT_TEXT);
    await page.getByTestId('data-export').dispatchEvent('dragenter', { dataTransfer: files });
    await expect(section).toHaveClass(/is-dragging/);
    await expect(page.getByTestId('import-drop')).toContainText('Drop the file to import it');
    await page.getByTestId('data-export').dispatchEvent('drop', { dataTransfer: files });
    await expect(section).not.toHaveClass(/is-dragging/);
    await expect(page.getByTestId('import-headline')).toHaveText('Added 2 chats, 5 messages');
    await expect(page.getByTestId('import-report')).toContainText('dropped.json');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^monad-export-\d{4}-\d\d-\d\d\.json$/);
    const archive = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      format: string;
      sessions: { title: string; messages: { content: string }[] }[];
    };
    expect(archive.format).toBe('monad-export');
    expect(archive.sessions.map((s) => s.title).sort()).toEqual(['Planning the Lisbon trip', 'Sourdough starter']);
    expect(archive.sessions.flatMap((s) => s.messages.map((m) => m.content))).toContain('And for food?');

    const result = page.getByTestId('export-result');
    await expect(result).toContainText(download.suggestedFilename());
    await expect(page.getByTestId('export-contents')).toContainText('2 chats');
    await expect(page.getByTestId('export-contents')).toContainText('5 messages');
    await expect(page.getByTestId('export-progress')).toHaveCount(0);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.mouse.move(0, 0);
    await section.screenshot({ path: join(SCREENSHOTS, 'data-after-export-light.png') });
  });

  test('lists the backups and stages a restore behind a confirmation; the pending restore survives a reload', async ({ page, server }) => {
    // Both processes may hold the databases (WAL): the CLI takes a set while the server runs.
    const made = spawnSync(process.execPath, ['bin/monad.mjs', 'backup', '--home', server.home, '--json'], {
      cwd: ROOT,
      env: { ...process.env, MONAD_HOME: server.home },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(made.status, made.stderr).toBe(0);
    const backup = JSON.parse(made.stdout) as { name: string };

    await openData(page, server);
    const item = page.locator(`[data-testid="backup-item"][data-backup-name="${backup.name}"]`);
    await expect(item).toBeVisible();
    await expect(item).toContainText('Manual');
    await expect(item).toContainText('app.sqlite');
    await expect(item).toContainText('memory.sqlite');
    await expect(page.getByTestId('restore-pending')).toHaveCount(0);

    // Cancelling changes nothing.
    const restore = item.getByTestId('backup-restore');
    await restore.click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('applied when Monad next starts');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('restore-pending')).toHaveCount(0);

    // By keyboard: Enter opens the dialog, whose confirm button has the focus.
    await restore.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('confirm-ok')).toBeFocused();
    await page.keyboard.press('Enter');
    const pending = page.getByTestId('restore-pending');
    await expect(pending).toBeVisible();
    await expect(pending).toHaveAttribute('data-backup-name', backup.name);
    await expect(pending).toContainText('restart Monad');
    await expect(pending).toContainText('will be restored when Monad next starts');
    await expect(item).toContainText('Restore pending');
    await expect(restore).toBeDisabled();

    // The engine reports it too, so a fresh window shows it.
    await page.reload();
    await openData(page, server);
    await expect(page.getByTestId('restore-pending')).toHaveAttribute('data-backup-name', backup.name);
    await expect(page.locator(`[data-testid="backup-item"][data-backup-name="${backup.name}"]`)).toContainText('Restore pending');
    await page.getByTestId('data-backups').screenshot({ path: join(SCREENSHOTS, 'data-restore-pending-light.png') });
  });
});
