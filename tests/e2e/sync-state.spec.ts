// The sidebar's sync line (issue 30 §5) in real Chromium against `monad serve`: a relay started by the CLI on
// a free loopback port, the served home paired by `monad sync now --relay --space` before it starts, so the
// server runs a live sync. A fact recorded in another home and pushed by the CLI appears in this home's
// Markdown and Memory tab with no action here; the line says Synced; the relay killed → Offline; the relay
// back → Synced again by itself; "Sync now" by keyboard. Light, dark and 900×700 screenshots; axe.
import AxeBuilder from './axe';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ROOT, expect, startServer, test, type MonadServer } from './fixtures';
import { settleAnimations } from './settle';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const SPACE = 'e2e-sync-space';

test.describe.configure({ timeout: 150_000 });

function cli(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/monad.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, MEM0_TELEMETRY: 'false' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** `monad sync serve` on the given port (0: any free one); resolves with its URL once it listens. */
async function startRelay(data: string, port = 0): Promise<{ url: string; port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, ['bin/monad.mjs', 'sync', 'serve', '--data', data, '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`relay did not start: ${out}`)), 30_000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /relay listening on (ws:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', () => reject(new Error(`relay exited: ${out}`)));
  });
  return { url, port: Number(url.split(':').pop()), child };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await gone;
}

async function axe(page: Page, selector: string): Promise<void> {
  await settleAnimations(page);
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openApp(page: Page, server: MonadServer): Promise<void> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-link', 'online');
}

const globalMd = (home: string): string => {
  const p = join(home, 'memory', 'global.md');
  return existsSync(p) ? readFileSync(p, 'utf8') : '';
};

async function shootSidebar(browser: Browser, server: MonadServer, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string): Promise<void> {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  try {
    await openApp(page, server);
    await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'synced');
    await page.screenshot({ path: join(SCREENSHOTS, `sync-state-${name}.png`) });
    await axe(page, '[data-testid="sidebar"]');
  } finally {
    await context.close();
  }
}

test('the sync line: synced, a fact from another device arrives by itself, offline and back, sync now', async ({ page, browser }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'monad-e2e-sync-'));
  const relays: ChildProcess[] = [];
  let stop: (() => Promise<void>) | null = null;
  try {
    const relay = await startRelay(join(tmp, 'relay'));
    relays.push(relay.child);
    // This home is paired (and pushed once) by the CLI before the server starts: the server then syncs live.
    const home = join(tmp, 'served');
    const paired = cli(['sync', 'now', '--home', home, '--relay', relay.url, '--space', SPACE]);
    expect(paired.code, paired.stderr).toBe(0);
    const started = await startServer({ home });
    stop = started.stop;
    const server = started.server;

    await openApp(page, server);
    const line = page.getByTestId('sync-state');
    await expect(line).toHaveAttribute('data-state', 'synced');
    await expect(line).toContainText('Synced');
    // Screen readers get the whole state, not just the word.
    await expect(page.getByTestId('sync-state-text')).toHaveAttribute('role', 'status');
    await expect(page.getByTestId('sync-state-text')).toContainText(/Sync: Synced\. Last synced/);

    // Another device (a second home, through the CLI) records a fact and pushes it.
    const other = join(tmp, 'other');
    const added = cli(['facts', 'add', '--home', other, '--scope', 'global', 'Keeps bees on the roof of the workshop']);
    expect(added.code, added.stderr).toBe(0);
    const pushed = cli(['sync', 'now', '--home', other, '--relay', relay.url, '--space', SPACE]);
    expect(pushed.code, pushed.stderr).toBe(0);
    // No action here: it reaches this home's Markdown file and its Memory tab.
    await expect.poll(() => globalMd(server.home), { timeout: 30_000 }).toContain('Keeps bees on the roof of the workshop');
    await page.getByTestId('tab-memory').click();
    await expect(page.getByText('Keeps bees on the roof of the workshop')).toBeVisible({ timeout: 30_000 });
    await expect(line).toHaveAttribute('data-state', 'synced');
    await page.screenshot({ path: join(SCREENSHOTS, 'sync-state-light.png') });
    await axe(page, '[data-testid="sidebar"]');

    // The relay goes away: the line says so, live.
    await kill(relay.child);
    await expect(line).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
    await expect(line).toContainText('Offline');
    await expect(page.getByTestId('sync-state-text')).toContainText(/cannot be reached; retrying/);
    await page.getByTestId('sidebar').screenshot({ path: join(SCREENSHOTS, 'sync-state-offline.png') });
    await axe(page, '[data-testid="sidebar"]');

    // Back on the same port: the device reconnects by itself.
    const again = await startRelay(join(tmp, 'relay'), relay.port);
    relays.push(again.child);
    await expect(line).toHaveAttribute('data-state', 'synced', { timeout: 60_000 });

    // "Sync now" by keyboard: reachable, named, and it says what it did.
    const now = page.getByTestId('sync-now');
    await now.focus();
    await expect(now).toHaveAccessibleName('Sync now');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Nothing new on either side.')).toBeVisible({ timeout: 30_000 });

    await shootSidebar(browser, server, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
    await shootSidebar(browser, server, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');
  } finally {
    await stop?.();
    for (const r of relays) await kill(r);
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('a home that does not sync shows no sync line', async ({ page, server }) => {
  await openApp(page, server);
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('sync-state')).toHaveCount(0);
});
