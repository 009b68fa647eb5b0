// The mem0 backend end to end against the scripted OpenAI-wire server, with mem0's local store (the
// managed qdrant is turned off here, as it is in effect on any machine that cannot download it):
// turns are observed in the background, later turns recall what is relevant to them, the memory tool
// does not write, learned rules are still injected, and switching backends is hot and loses nothing.
// The explorer test alone gives the engine a qdrant that can start — the STAND-IN executable of
// tests/fixtures/qdrant-standin (no real qdrant binary can be downloaded here) — and checks it is not.
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { MEM0_TOOL_NOTE } from '../../src/main/memory/mem0/render';
import { ephemeralPort } from '../../src/main/memory/qdrant/ports';
import { cosine, embedText, startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';

const DIM = 256;
let llm: ScriptedLlm;

/** What the scripted "memory model" extracts from a turn, keyed by a phrase of the user's message. */
const EXTRACTIONS: [RegExp, string[]][] = [
  [/live in Porto/i, ['User lives in Porto']],
  [/cat named Miso/i, ['Miso is a ginger cat']],
  [/vegetarian/i, ['User is vegetarian']],
];

function isExtraction(req: RecordedRequest): boolean {
  return req.api === 'openai-chat' && req.body?.response_format?.type === 'json_object';
}

function newMessagesOf(req: RecordedRequest): string {
  const user = req.body.messages.find((m: { role: string }) => m.role === 'user').content as string;
  return user.slice(user.indexOf('## New Messages'), user.indexOf('## Observation Date'));
}

beforeEach(async () => {
  llm = await startScriptedLlm({ embeddingDim: DIM });
  llm.setDefault((req) => {
    if (!isExtraction(req)) return { kind: 'text', text: 'Noted.' };
    const turn = newMessagesOf(req);
    const memory = EXTRACTIONS.filter(([re]) => re.test(turn)).flatMap(([, texts]) => texts);
    // mem0's reply format: {"memory":[{"id","text","attributed_to"}]}
    return { kind: 'json', value: { memory: memory.map((text, i) => ({ id: String(i), text, attributed_to: 'user' })) } };
  });
});
afterEach(async () => {
  await llm.close();
});

const STANDIN = resolve(import.meta.dirname, '../fixtures/qdrant-standin/qdrant.mjs');

function setup(home?: string): Engine {
  const engine = openEngine({ ...(home ? { home } : {}), qdrant: { enabled: false } });
  useScriptedModel(engine, llm, { roles: ['chat', 'memory', 'embedding'] });
  engine.config.update((c) => {
    c.memory.backend = 'mem0';
    return c;
  });
  return engine;
}

/** The system prompt of the last chat (non-extraction) request. */
function lastSystem(): string {
  const chats = llm.chatRequests().filter((r) => !isExtraction(r));
  return chats.at(-1)!.body.messages.find((m: { role: string }) => m.role === 'system').content;
}

async function turn(engine: Engine, sessionId: string, text: string): Promise<string> {
  await engine.chat.send(sessionId, text);
  await engine.mem0.idle();
  return lastSystem();
}

describe('mem0 backend (scripted OpenAI-wire server, local store)', () => {
  it('observes a turn, then recalls what is relevant to a later message in its system prompt', async () => {
    const engine = setup();
    const s1 = engine.sessions.create({ agentId: 'default' });
    await turn(engine, s1.id, 'Hi! I live in Porto, by the river.');

    // One extraction call with mem0's own (long) prompt and JSON mode, fed the user + assistant text.
    const extractions = llm.requests.filter(isExtraction);
    expect(extractions).toHaveLength(1);
    expect(extractions[0].body.messages[0].content.length).toBeGreaterThan(10_000);
    expect(newMessagesOf(extractions[0])).toContain('user: Hi! I live in Porto, by the river.');
    expect(newMessagesOf(extractions[0])).toContain('assistant: Noted.');
    // Models come from the registry roles: the memory model for extraction, the embedding model for vectors.
    expect(extractions[0].body.model).toBe('gpt-4o-mini');
    expect(llm.requests.some((r) => r.api === 'openai-embeddings' && r.body.model === 'text-embedding-3-small')).toBe(true);
    expect(extractions[0].headers.authorization).toBe('Bearer sk-test-monad-0123456789abcdefXYZ');

    await turn(engine, s1.id, 'Also, I have a cat named Miso.');
    const stored = (await engine.mem0.entries()).entries.map((e) => e.text).sort();
    expect(stored).toEqual(['Miso is a ginger cat', 'User lives in Porto']);

    // A later session: the memory relevant to the message is in the system prompt; the unrelated one is not.
    const query = 'What do you know about where the user lives?';
    expect(cosine(embedText(query, DIM), embedText('Miso is a ginger cat', DIM))).toBeLessThan(0.1);
    const s2 = engine.sessions.create({ agentId: 'default' });
    const sys = await turn(engine, s2.id, query);
    expect(sys).toContain('## Relevant memories\n- User lives in Porto');
    expect(sys).not.toContain('Miso');
    expect(sys).toContain(MEM0_TOOL_NOTE);

    // Not frozen: the next message in the same session recalls what is relevant to it.
    const sys2 = await turn(engine, s2.id, 'Tell me something about Miso the cat.');
    expect(sys2).toContain('- Miso is a ginger cat');

    // Every file mem0 wrote is under the home's memory/mem0/.
    const dir = join(engine.paths.memory, 'mem0');
    expect(readdirSync(dir).sort()).toEqual(expect.arrayContaining(['config.json', 'history.db', 'state.json', 'vector_store.db', 'vector_store_entities.db']));
    expect(process.env.MEM0_DIR).toBe(dir);
    expect(process.env.MEM0_TELEMETRY).toBe('false');
    expect(existsSync(join(process.cwd(), 'memory.db'))).toBe(false);
    // Nothing but the scripted server was contacted (no telemetry, no notices).
    expect(llm.requests.every((r) => r.path.startsWith('/v1/'))).toBe(true);
  });

  it("the memory tool's writes are no-ops that say so, and nothing reaches the built-in store", async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'w1', name: 'memory', args: { action: 'record', scope: 'global', text: 'User lives in Porto' } }] },
      { kind: 'text', text: 'Done.' },
    );
    await turn(engine, s.id, 'Remember that I live in Porto.');
    const tool = engine.messages.list(s.id).items.find((m) => m.role === 'tool')!;
    expect(tool.content).toMatch(/^Not saved: memory is managed by the mem0 backend/);
    expect(engine.facts.memory.read('global').facts).toEqual([]);
    // mem0 itself learned it from the conversation.
    expect((await engine.mem0.entries()).entries.map((e) => e.text)).toEqual(['User lives in Porto']);
  });

  it('appends the L3 learned rules on the mem0 backend too', async () => {
    const engine = setup();
    engine.laws.store.replaceScope('global', [{ statement: 'The user prefers metric units', confidence: 0.8, support: [] }], 'fp');
    const s = engine.sessions.create({ agentId: 'default' });
    const sys = await turn(engine, s.id, 'How far is it?');
    const block = sys.slice(sys.lastIndexOf('<data source="memory">'));
    expect(block).toContain('## Relevant memories\n(Nothing stored seems relevant to this message.)');
    expect(block).toContain('## Learned rules\n- The user prefers metric units (confidence 0.80)');
  });

  it('never observes an incognito session, but still recalls for it', async () => {
    const engine = setup();
    const s1 = engine.sessions.create({ agentId: 'default' });
    await turn(engine, s1.id, 'I live in Porto.');
    const before = llm.requests.filter(isExtraction).length;
    const secret = engine.sessions.create({ agentId: 'default', incognito: true });
    const sys = await turn(engine, secret.id, 'I am vegetarian; where does the user live?');
    expect(llm.requests.filter(isExtraction).length).toBe(before);
    expect((await engine.mem0.entries()).entries.map((e) => e.text)).toEqual(['User lives in Porto']);
    expect(sys).toContain('- User lives in Porto');
  });

  it('keeps memories per agent: one agent does not recall what another was told', async () => {
    const engine = setup();
    const other = engine.agents.create({ name: 'Work' });
    await turn(engine, engine.sessions.create({ agentId: 'default' }).id, 'I live in Porto.');
    const sys = await turn(engine, engine.sessions.create({ agentId: other.id }).id, 'Where does the user live?');
    expect(sys).not.toContain('User lives in Porto');
    const e = (await engine.mem0.entries({ agentId: 'default' })).entries[0];
    expect(e).toMatchObject({ agentId: 'default', userId: 'local', store: 'local' });
    expect(e.metadata.sessionId).toBeDefined();
    expect((await engine.mem0.entries({ agentId: other.id })).entries).toEqual([]);
  });

  it('redacts secrets before mem0 sees the turn', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    await turn(engine, s.id, 'My deploy token is ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 and I live in Porto.');
    const sent = newMessagesOf(llm.requests.filter(isExtraction)[0]);
    expect(sent).not.toContain('ghp_A1b2C3d4');
    expect(sent).toContain('[REDACTED:');
  });

  it('redacts a value held in the secret store, though no pattern knows its shape, before mem0 sees the turn', async () => {
    const engine = setup();
    const key = 'zq-custom-7f3a9b2c1d';
    engine.providers.save({ id: 'lab', kind: 'openai-compatible', name: 'Lab', baseURL: 'https://lab.example/v1', models: ['lab-1'] }, key);
    const s = engine.sessions.create({ agentId: 'default' });
    await turn(engine, s.id, `The lab box opens with ${key}, and I live in Porto.`);
    const sent = newMessagesOf(llm.requests.filter(isExtraction)[0]);
    expect(sent).toContain('I live in Porto');
    expect(sent).not.toContain(key);
    expect(sent).toContain('[REDACTED:stored-secret]');
  });

  it('switches backends hot, both ways, losing nothing in either store', async () => {
    const engine = setup();
    engine.facts.memory.record('global', 'User speaks Portuguese');
    const s = engine.sessions.create({ agentId: 'default' });
    await turn(engine, s.id, 'I live in Porto.');

    engine.config.update((c) => {
      c.memory.backend = 'builtin';
      return c;
    });
    const s2 = engine.sessions.create({ agentId: 'default' });
    const builtin = await turn(engine, s2.id, 'Where does the user live? I live in Porto, you know.');
    expect(builtin).not.toContain('## Relevant memories');
    expect(builtin).toMatch(/- (\([^)]*\) )?User speaks Portuguese/); // (the line may carry its origin class)
    expect(llm.requests.filter(isExtraction)).toHaveLength(1); // not observed on the built-in backend
    expect(engine.mem0.status()).toMatchObject({ backend: 'builtin', phase: 'not-needed' });

    engine.config.update((c) => {
      c.memory.backend = 'mem0';
      return c;
    });
    const s3 = engine.sessions.create({ agentId: 'default' });
    const back = await turn(engine, s3.id, 'Where does the user live?');
    expect(back).toContain('- User lives in Porto');
    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['User speaks Portuguese']);
  });

  it('reports its status: fallback to the local store when qdrant cannot run, failed without an embedding model', async () => {
    const engine = setup();
    const st = engine.mem0.status();
    expect(st).toMatchObject({ backend: 'mem0', phase: 'fallback', store: { kind: 'local' }, models: { memory: 'Scripted / gpt-4o-mini', embedding: 'Scripted / text-embedding-3-small' } });
    expect(st.message).toMatch(/local SQLite store/);
    engine.config.update((c) => {
      delete c.models.roles.embedding;
      return c;
    });
    expect(engine.mem0.status()).toMatchObject({ phase: 'failed', message: expect.stringMatching(/needs an embedding model/) });
    // Recall then degrades gracefully: the turn still runs, and says recall is unavailable.
    const sys = await turn(engine, engine.sessions.create({ agentId: 'default' }).id, 'hello');
    expect(sys).toContain('(Memory recall is unavailable right now.)');
    expect(engine.mem0.status().lastError).toMatch(/mem0 could not observe the turn|mem0 recall failed/);
  });

  it('the explorer channels list, search, project and delete entries — without starting a (stand-in) qdrant that could start', async () => {
    // Three memories in mem0's local store, written with the managed qdrant off; then the backend is
    // switched back to the built-in memory, as a person does who still browses what mem0 kept.
    const home = tempHome();
    const writer = setup(home);
    const s = writer.sessions.create({ agentId: 'default' });
    await turn(writer, s.id, 'I live in Porto.');
    await turn(writer, s.id, 'I have a cat named Miso.');
    await turn(writer, s.id, 'I am vegetarian.');
    writer.config.update((c) => {
      c.memory.backend = 'builtin';
      return c;
    });
    writer.close();

    // The same home, now with a qdrant that can start (the stand-in, which writes a record file when it
    // is run), on a long-running host: only mem0 being switched on may start it, never the explorer.
    const record = join(home, 'standin-started.json');
    chmodSync(STANDIN, 0o755);
    const engine = openEngine({ home, qdrant: { binary: STANDIN, port: await ephemeralPort(), readyTimeoutMs: 15_000, env: { STANDIN_RECORD: record } } });
    useScriptedModel(engine, llm, { roles: ['chat', 'memory', 'embedding'] });
    const handlers = createHandlers(engine);
    const ok = async <T>(channel: string, input: unknown): Promise<T> => {
      const r = await dispatch(handlers, channel, input);
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.data as T;
    };
    const notStarted = () => {
      expect(existsSync(record), 'the stand-in qdrant was run').toBe(false);
      expect(engine.mem0.status().qdrant).toMatchObject({ phase: 'not-needed' });
      expect(engine.mem0.status().qdrant.pid ?? null).toBeNull();
    };

    const all = await ok<{ entries: { id: string; text: string; createdAt: string }[]; total: number; notes: string[] }>('mem0.entries', {});
    expect(all.total).toBe(3);
    expect(all.entries.every((e) => e.createdAt)).toBe(true);
    expect(all.notes.join(' ')).toMatch(/qdrant is not running, so only the local store is shown \(it is never started just to browse\)/);
    const found = await ok<{ entries: { text: string }[] }>('mem0.entries', { query: 'porto' });
    expect(found.entries.map((e) => e.text)).toEqual(['User lives in Porto']);

    const proj = await ok<{ points: { id: string; x: number; y: number; text: string }[]; dimension: number; explained: number[] }>('mem0.projection', {});
    expect(proj.dimension).toBe(DIM);
    expect(proj.points).toHaveLength(3);
    expect(proj.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
    expect(proj.explained[0]).toBeGreaterThan(0);

    const miso = all.entries.find((e) => e.text.includes('Miso'))!;
    await ok('mem0.delete', { id: miso.id });
    expect((await ok<{ entries: { text: string }[] }>('mem0.entries', {})).entries.map((e) => e.text).sort()).toEqual(['User is vegetarian', 'User lives in Porto']);
    const missing = await dispatch(handlers, 'mem0.delete', { id: miso.id });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    const status = await ok<{ qdrant: { phase: string } }>('mem0.status', {});
    expect(status.qdrant.phase).toBe('not-needed');
    // A start is a spawn in the background: give one the time to show before saying none happened.
    await new Promise((r) => setTimeout(r, 500));
    notStarted();

    // The control: this qdrant does start, once mem0 is switched on (so the checks above could fail).
    engine.config.update((c) => {
      c.memory.backend = 'mem0';
      return c;
    });
    await waitFor(() => existsSync(record), 20_000, 'the stand-in qdrant to be started by the switch to mem0');
    await waitFor(() => engine.mem0.status().qdrant.phase === 'ready', 20_000, 'qdrant to be ready');
    await engine.mem0.idle(); // the local memories' move into it, before the engine closes
  }, 90_000);
});
