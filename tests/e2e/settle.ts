// Before axe reads colours: every running transition and animation has finished. A theme switch or a
// focus ring eases colours in over ~0.12 s; on a loaded CI machine axe read a button mid-transition and
// reported a contrast no person sees (receipts' Close, the cut-off reply's buttons). Every e2e axe check
// goes through this first.
import AxeBuilder from './axe';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ROOT } from './fixtures';

export async function settleAnimations(page: Page): Promise<void> {
  // Endless ones (a spinner, a blinking caret) never finish: only those with an end are waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Two animation frames: whatever the page's last event or response made React draw is on screen. What a
 * "nothing appears" check waits for once the product's own trigger is known to have happened; the
 * event handlers it follows set state synchronously, so no fixed delay is needed after them.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * Axe over one part of the page once its animations have settled: no serious or critical violation. The
 * failure lists each rule with the elements it found, which is what a person fixing it needs.
 */
export async function expectAxeClean(page: Page, selector: string): Promise<void> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

/** A screenshot of the element with this test id, kept under test-results/screenshots/ to be looked at. */
export async function shootTestId(page: Page, testId: string, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.getByTestId(testId).screenshot({ path: join(SCREENSHOTS, name) });
}

/** Looks in light and dark (axe in both) at one part of the page, and returns to light. */
export async function bothThemes(page: Page, testId: string, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await shootTestId(page, testId, `${name}-${scheme}.png`);
    await expectAxeClean(page, `[data-testid="${testId}"]`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
