// Edit & resend with branches, and the chat header's model picker (issue 17), in real Chromium against
// `monad serve` with the scripted model.
import { join } from 'node:path';
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import type { Page } from '@playwright/test';
import { api, ROOT } from './fixtures';
import { configureModelViaApi, expect, newSession, openApp, test, TEST_KEY } from './llm-fixture';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

function composer(page: Page) {
  return page.getByTestId('composer-input');
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

function messages(page: Page, role: 'user' | 'assistant') {
  return page.locator(`[data-testid="message"][data-role="${role}"]`);
}

/** The text of each message of a role: the bubble or the reply's Markdown, without names and times. */
function texts(page: Page, role: 'user' | 'assistant') {
  return messages(page, role).locator(role === 'user' ? '.msg-bubble' : '.msg-content');
}

test.describe('chat branches', () => {
  test('edits a sent message and resends; "1/2" arrows bring the old branch back; the model saw only the new one', async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await openApp(page, server);
    await newSession(page);

    llm.enqueue({ kind: 'text', text: 'Lisbon in spring is lovely.' }, { kind: 'text', text: 'Pack a light jacket.' });
    await send(page, 'Plan a trip to Lisbon');
    await expect(texts(page, 'assistant')).toHaveText(['Lisbon in spring is lovely.']);
    await send(page, 'What should I pack?');
    await expect(messages(page, 'assistant')).toHaveCount(2);

    // Edit the first message: the rest of the chat leaves with it.
    const first = messages(page, 'user').first();
    await first.hover();
    await first.getByTestId('edit-message').click();
    const input = page.getByTestId('edit-input');
    await expect(input).toHaveValue('Plan a trip to Lisbon');
    await input.fill('Plan a trip to Porto');
    llm.enqueue({ kind: 'text', text: 'Porto has great wine.' });
    await page.getByTestId('edit-send').click();
    await expect(texts(page, 'user')).toHaveText(['Plan a trip to Porto']);
    await expect(texts(page, 'assistant')).toHaveText(['Porto has great wine.']);
    await expect(page.getByTestId('branch-count')).toHaveText('2/2');
    const sent = llm.chatRequests().at(-1)!.body.messages.filter((m: { role: string }) => m.role !== 'system');
    expect(sent).toEqual([{ role: 'user', content: 'Plan a trip to Porto' }]);
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-branches-light.png') });

    // Back to version 1: both of its exchanges return.
    await page.getByTestId('branch-prev').click();
    await expect(texts(page, 'user')).toHaveText(['Plan a trip to Lisbon', 'What should I pack?']);
    await expect(texts(page, 'assistant')).toHaveText(['Lisbon in spring is lovely.', 'Pack a light jacket.']);
    await expect(page.getByTestId('branch-count')).toHaveText('1/2');
    await expect(page.getByTestId('branch-prev')).toBeDisabled();

    // It survives a reload (the engine keeps both), and Next goes forward again.
    await page.reload();
    await expect(page.getByTestId('branch-count')).toHaveText('1/2');
    await page.getByTestId('branch-next').click();
    await expect(texts(page, 'user')).toHaveText(['Plan a trip to Porto']);

    // Escape cancels an edit without sending anything.
    const requests = llm.chatRequests().length;
    await messages(page, 'user').first().hover();
    await messages(page, 'user').first().getByTestId('edit-message').click();
    await page.getByTestId('edit-input').press('Escape');
    await expect(page.getByTestId('edit-form')).toHaveCount(0);
    expect(llm.chatRequests().length).toBe(requests);

    await settleAnimations(page);
    const axe = await new AxeBuilder({ page }).include('[data-testid="chat-pane"]').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });

  test("the header's model picker sets this chat's own model; other chats keep the agent's", async ({ page, server, llm }) => {
    await configureModelViaApi(server, llm);
    await api(server, 'providers.save', {
      provider: { id: 'second', kind: 'openai', name: 'Second', baseURL: `${llm.url}/v1`, models: ['gpt-4.1', 'gpt-4.1-mini'] },
      apiKey: TEST_KEY,
    });
    await openApp(page, server);
    const own = await newSession(page);
    const picker = page.getByTestId('chat-model-picker');
    await expect(picker).toHaveValue('');
    await expect(picker.locator('option').first()).toHaveText(/Agent’s model · gpt-4o-mini/);
    await picker.selectOption({ label: 'gpt-4.1' });
    await expect.poll(async () => (await api<{ id: string; chatModel: unknown }[]>(server, 'sessions.list', {})).find((s) => s.id === own)?.chatModel).toEqual({
      provider: 'second',
      model: 'gpt-4.1',
    });
    llm.enqueue({ kind: 'text', text: 'from 4.1' });
    await send(page, 'hello');
    await expect(texts(page, 'assistant')).toHaveText(['from 4.1']);
    expect(llm.chatRequests().at(-1)!.body.model).toBe('gpt-4.1');

    // Another chat answers with the agent's model; coming back, the picker still shows this chat's choice.
    await newSession(page);
    await expect(picker).toHaveValue('');
    llm.enqueue({ kind: 'text', text: 'from mini' });
    await send(page, 'hi');
    await expect(texts(page, 'assistant')).toHaveText(['from mini']);
    expect(llm.chatRequests().at(-1)!.body.model).toBe('gpt-4o-mini');
    await page.locator(`[data-testid="session-item"][data-session-id="${own}"]`).click();
    await expect(picker.locator('option:checked')).toHaveText('gpt-4.1');
  });
});
