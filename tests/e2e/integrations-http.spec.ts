// Settings → Integrations, "Let other apps use Monad's memory (MCP over HTTP)", in real Chromium against
// `monad serve` (which runs the same listener as the desktop app): off by default; a port is chosen and
// the switch turned on, then the address shows and a real MCP client (the SDK's own) connects there
// with the token the page shows; the HTTP snippets carry the address and the token (hidden on screen);
// "Regenerate token" locks out the old token; a busy port is reported with the fix; off closes the port.
// The third access level ("Writes go to the Inbox") is chosen per app. Screenshots light, dark and
// 900×700 (looked at), axe with no serious or critical violation.
import AxeBuilder from './axe';
import { settleAnimations } from './settle';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from '@playwright/test';
import { Engine } from '../../src/main/engine';
import type { McpAppsView, McpHttpStatus } from '../../src/shared/mcp';
import { api, expect, ROOT, startServer, test, type MonadServer } from './fixtures';
import { openSettings } from './settings-nav';

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

test.describe.configure({ timeout: 120_000 });

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/mcp' }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** `cursorKey`: the key of Cursor, added before (by another process on the same home, as the CLI would). */
async function withServer(run: (server: MonadServer, cursorKey: string) => Promise<void>): Promise<void> {
  const { server, stop } = await startServer();
  try {
    const e = Engine.open({ home: server.home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
    let key: string;
    try {
      key = e.mcpClients.add({ label: 'Cursor' }).key;
    } finally {
      e.close();
    }
    await run(server, key);
  } finally {
    await stop();
  }
}

async function openIntegrations(page: Page, server: MonadServer): Promise<ReturnType<Page['getByTestId']>> {
  await page.goto(server.openUrl);
  await expect(page.getByTestId('app')).toBeVisible();
  await openSettings(page, 'integrations');
  const section = page.getByTestId('integrations-settings');
  await expect(section.getByTestId('integrations-http')).toBeVisible();
  return section;
}

async function turnOn(section: ReturnType<Page['getByTestId']>, port: number): Promise<void> {
  await section.getByTestId('integrations-http-port').fill(String(port));
  await section.getByTestId('integrations-http-port-save').click();
  await expect(section.getByTestId('integrations-http-port')).toHaveValue(String(port));
  // A controlled box: it shows the engine's answer, so it is clicked and then waited on.
  await section.getByTestId('integrations-http-enabled').click();
  await expect(section.getByTestId('integrations-http-enabled')).toBeChecked();
  await expect(section.getByTestId('integrations-http-url')).toHaveText(`http://127.0.0.1:${port}/mcp`);
}

async function axe(page: Page): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).include('[data-testid="integrations-settings"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.getByTestId('integrations-http').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: join(SCREENSHOTS, `integrations-http-${name}.png`) });
}

test('the switch serves /mcp at the chosen port with the shown token; regenerate locks out the old one; off closes the port', async ({ page }) => {
  await withServer(async (server) => {
    const section = await openIntegrations(page, server);
    await expect(section.getByTestId('integrations-http-enabled')).not.toBeChecked();
    await expect(section.getByTestId('integrations-http-state')).toContainText('Off');
    await expect(section.getByTestId('integrations-http-port')).toHaveValue('17877');

    const port = await freePort();
    await turnOn(section, port);
    expect(await api<McpHttpStatus>(server, 'mcp.http.status', {})).toMatchObject({ enabled: true, port, state: 'listening' });

    // The shared token is hidden until Show; then it is the one the engine keeps. An app that connects
    // with it has no key of its own: it reads, and waits for approval.
    const tokenField = section.getByTestId('integrations-http-token');
    const { token } = await api<{ token: string }>(server, 'mcp.http.token', {});
    await expect(tokenField).not.toContainText(token);
    await expect(tokenField).toContainText(token.slice(-4));
    await section.getByTestId('integrations-http-token-show').click();
    await expect(tokenField).toHaveText(token);
    const client = new Client({ name: 'VS Code', version: '1.104.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    expect((await api<McpAppsView>(server, 'mcp.clients.list', {})).pending.map((p) => p.calledItself)).toEqual(['VS Code']);

    // Adding an app: its snippets over HTTP carry the listener's address and the app's own key as bearer.
    await section.getByTestId('integrations-add').click();
    await section.getByTestId('integrations-add-label').fill('Zed');
    await section.getByTestId('integrations-add-submit').click();
    const key = (await section.getByTestId('integrations-key-value').textContent())!.trim();
    await section.getByTestId('integrations-how-http').click();
    await section.getByTestId('integrations-tab-cursor').click();
    const snippet = section.getByTestId('integrations-snippet');
    await expect(snippet).toContainText(`"url": "http://127.0.0.1:${port}/mcp"`);
    await expect(snippet).toContainText(`"Authorization": "Bearer ${key}"`);
    await expect(snippet).not.toContainText(token);
    await section.getByTestId('integrations-tab-claude-code').click();
    await expect(snippet).toContainText(`claude mcp add --scope user --transport http monad http://127.0.0.1:${port}/mcp --header 'Authorization: Bearer ${key}'`);
    const zed = new Client({ name: 'zed-editor', version: '1' });
    await zed.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    await zed.close();
    await shoot(page, 'key-light');
    await section.getByTestId('integrations-key-done').click();
    await expect((await api<McpAppsView>(server, 'mcp.clients.list', {})).apps.find((a) => a.label === 'Zed')).toMatchObject({ calledItself: 'zed-editor', transport: 'http' });

    await shoot(page, 'light');
    await axe(page);

    // Regenerate (confirmed): the page shows the new token and the old one is refused.
    await section.getByTestId('integrations-http-token-regenerate').click();
    await section.getByTestId('integrations-http-token-regenerate-confirm').click();
    await expect(tokenField).not.toHaveText(token);
    const fresh = (await api<{ token: string }>(server, 'mcp.http.token', {})).token;
    await expect(tokenField).toHaveText(fresh);
    const stale = new Client({ name: 'VS Code', version: '1.104.0' });
    await expect(stale.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }))).rejects.toThrow();

    // Per app: writes into the Inbox.
    const cursor = section.getByTestId('integrations-client-cursor');
    await cursor.getByTestId('integrations-access-inbox').click();
    await expect(cursor.getByTestId('integrations-client-state')).toHaveText('Writes wait in the Inbox');
    expect((await api<McpAppsView>(server, 'mcp.clients.list', {})).apps.find((c) => c.label === 'Cursor')?.access).toBe('inbox');

    // Off: the port closes, and the page says so.
    await section.getByTestId('integrations-http-enabled').click();
    await expect(section.getByTestId('integrations-http-enabled')).not.toBeChecked();
    await expect(section.getByTestId('integrations-http-state')).toContainText('Off');
    expect(await portOpen(port)).toBe(false);
  });
});

test('a busy port is reported with the fix, and another port works', async ({ page }) => {
  const busy: Server = createServer((_req, res) => res.end('another program'));
  await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
  const taken = (busy.address() as AddressInfo).port;
  try {
    await withServer(async (server) => {
      const section = await openIntegrations(page, server);
      await section.getByTestId('integrations-http-port').fill(String(taken));
      await section.getByTestId('integrations-http-port-save').click();
      await section.getByTestId('integrations-http-enabled').click();
      await expect(section.getByTestId('integrations-http-enabled')).toBeChecked();
      const state = section.getByTestId('integrations-http-state');
      await expect(state).toHaveAttribute('role', 'alert');
      await expect(state).toContainText(`Port ${taken} is already in use`);
      await expect(state).toContainText('Choose another port');
      // A port out of range is not offered at all.
      await section.getByTestId('integrations-http-port').fill('80');
      await expect(section.getByTestId('integrations-http-port-save')).toBeDisabled();
      await page.getByTestId('integrations-http').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: join(SCREENSHOTS, 'integrations-http-busy-light.png') });
      // Still switched on: another port is all it takes.
      const port = await freePort();
      await section.getByTestId('integrations-http-port').fill(String(port));
      await section.getByTestId('integrations-http-port-save').click();
      await expect(section.getByTestId('integrations-http-url')).toHaveText(`http://127.0.0.1:${port}/mcp`);
      expect(await portOpen(port)).toBe(true);
    });
  } finally {
    await new Promise<void>((r) => busy.close(() => r()));
  }
});

test.describe('screenshots: the MCP-over-HTTP switch, dark and 900×700', () => {
  async function shootWith(browser: Browser, opts: { colorScheme: 'dark' | 'light'; viewport: { width: number; height: number } }, name: string) {
    await withServer(async (server) => {
      const context = await browser.newContext(opts);
      const page = await context.newPage();
      try {
        const section = await openIntegrations(page, server);
        await turnOn(section, await freePort());
        await section.getByTestId('integrations-client-cursor').getByTestId('integrations-access-inbox').click();
        await shoot(page, name);
        await axe(page);
      } finally {
        await context.close();
      }
    });
  }

  test('dark', async ({ browser }) => {
    await shootWith(browser, { colorScheme: 'dark', viewport: { width: 1280, height: 800 } }, 'dark');
  });

  test('900×700', async ({ browser }) => {
    await shootWith(browser, { colorScheme: 'light', viewport: { width: 900, height: 700 } }, 'small');
  });
});

test('an app set to "Writes go to the Inbox" proposes over /mcp with its key; the Inbox names it by its label (not what it calls itself) and approving records the fact via the app', async ({ page }) => {
  await withServer(async (server, cursorKey) => {
    const section = await openIntegrations(page, server);
    const port = await freePort();
    await turnOn(section, port);
    await section.getByTestId('integrations-client-cursor').getByTestId('integrations-access-inbox').click();
    await expect(section.getByTestId('integrations-client-cursor').getByTestId('integrations-client-state')).toHaveText('Writes wait in the Inbox');

    const client = new Client({ name: 'Claude Code', version: '1.6.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${cursorKey}` } } }));
    const r = await client.callTool({ name: 'facts_record', arguments: { text: 'The user bakes sourdough on Sundays' } });
    await client.close();
    expect(r.isError).toBeFalsy();
    expect((r.content as { text: string }[])[0].text).toMatch(/^Pending the person's approval, not saved yet/);

    await expect(page.getByTestId('inbox-badge')).toHaveText('1');
    await page.getByTestId('tab-inbox').click();
    const item = page.getByTestId('inbox-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('The user bakes sourdough on Sundays');
    await expect(item).toContainText('via Cursor (MCP)');
    await expect(item).toContainText('From Cursor (MCP)');
    await expect(item).not.toContainText('From a chat');
    await expect(item).not.toContainText('Claude Code');
    await item.screenshot({ path: join(SCREENSHOTS, 'inbox-mcp-proposal-light.png') });
    await item.getByTestId('inbox-approve').click();
    await expect(page.getByTestId('inbox-item')).toHaveCount(0);
    const facts = await api<{ facts: { text: string; source: { actor: string; detail: string | null } }[] }>(server, 'facts.list', { scope: 'global' });
    expect(facts.facts.find((f) => f.text === 'The user bakes sourdough on Sundays')?.source).toMatchObject({ actor: 'mcp', detail: 'Cursor' });
  });
});
