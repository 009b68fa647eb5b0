// Before axe reads colours: every running transition and animation has finished. A theme switch or a
// focus ring eases colours in over ~0.12 s; on a loaded CI machine axe read a button mid-transition and
// reported a contrast no person sees (receipts' Close, the cut-off reply's buttons). Every e2e axe check
// goes through this first.
import type { Page } from '@playwright/test';

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
