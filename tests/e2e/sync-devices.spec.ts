// Settings → Devices in real Chromium against `monad serve`, with a real relay (`monad sync serve`, the built
// CLI, on a free loopback port) started by this spec (issue 30 §4). An unpaired home joins with an invite
// code typed into the form; it then makes an invite (words and a QR code) that another device uses; the list
// shows both with when each was last seen and this device marked; revoking the other (after a confirmation)
// marks it revoked, and the relay refuses it from then on. Screenshots light, dark and 900×700 (looked at),
// axe with no serious or critical violation.
import AxeBuilder from './axe';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import { DocStore } from '../../src/main/sync/doc-store';
import { savePairing } from '../../src/main/sync/device-pairing';
import { deviceStoreFile } from '../../src/main/sync/devices-service';
import { joinRelay, requestInvite } from '../../src/main/sync/pairing-client';
import { firstInviteOnRelay } from '../../src/main/sync/relay-first-invite';
import type { SyncDevicesView } from '../../src/shared/contract-sync-devices';
import { openSettings } from './settings-nav';
import { settleAnimations } from './settle';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
test.describe.configure({ timeout: 120_000 });

interface Relay {
  url: string;
  data: string;
  stop(): Promise<void>;
}

/** `monad sync serve` from the built CLI on a free port; resolves with the URL it prints. */
async function startRelay(): Promise<Relay> {
  const data = mkdtempSync(join(tmpdir(), 'monad-e2e-relay-'));
  const child: ChildProcess = spawn(process.execPath, ['bin/monad.mjs', 'sync', 'serve', '--data', data, '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no relay line: ${out} ${err}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /relay listening on (ws:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`relay exited ${code}: ${err}`)));
  });
  return {
    url,
    data,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** A new home's first invite, made on the relay's machine as `monad sync invite --data DIR` does. */
const firstInvite = (relay: Relay, space: string): string => firstInviteOnRelay(relay.data, space).code;

async function axe(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).include('[data-testid="devices-settings"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.getByTestId('devices-settings').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(SCREENSHOTS, `sync-devices-${name}.png`) });
}

test('join with a code, invite another device (words and QR), list with this device marked, revoke after confirming', async ({ page, server }) => {
  const relay = await startRelay();
  try {
    await page.goto(server.openUrl);
    await expect(page.getByTestId('app')).toBeVisible();
    await openSettings(page, 'devices');
    const section = page.getByTestId('devices-settings');
    await expect(section.getByTestId('devices-join-form')).toBeVisible();
    await axe(page);
    await shoot(page, 'join-light');

    // A wrong code is refused in words, and nothing is paired.
    await section.getByTestId('devices-join-code').fill('abandon ability able about above absent');
    await section.getByTestId('devices-join-relay').fill(relay.url);
    await section.getByTestId('devices-join').click();
    await expect(section.getByTestId('devices-error')).toContainText('This invite code is not valid');

    const code = firstInvite(relay, 'family');
    await section.getByTestId('devices-join-code').fill(code.split('-').join(' ').toUpperCase());
    await section.getByTestId('devices-join-name').fill('Laptop');
    await section.getByTestId('devices-join').click();
    await expect(section.getByTestId('devices-home')).toContainText('Laptop');
    await expect(section.getByTestId('devices-home')).toContainText('family');
    const rows = section.getByTestId('devices-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('devices-this')).toBeVisible();
    // The joined device syncs at once and, first in this home, runs its scheduled consolidation (issue 30 §3).
    await expect(async () => {
      await section.getByTestId('devices-refresh').click();
      await expect(section.getByTestId('devices-consolidation-device')).toHaveText('Laptop (this device)', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(section.getByTestId('devices-consolidate-here')).toHaveCount(0);
    // The credential never reached the page: the engine keeps it.
    const view = await api<SyncDevicesView>(server, 'sync.devices', {});
    expect(JSON.stringify(view)).not.toContain('msync_');

    // Invite: six words and a QR code; another device joins with them.
    await section.getByTestId('devices-invite').click();
    const shown = (await section.getByTestId('devices-invite-code').innerText()).trim();
    expect(shown.split(/\s+/)).toHaveLength(6);
    await expect(section.locator('img.devices-qr')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    const phone = await joinRelay(relay.url, shown, 'Phone');
    await axe(page);
    await shoot(page, 'invite-light');
    await section.getByTestId('devices-invite-done').click();
    await section.getByTestId('devices-refresh').click();
    await expect(rows).toHaveCount(2);
    const phoneRow = section.locator(`[data-device="${phone.device.id}"]`);
    await expect(phoneRow.getByTestId('devices-meta')).toContainText('Last seen');
    await expect(phoneRow.getByTestId('devices-this')).toHaveCount(0);

    // Revoke asks first; cancelling changes nothing, confirming revokes.
    await phoneRow.getByTestId('devices-revoke').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('Revoke Phone?');
    await page.keyboard.press('Escape');
    await expect(phoneRow.getByTestId('devices-revoke')).toBeVisible();
    await phoneRow.getByTestId('devices-revoke').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(phoneRow.getByTestId('devices-meta')).toContainText('Revoked');
    await expect(phoneRow.getByTestId('devices-revoke')).toHaveCount(0);
    // The relay refuses the revoked device from now on.
    await expect(requestInvite(relay.url, phone.token)).rejects.toThrow('This device was removed from sync on');
    await axe(page);
    await shoot(page, 'list-light');
  } finally {
    await relay.stop();
  }
});

test.describe('screenshots: Settings → Devices, dark and 900×700', () => {
  /** A home paired as "Desktop" beside a second device "Laptop", made before the server starts. */
  async function paired(relay: Relay): Promise<string> {
    const home = mkdtempSync(join(tmpdir(), 'monad-e2e-devices-'));
    const desktop = await joinRelay(relay.url, firstInvite(relay, 'family'), 'Desktop');
    await joinRelay(relay.url, (await requestInvite(relay.url, desktop.token)).code, 'Laptop');
    const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
    const store = new DocStore(deviceStoreFile(home));
    try {
      savePairing(store, engine.secrets, { relay: relay.url, space: desktop.space, deviceId: desktop.device.id, deviceName: 'Desktop', token: desktop.token });
    } finally {
      store.close();
      engine.close();
    }
    return home;
  }

  async function run(browser: Browser, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string) {
    const relay = await startRelay();
    const home = await paired(relay);
    const { server, stop } = await startServer({ home });
    const context = await browser.newContext(opts);
    const page = await context.newPage();
    try {
      await openDevices(page, server);
      await expect(page.getByTestId('devices-row')).toHaveCount(2);
      await shoot(page, `list-${name}`);
      await axe(page);
      await page.getByTestId('devices-invite').click();
      await expect(page.getByTestId('devices-invite-code')).toBeVisible();
      await shoot(page, `invite-${name}`);
      await axe(page);
    } finally {
      await context.close();
      await stop();
      await relay.stop();
      rmSync(home, { recursive: true, force: true });
    }
  }

  async function openDevices(page: Page, server: MonadServer): Promise<void> {
    await page.goto(server.openUrl);
    await expect(page.getByTestId('app')).toBeVisible();
    await openSettings(page, 'devices');
  }

  test('dark', async ({ browser }) => {
    await run(browser, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
  });

  test('900×700', async ({ browser }) => {
    await run(browser, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');
  });
});
