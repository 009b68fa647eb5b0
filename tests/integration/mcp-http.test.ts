// `/mcp` on a real `monad serve` (spawned), driven by the MCP SDK's own Client over Streamable HTTP; and
// the guards the API has (token, Host, Origin) checked with raw requests.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type IncomingHttpHeaders } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/main/engine';
import type { McpAppsView, McpIssuedKey } from '../../src/shared/mcp';
import { MCP_TOOL_NAMES } from '../../src/main/mcp/mcp-tools';
import { spawnCli, waitForLine } from '../helpers/cli';
import { resultText, SEED, seedMcpHome, type McpSeed } from '../helpers/mcp-seed';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let child: ChildProcess;
let base: URL;
let token: string;
let seed: McpSeed;

beforeAll(async () => {
  // Not tempHome(): that one is removed after each test, and this server lives for the whole file.
  const home = mkdtempSync(join(tmpdir(), 'monad-mcp-http-'));
  seed = seedMcpHome(home);
  child = spawnCli(['serve', '--home', home, '--port', '0'], { MONAD_RENDERER_DIR: home });
  const m = await waitForLine(child, /listening on (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/);
  base = new URL(m[1]);
  token = m[2];
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (seed) rmSync(seed.home, { recursive: true, force: true });
});

/** `bearer`: an app's own key, or (by default) the server's token, which makes an app without a key. */
async function connect(name: string, bearer = token): Promise<Client> {
  const client = new Client({ name, version: '0.9' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
  return client;
}

/** A contract call on the running server (the same process that holds the MCP sessions). */
async function callApi<T>(channel: string, input: unknown): Promise<T> {
  const res = await fetch(new URL(`/api/${channel}`, base), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(input) });
  const body = (await res.json()) as { ok: boolean; data: T; error?: { message: string } };
  if (!body.ok) throw new Error(body.error?.message);
  return body.data;
}

function withEngine<T>(fn: (e: Engine) => T): T {
  const e = Engine.open({ home: seed.home, host: 'cli', backgroundJobs: false });
  try {
    return fn(e);
  } finally {
    e.close();
  }
}

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });

/** A GET event stream on the session; `ended` resolves when the server closes it. */
function openStream(headers: Record<string, string>): Promise<{ status: number; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(base.port), method: 'GET', path: '/mcp', headers: { host: `127.0.0.1:${base.port}`, accept: 'text/event-stream', ...headers } }, (res) => {
      const ended = new Promise<void>((done) => {
        res.on('close', () => done());
        res.on('end', () => done());
      });
      res.resume();
      resolve({ status: res.statusCode ?? 0, ended });
    });
    req.on('error', reject);
    req.end();
  });
}

function raw(headers: Record<string, string>, body = INIT): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: Number(base.port), method: 'POST', path: '/mcp', headers: { host: `127.0.0.1:${base.port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('/mcp on monad serve (Streamable HTTP)', () => {
  it('initializes, lists tools, calls each read tool, and records an allowed write attributed to the app', async () => {
    const cursor = await callApi<McpIssuedKey>('mcp.clients.add', { label: 'Cursor' });
    // What the app calls itself does not matter: its key says who it is.
    const client = await connect('some-editor', cursor.key);
    try {
      expect(client.getServerVersion()?.name).toBe('monad-memory');
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
      expect(resultText(await client.callTool({ name: 'memory_search', arguments: { query: 'beehive frame' } }))).toContain(SEED.message);
      expect(resultText(await client.callTool({ name: 'facts_view', arguments: {} }))).toContain(SEED.fact);
      expect(resultText(await client.callTool({ name: 'graph_explore', arguments: { query: 'Ana' } }))).toContain('Lisbon Beekeepers Club');
      expect(resultText(await client.callTool({ name: 'graph_node', arguments: { name: 'Lisbon Beekeepers Club' } }))).toContain('Ana');
      expect(resultText(await client.callTool({ name: 'laws_list', arguments: {} }))).toContain(SEED.law);
      expect(resultText(await client.callTool({ name: 'why', arguments: { query: 'answers about bees' } }))).toContain(SEED.fact);
      const bad = await client.callTool({ name: 'facts_forget', arguments: { id: 'not-an-id', scope: 'global' } });
      expect(bad.isError).toBe(true);
      expect(resultText(bad)).toMatch(/fact id/);

      const refused = await client.callTool({ name: 'facts_record', arguments: { text: 'The user has two hives' } });
      expect(refused.isError).toBe(true);
      expect(resultText(refused)).toMatch(/Cursor may only read/);
      // The person allows writing in Settings (another process, the same file): the open session sees it.
      withEngine((e) => e.mcpClients.update(cursor.app.id, { access: 'write' }));
      const saved = await client.callTool({ name: 'facts_record', arguments: { text: 'The user has two hives' } });
      expect(saved.isError).toBeFalsy();
    } finally {
      await client.close();
    }
    withEngine((e) => {
      const fact = e.facts.list('global').facts.find((f) => f.text === 'The user has two hives');
      expect(fact?.source).toMatchObject({ actor: 'mcp', via: 'mcp', detail: 'Cursor' });
      expect(e.history.list({ actor: 'mcp' }).entries[0]).toMatchObject({ action: 'fact.recorded', source: { via: 'mcp', detail: 'Cursor' } });
      expect(e.mcpClients.get(cursor.app.id)).toMatchObject({ transport: 'http', access: 'write', calledItself: 'some-editor' });
    });
  });

  it('the server token alone is an app without a key: read-only, listed for approval; approving gives a key that works with the access granted', async () => {
    const keyless = await connect('Claude Desktop');
    try {
      expect(resultText(await keyless.callTool({ name: 'facts_view', arguments: {} }))).toContain(SEED.fact);
      const w = await keyless.callTool({ name: 'facts_record', arguments: { text: 'The user sells honey' } });
      expect(w.isError).toBe(true);
      expect(resultText(w)).toMatch(/without its own key/);
    } finally {
      await keyless.close();
    }
    const listed = await callApi<McpAppsView>('mcp.clients.list', {});
    const pending = listed.pending.find((p) => p.calledItself === 'Claude Desktop');
    expect(pending).toMatchObject({ transport: 'http' });
    expect(listed.apps.some((a) => a.label === 'Claude Desktop')).toBe(false);
    const approved = await callApi<McpIssuedKey>('mcp.clients.approve', { pendingId: pending!.id, app: { label: 'Claude Desktop', access: 'write' } });
    expect(approved.app).toMatchObject({ label: 'Claude Desktop', calledItself: 'Claude Desktop', access: 'write' });
    expect((await callApi<McpAppsView>('mcp.clients.list', {})).pending.some((p) => p.id === pending!.id)).toBe(false);
    const keyed = await connect('Claude Desktop', approved.key);
    try {
      const w = await keyed.callTool({ name: 'facts_record', arguments: { text: 'The user sells honey' } });
      expect(w.isError).toBeFalsy();
    } finally {
      await keyed.close();
    }
  });

  it('revoking an app in the server that holds its session ends the session at once, and its key is refused from then on', async () => {
    const app = await callApi<McpIssuedKey>('mcp.clients.add', { label: 'Short-lived' });
    const auth = { authorization: `Bearer ${app.key}` };
    const init = await raw(auth);
    expect(init.status).toBe(200);
    const sid = init.headers['mcp-session-id'] as string;
    expect(sid).toBeTruthy();
    await raw({ ...auth, 'mcp-session-id': sid }, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    // The app's open event stream: it stays open until the session ends.
    const stream = await openStream({ ...auth, 'mcp-session-id': sid });
    expect(stream.status).toBe(200);
    // Another credential (the server token) cannot use this session.
    expect((await raw({ authorization: `Bearer ${token}`, 'mcp-session-id': sid }, LIST)).status).toBe(404);

    const t0 = Date.now();
    await callApi('mcp.clients.update', { id: app.app.id, patch: { revoked: true } });
    await stream.ended;
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await raw({ ...auth, 'mcp-session-id': sid }, LIST)).toMatchObject({ status: 403 });
    expect(await raw(auth)).toMatchObject({ status: 403 });
    // Removed: the key is unknown (401), like one Monad never made.
    await callApi('mcp.clients.remove', { id: app.app.id });
    expect(await raw(auth)).toMatchObject({ status: 401 });
  });

  it('a revoke made by another Monad process on the same home ends the session here too, without waiting for a request', async () => {
    const app = await callApi<McpIssuedKey>('mcp.clients.add', { label: 'Revoked elsewhere' });
    const auth = { authorization: `Bearer ${app.key}` };
    const init = await raw(auth);
    const sid = init.headers['mcp-session-id'] as string;
    await raw({ ...auth, 'mcp-session-id': sid }, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const stream = await openStream({ ...auth, 'mcp-session-id': sid });
    expect(stream.status).toBe(200);
    const t0 = Date.now();
    withEngine((e) => e.mcpClients.update(app.app.id, { revoked: true }));
    await stream.ended;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(await raw({ ...auth, 'mcp-session-id': sid }, LIST)).toMatchObject({ status: 403 });
  });

  it('when the person refuses apps without a key, open keyless sessions end at once and a new one is refused at initialize, yet listed for approval', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const init = await raw(auth);
    const sid = init.headers['mcp-session-id'] as string;
    await raw({ ...auth, 'mcp-session-id': sid }, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    const stream = await openStream({ ...auth, 'mcp-session-id': sid });
    expect(stream.status).toBe(200);
    try {
      await callApi('mcp.clients.keyless', { keyless: 'refuse' });
      await stream.ended;
      const err = await connect('Sneaky notes').then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(/only lets apps with their own key/);
      expect((await callApi<McpAppsView>('mcp.clients.list', {})).pending.map((p) => p.calledItself)).toContain('Sneaky notes');
      // Apps with a key are not affected.
      const keyed = await callApi<McpIssuedKey>('mcp.clients.add', { label: 'Keyed while refusing' });
      const client = await connect('whatever', keyed.key);
      expect(resultText(await client.callTool({ name: 'facts_view', arguments: {} }))).toContain(SEED.fact);
      await client.close();
    } finally {
      await callApi('mcp.clients.keyless', { keyless: 'read' });
    }
  });

  it('refuses a request without the token, with a wrong one, from another Origin or Host', async () => {
    expect(await raw({})).toMatchObject({ status: 401 });
    expect(await raw({ authorization: 'Bearer wrong' })).toMatchObject({ status: 401 });
    // A key Monad never made, shaped like one, is refused as well.
    expect(await raw({ authorization: `Bearer monad_app_${'x'.repeat(43)}` })).toMatchObject({ status: 401 });
    expect(await raw({ authorization: `Bearer ${token}`, origin: 'https://evil.example' })).toMatchObject({ status: 403 });
    expect(await raw({ authorization: `Bearer ${token}`, host: 'evil.example' })).toMatchObject({ status: 403 });
    // The SDK's client without the token fails to connect at all.
    const client = new Client({ name: 'no-token', version: '1' });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL('/mcp', base)))).rejects.toThrow();
    // With the token, the same raw initialize is answered.
    const ok = await raw({ authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('monad-memory');
  });

  it('answers a request naming an unknown session, or not starting with initialize, with a clear JSON-RPC error', async () => {
    const unknown = await raw({ authorization: `Bearer ${token}`, 'mcp-session-id': 'no-such-session' }, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatch(/session has ended/);
    const noInit = await raw({ authorization: `Bearer ${token}` }, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect(noInit.status).toBe(400);
    expect(noInit.body).toMatch(/initialize/);
  });
});
