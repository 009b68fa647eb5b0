// Issue 26 §4: no credential follows a redirect. Every outbound path that carries a key is pointed at a
// loopback server that answers with a redirect (301/302/307/308) to another loopback port. That port is a
// working OpenAI-wire server, so a client that followed the redirect would get a good answer there: each
// test asserts that it received nothing at all (so no Authorization / x-api-key / api-key either), and that
// the person is told what happened and what to do.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { Mem0Backend } from '../../src/main/memory/mem0/backend';
import { loadQdrantClient } from '../../src/main/memory/mem0/loader';
import { qdrantClient } from '../../src/main/memory/mem0/stores';
import { ProviderService } from '../../src/main/llm/provider-service';
import { configuredEmbedder } from '../../src/main/search/llm-embedder';
import { memoryTaskResponder } from '../fixtures/memory-task-responder';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { TEST_KEY } from '../helpers/llm-setup';
import { credentialHeaders, startRecorder, startRedirector } from '../helpers/redirector';
import { openEngine } from '../helpers/temp-home';

const DIM = 64;
/** Where every redirect points: it answers well, so following a redirect would "work". */
let target: ScriptedLlm;
/** A well-behaved provider for the role that is not under test. */
let legit: ScriptedLlm;
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  target = await startScriptedLlm({ embeddingDim: DIM });
  target.setDefault(memoryTaskResponder());
  legit = await startScriptedLlm({ embeddingDim: DIM });
  legit.setDefault({ kind: 'json', value: { memory: [{ id: '0', text: 'User lives in Porto', attributed_to: 'user' }] } });
});
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  await target.close();
  await legit.close();
});

async function redirectingTo(url: string, status: number): Promise<string> {
  const r = await startRedirector(url, status);
  closers.push(r.close);
  return r.url;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The message the person sees: who answered, where it pointed, what to do. */
function refusal(name: string, to: string, fix = 'Check the base URL.'): RegExp {
  return new RegExp(`${escape(name)} answered with a redirect to ${escape(to)}; Monad does not send keys to another address\\. ${escape(fix)}`);
}

type Kind = 'openai' | 'anthropic' | 'openai-compatible';

/** A provider "Relay" whose base URL redirects to the target, holding a key, for the given roles. */
async function relayProvider(engine: Engine, kind: Kind, status: number, roles: ('chat' | 'memory' | 'embedding')[]): Promise<void> {
  const base = await redirectingTo(target.url, status);
  const model = kind === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini';
  engine.providers.save({ id: 'relay', kind, name: 'Relay', baseURL: `${base}/v1`, models: [model] }, TEST_KEY);
  engine.config.update((c) => {
    for (const role of roles) c.models.roles[role] = { provider: 'relay', model: role === 'embedding' ? 'text-embedding-3-small' : model };
    return c;
  });
}

/** The well-behaved provider for the other roles. */
function legitProvider(engine: Engine, roles: ('chat' | 'memory' | 'embedding')[]): void {
  engine.providers.save({ id: 'legit', kind: 'openai', name: 'Legit', baseURL: `${legit.url}/v1`, models: ['gpt-4o-mini'] }, 'sk-legit-0123456789abcdef');
  engine.config.update((c) => {
    for (const role of roles) c.models.roles[role] = { provider: 'legit', model: role === 'embedding' ? 'text-embedding-3-small' : 'gpt-4o-mini' };
    return c;
  });
}

function expectNothingReachedTarget(): void {
  expect(target.requests.map((r) => credentialHeaders(r.headers))).toEqual([]);
  expect(target.requests).toEqual([]);
}

describe('AI SDK providers refuse redirects', () => {
  for (const [kind, status] of [
    ['openai', 307],
    ['openai-compatible', 302],
    ['anthropic', 308],
  ] as const) {
    it(`${kind}: a chat whose provider answers ${status} fails with a clear error; nothing reaches the other port`, async () => {
      const engine = openEngine({ backgroundJobs: false });
      await relayProvider(engine, kind, status, ['chat']);
      const session = engine.sessions.create({ agentId: 'default' });
      await expect(engine.chat.send(session.id, 'hello')).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringMatching(refusal('Relay', target.url)) });
      expectNothingReachedTarget();
    });
  }

  it('embeddings (301): the embedding role refuses the redirect', async () => {
    const engine = openEngine({ backgroundJobs: false });
    await relayProvider(engine, 'openai', 301, ['embedding']);
    const embedder = configuredEmbedder(engine.config.get(), engine.llm)!;
    await expect(embedder.embed(['Porto'])).rejects.toMatchObject({ code: 'PROVIDER_ERROR', message: expect.stringMatching(refusal('Relay', target.url)) });
    expectNothingReachedTarget();
  });

  it('model listing (Settings → test connection) refuses the redirect and says where it pointed', async () => {
    const engine = openEngine({ backgroundJobs: false });
    for (const kind of ['openai', 'anthropic'] as const) {
      await relayProvider(engine, kind, 307, []);
      const tested = await engine.providers.test({ id: 'relay' });
      expect(tested).toMatchObject({ ok: false, models: [], error: expect.stringMatching(refusal('Relay', target.url)) });
    }
    expectNothingReachedTarget();
  });

  it('the model check reports the refusal for every task, and nothing reaches the other port', async () => {
    const engine = openEngine({ backgroundJobs: false });
    await relayProvider(engine, 'openai', 302, ['chat', 'memory']);
    const report = await createHandlers(engine)['models.check']({});
    expect(report.passed).toBe(0);
    expect(report.items.length).toBeGreaterThan(1);
    for (const item of report.items) expect(item.error).toMatch(refusal('Relay', target.url));
    expectNothingReachedTarget();
  });

  it('a redirect on the same server is refused too, naming the address it pointed at', async () => {
    // A provider that moved a path (/v1 → /api/v1): no key leaves, but the base URL still needs fixing.
    const engine = openEngine({ backgroundJobs: false });
    const selfRedirect = await startRedirector('', 308);
    closers.push(selfRedirect.close);
    engine.providers.save({ id: 'relay', kind: 'openai', name: 'Relay', baseURL: `${selfRedirect.url}/v1`, models: ['m'] }, TEST_KEY);
    const tested = await engine.providers.test({ id: 'relay' });
    // A relative Location ("/v1/models" on the same server) is named in full, without a query.
    expect(tested.error).toMatch(refusal('Relay', `${selfRedirect.url}/v1/models`));
    expectNothingReachedTarget();
  });
});

describe('local server probes refuse redirects', () => {
  it('Ollama detection does not follow a redirect elsewhere', async () => {
    const engine = openEngine({ backgroundJobs: false });
    const ollama = await redirectingTo(target.url, 307);
    const lmstudio = await redirectingTo(target.url, 302);
    const service = new ProviderService(engine.config, engine.secrets, ollama, { ollama, lmstudio });
    expect(await service.detectOllama()).toMatchObject({ available: false, models: [] });
    expect((await service.detectLocal()).map((d) => d.available)).toEqual([false, false]);
    expectNothingReachedTarget();
  });
});

describe('mem0 refuses redirects (its LLM and embedder go through Monad’s client)', () => {
  function backend(engine: Engine): Mem0Backend {
    return new Mem0Backend({ layout: engine.mem0.layout, config: () => engine.config.get(), secrets: engine.secrets, llm: engine.llm });
  }
  const local = (engine: Engine) => ({ kind: 'local' as const, dbPath: engine.mem0.layout.localVectors, collection: 'memories' });

  it('the embedder: a redirecting embedding server gets a clear refusal, and the other port gets nothing', async () => {
    const engine = openEngine({ backgroundJobs: false, qdrant: { enabled: false } });
    legitProvider(engine, ['chat', 'memory']);
    await relayProvider(engine, 'openai-compatible', 307, ['embedding']);
    const b = backend(engine);
    try {
      await expect(b.search(local(engine), 'default', 'where do I live?', 5)).rejects.toMatchObject({ message: expect.stringMatching(refusal('Relay', target.url)) });
      await expect(b.add(local(engine), 'default', [{ role: 'user', content: 'I live in Porto' }], {})).rejects.toMatchObject({ message: expect.stringMatching(refusal('Relay', target.url)) });
    } finally {
      await b.close();
    }
    expectNothingReachedTarget();
  });

  it('the LLM: a redirecting memory model gets a clear refusal, and the other port gets nothing', async () => {
    const engine = openEngine({ backgroundJobs: false, qdrant: { enabled: false } });
    legitProvider(engine, ['chat', 'embedding']);
    await relayProvider(engine, 'openai', 308, ['memory']);
    const b = backend(engine);
    try {
      await expect(b.add(local(engine), 'default', [{ role: 'user', content: 'I live in Porto' }], {})).rejects.toMatchObject({ message: expect.stringMatching(refusal('Relay', target.url)) });
    } finally {
      await b.close();
    }
    // The embedder (the legit server) was used; the memory model's redirect was not followed.
    expect(legit.requests.some((r) => r.api === 'openai-embeddings')).toBe(true);
    expectNothingReachedTarget();
  });
});

describe('the qdrant client refuses redirects', () => {
  it('a vector store address that answers 301/302/307/308: a clear refusal, and the other port never sees the api-key', async () => {
    // A loopback stand-in for "somewhere else": it answers like qdrant's collection list and records headers.
    const elsewhere = await startRecorder();
    closers.push(elsewhere.close);
    for (const status of [301, 302, 307, 308]) {
      const store = await redirectingTo(elsewhere.url, status);
      const client = qdrantClient(await loadQdrantClient(), store, 'qdrant-key-0123456789');
      await expect(client.getCollections()).rejects.toMatchObject({
        message: expect.stringMatching(refusal('The qdrant server', elsewhere.url, 'Check the vector store address in Settings → Memory.')),
      });
    }
    expect(elsewhere.seen.map((s) => credentialHeaders(s.headers))).toEqual([]);
    expect(elsewhere.seen).toEqual([]);
  });
});
