// axe-core for the e2e specs: @axe-core/playwright's AxeBuilder (same chain, same results), without
// paying ~1 s of set-up for every check. Import it from here, not from '@axe-core/playwright'.
//
// Why: the library's analyze() sends axe-core's 550 kB source to the page twice per call, then opens a
// blank page in the context, sends the source a third time and merges the frames' partial results
// there. That merge exists for cross-origin frames, which Monad's pages do not have. Measured on the
// 2-core CI box (loaded), one check of the app: default 990–1,050 ms, legacy mode (axe.run in the page)
// 510–570 ms, axe.run with axe already in the page 115–140 ms, same violations, passes, incomplete and
// inapplicable. The suite runs some two hundred checks.
//
// So: a page with a frame of its own is checked exactly as the library does by default. A page with no
// other frame is checked in the library's legacy mode the first time (which injects axe and runs it),
// and afterwards by calling the axe already in that document with the same context and options the
// library would pass. A navigation or reload gives a new document without axe, so the library injects
// it again.
import LibraryAxeBuilder from '@axe-core/playwright';
import type { AxeResults, ContextObject, RunOptions, SerialFrameSelector } from 'axe-core';
import type { Page } from '@playwright/test';

/** The builder's recorded context and options (the library's own fields, read back rather than copied). */
interface Recorded {
  page: Page;
  includes: SerialFrameSelector[];
  excludes: SerialFrameSelector[];
  option: RunOptions;
}

/**
 * Waits until the page has painted what the test just did and every transition with an end is over.
 * The library's second of set-up used to hide a race: a theme switch (emulateMedia) reaches the app's
 * styles a frame or two later and eases colours in over ~0.12 s, so axe, now quick, read a button
 * mid-transition (a contrast no person sees; graph.spec failed 1 run in 4). Two frames let pending
 * style changes start their transitions; then those are awaited, and the check repeats until none runs.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let round = 0; round < 20; round++) {
      await frame();
      await frame();
      // Endless ones (a spinner, a blinking caret) never finish: only those with an end are waited for.
      const running = document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

export default class AxeBuilder extends LibraryAxeBuilder {
  constructor(params: { page: Page; axeSource?: string }) {
    super(params);
  }

  override async analyze(): Promise<AxeResults> {
    const own = this as unknown as Recorded;
    const { page } = own;
    await settled(page);
    // Anything unexpected in the library's fields (another version): its own path, unchanged.
    if (!Array.isArray(own.includes) || !Array.isArray(own.excludes) || typeof own.option !== 'object') return super.analyze();
    // A page with frames: the library's default, which checks cross-origin frames too.
    if (page.frames().length > 1) return super.analyze();
    const hasAxe = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
    if (!hasAxe) {
      this.setLegacyMode(true);
      return super.analyze();
    }
    // The same context the library builds (normalizeContext) and the same call it makes (analyzePage).
    const context: ContextObject = { exclude: [...own.excludes], include: own.includes.length ? own.includes : [] } as ContextObject;
    // Typed loosely on purpose: axe's types are too deep for page.evaluate's serialisation types.
    const arg: { context: unknown; options: unknown } = { context, options: own.option };
    const out: { error: string | null; results: unknown } = await page.evaluate(
      (arg: { context: unknown; options: unknown }) =>
        (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe
          .run(arg.context, arg.options)
          .then((results) => ({ error: null as string | null, results }))
          .catch((err: Error) => ({ error: err.message, results: null as unknown })),
      arg,
    );
    if (out.error !== null || !out.results) throw new Error(out.error ?? 'axe returned no results');
    return out.results as AxeResults;
  }
}
