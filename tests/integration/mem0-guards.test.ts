// mem0 cost guards (issue 18 §5): its LLM through the registry with any provider (Anthropic here), and a
// quit that never waits for queued observations: they are persisted and finished on the next start.
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ephemeralPort } from '../../src/main/memory/qdrant/ports';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm, type ScriptedReply } from '../fixtures/scripted-llm';
import { TEST_KEY } from '../helpers/llm-setup';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';

let llm: ScriptedLlm;

function isExtraction(req: RecordedRequest): boolean {
  const system = req.api === 'anthropic-messages' ? JSON.stringify(req.body.system ?? '') : JSON.stringify(req.body.messages?.[0]?.content ?? '');
  return system.length > 10_000; // mem0's own (long) extraction prompt
}

function extraction(req: RecordedRequest): ScriptedReply {
  const all = JSON.stringify(req.body);
  const memory = /Porto/.test(all) ? ['User lives in Porto'] : [];
  return { kind: 'json', value: { memory: memory.map((text, i) => ({ id: String(i), text, attributed_to: 'user' })) } };
}

beforeEach(async () => {
  llm = await startScriptedLlm({ embeddingDim: 128 });
});
afterEach(async () => {
  await llm.close();
});

function setup(opts: { memoryOn: 'anthropic' | 'openai'; home?: string }): Engine {
  const engine = openEngine({ ...(opts.home ? { home: opts.home } : {}), qdrant: { enabled: false } });
  engine.providers.save({ id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: ['gpt-4o-mini', 'text-embedding-3-small'] }, TEST_KEY);
  engine.providers.save({ id: 'claude', kind: 'anthropic', name: 'Claude', baseURL: `${llm.url}/v1`, models: ['claude-sonnet-4-5'] }, TEST_KEY);
  engine.config.update((c) => {
    c.models.roles.chat = { provider: 'scripted', model: 'gpt-4o-mini' };
    c.models.roles.memory = opts.memoryOn === 'anthropic' ? { provider: 'claude', model: 'claude-sonnet-4-5' } : { provider: 'scripted', model: 'gpt-4o-mini' };
    c.models.roles.embedding = { provider: 'scripted', model: 'text-embedding-3-small' };
    c.memory.backend = 'mem0';
    return c;
  });
  return engine;
}

describe('mem0 with any provider', () => {
  it('uses an Anthropic memory model through the registry; only the embedder speaks the OpenAI wire', async () => {
    llm.setDefault((req) => (isExtraction(req) ? extraction(req) : { kind: 'text', text: 'Nice!' }));
    const engine = setup({ memoryOn: 'anthropic' });
    expect(engine.mem0.status().phase).not.toBe('failed');
    const s = engine.sessions.create({ agentId: 'default' });
    await engine.chat.send(s.id, 'I live in Porto, by the river.');
    await engine.mem0.idle();
    const extractions = llm.requests.filter(isExtraction);
    expect(extractions).toHaveLength(1);
    expect(extractions[0].api).toBe('anthropic-messages');
    expect(extractions[0].body.model).toBe('claude-sonnet-4-5');
    expect(engine.mem0.status().lastError).toBeNull();
    const { entries } = await engine.mem0.entries();
    expect(entries.map((e) => e.text)).toEqual(['User lives in Porto']);
    // Counted like every other model call.
    expect(engine.llm.usage.get('mem0-extract')?.calls).toBe(1);
  });
});

describe('quitting with observations queued', () => {
  it('returns without waiting for them, keeps them on disk, and finishes them on the next start', async () => {
    let hang = true;
    llm.setDefault((req) => (isExtraction(req) ? (hang ? { kind: 'hang' } : extraction(req)) : { kind: 'text', text: 'Nice!' }));
    const home = tempHome();
    const engine = setup({ memoryOn: 'openai', home });
    const s = engine.sessions.create({ agentId: 'default' });
    await engine.chat.send(s.id, 'I live in Porto, by the river.');
    await waitFor(() => llm.requests.some(isExtraction), 5000, 'the extraction call');
    const queueFile = join(home, 'memory', 'mem0', 'pending-observations.json');
    expect(JSON.parse(readFileSync(queueFile, 'utf8')).observations).toHaveLength(1);

    // The extraction never answers: stop() must come back anyway, with the observation still queued.
    await engine.mem0.stop();
    expect(llm.requests.filter(isExtraction)).toHaveLength(1);
    const left = JSON.parse(readFileSync(queueFile, 'utf8')).observations;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ agentId: 'default', sessionId: s.id, turn: [{ role: 'user', content: 'I live in Porto, by the river.' }, { role: 'assistant', content: 'Nice!' }] });
    engine.close();

    hang = false;
    const again = setup({ memoryOn: 'openai', home });
    await waitFor(() => llm.requests.filter(isExtraction).length === 2, 10_000, 'the resumed extraction');
    await again.mem0.idle();
    expect(JSON.parse(readFileSync(queueFile, 'utf8')).observations).toEqual([]);
    const { entries } = await again.mem0.entries();
    expect(entries.map((e) => e.text)).toEqual(['User lives in Porto']);
  });

  it('a one-shot CLI engine does not pick up the queue', async () => {
    llm.setDefault((req) => (isExtraction(req) ? extraction(req) : { kind: 'text', text: 'Nice!' }));
    const home = tempHome();
    const first = setup({ memoryOn: 'openai', home });
    first.mem0.pendingObservations.add({ agentId: 'default', sessionId: 'x', turn: [{ role: 'user', content: 'I live in Porto' }] });
    first.close();
    const cli = openEngine({ home, host: 'cli', qdrant: { enabled: false } });
    expect(cli.mem0.pendingObservations.size).toBe(1);
    await cli.mem0.idle();
    expect(llm.requests.filter(isExtraction)).toHaveLength(0);
    expect(existsSync(join(home, 'memory', 'mem0', 'pending-observations.json'))).toBe(true);
  });
});

describe('the managed qdrant port', () => {
  const STANDIN = resolve(__dirname, '../fixtures/qdrant-standin/qdrant.mjs');

  async function startWith(port: number | undefined) {
    llm.setDefault({ kind: 'text', text: 'ok' });
    const engine = openEngine({ qdrant: { binary: STANDIN } });
    engine.providers.save({ id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: ['gpt-4o-mini'] }, TEST_KEY);
    engine.config.update((c) => {
      c.models.roles.embedding = { provider: 'scripted', model: 'text-embedding-3-small' };
      if (port !== undefined) c.memory.mem0.qdrantPort = port;
      return c;
    });
    const endpoint = await engine.mem0.qdrant.ensureRunning();
    return { engine, endpoint };
  }

  it('follows the setting', async () => {
    chmodSync(STANDIN, 0o755);
    const free = await ephemeralPort();
    const { engine, endpoint } = await startWith(free);
    expect(engine.mem0.qdrant.status().port).toBe(free);
    expect(endpoint.url).toBe(`http://127.0.0.1:${free}`);
  });

  it('defaults to the first free port from 6333', async () => {
    chmodSync(STANDIN, 0o755);
    const { engine } = await startWith(undefined);
    const port = engine.mem0.qdrant.status().port!;
    expect(port).toBeGreaterThanOrEqual(6333);
    expect(port).toBeLessThan(6333 + 100);
  });
});
