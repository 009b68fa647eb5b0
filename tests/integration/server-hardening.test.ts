// The headless server's small HTTP items (issue 14 §5): malformed percent-encoding is a coded 400 with
// nothing on stderr; every kind of response carries the same security headers; a header the checks
// depend on sent twice is refused; a half-sent request is cut off within seconds, while the event stream
// and a long chat turn outlive every deadline. Raw sockets where a client library would tidy the request.
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer, type ServerTimeouts } from '../../src/main/server/http-server';
import { startScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome } from '../helpers/temp-home';

const servers: RunningServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) await s.close();
  for (const c of closers.splice(0)) await c();
});

async function boot(opts: { built?: boolean; timeouts?: Partial<ServerTimeouts> } = {}) {
  const engine = openEngine({ backgroundJobs: false });
  const staticDir = join(tempHome(), 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  if (opts.built !== false) {
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Monad</title>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  }
  const server = await startServer({ engine, staticDir, timeouts: opts.timeouts });
  servers.push(server);
  return { engine, server };
}

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** When the server closed the connection, ms after the request was sent (null: still open at the end). */
  closedAfterMs: number | null;
}

/** Writes `text` as is on a fresh connection and collects the answer until the server closes or `waitMs` passes. */
function rawExchange(port: number, text: string, waitMs = 3000): Promise<Raw> {
  return new Promise((resolve) => {
    const started = performance.now();
    let data = '';
    let closedAfterMs: number | null = null;
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', () => undefined);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseResponse(data, closedAfterMs));
    };
    socket.on('close', () => {
      closedAfterMs = performance.now() - started;
      finish();
    });
    const timer = setTimeout(finish, waitMs);
  });
}

function parseResponse(data: string, closedAfterMs: number | null): Raw {
  const end = data.indexOf('\r\n\r\n');
  const head = end < 0 ? data : data.slice(0, end);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = end < 0 ? '' : data.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n|\r\n0\r\n\r\n$/gi, '');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0), headers, body, closedAfterMs };
}

function http(port: number, lines: string[], body = ''): string {
  return `${[...lines, ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []), 'Connection: close'].join('\r\n')}\r\n\r\n${body}`;
}

/** The headers every response must carry, whatever it is. */
function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['cache-control'], what).toBe('no-store');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).not.toMatch(/unsafe-eval/);
}

const SECURITY = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'cache-control'];
const securityOf = (h: Record<string, string | string[] | undefined>) => Object.fromEntries(SECURITY.map((k) => [k, h[k]]));

describe('HTTP hardening of monad serve', () => {
  it('malformed percent-encoding anywhere in the path is a coded 400, with nothing on stderr', async () => {
    const { server } = await boot();
    const stderr = vi.spyOn(process.stderr, 'write');
    const logged = vi.spyOn(console, 'error');
    const host = `Host: 127.0.0.1:${server.port}`;
    const auth = `Authorization: Bearer ${server.token}`;
    const paths = ['/api/%E0%A4%A', '/api/agents.list%', '/api/%zz', '/api/a%C3%28', '/%E0%A4%A', '/assets/%C3%28.js', '/%', '/some/route%FF%FE'];
    for (const path of paths) {
      for (const method of ['POST', 'GET']) {
        const res = await rawExchange(server.port, http(server.port, [`${method} ${path} HTTP/1.1`, host, auth, 'Content-Type: application/json'], method === 'POST' ? '{}' : ''));
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(JSON.parse(res.body), `${method} ${path}`).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringMatching(/percent-encoding/) } });
        expectSecurityHeaders(res.headers, `${method} ${path}`);
      }
    }
    expect(stderr).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
  });

  it('every kind of response carries the same security headers', async () => {
    const { server } = await boot();
    const { server: unbuilt } = await boot({ built: false });
    const { server: quick } = await boot({ timeouts: { headersMs: 300 } });
    const host = `Host: 127.0.0.1:${server.port}`;
    const auth = `Authorization: Bearer ${server.token}`;
    const json = 'Content-Type: application/json';
    const sse = new AbortController();
    const events = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${server.token}` }, signal: sse.signal });
    const eventHeaders = Object.fromEntries(events.headers);
    sse.abort();

    const kinds: [string, number, Promise<Raw> | Raw][] = [
      ['API result', 200, rawExchange(server.port, http(server.port, ['POST /api/agents.list HTTP/1.1', host, auth, json], '{}'))],
      ['event stream', 200, { status: events.status, headers: eventHeaders, body: '', closedAfterMs: null }],
      ['app shell', 200, rawExchange(server.port, http(server.port, ['GET / HTTP/1.1', host]))],
      ['app route', 200, rawExchange(server.port, http(server.port, ['GET /memory/facts HTTP/1.1', host]))],
      ['asset', 200, rawExchange(server.port, http(server.port, ['GET /assets/app.js HTTP/1.1', host]))],
      ['HEAD of the shell', 200, rawExchange(server.port, http(server.port, ['HEAD / HTTP/1.1', host]))],
      ['static 404', 404, rawExchange(server.port, http(server.port, ['GET /missing.js HTTP/1.1', host]))],
      ['unknown channel', 404, rawExchange(server.port, http(server.port, ['POST /api/no.such HTTP/1.1', host, auth, json], '{}'))],
      ['API without token', 401, rawExchange(server.port, http(server.port, ['POST /api/agents.list HTTP/1.1', host, json], '{}'))],
      ['API with GET', 405, rawExchange(server.port, http(server.port, ['GET /api/agents.list HTTP/1.1', host, auth]))],
      ['static with POST', 405, rawExchange(server.port, http(server.port, ['POST / HTTP/1.1', host], 'x'))],
      ['bad JSON', 400, rawExchange(server.port, http(server.port, ['POST /api/agents.list HTTP/1.1', host, auth, json], '{nope'))],
      ['bad input', 400, rawExchange(server.port, http(server.port, ['POST /api/agents.delete HTTP/1.1', host, auth, json], '{"id":5}'))],
      ['not found', 404, rawExchange(server.port, http(server.port, ['POST /api/sessions.rename HTTP/1.1', host, auth, json], '{"id":"nope","title":"x"}'))],
      ['body too large', 413, rawExchange(server.port, http(server.port, ['POST /api/agents.list HTTP/1.1', host, auth, json, 'Content-Length: 999999999']))],
      ['malformed path', 400, rawExchange(server.port, http(server.port, ['POST /api/%E0%A4%A HTTP/1.1', host, auth, json], '{}'))],
      ['foreign Host', 403, rawExchange(server.port, http(server.port, ['GET / HTTP/1.1', 'Host: evil.example']))],
      ['no Host', 403, rawExchange(server.port, http(server.port, ['GET / HTTP/1.1']))],
      ['Host twice', 400, rawExchange(server.port, http(server.port, ['GET / HTTP/1.1', host, host]))],
      ['preflight from another site', 403, rawExchange(server.port, http(server.port, ['OPTIONS /api/agents.list HTTP/1.1', host, 'Origin: http://evil.example', 'Access-Control-Request-Method: POST']))],
      ['preflight from our origin', 401, rawExchange(server.port, http(server.port, ['OPTIONS /api/agents.list HTTP/1.1', host, `Origin: http://127.0.0.1:${server.port}`, 'Access-Control-Request-Method: POST']))],
      ['unsupported Expect', 417, rawExchange(server.port, http(server.port, ['POST /api/agents.list HTTP/1.1', host, auth, json, 'Expect: teapot'], '{}'))],
      ['request Node cannot parse', 400, rawExchange(server.port, 'GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n')],
      ['headers too large', 431, rawExchange(server.port, http(server.port, ['GET / HTTP/1.1', host, `X-Big: ${'a'.repeat(20_000)}`]))],
      ['absolute-form target', 400, rawExchange(server.port, http(server.port, ['GET http://127.0.0.1/ HTTP/1.1', host]))],
      ['UI not built', 503, rawExchange(unbuilt.port, http(unbuilt.port, ['GET / HTTP/1.1', `Host: 127.0.0.1:${unbuilt.port}`]))],
      ['header deadline', 408, rawExchange(quick.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${quick.port}\r\n`, 4000)],
    ];
    const reference = securityOf((await kinds[0][2]).headers);
    for (const [what, status, pending] of kinds) {
      const res = await pending;
      expect(res.status, what).toBe(status);
      expectSecurityHeaders(res.headers, what);
      expect(securityOf(res.headers), what).toEqual(reference);
    }
  });

  it('refuses a request that repeats Host, Origin, Authorization, Sec-Fetch-Site or Content-Type, whichever copy is good', async () => {
    const { server, engine } = await boot();
    const goodHost = `Host: 127.0.0.1:${server.port}`;
    const goodAuth = `Authorization: Bearer ${server.token}`;
    const goodOrigin = `Origin: http://127.0.0.1:${server.port}`;
    const json = 'Content-Type: application/json';
    const create = 'POST /api/sessions.create HTTP/1.1';
    const body = '{"agentId":"default"}';
    const cases: Record<string, string[]> = {
      'Host good, then evil': [create, goodHost, 'Host: evil.example', goodAuth, json],
      'Host evil, then good': [create, 'Host: evil.example', goodHost, goodAuth, json],
      'Host twice the same': [create, goodHost, goodHost, goodAuth, json],
      'Authorization good, then wrong': [create, goodHost, goodAuth, 'Authorization: Bearer wrong', json],
      'Authorization wrong, then good': [create, goodHost, 'Authorization: Bearer wrong', goodAuth, json],
      'Origin twice the same': [create, goodHost, goodAuth, goodOrigin, goodOrigin, json],
      'Origin good, then evil': [create, goodHost, goodAuth, goodOrigin, 'Origin: http://evil.example', json],
      'Sec-Fetch-Site same-origin, then cross-site': [create, goodHost, goodAuth, 'Sec-Fetch-Site: same-origin', 'Sec-Fetch-Site: cross-site', json],
      'Content-Type twice': [create, goodHost, goodAuth, json, 'Content-Type: text/plain'],
      'header names in other cases': [create, goodHost, 'HOST: evil.example', goodAuth, json],
    };
    for (const [what, lines] of Object.entries(cases)) {
      const res = await rawExchange(server.port, http(server.port, lines, body));
      expect(res.status, what).toBe(400);
      expect(JSON.parse(res.body).error, what).toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/more than once/) });
    }
    expect(engine.sessions.list()).toHaveLength(0);
    // The same request with each header once is served.
    const once = await rawExchange(server.port, http(server.port, [create, goodHost, goodAuth, goodOrigin, 'Sec-Fetch-Site: same-origin', json], body));
    expect(once.status).toBe(200);
    expect(engine.sessions.list()).toHaveLength(1);
  });

  // The cut-off tests run with short deadlines so the wall-clock bound below leaves a wide margin for a
  // loaded machine; what they prove is that the deadline applies, not how long it is by default.
  const SHORT = { headersMs: 1_500, requestMs: 1_500 };

  it('a channel named like an Object property gets the ordinary body limit and deadline', async () => {
    const { server } = await boot({ timeouts: SHORT });
    const lines = (channel: string) => [`POST /api/${channel} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, `Authorization: Bearer ${server.token}`, 'Content-Type: application/json'];
    for (const channel of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const big = await rawExchange(server.port, http(server.port, [...lines(channel), `Content-Length: ${2 * 1024 * 1024}`]));
      expect(big.status, channel).toBe(413);
    }
    const slow = await rawExchange(server.port, `${lines('constructor').join('\r\n')}\r\nContent-Length: 100\r\n\r\n{`, 12_000);
    expect(slow.status).toBe(408);
    expect(slow.closedAfterMs!).toBeLessThan(8_000);
  }, 30_000);

  it('why: Node keeps the first Host and Authorization and joins repeated Origin and Sec-Fetch-Site values', async () => {
    const { createServer } = await import('node:http');
    const seen: Record<string, unknown>[] = [];
    const plain = createServer((req, res) => {
      seen.push({ host: req.headers.host, authorization: req.headers.authorization, origin: req.headers.origin, site: req.headers['sec-fetch-site'] });
      res.end();
    });
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => plain.close(() => r())));
    const port = (plain.address() as { port: number }).port;
    await rawExchange(port, http(port, ['GET / HTTP/1.1', 'Host: a', 'Host: b', 'Authorization: Bearer 1', 'Authorization: Bearer 2', 'Origin: http://a', 'Origin: http://b', 'Sec-Fetch-Site: same-origin', 'Sec-Fetch-Site: cross-site']));
    expect(seen).toEqual([{ host: 'a', authorization: 'Bearer 1', origin: 'http://a, http://b', site: 'same-origin, cross-site' }]);
  });

  it('a half-sent request is cut off within seconds: headers, or a body, with or without the token', async () => {
    const { server } = await boot({ timeouts: SHORT });
    const host = `Host: 127.0.0.1:${server.port}`;
    const [header, bodyNoToken, bodyWithToken] = await Promise.all([
      rawExchange(server.port, `POST /api/agents.list HTTP/1.1\r\n${host}\r\nContent-Ty`, 12_000),
      rawExchange(server.port, `POST /api/agents.list HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`, 12_000),
      rawExchange(server.port, `POST /api/agents.list HTTP/1.1\r\n${host}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`, 12_000),
    ]);
    for (const [what, res] of [['half a header', header], ['half a body, no token', bodyNoToken], ['half a body, with the token', bodyWithToken]] as const) {
      expect(res.closedAfterMs, what).not.toBeNull();
      expect(res.closedAfterMs!, what).toBeLessThan(8_000);
    }
    expect(header.status).toBe(408);
    expect(bodyNoToken.status).toBe(401); // answered at once; the rest of its body is not waited for
    expect(bodyWithToken.status).toBe(408);
    expectSecurityHeaders(header.headers, 'header deadline');
  }, 30_000);

  it('the event stream and a long chat turn outlive every deadline', async () => {
    const llm = await startScriptedLlm();
    closers.push(() => llm.close());
    const short: ServerTimeouts = { headersMs: 400, requestMs: 400, largeRequestMs: 600, keepAliveMs: 400 };
    const { server, engine } = await boot({ timeouts: short });
    useScriptedModel(engine, llm);
    const session = engine.sessions.create({ agentId: 'default' });

    const ctrl = new AbortController();
    const events = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${server.token}` }, signal: ctrl.signal });
    const reader = events.body!.getReader();
    // Words streamed 150 ms apart: the turn takes about 2.5 s, four times every deadline.
    llm.enqueue({ kind: 'text', text: 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen', delayMs: 150 });
    const started = performance.now();
    const turn = await fetch(`${server.url}/api/chat.send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: session.id, text: 'Count, slowly' }),
    });
    expect(turn.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThan(1_500);
    expect(JSON.stringify(await turn.json())).toContain('sixteen');

    // Still open after all that: a new event arrives.
    await fetch(`${server.url}/api/sessions.create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{"agentId":"default"}',
    });
    let text = '';
    while (!text.includes('event: sessions.changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('event: sessions.changed');
    ctrl.abort();
  }, 30_000);
});
