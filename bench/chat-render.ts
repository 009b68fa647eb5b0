// Chat rendering at scale: a 10,000-message session in the real renderer, served by `monad serve` (the
// built app) and opened in Chromium. Measures time to first paint of the conversation, scrolling to the
// top and the end of what is loaded, loading the whole history by scrolling up, and frame times while
// scrolling through it. Run alone with `npx tsx bench/chat-render.ts` (after `npm run build`).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { Engine } from '../src/main/engine';
import { percentile } from './lib/stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What "smooth" and "fast" mean here: a frame budget at 60 Hz and a first paint a person does not wait on. */
export const CHAT_RENDER_TARGETS = { firstPaintMs: 1500, wheelFrameP95Ms: 1000 / 30 } as const;

/** A type alias (not an interface) so it reads as a plain record of figures, as bench/run.ts takes it. */
export type ChatRenderBenchResult = {
  messages: number;
  /** Navigation start → the newest message is painted in the conversation's view (in-page clock). */
  firstPaintMs: number;
  /** Navigation start → the app shell exists (the bundle has loaded and run): the part that is not the chat. */
  shellMs: number;
  /** From the newest message, to the top of the first loaded page painted. */
  scrollTopMs: number;
  /** From there, back to the newest message painted at the bottom. */
  scrollEndMs: number;
  /** Scrolling up until the whole history is loaded (pages of 200). */
  loadAllMs: number;
  pagesLoaded: number;
  /** With all messages loaded: jump to the end, then to the top. */
  scrollEndAllMs: number;
  scrollTopAllMs: number;
  /** Frame intervals while scrolling down at wheel speed (120 px a frame). */
  wheelFrameP50Ms: number;
  wheelFrameP95Ms: number;
  /** Frame intervals while flinging down through the full list, 1.5 screens a frame. */
  flingFrameP50Ms: number;
  flingFrameP95Ms: number;
  flingFrameMaxMs: number;
  /** Rows in the DOM with everything loaded: what virtualisation keeps small. */
  renderedRows: number;
};

const PARAGRAPHS = [
  'That sounds like a good plan. Let me think about what else you might need for the trip.',
  'Here is what I found:\n\n- a rain jacket\n- comfortable shoes\n- a charger and an adapter\n\nAnything else?',
  'A quick comparison:\n\n| Option | Cost | Time |\n| --- | --- | --- |\n| Train | €45 | 3 h |\n| Bus | €20 | 5 h |\n| Car | €60 | 2.5 h |',
  'You could script it like this:\n\n```ts\nexport function total(items: { price: number }[]): number {\n  return items.reduce((sum, i) => sum + i.price, 0);\n}\n```\n\nThen call `total(cart)`.',
  'Short answer: **yes**. Longer answer: it depends on the season, the weather and how much walking you want to do each day.',
];

function seed(home: string, count: number): string {
  const engine = Engine.open({ home, host: 'cli' });
  try {
    const session = engine.sessions.create({ agentId: 'default', title: 'Ten thousand messages' });
    const start = Date.now() - count * 30_000;
    engine.appDb.transaction(() => {
      for (let i = 0; i < count; i++) {
        const user = i % 2 === 0;
        engine.messages.append({
          sessionId: session.id,
          role: user ? 'user' : 'assistant',
          content: user ? `Question ${i + 1}: what about option ${i % 7}?` : `Answer ${i + 1}. ${PARAGRAPHS[(i >> 1) % PARAGRAPHS.length]}`,
          usage: user ? null : { input: 120 + (i % 50), output: 40 + (i % 90) },
          createdAt: new Date(start + i * 30_000).toISOString(),
        });
      }
    })();
    return session.id;
  } finally {
    engine.close();
  }
}

async function startServe(home: string): Promise<{ openUrl: string; stop(): Promise<void> }> {
  if (!existsSync(join(ROOT, 'out/cli/index.js')) || !existsSync(join(ROOT, 'out/renderer/index.html'))) {
    throw new Error('bench/chat-render.ts runs the built app: run `npm run build` first.');
  }
  const env: NodeJS.ProcessEnv = { ...process.env, MONAD_HOME: home, MEM0_TELEMETRY: 'false' };
  delete env.MONAD_RENDERER_DIR;
  const child: ChildProcess = spawn(process.execPath, ['bin/monad.mjs', 'serve', '--home', home, '--port', '0'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const openUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`monad serve did not start in 30 s\n${out}\n${err}`)), 30_000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /Monad listening on (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`monad serve exited (${code})\n${err}`));
    });
  });
  return {
    openUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** In the page: time from now until `done()` holds on a painted frame. */
function timeUntil(page: Page, action: 'top' | 'end'): Promise<number> {
  return page.evaluate(
    (what) =>
      new Promise<number>((resolve, reject) => {
        const el = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
        const t0 = performance.now();
        const done = () => {
          const box = el.getBoundingClientRect();
          if (what === 'top') {
            // The first row painted in view (an older page may start loading at once; that is not waited on).
            const top = el.querySelector('.history-top')?.getBoundingClientRect();
            return top !== undefined && top.top >= box.top - 1 && top.bottom <= box.bottom;
          }
          const rows = el.querySelectorAll('[data-testid="message"]');
          const last = rows[rows.length - 1]?.getBoundingClientRect();
          return el.scrollHeight - el.scrollTop - el.clientHeight <= 2 && last !== undefined && last.bottom <= box.bottom + 1;
        };
        // The list follows the bottom until the person scrolls themself (follow-bottom.ts): say so with
        // the wheel event a person's scroll up would send, then jump.
        if (what === 'top') {
          el.dispatchEvent(new WheelEvent('wheel', { deltaY: -120, bubbles: true }));
          el.scrollTo(0, 0);
        } else el.scrollTo(0, el.scrollHeight);
        let settled = 0;
        const tick = () => {
          if (performance.now() - t0 > 20_000) return reject(new Error(`scroll to ${what} never settled`));
          // Rows measured on arrival can move the target; keep nudging until two frames agree.
          if (done()) {
            if (++settled >= (what === 'top' ? 1 : 2)) return resolve(performance.now() - t0);
          } else {
            settled = 0;
            if (what === 'end') el.scrollTo(0, el.scrollHeight);
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    action,
  );
}

/** In the page: scroll down by `step` px (or 1.5 screens) a frame until the end or `maxFrames`; frame intervals. */
function scrollFrames(page: Page, step: number | 'fling', maxFrames: number): Promise<number[]> {
  return page.evaluate(
    ({ step, maxFrames }) =>
      new Promise<number[]>((resolve) => {
        const el = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
        const by = step === 'fling' ? Math.round(el.clientHeight * 1.5) : step;
        const intervals: number[] = [];
        let last = performance.now();
        const tick = (now: number) => {
          intervals.push(now - last);
          last = now;
          const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= 2;
          if (atEnd || intervals.length > maxFrames) return resolve(intervals.slice(1));
          el.scrollTop += by;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { step, maxFrames },
  );
}

export async function runChatRenderBench(opts: { messages?: number } = {}): Promise<ChatRenderBenchResult> {
  const count = opts.messages ?? 10_000;
  const home = mkdtempSync(join(tmpdir(), 'monad-bench-chat-'));
  let serve: Awaited<ReturnType<typeof startServe>> | null = null;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const sessionId = seed(home, count);
    serve = await startServe(home);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // tsx compiles the functions passed to page.evaluate with esbuild's name-keeping helper; give the page one.
    await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
    // Marks when the app shell (sidebar, tabs) first exists, to tell loading the app from loading the chat.
    await context.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="app"]')) return;
        performance.mark('monad-shell');
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    // Open straight into the session, as a person returning to it would.
    await context.addInitScript((id) => {
      localStorage.setItem('monad.ui.shell.tab', 'chat');
      localStorage.setItem('monad.ui.agents.selected', 'default');
      localStorage.setItem('monad.ui.sessions.selected', id);
    }, sessionId);
    const page = await context.newPage();
    await page.goto(serve.openUrl);
    // What a person waits for: the newest message painted inside the conversation's view (not the
    // oldest of the first page, nor a row laid out below the fold).
    const newest = `Answer ${count}.`;
    const painted = await page.waitForFunction(
      (text) => {
        const list = document.querySelector('[data-testid="message-list"][data-state="ready"]');
        if (!list) return null;
        const box = list.getBoundingClientRect();
        const rows = list.querySelectorAll('[data-testid="message"]');
        for (let i = rows.length - 1; i >= 0; i--) {
          const r = rows[i].getBoundingClientRect();
          if (rows[i].textContent?.includes(text) && r.bottom > box.top && r.top < box.bottom) return performance.now();
        }
        return null;
      },
      newest,
      { polling: 'raf', timeout: 60_000 },
    );
    const firstPaintMs = (await painted.jsonValue()) as number;
    const shellMs = (await page.evaluate(() => performance.getEntriesByName('monad-shell')[0]?.startTime ?? -1)) as number;
    const list = page.getByTestId('message-list');
    // Let the first page settle at the end before moving.
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
      return el.scrollHeight - el.scrollTop - el.clientHeight <= 2;
    });

    const scrollTopMs = await timeUntil(page, 'top');
    const scrollEndMs = await timeUntil(page, 'end');

    // Load everything by scrolling up, the way a person reading back would (but without pausing).
    const t0 = Date.now();
    let pagesLoaded = 0;
    for (;;) {
      const loaded = Number(await list.getAttribute('data-loaded'));
      if ((await list.getAttribute('data-has-more')) === 'false') break;
      await list.evaluate((el) => el.scrollTo(0, 0));
      await page.waitForFunction((n) => Number(document.querySelector('[data-testid="message-list"]')!.getAttribute('data-loaded')) > n, loaded, { timeout: 30_000 });
      pagesLoaded++;
    }
    const loadAllMs = Date.now() - t0;
    const messages = Number(await list.getAttribute('data-loaded'));

    // Loading left the view near the top: jump to the end, then back to the top.
    const scrollEndAllMs = await timeUntil(page, 'end');
    const scrollTopAllMs = await timeUntil(page, 'top');

    // Frame times while scrolling down from the top: a steady wheel-speed scroll (120 px a frame, about
    // 7,000 px/s), then a fling through the whole conversation (1.5 screens a frame: every row is new).
    const wheel = await scrollFrames(page, 120, 300);
    await timeUntil(page, 'top');
    const fling = await scrollFrames(page, 'fling', 3000);
    const renderedRows = await page.locator('.chat-row').count();
    await context.close();
    return {
      messages,
      firstPaintMs,
      shellMs,
      scrollTopMs,
      scrollEndMs,
      loadAllMs,
      pagesLoaded,
      scrollTopAllMs,
      scrollEndAllMs,
      wheelFrameP50Ms: percentile(wheel, 50),
      wheelFrameP95Ms: percentile(wheel, 95),
      flingFrameP50Ms: percentile(fling, 50),
      flingFrameP95Ms: percentile(fling, 95),
      flingFrameMaxMs: Math.max(...fling),
      renderedRows,
    };
  } finally {
    await browser.close();
    await serve?.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runChatRenderBench();
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`chat render, ${r.messages.toLocaleString('en')} messages (Chromium, monad serve):`);
  console.log(`  first paint of the conversation: ${ms(r.firstPaintMs)} (target < ${CHAT_RENDER_TARGETS.firstPaintMs} ms); of which the app shell: ${ms(r.shellMs)}`);
  console.log(`  scroll to the top of the first page: ${ms(r.scrollTopMs)}; back to the end: ${ms(r.scrollEndMs)}`);
  console.log(`  load the whole history by scrolling up: ${ms(r.loadAllMs)} (${r.pagesLoaded} pages)`);
  console.log(`  all loaded — jump to the end: ${ms(r.scrollEndAllMs)}; to the top: ${ms(r.scrollTopAllMs)}`);
  console.log(
    `  frames while scrolling at wheel speed: p50 ${r.wheelFrameP50Ms.toFixed(1)} ms, p95 ${r.wheelFrameP95Ms.toFixed(1)} ms (target p95 < ${CHAT_RENDER_TARGETS.wheelFrameP95Ms.toFixed(1)} ms)`,
  );
  console.log(`  frames while flinging through all of it: p50 ${r.flingFrameP50Ms.toFixed(1)} ms, p95 ${r.flingFrameP95Ms.toFixed(1)} ms, max ${r.flingFrameMaxMs.toFixed(0)} ms`);
  console.log(`  rows in the DOM with everything loaded: ${r.renderedRows}`);
}
