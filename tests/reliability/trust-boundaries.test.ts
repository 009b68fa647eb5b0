// Trust boundaries not already covered by tests/integration/server.test.ts and
// tests/unit/electron-wiring.test.ts: the headless server's listening address, token placement, checks
// on the event stream, preflight, declared body sizes and more traversal shapes; and secrets: a session
// with a provider key that makes providers fail (some echoing the key back), after which every log line,
// error, stored row, HTTP answer of every read channel, the event stream, the export and the built
// renderer are searched for the key.
import { createServer, request, type Server } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS, contract } from '../../src/shared/contract';
import { startServer, type RunningServer, MAX_BODY_BYTES } from '../../src/main/server/http-server';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { openEngine, tempHome } from '../helpers/temp-home';

const servers: RunningServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const c of closers.splice(0)) await c();
});

function raw(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string; host?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      { host: opts.host ?? '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: { host: `127.0.0.1:${port}`, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

async function boot() {
  const engine = openEngine({ backgroundJobs: false });
  const outside = tempHome();
  writeFileSync(join(outside, 'secret.txt'), 'TOP SECRET');
  const staticDir = join(tempHome(), 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Monad</title>');
  symlinkSync(join(outside, 'secret.txt'), join(staticDir, 'assets', 'link.js'));
  symlinkSync(outside, join(staticDir, 'outside'));
  const server = await startServer({ engine, staticDir });
  servers.push(server);
  return { engine, server, outside };
}

describe('headless server, beyond tests/integration/server.test.ts', () => {
  it('listens on 127.0.0.1 only: not reachable on any other local address', async () => {
    const { server } = await boot();
    const addresses = Object.values(networkInterfaces())
      .flat()
      .filter((a): a is NonNullable<typeof a> => !!a && a.family === 'IPv4' && !a.internal)
      .map((a) => a.address);
    for (const address of addresses) {
      await expect(raw(server.port, { host: address, path: '/' }), address).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    }
    await expect(raw(server.port, { host: '::1', path: '/' })).rejects.toBeTruthy();
    if (!addresses.length) console.warn('[trust] no non-loopback IPv4 interface here; only ::1 was tried');
  });

  it('takes the token only from the Authorization header, never the URL or a cookie, on every route', async () => {
    const { server, engine } = await boot();
    const attempts: { path: string; headers: Record<string, string>; method: string }[] = [];
    for (const path of ['/api/sessions.create', '/api/events']) {
      const method = path.endsWith('events') ? 'GET' : 'POST';
      attempts.push(
        { path: `${path}?token=${server.token}`, headers: {}, method },
        { path: `${path}?access_token=${server.token}`, headers: {}, method },
        { path, headers: { cookie: `token=${server.token}` }, method },
        { path, headers: { authorization: `Bearer ${server.token}x` }, method },
        { path, headers: { authorization: `Bearer ${server.token.slice(0, -1)}` }, method },
        { path, headers: { authorization: `Bearer ${server.token} extra` }, method },
        { path, headers: { authorization: 'Bearer ' }, method },
        { path, headers: { 'x-api-key': server.token }, method },
      );
    }
    for (const a of attempts) {
      const res = await raw(server.port, { method: a.method, path: a.path, headers: { 'content-type': 'application/json', ...a.headers }, body: a.method === 'POST' ? '{"agentId":"default"}' : undefined });
      expect(res.status, `${a.path} ${JSON.stringify(a.headers)}`).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    }
    expect(engine.sessions.list()).toEqual([]);
  });

  it('applies the Host and Origin checks to the event stream too, and answers no CORS preflight', async () => {
    const { server } = await boot();
    const auth = { authorization: `Bearer ${server.token}` };
    const hostile: Record<string, string>[] = [{ host: `evil.example:${server.port}` }, { host: `127.0.0.1:${server.port}.evil.example` }, { origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const h of hostile) {
      const res = await raw(server.port, { path: '/api/events', headers: { ...auth, ...h } });
      expect(res.status, JSON.stringify(h)).toBe(403);
      expect(res.headers['content-type']).not.toMatch(/event-stream/);
    }
    const preflight = await raw(server.port, {
      method: 'OPTIONS',
      path: '/api/sessions.create',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('refuses a declared oversized body before reading it', async () => {
    const { server } = await boot();
    const res = await new Promise<{ status: number; body: string }>((resolvePromise, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/agents.create',
          headers: { host: `127.0.0.1:${server.port}`, authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES * 50) },
        },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => resolvePromise({ status: r.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.write('{"name":"'); // the rest never comes: the answer must not wait for 50 MB
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves nothing through symlinks, backslashes or double encoding out of the renderer folder', async () => {
    const { server } = await boot();
    for (const p of ['/assets/link.js', '/outside/secret.txt', '/..%5csecret.txt', '/%252e%252e/secret.txt', '/assets/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd', '//etc/passwd', '/%2fetc%2fpasswd']) {
      const res = await raw(server.port, { path: p });
      expect(res.body, p).not.toContain('TOP SECRET');
      expect(res.body, p).not.toMatch(/root:.*:0:0:/);
    }
  });
});

describe('secrets never leak', () => {
  const KEY = 'sk-live-MONADSECRET-4f9c2a7e1b3d5f6a8c0e2b4d6f8a0c1e';

  /** A provider that echoes the presented key back in its error messages, as some proxies do. */
  async function echoingProvider(): Promise<{ url: string }> {
    const srv: Server = createServer((req, res) => {
      const key = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}`, type: 'invalid_request_error' } }));
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => srv.close(() => r())));
    return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/v1` };
  }

  it('a session whose providers fail (echoing the key) leaves the key in no log, error, row, answer, event, export or asset', async () => {
    const llm: ScriptedLlm = await startScriptedLlm();
    closers.push(() => llm.close());
    const echo = await echoingProvider();
    const logged: string[] = [];
    for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' ')));
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (logged.push(String(chunk)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (logged.push(String(chunk)), true));

    const { engine, server } = await boot();
    const api = async (channel: string, body: unknown) => {
      const res = await raw(server.port, { method: 'POST', path: `/api/${channel}`, headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return res.body;
    };
    const events: string[] = [];
    let streamStatus = 0;
    const ctrl = new AbortController();
    // Only our own abort at the end may end the stream quietly; any other error fails the test below.
    const stream = fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${server.token}` }, signal: ctrl.signal }).then(async (res) => {
      streamStatus = res.status;
      const reader = res.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        events.push(new TextDecoder().decode(value));
      }
    }).catch((e: unknown) => {
      if (!ctrl.signal.aborted) throw e;
    });

    const answers: string[] = [];
    try {
      // The key goes in through the contract, like the Settings form sends it.
      answers.push(await api('providers.save', { provider: { id: 'main', kind: 'openai', name: 'Main', baseURL: `${llm.url}/v1`, models: ['gpt-4o-mini'] }, apiKey: KEY }));
      answers.push(await api('providers.save', { provider: { id: 'echo', kind: 'openai-compatible', name: 'Echo', baseURL: echo.url, models: ['m'] }, apiKey: KEY }));
      answers.push(await api('config.update', { patch: { models: { roles: { chat: { provider: 'main', model: 'gpt-4o-mini' }, memory: { provider: 'echo', model: 'm' } } } } }));
      const session = JSON.parse(await api('sessions.create', { agentId: 'default' })).data;

      // Provider failures whose bodies carry the key, on every status the error mapper treats differently.
      const echoing = (status: number) => (req: { headers: Record<string, string> }) => ({ kind: 'error' as const, status, body: { error: { message: `upstream rejected ${req.headers.authorization}`, type: 'server_error' } }, headers: { 'retry-after': '0' } });
      for (const status of [500, 404, 429, 400, 401]) {
        llm.setDefault(echoing(status));
        answers.push(await api('chat.send', { sessionId: session.id, text: `trigger ${status}` }));
      }
      llm.setDefault({ kind: 'malformed_stream' });
      answers.push(await api('chat.send', { sessionId: session.id, text: 'trigger a broken stream' }));
      // (What a person types into a chat is their own content and is stored as typed; the sanitizer's
      // redaction of key-shaped text in memory writes is covered by the sanitizer and facts-store tests.)
      llm.setDefault({ kind: 'text', text: 'All good again.' });
      answers.push(await api('chat.send', { sessionId: session.id, text: 'and now a normal turn' }));
      // Memory work against the echoing provider, and test-connection against it.
      engine.facts.memory.record('agent:default', 'User likes tea');
      engine.facts.memory.record('agent:default', 'User likes green tea');
      answers.push(await api('consolidate.run', { agentId: 'default', level: 3 }));
      answers.push(await api('providers.test', { id: 'echo' }));
      answers.push(await api('laws.derive', { scope: 'agent:default' }));

      // Every read channel over HTTP.
      const reads: [string, unknown][] = [
        ['app.status', {}],
        ['config.get', {}],
        ['agents.list', {}],
        ['sessions.list', {}],
        ['messages.list', { sessionId: session.id }],
        ['providers.list', {}],
        ['facts.scopes', {}],
        ['facts.list', { scope: 'global' }],
        ['facts.list', { scope: 'agent:default' }],
        ['facts.recall', { sessionId: session.id }],
        ['core.read', { file: 'user' }],
        ['graph.scopes', {}],
        ['search.query', { query: 'error key tea' }],
        ['laws.list', {}],
        ['memory.status', {}],
        ['consolidate.history', {}],
        ['backups.list', {}],
        ['transfer.export', {}],
      ];
      // Read channels added since this test was written are called too, when `{}` is a valid input for them.
      const listed = new Set(reads.map(([c]) => c));
      for (const c of CHANNELS) {
        if (!listed.has(c) && /\.(list|get|status|scopes|history|export)$/.test(c) && contract[c].input.safeParse({}).success) reads.push([c, {}]);
      }
      reads.push(['graph.snapshot', { scope: 'agent:default' }]);
      for (const [channel, input] of reads) answers.push(await api(channel, input));
      const exported = engine.transfer.exportText();

      // The stream really carried this session's events (else "no key in the event stream" proves nothing).
      await vi.waitFor(() => expect(events.join('')).toContain(session.id), { timeout: 10_000 });
      ctrl.abort();
      await stream;
      expect(streamStatus).toBe(200);

      // The key is really in play: it reached the providers and sits in the secret store.
      expect(llm.requests.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
      expect(readFileSync(engine.paths.secrets, 'utf8')).toContain(KEY);

      const haystacks: [string, string][] = [
        ['console and process output', logged.join('\n')],
        ['HTTP answers', answers.join('\n')],
        ['event stream', events.join('')],
        ['export', exported],
      ];
      // Every file in the home except the secret store itself: logs, config, Markdown, both databases (and their WAL).
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((n) => {
          const p = join(dir, n);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const f of walk(engine.paths.root)) if (f !== engine.paths.secrets) haystacks.push([f, readFileSync(f).toString('latin1')]);
      // The built renderer. `npm test` builds before this runs (MONAD_TEST_BUILT_CLI), so there a missing
      // build is a failure, not a skip; a developer running vitest alone without a build is told so.
      const built = resolve(import.meta.dirname, '..', '..', 'out', 'renderer');
      if (process.env.MONAD_TEST_BUILT_CLI) expect(existsSync(built), 'out/renderer must be built by npm test').toBe(true);
      if (existsSync(built)) for (const f of walk(built)) haystacks.push([f, readFileSync(f).toString('latin1')]);
      else console.warn('[trust] out/renderer is not built (run `npm run build`); renderer assets not searched');

      const leaks = haystacks.filter(([, text]) => text.includes(KEY) || text.includes(KEY.slice(8, 40))).map(([where, text]) => `${where}: …${text.slice(Math.max(0, text.indexOf(KEY.slice(8, 40)) - 80), text.indexOf(KEY.slice(8, 40)) + 60)}…`);
      expect(leaks).toEqual([]);
      // The masked form is what the person sees.
      expect(answers.join('\n')).toContain('…0c1e');
      expect(answers.join('\n')).not.toContain('sk-…');
    } finally {
      ctrl.abort();
      out.mockRestore();
      err.mockRestore();
      vi.restoreAllMocks();
    }
  }, 180_000);
});
