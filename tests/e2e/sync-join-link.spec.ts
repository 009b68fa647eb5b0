// Settings → Devices → Join with the invite link (issue 30 §4), in real Chromium against `monad serve`, with
// a real relay (`monad sync serve`, the built CLI, on a free loopback port). Pasting
// `monad://sync/join?relay=…&code=…` (what the invite's QR code carries) into either field fills both, and
// Join then pairs the device; a hostile link is refused in words and fills nothing. Screenshots light, and
// dark at 900×700 (looked at); axe with no serious or critical violation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { inviteUri } from '../../src/main/sync/devices-service';
import { firstInviteOnRelay } from '../../src/main/sync/relay-first-invite';
import { openSettings } from './settings-nav';
import { startCliRelay, type CliRelay } from './cli-relay';
import { expectAxeClean } from './settle';
import { expect, ROOT, test } from './fixtures';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
test.describe.configure({ timeout: 120_000 });

async function withRelay(fn: (relay: CliRelay, data: string) => Promise<void>): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'monad-e2e-relay-'));
  const relay = await startCliRelay(data);
  try {
    await fn(relay, data);
  } finally {
    await relay.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.getByTestId('devices-settings').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(SCREENSHOTS, `sync-join-link-${name}.png`) });
}

test('pasting the invite link fills the code and the relay; Join pairs the device; a hostile link is refused and fills nothing', async ({ page, server }) => {
  await withRelay(async (relay, data) => {
    await page.goto(server.openUrl);
    await expect(page.getByTestId('app')).toBeVisible();
    await openSettings(page, 'devices');
    const section = page.getByTestId('devices-settings');
    const codeField = section.getByTestId('devices-join-code');
    const relayField = section.getByTestId('devices-join-relay');

    const code = firstInviteOnRelay(data, 'family').code;
    const link = inviteUri(relay.url, code);
    // Hostile: a relay with credentials, pasted into the code field — refused in words, nothing filled.
    await codeField.fill(inviteUri(`ws://me:pw@${new URL(relay.url).host}`, code));
    await expect(section.getByTestId('devices-join-link-error')).toContainText('relay address carries a user name or password');
    await expect(relayField).toHaveValue('');
    await codeField.fill(`javascript:alert(1)//${link}`);
    await expect(section.getByTestId('devices-join-link-error')).toContainText('starts with javascript:');
    await expect(relayField).toHaveValue('');
    // A relay address typed key by key is never taken for a link.
    await codeField.fill('');
    await relayField.pressSequentially('ws://127.0.0.1:1');
    await expect(relayField).toHaveValue('ws://127.0.0.1:1');
    await expect(section.getByTestId('devices-join-link-error')).toHaveCount(0);

    // The real link, pasted into the relay field, fills both.
    await relayField.fill(link);
    await expect(codeField).toHaveValue(code.split('-').join(' '));
    await expect(relayField).toHaveValue(relay.url);
    await expect(section.getByTestId('devices-join-link-error')).toHaveCount(0);
    await expectAxeClean(page, '[data-testid="devices-settings"]');
    await shoot(page, 'filled-light');

    await section.getByTestId('devices-join-name').fill('Phone');
    await section.getByTestId('devices-join').click();
    await expect(section.getByTestId('devices-home')).toContainText('Phone');
    await expect(section.getByTestId('devices-home')).toContainText('family');
    await expect(section.getByTestId('devices-row')).toHaveCount(1);
  });
});

test('dark, 900×700: the refusal of a link that is not an invite', async ({ browser, server }) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 900, height: 700 } });
  const page = await context.newPage();
  try {
    await page.goto(server.openUrl);
    await expect(page.getByTestId('app')).toBeVisible();
    await openSettings(page, 'devices');
    const section = page.getByTestId('devices-settings');
    await section.getByTestId('devices-join-code').fill('monad://sync/join?relay=wss://relay.example.org&code=abandon-ability-able-about-above-absent&token=x');
    await expect(section.getByTestId('devices-join-link-error')).toContainText('parameters an invite never has (token)');
    await expectAxeClean(page, '[data-testid="devices-settings"]');
    await shoot(page, 'refused-dark-small');
  } finally {
    await context.close();
  }
});
