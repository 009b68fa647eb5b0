// Toasts leave on their own after 4–12 s (features/toasts/store.ts). A test that only needs them out of
// the way (for a screenshot or an axe run) closes them the way a person does, instead of sitting out
// their lifetime; how long each kind stays is checked where that is the point.
import { expect, type Page } from '@playwright/test';

/** Closes every toast on screen with its Dismiss button, then checks none is left. */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByTestId('toasts').getByRole('button', { name: 'Dismiss' });
  // One at a time: each close re-renders the stack, and a toast that left on its own meanwhile is fine.
  for (let n = await close.count(); n > 0; n = await close.count()) {
    await close.first().click().catch(() => undefined);
  }
  await expect(page.getByTestId('toast')).toHaveCount(0);
}
