// mem0 on the managed qdrant, with a STAND-IN qdrant executable (tests/fixtures/qdrant-standin): no real
// qdrant binary can be downloaded here. The stand-in takes qdrant's command line and environment and
// serves the part of qdrant's REST API that mem0 uses. Covered: qdrant starts when the backend becomes
// mem0, what mem0 wrote to its local store meanwhile moves into qdrant, recall and the explorer read
// qdrant, switching to the built-in backend stops qdrant and keeps its data, closing the engine stops it.
import { VECTOR_STORE_KEY_REF } from '../../src/main/llm/provider-keys';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { isAlive } from '../../src/main/memory/qdrant/pidfile';
import { ephemeralPort } from '../../src/main/memory/qdrant/ports';
import { readLocalStore } from '../../src/main/memory/mem0/stores';
import type { QdrantOptions } from '../../src/main/memory/qdrant/manager';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';

const STANDIN = resolve(__dirname, '../fixtures/qdrant-standin/qdrant.mjs');
chmodSync(STANDIN, 0o755);
const DIM = 256;
let llm: ScriptedLlm;

const isExtraction = (r: RecordedRequest) => r.api === 'openai-chat' && r.body?.response_format?.type === 'json_object';

beforeEach(async () => {
  llm = await startScriptedLlm({ embeddingDim: DIM });
  llm.setDefault((req) => {
    if (!isExtraction(req)) return { kind: 'text', text: 'Noted.' };
    const user = req.body.messages[1].content as string;
    const turn = user.slice(user.indexOf('## New Messages'), user.indexOf('## Observation Date'));
    const memory = [
      ...(/Porto/.test(turn) ? ['User lives in Porto'] : []),
      ...(/guitar/.test(turn) ? ['User plays the guitar'] : []),
    ];
    return { kind: 'json', value: { memory: memory.map((text, i) => ({ id: String(i), text, attributed_to: 'user' })) } };
  });
});
afterEach(async () => {
  await llm.close();
});

function lastSystem(): string {
  const chats = llm.chatRequests().filter((r) => !isExtraction(r));
  return chats.at(-1)!.body.messages.find((m: { role: string }) => m.role === 'system').content;
}

function open(home: string, qdrant: QdrantOptions): Engine {
  const engine = openEngine({ home, qdrant });
  useScriptedModel(engine, llm, { roles: ['chat', 'memory', 'embedding'] });
  return engine;
}

function useMem0(engine: Engine, on: boolean) {
  engine.config.update((c) => {
    c.memory.backend = on ? 'mem0' : 'builtin';
    return c;
  });
}

describe('mem0 on the managed qdrant (stand-in executable)', () => {
  it('stand-in: local-store memories move into qdrant once it runs; recall, explorer, switch and close all use it', async () => {
    const home = tempHome();
    // 1. Before qdrant is available: mem0 runs on its local store.
    const first = open(home, { enabled: false });
    useMem0(first, true);
    await first.chat.send(first.sessions.create({ agentId: 'default' }).id, 'I live in Porto.');
    await first.mem0.idle();
    const local = () => readLocalStore(first.mem0.layout.localVectors, false).map((p) => p.payload.data);
    expect(local()).toEqual(['User lives in Porto']);
    first.close();

    // 2. Next start, qdrant can run: it starts (warm), and the local memories move into it.
    const engine = open(home, { binary: STANDIN, port: await ephemeralPort(), readyTimeoutMs: 15_000 });
    await waitFor(() => engine.mem0.status().phase === 'ready', 20_000, 'qdrant to be ready');
    await waitFor(() => engine.mem0.status().pendingObservations === 0, 10_000, 'the move');
    await engine.mem0.idle();
    expect(local()).toEqual([]);
    const status = engine.mem0.status();
    expect(status).toMatchObject({ backend: 'mem0', phase: 'ready', store: { kind: 'qdrant' }, qdrant: { phase: 'ready' } });
    const listed = await engine.mem0.entries();
    expect(listed.entries.map((e) => [e.text, e.store])).toEqual([['User lives in Porto', 'qdrant']]);

    // 3. Recall reads qdrant; new observations land there.
    const s = engine.sessions.create({ agentId: 'default' });
    await engine.chat.send(s.id, 'Where does the user live? Also, I play the guitar.');
    await engine.mem0.idle();
    expect(lastSystem()).toContain('- User lives in Porto');
    expect((await engine.mem0.entries()).entries.map((e) => e.text).sort()).toEqual(['User lives in Porto', 'User plays the guitar']);
    expect(local()).toEqual([]);
    const proj = await engine.mem0.projection();
    expect(proj.points).toHaveLength(2);
    expect(proj.dimension).toBe(DIM);

    // 4. Switching to the built-in backend stops qdrant and deletes nothing; switching back finds it all.
    const pid = engine.mem0.status().qdrant.pid!;
    useMem0(engine, false);
    await waitFor(() => !isAlive(pid), 10_000, 'qdrant to stop');
    expect(engine.mem0.status().qdrant.phase).toBe('not-needed');
    useMem0(engine, true);
    await waitFor(() => engine.mem0.status().phase === 'ready', 20_000, 'qdrant to be ready again');
    expect((await engine.mem0.entries()).entries.map((e) => e.text).sort()).toEqual(['User lives in Porto', 'User plays the guitar']);

    // 5. Deleting from the explorer deletes in qdrant.
    const guitar = (await engine.mem0.entries({ query: 'guitar' })).entries[0];
    await engine.mem0.delete(guitar.id);
    expect((await engine.mem0.entries()).entries.map((e) => e.text)).toEqual(['User lives in Porto']);

    // 6. Closing the engine stops qdrant.
    const pid2 = engine.mem0.status().qdrant.pid!;
    engine.close();
    await waitFor(() => !isAlive(pid2), 10_000, 'qdrant to stop on close');
  }, 90_000);

  it('stand-in: when qdrant cannot boot, mem0 falls back to its local store and says so', async () => {
    const engine = open(tempHome(), { binary: STANDIN, port: await ephemeralPort(), restart: { maxCrashes: 2, initialDelayMs: 20 }, env: { STANDIN_MODE: 'crash' } });
    useMem0(engine, true);
    await waitFor(() => engine.mem0.status().phase === 'fallback', 20_000, 'the fallback');
    const st = engine.mem0.status();
    expect(st.message).toMatch(/qdrant could not run \(qdrant crashed 2 times in a row.*\); mem0 uses its local SQLite store instead/);
    expect(st.store?.kind).toBe('local');
    await engine.chat.send(engine.sessions.create({ agentId: 'default' }).id, 'I live in Porto.');
    await engine.mem0.idle();
    expect((await engine.mem0.entries()).entries.map((e) => [e.text, e.store])).toEqual([['User lives in Porto', 'local']]);
  }, 60_000);

  it('stand-in: memory.mem0.vectorStore (a remote qdrant URL + key) overrides the managed qdrant, which is never started', async () => {
    const dir = tempHome();
    const port = await ephemeralPort();
    mkdirSync(join(dir, 'storage'), { recursive: true });
    writeFileSync(join(dir, 'config.yaml'), JSON.stringify({ service: { host: '127.0.0.1', http_port: port }, storage: { storage_path: join(dir, 'storage') } }));
    const remote = spawn(STANDIN, ['--config-path', join(dir, 'config.yaml')], { stdio: 'ignore', env: { PATH: process.env.PATH, QDRANT__SERVICE__API_KEY: 'remote-cluster-key' } });
    try {
      const engine = open(tempHome(), { binary: STANDIN, port: await ephemeralPort() });
      engine.secrets.set(VECTOR_STORE_KEY_REF, 'remote-cluster-key', { origin: `http://127.0.0.1:${port}` });
      engine.config.update((c) => {
        c.memory.backend = 'mem0';
        c.memory.mem0.vectorStore = { url: `http://127.0.0.1:${port}`, collection: 'team_memories' };
        return c;
      });
      await waitForReady(port);
      await engine.chat.send(engine.sessions.create({ agentId: 'default' }).id, 'I live in Porto.');
      await engine.mem0.idle();
      const st = engine.mem0.status();
      expect(st).toMatchObject({ phase: 'ready', store: { kind: 'remote' }, qdrant: { phase: 'not-needed' } });
      expect(st.lastError).toBeNull();
      const listed = await engine.mem0.entries();
      expect(listed.entries.map((e) => [e.text, e.store])).toEqual([['User lives in Porto', 'remote']]);
      expect(listed.sources[0]).toContain('team_memories');
      expect(engine.mem0.qdrant.status().pid).toBeNull(); // the managed one never ran
    } finally {
      remote.kill('SIGKILL');
    }
  }, 60_000);
});

async function waitForReady(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the stand-in on port ${port} never became ready`);
}
