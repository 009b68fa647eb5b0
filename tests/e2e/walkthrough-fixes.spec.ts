// The rest of issue 29 §5's walkthrough, in real Chromium against `monad serve` with the scripted model:
// each bug a person met, asserted on what they see. A role's half-made choice survives leaving Settings;
// an old "no longer here" notice and highlight do not come back; toasts and banners cover nothing; the
// Inbox's keys work without clicking into the list; a fact's edit and forget are visible buttons; focus
// on the sidebar search does not open its popover; focus rings show where the keyboard is. Light, dark
// and 900×700; axe.
import { shootTestId, bothThemes, nextFrames } from './settle';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openSettings } from './settings-nav';
import { Engine } from '../../src/main/engine';
import { api, overlaps, startServer, type MonadServer } from './fixtures';
import { configureModelViaApi, expect, openApp, test } from './llm-fixture';


test.describe.configure({ timeout: 150_000 });

/** Types a message in the composer and waits for the reply (ending with `answer`) to finish. */
async function say(page: Page, text: string, answer: string): Promise<void> {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
  await expect(page.locator('[data-testid="message"][data-role="assistant"]').last()).toContainText(answer, { timeout: 30_000 });
  await expect(page.getByTestId('stop')).toHaveCount(0, { timeout: 30_000 });
}

/** chat.send with room for a loaded machine (the shared `api` helper gives up after 5 s). */
async function chatSend(server: MonadServer, sessionId: string, text: string): Promise<void> {
  const res = await fetch(`${server.url}/api/chat.send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId, text }),
    signal: AbortSignal.timeout(60_000),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A few entities in a ring, so the Graph tab has a legend and a panel to correct from. */
function seedGraph(home: string): void {
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  try {
    const chat = engine.sessions.create({ agentId: 'default', title: 'People' });
    const m = engine.messages.append({ sessionId: chat.id, role: 'user', content: 'Everyone I know.' });
    const g = engine.graph.store;
    const types = ['person', 'organization', 'place', 'musical_instrument'];
    const ids = Array.from({ length: 8 }, (_, i) => g.upsertNode('agent:default', `Entity ${i + 1}`, types[i % types.length]).id);
    for (let i = 0; i < ids.length; i++) {
      g.upsertEdge({ scope: 'agent:default', src: ids[i], dst: ids[(i + 1) % ids.length], relation: 'knows_about', provClass: 'user', validFrom: m.createdAt, support: [m.id], supersede: false });
    }
  } finally {
    engine.close();
  }
}

/**
 * Counts, every animation frame from now until `stop()` is called, the frames in which a fact row was
 * lit. Stopped by the test once what it waits for has been drawn, instead of sampling a fixed 2.5 s.
 */
async function watchLit(page: Page): Promise<{ stop(): Promise<number> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __litSeen: number; __litWatching: boolean };
    w.__litSeen = 0;
    w.__litWatching = true;
    const tick = () => {
      if (document.querySelector('.fact-row.is-lit')) w.__litSeen++;
      if (w.__litWatching) requestAnimationFrame(tick);
    };
    tick();
  });
  return {
    stop: () =>
      page.evaluate(
        () =>
          new Promise<number>((done) =>
            // One more frame is sampled before the count is read.
            requestAnimationFrame(() => {
              const w = window as unknown as { __litSeen: number; __litWatching: boolean };
              w.__litWatching = false;
              if (document.querySelector('.fact-row.is-lit')) w.__litSeen++;
              done(w.__litSeen);
            }),
          ),
      ),
  };
}

test.describe('walkthrough fixes', () => {
  test('a Chat provider chosen without a model is kept as a draft across tabs, said not to be saved, and the role in force is untouched', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await api(server, 'providers.save', { provider: { id: 'other', kind: 'openai', name: 'Other box', baseURL: `${llm.url}/v1`, models: [] } });
    await openApp(page, server);
    await page.setViewportSize({ width: 900, height: 700 });
    await openSettings(page, 'models');
    await page.getByTestId('role-chat-provider').selectOption('other');
    await expect(page.getByTestId('role-chat-model')).toHaveValue('');
    const note = page.getByTestId('role-chat-draft');
    await expect(note).toContainText('Not saved yet');
    await expect(note).toContainText('scripted · gpt-4o-mini stays in use');
    await bothThemes(page, 'role-chat', 'role-draft');

    // Away (the Chat tab, another Settings section) and back: the draft is where it was.
    await page.getByTestId('tab-chat').click();
    await openSettings(page, 'memory');
    await openSettings(page, 'models');
    await expect(page.getByTestId('role-chat-provider')).toHaveValue('other');
    await expect(page.getByTestId('role-chat-draft')).toBeVisible();
    let config = await api<{ models: { roles: { chat?: { provider: string; model: string } } } }>(server, 'config.get');
    expect(config.models.roles.chat).toEqual({ provider: 'scripted', model: 'gpt-4o-mini' });

    // Completing it saves it, and the note goes.
    await page.getByTestId('role-chat-model').fill('other-model');
    await page.getByTestId('role-chat-model').press('Enter');
    await expect(page.getByTestId('role-chat-saved')).toBeVisible();
    await expect(page.getByTestId('role-chat-draft')).toHaveCount(0);
    config = await api(server, 'config.get');
    expect(config.models.roles.chat).toEqual({ provider: 'other', model: 'other-model' });

    // A draft put back to the provider in force is no draft: its model comes back with it.
    await page.getByTestId('role-chat-provider').selectOption('scripted');
    await expect(page.getByTestId('role-chat-draft')).toBeVisible();
    await page.getByTestId('role-chat-provider').selectOption('other');
    await expect(page.getByTestId('role-chat-model')).toHaveValue('other-model');
    await expect(page.getByTestId('role-chat-draft')).toHaveCount(0);
  });

  test('"That fact is no longer here" and a fact\'s highlight are shown once: leaving the Memory tab and coming back does not bring them back', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Cello' });
    await openApp(page, server);
    await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'c1', name: 'memory', args: { action: 'record', scope: 'global', text: 'User plays the cello' } }] }, { kind: 'text', text: 'Noted.' });
    await say(page, 'I play the cello.', 'Noted.');

    // "Show fact": the fact is lit, then goes quiet.
    await page.getByTestId('memory-change-open').click();
    const lit = page.locator('.fact-row.is-lit');
    await expect(lit).toContainText('User plays the cello');
    await expect(lit).toHaveCount(0, { timeout: 6000 });
    // Away and back (the list mounts again; memory.changed refreshes it): never lit again.
    await page.getByTestId('tab-chat').click();
    // Watched from before the list mounts until the memory.changed refresh has drawn: a flash shown
    // again would light the row at mount, for 2.4 s, so every frame in between would count it.
    const watching = await watchLit(page);
    await page.getByTestId('tab-memory').click();
    await expect(page.getByTestId('fact-text').first()).toContainText('User plays the cello');
    await api(server, 'facts.add', { scope: 'global', text: 'User practises on Sundays' });
    await expect(page.getByTestId('fact-text')).toHaveCount(2);
    expect(await watching.stop()).toBe(0);

    // The fact is edited (new text, new id): the old link says so, once.
    const facts = await api<{ facts: { id: string; text: string }[] }>(server, 'facts.list', { scope: 'global' });
    const cello = facts.facts.find((f) => f.text.includes('cello'))!;
    await api(server, 'facts.edit', { scope: 'global', id: cello.id, text: 'User plays the viola' });
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('memory-change-open').click();
    const missing = page.locator('[data-testid="fact-feedback"][data-op="missing"]');
    await expect(missing).toContainText('That fact is no longer here');
    await page.getByTestId('tab-chat').click();
    await page.getByTestId('tab-memory').click();
    await expect(page.getByTestId('fact-text').first()).toBeVisible();
    await api(server, 'facts.add', { scope: 'global', text: 'User tunes by ear' });
    // The list shows the third fact: the memory.changed refresh that would bring the notice back has run.
    await expect(page.getByTestId('fact-text')).toHaveCount(3);
    await nextFrames(page);
    await expect(missing).toHaveCount(0);
  });

  test('edit and resend: the Send button stays in view when the "Memory changed" banner appears below it', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await api(server, 'config.update', { patch: { memory: { freshness: 'ask' } } });
    const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Long chat' });
    for (let i = 1; i <= 5; i++) {
      llm.enqueue({ kind: 'text', text: `Answer ${i}: ${'a fairly long line of reply text. '.repeat(6)}` });
      await chatSend(server, session.id, `Question ${i}: ${'some words to fill the bubble. '.repeat(4)}`);
    }
    await page.setViewportSize({ width: 900, height: 700 });
    await openApp(page, server);
    await page.locator(`[data-testid="session-item"][data-session-id="${session.id}"]`).click();
    const last = page.locator('[data-testid="message"][data-role="user"]').last();
    await last.hover();
    await last.getByTestId('edit-message').click();
    await expect(page.getByTestId('edit-input')).toBeFocused();
    await page.getByTestId('edit-input').fill('Question 5, asked again');
    const send = page.getByTestId('edit-send');
    await expect(send).toBeEnabled();
    // The person scrolls so the editor sits at the bottom of the list, as when typing a long edit.
    await page.getByTestId('edit-form').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await nextFrames(page);

    await api(server, 'facts.add', { scope: 'global', text: 'User plays the cello' });
    const banner = page.getByTestId('freshness-notice');
    await expect(banner).toBeVisible();
    // Laid out again after the banner took its room: polled until the layout has settled, instead of a
    // fixed wait; it fails if Send is still covered or clipped when the poll gives up.
    await expect
      .poll(async () => {
        const [sendBox, bannerBox, listBox] = await Promise.all([send.boundingBox(), banner.boundingBox(), page.getByTestId('message-list').boundingBox()]);
        return {
          coveredByBanner: overlaps(sendBox!, bannerBox!),
          // Wholly inside the list's visible part: not clipped where the banner begins.
          topInList: sendBox!.y >= listBox!.y,
          bottomInList: sendBox!.y + sendBox!.height <= listBox!.y + listBox!.height,
        };
      })
      .toEqual({ coveredByBanner: false, topInList: true, bottomInList: true });
    await send.click({ trial: true });
    await shootTestId(page, 'chat-pane', 'edit-under-banner-900x700.png');
  });

  test('an Undo toast covers neither the graph legend nor its zoom, stays in the Graph tab, and is there again on coming back', async ({ page }) => {
    const home = mkdtempSync(join(tmpdir(), 'monad-e2e-toasts-'));
    seedGraph(home);
    const { server, stop } = await startServer({ home });
    try {
      await openApp(page, server);
      await page.getByTestId('tab-graph').click();
      await expect(page.getByTestId('graph-canvas')).toHaveAttribute('data-ready', 'true');
      const legend = page.getByTestId('graph-legend');
      if ((await legend.count()) === 0) await page.getByTestId('graph-legend-open').click();
      await expect(legend).toBeVisible();
      await page.getByTestId('graph-search').fill('Entity 3');
      await page.getByTestId('graph-search').press('Enter');
      await expect(page.getByTestId('graph-panel-title')).toHaveText('Entity 3');
      await page.getByTestId('graph-entity-rename').click();
      await page.getByTestId('graph-rename-input').fill('Entity Three');
      await page.getByTestId('graph-rename-save').click();
      const undo = page.getByTestId('toast').filter({ has: page.getByTestId('toast-action') });
      await expect(undo).toBeVisible();
      await expect(page.getByTestId('toasts')).toHaveAttribute('data-placed', 'pane');
      const toastBox = (await undo.boundingBox())!;
      for (const part of [legend, page.locator('.graph-zoom'), page.getByTestId('graph-panel')]) {
        expect(overlaps(toastBox, (await part.boundingBox())!), 'the toast covers a part of the graph').toBe(false);
      }
      await page.setViewportSize({ width: 900, height: 700 });
      await expect(legend.or(page.getByTestId('graph-legend-open'))).toBeVisible();
      await expect.poll(async () => overlaps((await undo.boundingBox())!, (await legend.or(page.getByTestId('graph-legend-open')).boundingBox())!)).toBe(false);
      await expect.poll(async () => overlaps((await undo.boundingBox())!, (await page.getByTestId('graph-panel').boundingBox())!)).toBe(false);
      await shootTestId(page, 'app', 'graph-undo-toast-900x700.png');

      // Another tab: the graph's Undo does not follow; back in the Graph it is still there to take.
      await page.getByTestId('tab-chat').click();
      await expect(page.getByTestId('toast')).toHaveCount(0);
      await page.getByTestId('tab-graph').click();
      await expect(undo).toBeVisible();
      await undo.getByTestId('toast-action').click();
      await expect(page.getByTestId('toast').filter({ hasText: 'Undone' })).toBeVisible();
      await page.getByTestId('graph-search').fill('Entity 3');
      await page.getByTestId('graph-search').press('Enter');
      await expect(page.getByTestId('graph-panel-title')).toHaveText('Entity 3');
    } finally {
      await stop();
      rmSync(home, { recursive: true, force: true });
    }
  });

  test('the Inbox\'s a/r/e keys work as soon as the Inbox is shown, not only once a row has the focus; never from a text field', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await api(server, 'agents.update', { id: 'default', patch: { memory: { remember: 'ask' } } });
    const session = await api<{ id: string }>(server, 'sessions.create', { agentId: 'default', title: 'Tea' });
    for (const [i, text] of ['User drinks green tea', 'User likes oolong', 'User takes no sugar'].entries()) {
      llm.enqueue({ kind: 'tool_calls', calls: [{ id: `p${i}`, name: 'memory', args: { action: 'record', scope: 'global', text } }] }, { kind: 'text', text: 'I asked you first.' });
      await chatSend(server, session.id, text.replace('User', 'I'));
    }
    await openApp(page, server);
    await page.getByTestId('tab-inbox').click();
    const items = page.getByTestId('inbox-item');
    await expect(items).toHaveCount(3);
    await bothThemes(page, 'inbox', 'inbox-keys');

    // Typing in the sidebar search is typing, not deciding.
    await page.getByTestId('search-input').click();
    await page.keyboard.type('ar');
    await expect(page.getByTestId('search-input')).toHaveValue('ar');
    await expect(items).toHaveCount(3);
    await page.keyboard.press('Escape');

    // The focus on the tab (just clicked): "a" approves the first waiting change.
    await page.getByTestId('tab-inbox').focus();
    await page.keyboard.press('a');
    await expect(items).toHaveCount(2);
    let facts = await api<{ facts: { text: string }[] }>(server, 'facts.list', { scope: 'global' });
    expect(facts.facts.map((f) => f.text)).toEqual(['User drinks green tea']);
    // The focus followed into the list, on the item now first.
    await expect(items.first()).toBeFocused();

    // Focus nowhere (a click on the page's text): "r" rejects the first, "e" opens its editor.
    await page.getByText('Changes to memory that wait for you.').click();
    await page.keyboard.press('r');
    await expect(items).toHaveCount(1);
    await page.getByText('Changes to memory that wait for you.').click();
    await page.keyboard.press('e');
    await expect(page.getByTestId('inbox-edit-text')).toBeFocused();
    facts = await api(server, 'facts.list', { scope: 'global' });
    expect(facts.facts).toHaveLength(1);
  });

  test('a fact\'s Edit and Forget are visible, labelled buttons reached with Tab from the fact', async ({ page, server }) => {
    await api(server, 'facts.add', { scope: 'global', text: 'User plays the cello' });
    await api(server, 'facts.add', { scope: 'global', text: 'User lives in Porto' });
    await openApp(page, server);
    await page.getByTestId('tab-memory').click();
    const row = page.getByTestId('fact').filter({ hasText: 'User plays the cello' });
    await expect(row).toBeVisible();
    const edit = row.getByRole('button', { name: 'Edit “User plays the cello”' });
    const forget = row.getByRole('button', { name: 'Forget “User plays the cello”' });
    await expect(edit).toHaveText('Edit');
    await expect(forget).toHaveText('Forget');

    // From the fact, Tab reaches Edit: shown (not only in a tooltip) and with the focus ring.
    const first = page.getByTestId('fact').first();
    await first.focus();
    const firstEdit = first.getByTestId('fact-edit');
    for (let i = 0; i < 4 && !(await firstEdit.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(firstEdit).toBeFocused();
    expect(await firstEdit.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
    await page.setViewportSize({ width: 900, height: 700 });
    await bothThemes(page, 'fact-list', 'fact-actions');
    await page.keyboard.press('Enter');
    await expect(first.getByTestId('fact-edit-input')).toBeFocused();
    await page.keyboard.press('Escape');

    // And on to Forget, which forgets by Enter (undo offered).
    await first.focus();
    const firstForget = first.getByTestId('fact-forget');
    const text = await first.getByTestId('fact-text').innerText();
    for (let i = 0; i < 5 && !(await firstForget.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(firstForget).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('fact').filter({ hasText: text })).toHaveCount(0);
  });

  test('Tab onto the sidebar search does not open its panel over the page; typing does', async ({ page, server }) => {
    await openApp(page, server);
    const input = page.getByTestId('search-input');
    await page.getByTestId('new-session').focus();
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 6 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
    await expect(input).toBeFocused();
    // Focus opens the panel (if it ever does) in its own handler, synchronously: two frames show it.
    await nextFrames(page);
    await expect(page.getByTestId('search-panel')).toHaveCount(0);
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    // Passing through: Tab goes on, nothing opened.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('search-panel')).toHaveCount(0);
    // Typing opens it.
    await input.focus();
    await page.keyboard.type('cello');
    await expect(page.getByTestId('search-panel')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-panel')).toHaveCount(0);
  });
});
