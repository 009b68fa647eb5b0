// The headless host over real HTTP on 127.0.0.1: auth, Host/Origin checks, body limits, SSE, static files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, startServer, type RunningServer } from '../../src/main/server/http-server';
import { tokenMatches } from '../../src/main/http/security';
import { openEngine, tempHome } from '../helpers/temp-home';

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function boot() {
  const engine = openEngine();
  const staticDir = join(tempHome(), 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Monad</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(tempHome(), 'secret.txt'), 'TOP SECRET');
  const server = await startServer({ engine, staticDir });
  servers.push(server);
  return { engine, server };
}

/** Raw HTTP so we can send any Host/Origin header (fetch forbids setting Host). */
function raw(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: { host: `127.0.0.1:${port}`, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

function api(server: RunningServer, channel: string, body: unknown, headers: Record<string, string> = {}) {
  return raw(server.port, {
    method: 'POST',
    path: `/api/${channel}`,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('monad serve (HTTP host)', () => {
  it('listens on loopback only and answers contract calls with the Result envelope', async () => {
    const { server } = await boot();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.openUrl).toBe(`${server.url}/#token=${server.token}`);
    const res = await api(server, 'agents.list', {});
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, data: [{ id: 'default' }] });
    const created = await api(server, 'sessions.create', { agentId: 'default', title: 'Hello' });
    expect(JSON.parse(created.body).data.title).toBe('Hello');
  });

  it('requires the bearer token on every API route, including events', async () => {
    const { server, engine } = await boot();
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Basic ${server.token}` }];
    for (const headers of variants) {
      const res = await raw(server.port, { method: 'POST', path: '/api/sessions.create', headers: { 'content-type': 'application/json', ...headers }, body: '{"agentId":"default"}' });
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body).error.code).toBe('UNAUTHORIZED');
    }
    expect((await raw(server.port, { path: '/api/events' })).status).toBe(401);
    expect(engine.sessions.list()).toHaveLength(0);
  });

  it('refuses foreign Host headers (DNS rebinding) and foreign origins (CSRF)', async () => {
    const { server, engine } = await boot();
    const auth = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' };
    const body = '{"agentId":"default"}';
    const cases: Record<string, string>[] = [
      { host: `evil.example:${server.port}` },
      { host: 'attacker.test' },
      { origin: 'http://evil.example' },
      { origin: `http://127.0.0.1:${server.port + 1}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const h of cases) {
      const res = await raw(server.port, { method: 'POST', path: '/api/sessions.create', headers: { ...auth, ...h }, body });
      expect(res.status, JSON.stringify(h)).toBe(403);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
    const same = await raw(server.port, { method: 'POST', path: '/api/agents.list', headers: { ...auth, origin: `http://localhost:${server.port}`, host: `localhost:${server.port}` }, body: '{}' });
    expect(same.status).toBe(200);
    expect(engine.sessions.list()).toHaveLength(0);
  });

  it('rejects non-JSON, malformed and oversized bodies with coded errors', async () => {
    const { server } = await boot();
    const auth = { authorization: `Bearer ${server.token}` };
    const form = await raw(server.port, { method: 'POST', path: '/api/agents.list', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
    expect(form.status).toBe(400);
    const bad = await raw(server.port, { method: 'POST', path: '/api/agents.list', headers: { ...auth, 'content-type': 'application/json' }, body: '{nope' });
    expect(JSON.parse(bad.body).error.code).toBe('BAD_INPUT');
    const big = await raw(server.port, {
      method: 'POST',
      path: '/api/agents.create',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES + 1) }),
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    const unknown = await api(server, 'no.such.channel', {});
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('UNKNOWN_CHANNEL');
    const get = await raw(server.port, { path: '/api/agents.list', headers: auth });
    expect(get.status).toBe(405);
  });

  it('streams push events over SSE to an authorised client', async () => {
    const { server } = await boot();
    const ctrl = new AbortController();
    const res = await fetch(`${server.url}/api/events`, { headers: { authorization: `Bearer ${server.token}` }, signal: ctrl.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    await api(server, 'sessions.create', { agentId: 'default' });
    let text = '';
    while (!text.includes('event: sessions.changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('event: sessions.changed\ndata: {"agentId":"default"}');
    ctrl.abort();
  });

  it('serves the renderer with a strict CSP and never outside its folder', async () => {
    const { server } = await boot();
    const index = await raw(server.port, { path: '/' });
    expect(index.status).toBe(200);
    expect(index.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(String(index.headers['content-security-policy'])).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect((await raw(server.port, { path: '/assets/app.js' })).body).toBe('console.log(1)');
    expect((await raw(server.port, { path: '/some/app/route' })).body).toContain('<title>Monad</title>');
    for (const p of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/assets/%00.js']) {
      const res = await raw(server.port, { path: p });
      expect(res.body, p).not.toContain('TOP SECRET');
      expect(res.body, p).not.toContain('root:');
    }
    expect((await raw(server.port, { path: '/missing.js' })).status).toBe(404);
  });

  it('accepts only the exact token (the constant-time property is in tests/unit/token-compare.test.ts)', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abd', 'abc')).toBe(false);
    expect(tokenMatches('a-much-longer-token', 'abc')).toBe(false);
    expect(tokenMatches(undefined, 'abc')).toBe(false);
  });
});
