// MONAD_QDRANT_RELEASES_URL: the managed qdrant is downloaded from a mirror (a company network, an offline
// cache) instead of GitHub. A local HTTP server stands in for the mirror; it has no qdrant archive (404),
// so the download asks it once, fails at once, and mem0 falls back to its local store saying why.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { QDRANT_VERSION } from '../../src/main/memory/qdrant/release';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';

let mirror: Server | null = null;
let llm: ScriptedLlm | null = null;
const before = process.env.MONAD_QDRANT_RELEASES_URL;

afterEach(async () => {
  if (before === undefined) delete process.env.MONAD_QDRANT_RELEASES_URL;
  else process.env.MONAD_QDRANT_RELEASES_URL = before;
  await new Promise((r) => mirror?.close(r) ?? r(null));
  await llm?.close();
});

describe('the qdrant download mirror', () => {
  it('MONAD_QDRANT_RELEASES_URL: the download goes to the mirror, and its refusal is the reason mem0 gives', async () => {
    const asked: string[] = [];
    mirror = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(404).end('not here');
    });
    await new Promise<void>((r) => mirror!.listen(0, '127.0.0.1', r));
    process.env.MONAD_QDRANT_RELEASES_URL = `http://127.0.0.1:${(mirror.address() as AddressInfo).port}/mirror/`;
    llm = await startScriptedLlm({ embeddingDim: 64 });
    const engine = openEngine({ home: tempHome() });
    useScriptedModel(engine, llm, { roles: ['chat', 'memory', 'embedding'] });
    engine.config.update((c) => {
      c.memory.backend = 'mem0';
      return c;
    });
    await waitFor(() => /qdrant could not run/.test(engine.mem0.status().message), 20_000, 'the fallback after the download');
    const st = engine.mem0.status();
    expect(st.phase).toBe('fallback');
    expect(st.message).toMatch(/404/);
    // One request (a 404 is not retried), for this version's archive, under the mirror's path.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(new RegExp(`^/mirror/v${QDRANT_VERSION.replace(/\./g, '\\.')}/qdrant-`));
    await engine.close();
  }, 30_000);
});
