// The chat pane in real Chromium against `monad serve`, with the scripted OpenAI-wire server as model.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { LawStore } from '../../src/main/memory/laws/law-store';
import { api, ROOT, startServer } from './fixtures';
import { configureModelViaApi, expect, MODEL, newSession, openApp, test, TEST_KEY } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

const RICH_REPLY = [
  'Here is a quick comparison of the two options:',
  '',
  '| Option | Speed | Memory |',
  '| --- | --- | --- |',
  '| Array | fast reads | compact |',
  '| Linked list | fast inserts | pointer per node |',
  '',
  'And a small **TypeScript** helper:',
  '',
  '```ts',
  'export function sum(xs: number[]): number {',
  '  // add them up',
  '  return xs.reduce((a, b) => a + b, 0);',
  '}',
  '```',
  '',
  'Use `sum([1, 2, 3])` to get `6`.',
].join('\n');

function composer(page: Page) {
  return page.getByTestId('composer-input');
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

function replies(page: Page) {
  return page.locator('[data-testid="message"][data-role="assistant"]');
}

test.describe('chat', () => {
  test('no model: the note leads to Settings → Models; a provider and chat model set up there make the chat work', async ({ page, server, llm, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openApp(page, server);
    await newSession(page);

    // Without a model the chat says so; sending is refused by the engine and the text stays.
    const note = page.getByTestId('no-model-note');
    await expect(note).toContainText('No chat model is configured');
    await send(page, 'hello?');
    await expect(composer(page)).toHaveValue('hello?');
    await expect(page.getByTestId('message')).toHaveCount(0);
    await page.getByTestId('no-model-open-settings').click();
    await expect(page.getByTestId('tab-settings')).toHaveAttribute('aria-selected', 'true');
    const section = page.getByTestId('models-section');
    await expect(section).toBeInViewport();

    // Add the provider through the form: fetch its models with the typed key, then save.
    await page.getByTestId('provider-new').click();
    await page.getByTestId('provider-name').fill('Scripted');
    await page.getByTestId('provider-baseurl').fill(`${llm.url}/v1`);
    await page.getByTestId('provider-key').fill(TEST_KEY);
    await page.getByTestId('provider-fetch-models').click();
    await expect(page.getByTestId('provider-fetch-result')).toContainText('Found 3 models');
    await expect(page.getByTestId('provider-models')).toHaveValue(/gpt-4o-mini/);
    await page.getByTestId('provider-save').click();
    const card = page.locator('[data-testid="provider-card"][data-provider-id="scripted"]');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('provider-card-key')).not.toContainText(TEST_KEY);
    await expect(card.getByTestId('provider-card-key')).toContainText('…');

    await page.getByTestId('role-chat-provider').selectOption('scripted');
    await page.getByTestId('role-chat-model').fill(MODEL);
    await page.getByTestId('role-chat-model').press('Enter');
    await expect(page.getByTestId('role-chat-saved')).toBeVisible();
    const config = await api<{ models: { roles: { chat?: { provider: string; model: string } } } }>(server, 'config.get');
    expect(config.models.roles.chat).toEqual({ provider: 'scripted', model: MODEL });

    // Back in the chat: the note is gone and the kept text goes out.
    await page.getByTestId('tab-chat').click();
    await expect(note).toHaveCount(0);
    await expect(composer(page)).toHaveValue('hello?');
    llm.enqueue({ kind: 'text', text: 'Hello! How can I help?' });
    await composer(page).press('Enter');
    await expect(replies(page).last()).toContainText('Hello! How can I help?');
    // The session was titled from the first message.
    await expect(page.getByTestId('chat-title')).toHaveText('hello?');
  });

  test('streams Markdown (table, highlighted code with copy), shows tool calls, regenerates, and keeps it all across a reload', async ({ page, server, llm, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);

    // Record what the live bubble showed while streaming: on a busy machine a fixed wait could miss it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { liveLengths: number[] }).liveLengths = seen;
      new MutationObserver(() => {
        const live = document.querySelector('[data-testid="message-live"]');
        if (live) seen.push(live.textContent?.length ?? 0);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    llm.enqueue({ kind: 'text', text: RICH_REPLY, chunks: 40, delayMs: 60 });
    await send(page, 'Compare arrays and linked lists, with a code sample');
    await expect(composer(page)).toHaveValue('');
    await expect(page.locator('[data-testid="message"][data-role="user"]')).toContainText('Compare arrays and linked lists');

    await expect(page.getByTestId('message-live')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('stop')).toHaveCount(0);
    // The text arrived in pieces, growing, before the stored reply replaced the live bubble.
    const lengths = await page.evaluate(() => (window as unknown as { liveLengths: number[] }).liveLengths);
    expect(lengths.length).toBeGreaterThan(1);
    expect(Math.min(...lengths.filter((n) => n > 0))).toBeLessThan(RICH_REPLY.length / 2);

    const reply = replies(page).last();
    await expect(reply.locator('table th')).toHaveText(['Option', 'Speed', 'Memory']);
    await expect(reply.locator('table tbody tr')).toHaveCount(2);
    const code = reply.getByTestId('code-block');
    await expect(code).toHaveAttribute('data-language', 'ts');
    await expect(code.locator('.hljs-keyword').first()).toHaveText('export');
    await expect(code.locator('.hljs-comment')).toHaveText('// add them up');
    await expect(reply.locator('strong')).toHaveText('TypeScript');

    // Copy the code block, and the whole reply.
    await code.getByTestId('copy-code').click();
    await expect(code.getByTestId('copy-code')).toHaveAttribute('data-copied', 'true');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'export function sum(xs: number[]): number {\n  // add them up\n  return xs.reduce((a, b) => a + b, 0);\n}',
    );
    await reply.hover();
    await reply.getByTestId('copy').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(RICH_REPLY);

    // A turn with a tool call: the call shows compactly, and opens to its arguments and result.
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'memory', args: { action: 'view' } }] },
      { kind: 'text', text: 'You have no saved facts yet.' },
    );
    await send(page, 'What do you remember about me?');
    const tool = page.getByTestId('tool-call').last();
    await expect(tool).toContainText('memory');
    await expect(tool).toHaveAttribute('data-state', 'done');
    await expect(replies(page).last()).toContainText('You have no saved facts yet.');
    await tool.locator('summary').click();
    await expect(tool).toContainText('"action": "view"');
    await expect(tool.getByTestId('tool-result')).toContainText('No facts in agent:default yet.');
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-tool-call-light.png') });

    // Regenerate the last reply: the old one goes, the new one takes its place.
    llm.enqueue({ kind: 'text', text: 'Nothing is stored about you so far.' });
    await page.getByTestId('regenerate').click();
    await expect(replies(page).last()).toContainText('Nothing is stored about you so far.');
    await expect(page.getByText('You have no saved facts yet.')).toHaveCount(0);

    // Light screenshot with rich content.
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.getByTestId('message-list').evaluate((el) => el.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-rich-light.png') });

    // Reload: the history comes back from the engine, rendered the same way.
    await page.reload();
    await expect(page.getByTestId('app')).toBeVisible();
    await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(2);
    await expect(page.locator('[data-testid="message"][data-role="assistant"] table')).toHaveCount(1);
    await expect(replies(page).last()).toContainText('Nothing is stored about you so far.');
    await expect(page.getByTestId('chat-title')).toHaveText('Compare arrays and linked lists, with a code sample');

    // Dark, same conversation.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('message-list').evaluate((el) => el.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-rich-dark.png') });
  });

  test('Stop ends a reply mid-stream and keeps what was written; Escape stops too', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);

    llm.enqueue({ kind: 'stream_then_hang', text: 'Let me think about this carefully, step by step' });
    await send(page, 'A long question');
    const live = page.getByTestId('message-live');
    await expect(live).toContainText('step by step');
    // While it runs, sending waits and says why; Stop is offered.
    await expect(page.getByTestId('send')).toHaveCount(0);
    await expect(page.getByTestId('composer-reason')).toContainText('writing a reply');
    await composer(page).fill('next one');
    await composer(page).press('Enter');
    await expect(composer(page)).toHaveValue('next one');
    await composer(page).fill('');
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-streaming-light.png') });
    await page.getByTestId('stop').click();
    const stopped = replies(page).last();
    await expect(stopped).toContainText('Let me think about this carefully');
    await expect(stopped.getByTestId('message-stopped')).toBeVisible();
    await expect(page.getByTestId('stop')).toHaveCount(0);
    await expect(page.getByTestId('composer-reason')).not.toContainText('writing a reply');

    // Escape from the composer stops the next one.
    llm.enqueue({ kind: 'stream_then_hang', text: 'Another partial answer here' });
    await send(page, 'Another question');
    await expect(live).toContainText('partial answer');
    await composer(page).press('Escape');
    await expect(replies(page).last()).toContainText('Another partial answer here');
    await expect(replies(page).last().getByTestId('message-stopped')).toBeVisible();

    // Both stopped replies are stored.
    const session = (await api<{ id: string }[]>(server, 'sessions.list', { agentId: 'default' }))[0];
    const page1 = await api<{ items: { role: string; content: string; error: string | null }[] }>(server, 'messages.list', { sessionId: session.id });
    expect(page1.items.filter((m) => m.role === 'assistant').map((m) => m.error)).toEqual(['Stopped', 'Stopped']);
  });

  test('a provider error (401) is shown in the chat with Retry, and Retry answers', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);

    llm.enqueue({ kind: 'error', status: 401 });
    await send(page, 'Are you there?');
    const error = page.getByTestId('message-error');
    await expect(error).toContainText('The reply failed');
    await expect(error).toContainText(/API key/i);
    // Said once, in place: no toast repeating it.
    await expect(page.getByTestId('toast')).toHaveCount(0);

    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-error-light.png') });

    llm.enqueue({ kind: 'text', text: 'Yes — here now.' });
    await error.getByTestId('retry').click();
    await expect(replies(page).last()).toContainText('Yes — here now.');
    await expect(page.getByTestId('message-error')).toHaveCount(0);
    await expect(page.locator('[data-testid="message"][data-role="user"]')).toHaveCount(1);
  });

  test('slash commands: /help is suggested as you type and its output shows in the chat', async ({ page, server }) => {
    await openApp(page, server);
    await newSession(page);

    await composer(page).fill('/');
    const menu = page.getByTestId('slash-suggestions');
    await expect(menu).toContainText('/help');
    await expect(menu).toContainText('list the commands');
    await composer(page).press('Enter'); // completes the suggestion
    await expect(composer(page)).toHaveValue('/help');
    await composer(page).press('Enter'); // runs it
    const out = page.getByTestId('command-note').last();
    await expect(out).toContainText('/help');
    await expect(out).toContainText('Commands');
    await expect(out.locator('code').first()).toHaveText('/help');
    await expect(composer(page)).toHaveValue('');

    await send(page, '/nope');
    await expect(page.getByTestId('command-note').last()).toContainText('Unknown command /nope');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await composer(page).fill('/');
    await expect(menu).toBeVisible();
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-slash-light.png') });
  });

  test('title: click or F2 to rename; session settings set a workspace folder and incognito', async ({ page, server }) => {
    await openApp(page, server);
    const id = await newSession(page);

    await page.getByTestId('chat-title').click();
    await page.getByTestId('chat-title-input').fill('Trip notes');
    await page.getByTestId('chat-title-input').press('Enter');
    await expect(page.getByTestId('chat-title')).toHaveText('Trip notes');
    await expect(page.locator(`[data-testid="session-item"][data-session-id="${id}"]`)).toContainText('Trip notes');

    await page.getByTestId('chat-title').focus();
    await page.keyboard.press('F2');
    await page.getByTestId('chat-title-input').fill('Not this');
    await page.getByTestId('chat-title-input').press('Escape');
    await expect(page.getByTestId('chat-title')).toHaveText('Trip notes');

    // Workspace: a missing folder is refused in place; the home folder is accepted.
    await page.getByTestId('session-settings').click();
    const panel = page.getByTestId('session-settings-panel');
    await page.getByTestId('session-workspace').fill('/definitely/not/here');
    await page.getByTestId('session-workspace-save').click();
    await expect(page.getByTestId('session-settings-error')).toContainText('does not exist');
    await page.getByTestId('session-workspace').fill(server.home);
    await page.getByTestId('session-workspace-save').click();
    await expect(page.getByTestId('chat-workspace')).toContainText(server.home.split('/').pop()!);
    await expect(panel).toContainText('Project scope');

    await page.getByTestId('session-incognito').check();
    await expect(page.getByTestId('incognito-badge')).toBeVisible();
    const stored = (await api<{ id: string; incognito: boolean; workspace: string | null; projectKey: string | null }[]>(server, 'sessions.list', { agentId: 'default' })).find(
      (s) => s.id === id,
    )!;
    expect(stored.incognito).toBe(true);
    expect(stored.projectKey).toMatch(/^[0-9a-f]{16}$/);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-session-settings-light.png') });

    await page.getByTestId('session-workspace-clear').click();
    await expect(page.getByTestId('chat-workspace')).toHaveCount(0);
    await panel.press('Escape');
    await expect(panel).toHaveCount(0);
    await page.getByTestId('session-settings').click();
    await page.getByTestId('session-incognito').uncheck();
    await expect(page.getByTestId('incognito-badge')).toHaveCount(0);
  });

  test('a source link from another tab opens the message in its chat: older history loaded, scrolled to, highlighted', async ({ page }) => {
    // A long session whose early message grounds a law (through a graph relation), seeded before the server starts.
    const home = mkdtempSync(join(tmpdir(), 'monad-e2e-'));
    const engine = Engine.open({ home, host: 'cli', backgroundJobs: false });
    let target: string;
    let sessionId: string;
    try {
      const session = engine.sessions.create({ agentId: 'default', title: 'Long history' });
      sessionId = session.id;
      engine.sessions.create({ agentId: 'default', title: 'Another chat' });
      const start = Date.now() - 700 * 60_000;
      const ids: string[] = [];
      engine.appDb.transaction(() => {
        for (let i = 1; i <= 700; i++) {
          const m = engine.messages.append({
            sessionId: session.id,
            role: i % 2 ? 'user' : 'assistant',
            content: i === 31 ? 'I have been vegetarian since 2019.' : `Message ${i}`,
            createdAt: new Date(start + i * 60_000).toISOString(),
          });
          ids.push(m.id);
        }
      })();
      target = ids[30];
      const g = engine.graph.store;
      const user = g.upsertNode('agent:default', 'User', 'person').id;
      const diet = g.upsertNode('agent:default', 'Vegetarian diet', 'preference').id;
      const edge = g.upsertEdge({ scope: 'agent:default', src: user, dst: diet, relation: 'follows', provClass: 'user', validFrom: new Date(start).toISOString(), support: [target], supersede: false });
      new LawStore(engine.memoryDb).replaceScope('agent:default', [{ statement: 'The user avoids meat', confidence: 0.8, support: [`edge:${edge.id}`] }], 'seeded');
    } finally {
      engine.close();
    }
    const { server, stop } = await startServer({ home });
    try {
      // Playwright's clock (time still flows) lets the highlight's fade be reached without sitting it out.
      await page.clock.install();
      await openApp(page, server);
      await page.getByTestId('tab-laws').click();
      const law = page.getByTestId('law').filter({ hasText: 'The user avoids meat' });
      await law.getByTestId('law-toggle').click();
      await law.getByTestId('grounding-source').click();

      await expect(page.getByTestId('tab-chat')).toHaveAttribute('aria-selected', 'true');
      await expect(page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`)).toHaveAttribute('aria-selected', 'true');
      const message = page.locator(`[data-testid="message"][data-message-id="${target}"]`);
      await expect(message).toBeInViewport();
      await expect(message).toHaveAttribute('data-highlighted', 'true');
      await expect(message).toContainText('vegetarian since 2019');
      // Older pages were loaded to reach it; the highlight fades after a few seconds.
      expect(Number(await page.getByTestId('message-list').getAttribute('data-loaded'))).toBeGreaterThanOrEqual(670);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'chat-linked-message-light.png') });
      // Well past any highlight's length (MessageList's HIGHLIGHT_MS is 3.5 s); the length itself is no business of this test.
      await page.clock.fastForward(10_000);
      await expect(message).not.toHaveAttribute('data-highlighted', 'true');
    } finally {
      await stop();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
