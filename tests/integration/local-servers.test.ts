// First run (issue 17): local model servers found on their ports, or a hint on how to start them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { detectLocalServers, localServersFromEnv, startHintFor } from '../../src/main/llm/local-servers';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function serve(routes: Record<string, unknown>): Promise<string> {
  const s = createServer((req, res) => {
    const body = routes[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  await new Promise((r) => s.close(r));
  return url;
}

describe('local server detection', () => {
  it('reads Ollama from /api/tags and LM Studio from /v1/models, sorted, without odd entries', async () => {
    const ollama = await serve({ '/api/tags': { models: [{ name: 'qwen2.5:7b' }, { name: 'llama3.2:3b' }, { size: 3 }] } });
    const lmstudio = await serve({ '/v1/models': { data: [{ id: 'mistral-7b' }, { id: '' }] } });
    const found = await detectLocalServers({ ollama, lmstudio });
    expect(found).toEqual([
      { kind: 'ollama', name: 'Ollama', available: true, baseURL: `${ollama}/v1`, models: ['llama3.2:3b', 'qwen2.5:7b'], hint: null },
      { kind: 'lmstudio', name: 'LM Studio', available: true, baseURL: `${lmstudio}/v1`, models: ['mistral-7b'], hint: null },
    ]);
  });

  it('says how to start a server that does not answer, or answers with something else', async () => {
    const nothing = await closedPort();
    const wrong = await serve({});
    const [ollama, lmstudio] = await detectLocalServers({ ollama: nothing, lmstudio: wrong });
    expect(ollama).toMatchObject({ available: false, models: [], hint: expect.stringContaining('`ollama serve`') });
    expect(lmstudio).toMatchObject({ available: false, hint: expect.stringContaining('LM Studio') });
  });

  it('names the start command only for the usual local ports', () => {
    expect(startHintFor('http://127.0.0.1:11434/v1')).toContain('ollama serve');
    expect(startHintFor('http://localhost:1234/v1')).toContain('LM Studio');
    expect(startHintFor('https://api.openai.com/v1')).toBeNull();
    expect(startHintFor('http://10.0.0.5:11434/v1')).toBeNull();
    expect(startHintFor(undefined)).toBeNull();
  });

  it('takes other addresses from MONAD_OLLAMA_URL / MONAD_LMSTUDIO_URL', () => {
    expect(localServersFromEnv({ MONAD_OLLAMA_URL: 'http://127.0.0.1:9999/' })).toEqual({ ollama: 'http://127.0.0.1:9999' });
    expect(localServersFromEnv({})).toEqual({});
  });
});
