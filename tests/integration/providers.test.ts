// Providers, keys and roles: keys go into the secret store and come back masked, never in config.json.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT } from '../../src/shared/config';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { ProviderService } from '../../src/main/llm/provider-service';
import { resolveModel } from '../../src/main/llm/roles';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { TEST_KEY, useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm({ requireKey: TEST_KEY, models: ['gpt-4o-mini', 'gpt-4.1'] });
});
afterEach(async () => {
  await llm.close();
});

describe('providers and keys', () => {
  it('stores the key in the owner-only secret store and only ever returns it masked', async () => {
    const engine = openEngine();
    const handlers = createHandlers(engine);
    const saved = await dispatch(handlers, 'providers.save', {
      provider: { id: 'openai', kind: 'openai', name: 'OpenAI', baseURL: `${llm.url}/v1`, models: [] },
      apiKey: TEST_KEY,
    });
    expect(saved).toMatchObject({ ok: true, data: { id: 'openai', hasKey: true, maskedKey: '…fXYZ', keyForOtherOrigin: false } });
    expect((saved as { data: object }).data).not.toHaveProperty('keyRef');
    const listed = await dispatch(handlers, 'providers.list', {});
    expect(JSON.stringify(listed)).not.toContain(TEST_KEY);
    expect(readFileSync(engine.paths.config, 'utf8')).not.toContain(TEST_KEY);
    expect(readFileSync(engine.paths.secrets, 'utf8')).toContain(TEST_KEY);
    if (process.platform !== 'win32') expect(statSync(engine.paths.secrets).mode & 0o777).toBe(0o600);
    const status = await dispatch(handlers, 'app.status', {});
    expect(status).toMatchObject({ ok: true, data: { secrets: { kind: 'file', encrypted: false } } });

    // undefined keeps the key, null deletes it.
    await dispatch(handlers, 'providers.save', { provider: { id: 'openai', kind: 'openai', name: 'Renamed', baseURL: `${llm.url}/v1`, models: [] } });
    expect(engine.providers.list()[0]).toMatchObject({ name: 'Renamed', hasKey: true });
    await dispatch(handlers, 'providers.save', { provider: { id: 'openai', kind: 'openai', name: 'Renamed', baseURL: `${llm.url}/v1`, models: [] }, apiKey: null });
    expect(engine.providers.list()[0]).toMatchObject({ hasKey: false, maskedKey: null });
  });

  it('test connection lists the models, or shows the provider error without the key', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const ok = await engine.providers.test({ id: 'scripted' });
    expect(ok).toEqual({ ok: true, models: ['gpt-4.1', 'gpt-4o-mini'], error: null });
    const wrongKey = await engine.providers.test({ id: 'scripted', apiKey: 'sk-wrong-key-123456' });
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.error).toMatch(/answered 401/);
    expect(wrongKey.error).not.toContain('sk-wrong-key-123456');
    const unreachable = await engine.providers.test({ provider: { id: 'x', kind: 'openai-compatible', name: 'Nowhere', baseURL: 'http://127.0.0.1:9/v1', models: [] } });
    expect(unreachable).toMatchObject({ ok: false, error: expect.stringMatching(/Could not reach Nowhere/) });
  });

  it('a key encrypted by the desktop app is never handed to a provider by the headless host', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    writeFileSync(engine.paths.secrets, JSON.stringify({ 'provider:scripted': 'safeStorage:v1:QUJDREVGRw==' }));
    const fresh = openEngine({ home: engine.paths.root });
    expect(fresh.providers.list()[0]).toMatchObject({ hasKey: false, maskedKey: null });
    await expect(fresh.llm.languageModel('chat', 'default')).rejects.toThrow(/encrypted with its OS keychain/);
    expect(fresh.secrets.values()).toEqual([]);
  });

  it('deleting a provider removes its key and clears roles that used it', () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    engine.providers.delete('scripted');
    expect(engine.config.get().models.roles).toEqual({});
    expect(engine.secrets.get('provider:scripted')).toBeNull();
  });

  it('detects a local Ollama and offers its models', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/api/tags') res.end(JSON.stringify({ models: [{ name: 'llama3.2:3b' }, { name: 'qwen2.5:7b' }] }));
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const engine = openEngine();
    const found = await new ProviderService(engine.config, engine.secrets, url).detectOllama();
    expect(found).toEqual({ available: true, baseURL: `${url}/v1`, models: ['llama3.2:3b', 'qwen2.5:7b'] });
    server.close();
    const none = await new ProviderService(engine.config, engine.secrets, 'http://127.0.0.1:9').detectOllama();
    expect(none.available).toBe(false);
  });
});

describe('model roles', () => {
  it('memory: agent override → global role → chat default; embedding only from its role', () => {
    const engine = openEngine();
    engine.providers.save({ id: 'p', kind: 'openai-compatible', name: 'Local', baseURL: 'http://127.0.0.1:1/v1', models: [] }, undefined);
    engine.config.update((c) => {
      c.models.roles.chat = { provider: 'p', model: 'chat-model' };
      return c;
    });
    const cfg = () => engine.config.get();
    expect(resolveModel(cfg(), 'memory', 'default')).toMatchObject({ model: 'chat-model', source: 'chat-default' });
    engine.config.update((c) => {
      c.models.roles.memory = { provider: 'p', model: 'memory-model' };
      return c;
    });
    expect(resolveModel(cfg(), 'memory', 'default')).toMatchObject({ model: 'memory-model', source: 'global' });
    engine.agents.update(DEFAULT_AGENT.id, { memory: { model: { provider: 'p', model: 'agent-memory' } } });
    expect(resolveModel(cfg(), 'memory', 'default')).toMatchObject({ model: 'agent-memory', source: 'agent' });
    expect(resolveModel(cfg(), 'chat', 'default')).toMatchObject({ model: 'chat-model', source: 'global' });
    expect(resolveModel(cfg(), 'embedding')).toBeNull();
    engine.agents.update(DEFAULT_AGENT.id, { models: { chat: { provider: 'missing', model: 'x' } } });
    expect(resolveModel(cfg(), 'chat', 'default')).toBeNull();
  });
});
