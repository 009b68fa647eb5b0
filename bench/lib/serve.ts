// Starts the built `monad serve` on a home for a benchmark, and a headless Chromium to look at it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface Served {
  child: ChildProcess;
  openUrl: string;
  url: string;
  /** ms from spawn to the "listening" line. */
  readyMs: number;
  stop(): Promise<void>;
}

export async function serve(home: string): Promise<Served> {
  if (!existsSync(join(ROOT, 'out/cli/index.js')) || !existsSync(join(ROOT, 'out/renderer/index.html'))) {
    throw new Error('The benchmark needs the built app: run `npm run build` first.');
  }
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'bin/monad.mjs'), 'serve', '--home', home, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const openUrl = await new Promise<string>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`monad serve did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Monad listening on (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        res(m[1]);
      }
    });
    child.on('exit', (c) => rej(new Error(`monad serve exited ${c}: ${out}`)));
  });
  const readyMs = performance.now() - t0;
  return {
    child,
    openUrl,
    url: openUrl.split('/#')[0],
    readyMs,
    stop: () =>
      new Promise<void>((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
