// Time to the first screen in Chromium, as each e2e test pays it: a new browser context (no code cache)
// opens the app on a running `monad serve` until the shell is up and its event stream online (what
// the e2e tests' openApp waits for). Prints the median of
// several loads of: wall ms to the first screen, and the renderer's main-thread script time (CDP
// ScriptDuration, which parses and compiles the bundles) — CPU work, less noisy than wall time on a loaded
// machine. Run alone with `npx tsx bench/first-screen.ts [loads]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, serve } from './lib/serve';

export interface FirstScreenResult {
  loads: number;
  medianWallMs: number;
  medianScriptMs: number;
  medianJsBytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runFirstScreenBench(loads = 9): Promise<FirstScreenResult> {
  const home = mkdtempSync(join(tmpdir(), 'monad-bench-first-'));
  const s = await serve(home);
  const browser = await launchChromium();
  const wall: number[] = [];
  const script: number[] = [];
  const jsBytes: number[] = [];
  try {
    for (let i = 0; i < loads + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      let bytes = 0;
      page.on('response', (r) => {
        if (r.url().endsWith('.js')) void r.body().then((b) => (bytes += b.length), () => undefined);
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      const t0 = performance.now();
      await page.goto(s.openUrl);
      await page.getByTestId('app').waitFor({ state: 'visible', timeout: 60_000 });
      await page.locator('[data-testid="connection-state"][data-link="online"]').waitFor({ state: 'attached', timeout: 60_000 });
      const t1 = performance.now();
      const { metrics } = await cdp.send('Performance.getMetrics');
      const scriptS = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN;
      await context.close();
      if (i === 0) continue; // the first load warms the server's file cache
      wall.push(t1 - t0);
      script.push(scriptS * 1000);
      jsBytes.push(bytes);
    }
  } finally {
    await browser.close();
    await s.stop();
    rmSync(home, { recursive: true, force: true });
  }
  return { loads, medianWallMs: median(wall), medianScriptMs: median(script), medianJsBytes: median(jsBytes) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runFirstScreenBench(Number(process.argv[2] ?? 9));
  console.log(
    `first screen (median of ${r.loads} loads): shell online after ${r.medianWallMs.toFixed(0)} ms, ` +
      `renderer script time ${r.medianScriptMs.toFixed(0)} ms, ${(r.medianJsBytes / 1024).toFixed(0)} KiB of JS fetched`,
  );
}
