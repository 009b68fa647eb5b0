// Cold start in headless mode: from spawning `monad serve` on a fresh home to the app's first paint
// (the shell visible in Chromium). Run alone with `npx tsx bench/cold-start.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, serve } from './lib/serve';

export interface ColdStartResult {
  serverReadyMs: number;
  firstPaintMs: number;
  totalMs: number;
}

export async function runColdStartBench(): Promise<ColdStartResult> {
  const home = mkdtempSync(join(tmpdir(), 'monad-bench-cold-'));
  const browser = await launchChromium();
  try {
    const t0 = performance.now();
    const s = await serve(home);
    const page = await browser.newPage();
    const t1 = performance.now();
    await page.goto(s.openUrl);
    await page.getByTestId('app').waitFor({ state: 'visible', timeout: 60_000 });
    const t2 = performance.now();
    await s.stop();
    return { serverReadyMs: s.readyMs, firstPaintMs: t2 - t1, totalMs: t2 - t0 };
  } finally {
    await browser.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runColdStartBench();
  console.log(`cold start: server ready ${r.serverReadyMs.toFixed(0)} ms, first paint after ${r.firstPaintMs.toFixed(0)} ms, total ${r.totalMs.toFixed(0)} ms`);
}
