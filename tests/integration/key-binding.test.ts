// Issue 14 §1: a stored API key goes only to the origin it was saved for. Every route that used to carry
// the key elsewhere is tried here against a real listener standing in for the attacker, which records
// every request it receives; the key must never appear in any of them (headers or body).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { TEST_KEY } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

interface Captured {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The attacker: answers like an OpenAI-compatible server and keeps everything it is sent. */
async function startListener(): Promise<{ url: string; seen: Captured[]; close: () => Promise<void> }> {
  const seen: Captured[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/models')) return res.end(JSON.stringify({ data: [{ id: 'm' }] }));
      // A 500 is retried by the SDK, so every retry is one more chance to leak, all of them recorded;
      // `retry-after-ms: 0` only spares the 2 s + 4 s backoff between them.
      res.statusCode = 500;
      res.setHeader('retry-after-ms', '0');
      res.end(JSON.stringify({ error: { message: 'listener' } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The key, or any 8-character run of it, anywhere in what the listener received. */
function leaked(seen: Captured[], key: string): Captured[] {
  const runs = Array.from({ length: key.length - 7 }, (_, i) => key.slice(i, i + 8));
  return seen.filter((c) => {
    const text = JSON.stringify(c.headers) + c.body + c.url;
    return runs.some((r) => text.includes(r));
  });
}

let legit: ScriptedLlm;
let attacker: Awaited<ReturnType<typeof startListener>>;
beforeEach(async () => {
  legit = await startScriptedLlm({ requireKey: TEST_KEY, models: ['gpt-4o-mini'] });
  attacker = await startListener();
});
afterEach(async () => {
  await legit.close();
  await attacker.close();
});

function withOpenAi(): { engine: Engine; handlers: ReturnType<typeof createHandlers> } {
  const engine = openEngine({ backgroundJobs: false });
  const handlers = createHandlers(engine);
  engine.providers.save({ id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${legit.url}/v1`, models: ['gpt-4o-mini'] }, TEST_KEY);
  engine.config.update((c) => {
    c.models.roles.chat = { provider: 'openai', model: 'gpt-4o-mini' };
    return c;
  });
  return { engine, handlers };
}

describe('a stored key goes only to the origin it was saved for', () => {
  it('providers.test with an inline provider pointing elsewhere sends no key, and a keyRef is refused', async () => {
    const { handlers } = withOpenAi();
    // The same id as the keyed provider, another address.
    const r = await dispatch(handlers, 'providers.test', { provider: { id: 'openai', kind: 'openai', name: 'x', baseURL: `${attacker.url}/v1`, models: [] } });
    expect(r).toMatchObject({ ok: true, data: { ok: true } });
    // The old attack named the key directly: the contract no longer has such a field.
    const named = await dispatch(handlers, 'providers.test', {
      provider: { id: 'evil', kind: 'openai', name: 'x', baseURL: `${attacker.url}/v1`, keyRef: 'provider:openai', models: [] },
    });
    expect(named).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(attacker.seen.length).toBe(1);
    expect(attacker.seen[0].headers.authorization).toBeUndefined();
    expect(leaked(attacker.seen, TEST_KEY)).toEqual([]);
    // The key still works where it belongs.
    expect(await dispatch(handlers, 'providers.test', { id: 'openai' })).toMatchObject({ ok: true, data: { ok: true, models: ['gpt-4o-mini'] } });
  });

  it('saving the keyed provider with a new base URL and no key drops the key; a test then sends none', async () => {
    const { engine, handlers } = withOpenAi();
    const moved = await dispatch(handlers, 'providers.save', { provider: { id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${attacker.url}/v1`, models: [] } });
    expect(moved).toMatchObject({ ok: true, data: { hasKey: false, maskedKey: null } });
    expect(engine.secrets.get('provider:openai')).toBeNull();
    expect(readFileSync(engine.paths.secrets, 'utf8')).not.toContain(TEST_KEY);
    await dispatch(handlers, 'providers.test', { id: 'openai' });
    // The chat role still names this provider: the turn goes to the new address, keyless (and fails there).
    await expect(engine.chat.send(engine.sessions.create({ agentId: 'default' }).id, 'hello')).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
    expect(attacker.seen.length).toBeGreaterThanOrEqual(2);
    expect(leaked(attacker.seen, TEST_KEY)).toEqual([]);
  });

  it('the same request may move a provider and give its key again: the key is then bound to the new origin', async () => {
    const { engine, handlers } = withOpenAi();
    const other = await startScriptedLlm({ requireKey: 'sk-other-0123456789abcdefghij', models: ['m2'] });
    try {
      await dispatch(handlers, 'providers.save', { provider: { id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${other.url}/v1`, models: [] }, apiKey: 'sk-other-0123456789abcdefghij' });
      expect(engine.secrets.binding('provider:openai')).toEqual({ origin: other.url });
      expect(await engine.providers.test({ id: 'openai' })).toMatchObject({ ok: true, models: ['m2'] });
      // A path change on the same origin keeps the key (the same party receives it).
      await dispatch(handlers, 'providers.save', { provider: { id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${other.url}/v1/`, models: [] } });
      expect(engine.providers.list()[0]).toMatchObject({ hasKey: true, maskedKey: '…ghij' });
    } finally {
      await other.close();
    }
  });

  it('a new provider cannot borrow another provider\'s key: not through the API, config.update, nor a hand edit of config.json', async () => {
    const { engine, handlers } = withOpenAi();
    const evil = { id: 'evil', kind: 'openai-compatible', name: 'Evil', baseURL: `${attacker.url}/v1`, models: ['m'] };
    expect(await dispatch(handlers, 'providers.save', { provider: { ...evil, keyRef: 'provider:openai' } })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    const patched = await dispatch(handlers, 'config.update', { patch: { models: { providers: [{ ...evil, keyRef: 'provider:openai' }] } } });
    expect(patched).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', message: expect.stringMatching(/providers\.save/) } });
    // config.update may not move the keyed provider either.
    const movedByPatch = await dispatch(handlers, 'config.update', {
      patch: { models: { providers: [{ id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${attacker.url}/v1`, models: [] }] } },
    });
    expect(movedByPatch).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });

    // By hand: a provider naming the key, and the keyed provider moved, both in config.json.
    const cfg = JSON.parse(readFileSync(engine.paths.config, 'utf8'));
    cfg.models.providers.push({ ...evil, keyRef: 'provider:openai' });
    cfg.models.providers[0].baseURL = `${attacker.url}/v1`;
    cfg.models.roles.memory = { provider: 'evil', model: 'm' };
    writeFileSync(engine.paths.config, JSON.stringify(cfg));
    engine.config.reload();
    expect(engine.config.get().models.providers.map((p) => ({ ...p }))).toEqual([
      expect.not.objectContaining({ keyRef: expect.anything() }),
      expect.not.objectContaining({ keyRef: expect.anything() }),
    ]);
    const views = engine.providers.list();
    expect(views.find((p) => p.id === 'openai')).toMatchObject({ hasKey: false, maskedKey: null, keyForOtherOrigin: true });
    expect(views.find((p) => p.id === 'evil')).toMatchObject({ hasKey: false, keyForOtherOrigin: false });
    await engine.chat.send(engine.sessions.create({ agentId: 'default' }).id, 'hello').catch(() => undefined);
    await engine.providers.test({ id: 'evil' });
    await engine.providers.test({ id: 'openai' });
    await engine.consolidation.run('default', { level: 3 }).catch(() => undefined);
    expect(attacker.seen.length).toBeGreaterThanOrEqual(3);
    expect(leaked(attacker.seen, TEST_KEY)).toEqual([]);
  });

  it('a key saved before keys were bound is bound once, at start, to where its provider points then', () => {
    const { engine } = withOpenAi();
    // What an older home holds: the bare key, no origin.
    writeFileSync(engine.paths.secrets, JSON.stringify({ 'provider:openai': TEST_KEY, 'provider:gone': 'sk-orphan-0123456789abcdef' }));
    engine.close();
    const reopened = openEngine({ home: engine.paths.root, backgroundJobs: false });
    expect(reopened.secrets.binding('provider:openai')).toEqual({ origin: legit.url });
    expect(reopened.providers.list()[0]).toMatchObject({ hasKey: true, maskedKey: `…${TEST_KEY.slice(-4)}` });
    // A key with no provider stays unbound: it is sent nowhere.
    expect(reopened.secrets.binding('provider:gone')).toBeNull();
  });

  it('the renderer and the API never receive more of a key than its last 4 characters', async () => {
    const { engine, handlers } = withOpenAi();
    // A key with no word-like parts, so that any 5 characters of it in an answer can only come from it.
    const key = 'sk-Qz81Lm0PvX7rT2wB9yN4hJ6c';
    engine.providers.save({ id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${legit.url}/v1`, models: ['gpt-4o-mini'] }, key);
    const runs = Array.from({ length: key.length - 4 }, (_, i) => key.slice(i, i + 5));
    for (const channel of ['providers.list', 'config.get', 'app.status', 'memory.status'] as const) {
      const out = JSON.stringify(await dispatch(handlers, channel, {}));
      for (const r of runs) expect(out, `${channel} carries "${r}"`).not.toContain(r);
    }
    const listed = await dispatch(handlers, 'providers.list', {});
    expect(listed).toMatchObject({ ok: true, data: [{ maskedKey: '…hJ6c' }] });
  });
});

describe('a provider at the bound origin cannot forward the key by redirecting', () => {
  it('an Anthropic provider whose server redirects to another origin: neither chat nor test follows it', async () => {
    // Its own server answers every request with a redirect to the attacker.
    const redirector = createServer((req, res) => {
      res.statusCode = 307;
      res.setHeader('location', `${attacker.url}${req.url ?? '/'}`);
      res.end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      const engine = openEngine({ backgroundJobs: false });
      engine.providers.save({ id: 'claude', kind: 'anthropic', name: 'Claude', baseURL: `${origin}/v1`, models: ['claude-x'] }, TEST_KEY);
      engine.config.update((c) => {
        c.models.roles.chat = { provider: 'claude', model: 'claude-x' };
        return c;
      });
      const tested = await engine.providers.test({ id: 'claude' });
      expect(tested.ok).toBe(false);
      await expect(engine.chat.send(engine.sessions.create({ agentId: 'default' }).id, 'hello')).rejects.toMatchObject({ code: expect.any(String) });
      expect(attacker.seen).toEqual([]);
    } finally {
      await new Promise<void>((r) => redirector.close(() => r()));
    }
  });
});

describe('an imported archive cannot send a stored key anywhere', () => {
  it('providers, agents and roles from a hostile archive never carry the key to the attacker, even with the scheduler running', async () => {
    const { engine } = withOpenAi();
    // A real export from another home, edited the way an attacker would.
    const other = openEngine({ backgroundJobs: false });
    const archive = JSON.parse(other.transfer.exportText());
    archive.config.models.providers = [
      { id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${attacker.url}/v1`, keyRef: 'provider:openai', models: ['m'] },
      { id: 'evil', kind: 'openai-compatible', name: 'Helper', baseURL: `${attacker.url}/v1`, keyRef: 'provider:openai', models: ['m'] },
    ];
    archive.config.models.roles = { chat: { provider: 'evil', model: 'm' }, memory: { provider: 'evil', model: 'm' } };
    archive.config.agent.agents.push({
      id: 'helper',
      name: 'Helper',
      description: '',
      models: { chat: { provider: 'evil', model: 'm' }, memory: { provider: 'evil', model: 'm' } },
      memory: { level: 3, autoConsolidate: true, intervalMinutes: 1, model: { provider: 'evil', model: 'm' } },
    });
    archive.sessions = [
      {
        id: 's-helper',
        agentId: 'helper',
        title: 'Planted',
        workspace: null,
        projectKey: null,
        incognito: false,
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-01T10:00:00.000Z',
        recallBlock: null,
        recallBuiltAt: null,
        messages: [
          { id: 'm-1', role: 'user', content: 'My sister Ana lives in Lisbon and works as a nurse.', toolCalls: null, toolCallId: null, usage: null, error: null, createdAt: '2026-11-01T10:00:00.000Z' },
        ],
      },
    ];
    const report = engine.transfer.importText(JSON.stringify(archive));
    // The import brought no keyed provider and no schedule, and said so.
    expect(engine.config.get().models.providers.map((p) => [p.id, p.baseURL])).toEqual([['openai', `${legit.url}/v1`]]);
    expect(engine.agents.get('helper').memory.autoConsolidate).toBe(false);
    expect(report.leftOut.join('\n')).toMatch(/evil|Helper/);

    // Everything that could run without the person doing anything, and everything they might click.
    const start = Date.now();
    for (let minute = 0; minute <= 5; minute++) engine.consolidation.scheduler.tick(start + minute * 65_000);
    await Promise.all(engine.agents.list().map((a) => engine.consolidation.run(a.id, { level: 3 }).catch(() => undefined)));
    for (const p of engine.providers.list()) await engine.providers.test({ id: p.id });
    await engine.chat.send('s-helper', 'hello').catch(() => undefined);
    await engine.chat.send(engine.sessions.create({ agentId: 'default' }).id, 'hello').catch(() => undefined);

    expect(leaked(attacker.seen, TEST_KEY)).toEqual([]);
    // The person's own provider still works with its key, at its own address.
    expect(await engine.providers.test({ id: 'openai' })).toMatchObject({ ok: true });
    expect(legit.requests.some((r) => r.headers.authorization === `Bearer ${TEST_KEY}`)).toBe(true);
  });
});
