// The desktop app's MCP listener (issue 19 §1), started from a temp home's config as the desktop main
// process starts it, and driven by the MCP SDK's own Client over Streamable HTTP: the persistent token
// works and survives a restart, the API's guards refuse a wrong token, a foreign Origin and a foreign
// Host, the switch closes and opens the port, a busy port is reported in words, and a regenerated token
// refuses the old one.
import { readFileSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it, vi } from 'vitest';
import { startDesktopServices } from '../../src/main/desktop-services';
import type { Engine } from '../../src/main/engine';
import { MCP_TOOL_NAMES } from '../../src/main/mcp/mcp-tools';
import { openEngine, tempHome } from '../helpers/temp-home';
import { freePort } from '../helpers/ports';

vi.setConfig({ testTimeout: 60_000 });

function switchTo(engine: Engine, mcpHttp: { enabled?: boolean; port?: number }): void {
  engine.config.update((c) => ({ ...c, integrations: { mcpHttp: { ...c.integrations.mcpHttp, ...mcpHttp } } }));
}

async function listening(home?: string): Promise<{ engine: Engine; port: number; home: string }> {
  const h = home ?? tempHome();
  const engine = openEngine({ home: h });
  const port = home ? engine.config.get().integrations.mcpHttp.port : await freePort();
  switchTo(engine, { enabled: true, port });
  await engine.mcpHttp.start();
  expect(await engine.mcpHttp.status()).toMatchObject({ state: 'listening', url: `http://127.0.0.1:${port}/mcp`, error: null });
  return { engine, port, home: h };
}

async function connect(port: number, token: string, name = 'Cursor'): Promise<Client> {
  const client = new Client({ name, version: '1.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

function raw(port: number, headers: Record<string, string>, path = '/mcp'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(INIT);
  });
}

/** Whether anything accepts a connection on the port. */
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

describe('the desktop MCP listener', () => {
  it('is off by default: the config has the switch off at the fixed port and nothing listens', async () => {
    const engine = openEngine();
    expect(engine.config.get().integrations.mcpHttp).toEqual({ enabled: false, port: 17877 });
    await engine.mcpHttp.start();
    expect(await engine.mcpHttp.status()).toMatchObject({ enabled: false, state: 'off', url: null });
  });

  it('serves tools/list to the SDK client with the persistent token, kept owner-only in the home', async () => {
    const { engine, port } = await listening();
    const token = engine.mcpHttpToken.get();
    const file = join(engine.paths.db, 'mcp-http-token');
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await engine.mcpHttp.status()).tokenMask).toBe(`…${token.slice(-4)}`);
    const client = await connect(port, token);
    try {
      expect(client.getServerVersion()?.name).toBe('monad-memory');
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
    } finally {
      await client.close();
    }
    // With the shared token it is an app without a key of its own: listed for approval, as having come over HTTP.
    expect(engine.mcpClients.list().pending).toEqual([expect.objectContaining({ calledItself: 'Cursor', transport: 'http', connections: 1 })]);
  });

  it('keeps the same token across a restart: an app configured once connects again', async () => {
    const first = await listening();
    const token = first.engine.mcpHttpToken.get();
    await first.engine.mcpHttp.stop();
    expect(await portOpen(first.port)).toBe(false);
    first.engine.close();

    const again = openEngine({ home: first.home });
    await startDesktopServices(again).ready;
    expect(await again.mcpHttp.status()).toMatchObject({ state: 'listening', port: first.port });
    expect(again.mcpHttpToken.get()).toBe(token);
    const client = await connect(first.port, token);
    try {
      expect((await client.listTools()).tools.length).toBe(MCP_TOOL_NAMES.length);
    } finally {
      await client.close();
    }
    await again.mcpHttp.stop();
  });

  it('refuses a missing or wrong token, a foreign Origin, a non-loopback Host and other paths', async () => {
    const { engine, port } = await listening();
    const token = engine.mcpHttpToken.get();
    expect(await raw(port, {})).toMatchObject({ status: 401 });
    expect(await raw(port, { authorization: 'Bearer wrong' })).toMatchObject({ status: 401 });
    expect(await raw(port, { authorization: `Bearer ${token.slice(0, -1)}` })).toMatchObject({ status: 401 });
    expect(await raw(port, { authorization: `Bearer ${token}`, origin: 'https://evil.example' })).toMatchObject({ status: 403 });
    expect(await raw(port, { authorization: `Bearer ${token}`, host: 'evil.example' })).toMatchObject({ status: 403 });
    expect(await raw(port, { authorization: `Bearer ${token}`, host: `192.168.1.20:${port}` })).toMatchObject({ status: 403 });
    // The API of `monad serve` is not here: only /mcp.
    expect(await raw(port, { authorization: `Bearer ${token}` }, '/api/config.get')).toMatchObject({ status: 404 });
    const ok = await raw(port, { authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('monad-memory');
    await engine.mcpHttp.stop();
  });

  it('closes the port when the switch is turned off, and opens it again when turned on', async () => {
    const { engine, port } = await listening();
    switchTo(engine, { enabled: false });
    expect(await engine.mcpHttp.status()).toMatchObject({ enabled: false, state: 'off', url: null });
    expect(await portOpen(port)).toBe(false);
    switchTo(engine, { enabled: true });
    expect(await engine.mcpHttp.status()).toMatchObject({ state: 'listening' });
    expect(await portOpen(port)).toBe(true);
    // A new port: the old one is closed, the new one answers.
    const other = await freePort();
    switchTo(engine, { port: other });
    expect(await engine.mcpHttp.status()).toMatchObject({ state: 'listening', url: `http://127.0.0.1:${other}/mcp` });
    expect(await portOpen(port)).toBe(false);
    expect(await portOpen(other)).toBe(true);
    await engine.mcpHttp.stop();
    expect(await portOpen(other)).toBe(false);
  });

  it('refuses the old token once it is regenerated, and accepts the new one', async () => {
    const { engine, port } = await listening();
    const old = engine.mcpHttpToken.get();
    const client = await connect(port, old);
    await client.close();
    const fresh = engine.mcpHttpToken.regenerate();
    expect(fresh).not.toBe(old);
    expect(await raw(port, { authorization: `Bearer ${old}` })).toMatchObject({ status: 401 });
    await expect(connect(port, old)).rejects.toThrow();
    const again = await connect(port, fresh);
    await again.close();
    expect(engine.mcpHttpToken.get()).toBe(fresh);
    await engine.mcpHttp.stop();
  });

  it('says in words that the port is busy, with the fix, and listens once another port is chosen', async () => {
    const busy: Server = createServer((_req, res) => res.end('someone else'));
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', () => r()));
    const taken = (busy.address() as AddressInfo).port;
    try {
      const engine = openEngine();
      switchTo(engine, { enabled: true, port: taken });
      await engine.mcpHttp.start();
      const status = await engine.mcpHttp.status();
      expect(status.state).toBe('failed');
      expect(status.url).toBeNull();
      expect(status.error).toContain(`Port ${taken} is already in use`);
      expect(status.error).toContain('Choose another port');
      const other = await freePort();
      switchTo(engine, { port: other });
      expect(await engine.mcpHttp.status()).toMatchObject({ state: 'listening', error: null });
      await engine.mcpHttp.stop();
    } finally {
      await new Promise<void>((r) => busy.close(() => r()));
    }
  });

  it('is closed by the desktop services stop (the app quitting)', async () => {
    const engine = openEngine();
    const port = await freePort();
    switchTo(engine, { enabled: true, port });
    const services = startDesktopServices(engine);
    await services.ready;
    expect(await portOpen(port)).toBe(true);
    await services.stop();
    expect(await portOpen(port)).toBe(false);
    expect((await engine.mcpHttp.status()).state).toBe('unhosted');
  });
});
