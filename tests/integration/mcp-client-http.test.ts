// Monad's MCP client over Streamable HTTP against the published server-everything (its streamableHttp
// mode), through a recording proxy so the test sees exactly which headers reached the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { EVERYTHING_JS } from '../helpers/mcp-servers';
import { openEngine } from '../helpers/temp-home';
import { freePort } from '../helpers/ports';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function startEverythingHttp(): Promise<number> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING_JS, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  cleanups.push(() => {
    child.kill('SIGTERM');
  });
  await new Promise<void>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server-everything did not listen: ${err}`)), 30_000);
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      if (/listening on port/i.test(err)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return port;
}

/** Forwards everything to the target and records the headers of each request. */
async function recordingProxy(target: number): Promise<{ url: string; headers: IncomingHttpHeaders[] }> {
  const headers: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    headers.push(req.headers);
    const out = request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: { ...req.headers, host: `127.0.0.1:${target}` } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  cleanups.push(() => server.closeAllConnections());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, headers };
}

describe('Streamable HTTP', () => {
  it('connects to an HTTP server with the stored token and headers, lists its tools, and the chat calls one', async () => {
    const port = await startEverythingHttp();
    const proxy = await recordingProxy(port);
    const llm: ScriptedLlm = await startScriptedLlm();
    cleanups.push(() => llm.close());
    const engine = openEngine({ mcpTiming: { connectTimeoutMs: 30_000, callTimeoutMs: 30_000 } });
    cleanups.push(() => engine.mcp.close());
    useScriptedModel(engine, llm);
    engine.mcp.save(
      { id: 'remote', name: 'Remote', transport: { kind: 'http', url: proxy.url, headers: [{ name: 'X-Team' }] }, agents: ['default'], trusted: true },
      { headers: { 'X-Team': 'team-header-value-777' }, token: 'http-bearer-token-9999' },
    );
    const test = await engine.mcp.test({ id: 'remote' });
    expect(test.error).toBeNull();
    expect(test.tools.map((t) => t.name)).toContain('echo');
    const posts = proxy.headers.filter((h) => h['content-type']?.includes('json'));
    expect(posts.length).toBeGreaterThan(0);
    for (const h of posts) {
      expect(h.authorization).toBe('Bearer http-bearer-token-9999');
      expect(h['x-team']).toBe('team-header-value-777');
    }
    const session = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'h1', name: 'mcp__remote__echo', args: { message: 'over http' } }] }, { kind: 'text', text: 'ok' });
    await engine.chat.send(session.id, 'echo');
    expect(engine.messages.list(session.id).items.find((m) => m.role === 'tool')?.content).toContain('over http');
  });
});

/** A server that answers every request with a redirect to `location`, and records what it was sent. */
async function redirector(location: (port: number) => string, status = 307): Promise<{ url: string; port: number; hits: IncomingHttpHeaders[] }> {
  const hits: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    hits.push(req.headers);
    req.resume();
    res.writeHead(status, { location: location((server.address() as AddressInfo).port) }).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  cleanups.push(() => server.closeAllConnections());
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/mcp`, port, hits };
}

/** A server that records every request and answers 404: where a followed redirect would land. */
async function recorder(): Promise<{ port: number; hits: { url: string; headers: IncomingHttpHeaders }[] }> {
  const hits: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  cleanups.push(() => server.closeAllConnections());
  return { port: (server.address() as AddressInfo).port, hits };
}

describe('no credential follows a redirect (issue 26 §4)', () => {
  function engineWith(url: string) {
    const engine = openEngine({ mcpTiming: { connectTimeoutMs: 10_000, callTimeoutMs: 10_000, restart: { initialDelayMs: 50, maxDelayMs: 100, maxCrashes: 1, stableMs: 60_000 } } });
    cleanups.push(() => engine.mcp.close());
    engine.mcp.save(
      { id: 'remote', name: 'Remote', transport: { kind: 'http', url, headers: [{ name: 'X-Team' }] }, agents: ['default'], trusted: true },
      { headers: { 'X-Team': 'team-header-value-31337' }, token: 'http-bearer-token-redirect-4242' },
    );
    return engine;
  }

  it('a 307 to another port on 127.0.0.1: the token never reaches it, and the error says why', async () => {
    const target = await recorder();
    const origin = await redirector(() => `http://127.0.0.1:${target.port}/mcp`);
    const engine = engineWith(origin.url);
    const res = await engine.mcp.test({ id: 'remote' });
    expect(res.ok).toBe(false);
    expect(res.error).toBe(
      `The tool server "Remote" answered with a redirect to http://127.0.0.1:${target.port}; Monad does not send credentials to another address. If the server has moved, put its new address in Settings → Tools and enter its token again.`,
    );
    expect(origin.hits.length).toBeGreaterThan(0);
    expect(origin.hits[0].authorization).toBe('Bearer http-bearer-token-redirect-4242');
    expect(target.hits).toEqual([]);
    expect(engine.mcp.list()[0].status.error).toMatch(/answered with a redirect to .*Monad does not send credentials to another address/);
  });

  it('a redirect within the same address is not followed either (308 to another path)', async () => {
    const origin = await redirector((port) => `http://127.0.0.1:${port}/elsewhere`, 308);
    const engine = engineWith(origin.url);
    const res = await engine.mcp.test({ id: 'remote' });
    expect(res.error).toMatch(/answered with a redirect to http:\/\/127\.0\.0\.1:\d+\/elsewhere; Monad does not send credentials/);
    expect(origin.hits.map(() => 'hit')).toHaveLength(1);
  });
});
