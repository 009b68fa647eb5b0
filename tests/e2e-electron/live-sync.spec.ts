// The desktop app's live sync (issue 30 §5): the built Electron app on a home paired with a relay on
// loopback (`monad sync serve`, the built CLI) follows another home with no command — a fact recorded on the
// other home and sent with `monad sync now` arrives in the app's Markdown file, and the app's sync state
// (the contract's sync.status, the sidebar's line) says synced. `monad serve` runs the same wiring and is
// tested in tests/integration/sync-live*.test.ts; this checks that the Electron main really starts it.
// Skips, saying why, where the Electron binary or a display is absent (launch.ts).
import { expect, test, type ElectronApplication } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertBuilt, launch, ROOT, skipWithoutElectron } from './launch';

skipWithoutElectron();

const SPACE = 'electron-live-home';
/** The e2e fixtures' environment: no qdrant download, no title model call. */
const CLI_ENV = { MEM0_TELEMETRY: 'false', MONAD_QDRANT_RELEASES_URL: 'http://127.0.0.1:9/qdrant-releases', MONAD_GENERATED_TITLES: 'off' };

function cli(args: string[]): string {
  const r = spawnSync(process.execPath, ['bin/monad.mjs', ...args], { cwd: ROOT, env: { ...process.env, ...CLI_ENV }, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`monad ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
  return r.stdout;
}

/** `monad sync serve` on a free loopback port; resolves with the URL it printed. */
function startRelay(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['bin/monad.mjs', 'sync', 'serve', '--data', dataDir, '--port', '0'], { cwd: ROOT, env: { ...process.env, ...CLI_ENV }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the relay printed no address within 60 s: ${out}`)), 60_000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /relay listening on (ws:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child });
      }
    });
    child.once('exit', (code) => reject(new Error(`the relay exited (${code}): ${out}`)));
  });
}

const markdown = (home: string): string => {
  const file = join(home, 'memory', 'global.md');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

test.describe('desktop app (Electron): live sync', () => {
  let root: string;
  let running: ElectronApplication | null = null;
  let relay: ChildProcess | null = null;

  test.beforeEach(() => {
    assertBuilt();
    if (!existsSync(join(ROOT, 'out/cli/index.js'))) throw new Error('This test runs the built CLI as the relay and the other home; run `npm run build` first.');
    root = mkdtempSync(join(tmpdir(), 'monad-electron-sync-'));
  });

  test.afterEach(async () => {
    await running?.close().catch(() => {});
    running = null;
    relay?.kill('SIGKILL');
    relay = null;
    rmSync(root, { recursive: true, force: true });
  });

  test('a home paired with a loopback relay: a fact recorded on another home arrives in the app with no command', async () => {
    test.setTimeout(180_000);
    const started = await startRelay(join(root, 'relay'));
    relay = started.child;
    const appHome = join(root, 'app');
    const other = join(root, 'other');
    // Pair both homes with the relay the way `monad sync now --relay --space` leaves a home paired.
    cli(['sync', 'now', '--relay', started.url, '--space', SPACE, '--home', appHome]);
    cli(['sync', 'now', '--relay', started.url, '--space', SPACE, '--home', other]);

    // MONAD_SYNC is cleared: a runner that switched sync off for other tests must not switch it off here.
    const { app, page } = await launch(appHome, { ...CLI_ENV, MONAD_SYNC: '' });
    running = app;
    const status = async (): Promise<string> => {
      const r = await page.evaluate(() => (window as any).monad.invoke('sync.status', {}));
      return r.ok ? (r.data.state as string) : `error: ${r.error?.message}`;
    };
    await expect.poll(status, { timeout: 60_000 }).toBe('synced');
    await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'synced');

    const text = 'Keeps the spare house key under the blue flowerpot';
    cli(['facts', 'add', text, '--scope', 'global', '--home', other]);
    cli(['sync', 'now', '--home', other]);
    await expect.poll(() => markdown(appHome).includes(text), { timeout: 30_000, message: "the other home's fact in the app's Markdown file" }).toBe(true);
    // And back: a fact recorded in the app is sent by its live sync, so the other home's next run has it.
    const back = 'Waters the fig tree on Sundays';
    const added = await page.evaluate((t) => (window as any).monad.invoke('facts.add', { scope: 'global', text: t }), back);
    expect(added).toMatchObject({ ok: true });
    await expect
      .poll(() => {
        cli(['sync', 'now', '--home', other]);
        return markdown(other).includes(back);
      }, { timeout: 30_000, message: "the app's fact on the other home" })
      .toBe(true);
  });
});
