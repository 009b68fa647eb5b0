// The MCP listener holds up like the API (issue 32 §5): one app cannot evict another's sessions (33
// initialize calls once ended a live app's session), and a slow request body is cut off at the API
// port's deadline (it held an MCP socket for 60 s where the API cuts it at 5 s).
import { connect as tcpConnect } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { MAX_SESSIONS_PER_APP } from '../../src/main/mcp/mcp-http';
import { DEFAULT_TIMEOUTS } from '../../src/main/http/request-deadlines';
import { openEngine } from '../helpers/temp-home';
import { freePort } from '../helpers/ports';

vi.setConfig({ testTimeout: 90_000 });

async function listening(): Promise<{ engine: Engine; port: number }> {
  const engine = openEngine();
  const port = await freePort();
  engine.config.update((c) => ({ ...c, integrations: { mcpHttp: { ...c.integrations.mcpHttp, enabled: true, port } } }));
  await engine.mcpHttp.start();
  return { engine, port };
}

async function connect(port: number, bearer: string, name: string): Promise<Client> {
  const client = new Client({ name, version: '1.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${bearer}` } } }));
  return client;
}

describe('the MCP listener under load and slow clients', () => {
  it("40 initialize calls from other credentials leave a live app's session working", async () => {
    const { engine, port } = await listening();
    const claude = engine.mcpClients.add({ label: 'Claude Code' }).key;
    const live = await connect(port, claude, 'Claude Code');
    expect((await live.listTools()).tools.length).toBeGreaterThan(0);
    // Another app with a key, and apps without one (the shared token), open far more sessions than fit.
    const other = engine.mcpClients.add({ label: 'Spammer' }).key;
    const token = engine.mcpHttpToken.get();
    const opened: Client[] = [];
    for (let i = 0; i < 40; i++) opened.push(await connect(port, i % 2 ? other : token, `spam ${i}`));
    // The live app's session is the one it opened: still answered.
    expect((await live.listTools()).tools.length).toBeGreaterThan(0);
    expect((await live.callTool({ name: 'facts_view', arguments: {} })).isError ?? false).toBe(false);
    // And each spamming credential keeps at most its own bound, its newest sessions.
    const newest = opened.at(-1)!;
    expect((await newest.listTools()).tools.length).toBeGreaterThan(0);
    await expect(opened[0].listTools()).rejects.toThrow();
    for (const c of [live, ...opened]) await c.close().catch(() => undefined);
    expect(MAX_SESSIONS_PER_APP).toBeLessThan(20);
    await engine.mcpHttp.stop();
  });

  it('a request whose body never finishes gets 408 at the API deadline and its socket closed', async () => {
    const { engine, port } = await listening();
    const token = engine.mcpHttpToken.get();
    const answer = await new Promise<{ text: string; closed: boolean }>((resolve) => {
      const sock = tcpConnect(port, '127.0.0.1');
      let text = '';
      sock.on('data', (d) => (text += d));
      sock.on('close', () => resolve({ text, closed: true }));
      sock.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{"jsonrpc":"2.0",`,
      );
      // The rest never comes. Far longer than the API's deadline, far shorter than the old 60 s.
      setTimeout(() => resolve({ text, closed: false }), DEFAULT_TIMEOUTS.requestMs + 15_000).unref();
    });
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 408/);
    await engine.mcpHttp.stop();
  });
});
