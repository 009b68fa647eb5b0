// Hybrid search (issue 20): with an embedding model configured, messages get vectors in the background
// and searches fuse the words' ranking with the nearest messages by meaning (reciprocal rank); with
// none, search is words only and sends nothing anywhere; a failing endpoint degrades to words.
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { reciprocalRankFusion } from '../../src/main/search/fusion';
import { DEFAULT_RANK_PARAMS } from '../../src/main/search/rank';
import type { SearchResults } from '../../src/shared/search';
import { fromBlob } from '../../src/main/search/message-vectors';
import { embedText, startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, waitFor } from '../helpers/temp-home';

// Wide vectors: the fixture hashes words into buckets, and few collisions keep "shares no word" far.
const DIM = 1024;
const MODEL_KEY = 'scripted#text-embedding-3-small';

const TEXTS = [
  'We planned a hiking trip to the mountains for next summer',
  'hiking boots hiking socks hiking poles, all on sale this week',
  'The mountains were covered in snow when we drove past',
  'I made pancakes for breakfast this morning',
  'My sister adopted a puppy from the shelter',
  'The quarterly report is due on Friday',
  'Remember to water the plants',
  // Shares no word search looks up with the query below, and sits far from the turns that do.
  'what about the weather on the weekend, is it going to rain',
];
const WEATHER = TEXTS.length - 1;

const servers: ScriptedLlm[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function setup(roles: Array<'chat' | 'memory' | 'embedding'>): Promise<{ engine: Engine; llm: ScriptedLlm; seqs: Map<string, number>; ids: Map<number, string> }> {
  const llm = await startScriptedLlm({ embeddingDim: DIM });
  servers.push(llm);
  const engine = openEngine();
  useScriptedModel(engine, llm, { roles });
  const session = engine.sessions.create({ agentId: 'default', title: 'Plans' });
  const seqs = new Map<string, number>();
  const ids = new Map<number, string>();
  for (const [i, content] of TEXTS.entries()) {
    const m = engine.messages.append({ sessionId: session.id, role: i % 2 ? 'assistant' : 'user', content });
    const seq = engine.appDb.prepare(`SELECT seq FROM messages WHERE id = ?`).pluck().get(m.id) as number;
    seqs.set(m.id, seq);
    ids.set(seq, m.id);
  }
  return { engine, llm, seqs, ids };
}

const embeddingCalls = (llm: ScriptedLlm) => llm.requests.filter((r) => r.api === 'openai-embeddings');
const vectorRows = (engine: Engine) =>
  engine.appDb.prepare(`SELECT seq, model, dim, vec FROM message_vectors ORDER BY seq`).all() as Array<{ seq: number; model: string; dim: number; vec: Buffer }>;

describe('hybrid message search', () => {
  it('with no embedding model, search is words only: no vectors, not one request to any server', async () => {
    const { engine, llm } = await setup(['chat', 'memory']);
    const r = await engine.search.query({ query: 'hiking trip to the mountains', agentId: 'default' });
    expect(r.mode).toBe('words');
    expect(r.notice).toBeUndefined();
    expect(r.messages.map((m) => m.snippet)).toEqual(engine.search.search({ query: 'hiking trip to the mountains', agentId: 'default' }).messages.map((m) => m.snippet));
    expect(r.messages[0].snippet).toContain('hiking trip');
    expect(await dispatch(createHandlers(engine), 'search.status', {})).toEqual({ ok: true, data: { state: 'off' } });
    await engine.embeddings.drain();
    expect(vectorRows(engine)).toEqual([]);
    expect(llm.requests).toEqual([]);
  });

  it('stores each message as a Float32 vector tagged with its model, in the background, and resumes what is missing', async () => {
    const { engine, llm, seqs } = await setup(['chat', 'memory', 'embedding']);
    // An incognito chat is never sent to the embedding provider.
    const secret = engine.sessions.create({ agentId: 'default', title: 'Private', incognito: true });
    engine.messages.append({ sessionId: secret.id, role: 'user', content: 'my incognito diary entry' });
    await waitFor(() => vectorRows(engine).length === TEXTS.length, 10_000, 'every message embedded');
    await waitFor(() => engine.embeddings.status().state === 'ready', 5_000, 'the embedder idle');
    const rows = vectorRows(engine);
    expect(rows.every((r) => r.model === MODEL_KEY && r.dim === DIM && r.vec.length === DIM * 4)).toBe(true);
    // The stored vector is what the endpoint returned for that message's text.
    const first = rows.find((r) => r.seq === [...seqs.values()][0])!;
    const want = embedText(TEXTS[0], DIM);
    expect(Array.from(fromBlob(first.vec)).every((x, i) => Math.abs(x - want[i]) < 1e-6)).toBe(true);
    expect(embeddingCalls(llm).flatMap((c) => c.body.input as string[])).not.toContain('my incognito diary entry');
    // Batched: far fewer requests than messages.
    const before = embeddingCalls(llm).length;
    expect(before).toBeLessThan(TEXTS.length);

    // Vectors lost (an interrupted run): only those are embedded again, in one request.
    engine.appDb.prepare(`DELETE FROM message_vectors WHERE seq IN (SELECT seq FROM message_vectors ORDER BY seq LIMIT 2)`).run();
    expect(engine.embeddings.status()).toMatchObject({ pending: 2 });
    await engine.embeddings.drain();
    const again = embeddingCalls(llm).slice(before);
    expect(again).toHaveLength(1);
    expect(again[0].body.input).toEqual(TEXTS.slice(0, 2));
    expect(vectorRows(engine)).toHaveLength(TEXTS.length);

    // Another embedding model: every message is embedded again under its name.
    engine.config.update((c) => {
      c.models.roles.embedding = { provider: 'scripted', model: 'text-embedding-3-large' };
      return c;
    });
    await waitFor(() => vectorRows(engine).every((r) => r.model === 'scripted#text-embedding-3-large'), 10_000, 're-embedded with the new model');
    expect(embeddingCalls(llm).at(-1)!.body.model).toBe('text-embedding-3-large');
  });

  it('fuses the words ranking with the nearest messages by reciprocal rank', async () => {
    const { engine, llm, ids } = await setup(['chat', 'memory', 'embedding']);
    await waitFor(() => vectorRows(engine).length === TEXTS.length, 10_000, 'every message embedded');
    const query = 'what about the hiking trip to the mountains';
    const words = engine.search.search({ query, agentId: 'default', k: 50 }).messages.map((m) => m.messageId);
    const r = await engine.search.query({ query, agentId: 'default', k: 10 });
    expect(r.mode).toBe('hybrid');
    // The query itself was embedded (one more request, with the query's text).
    expect(embeddingCalls(llm).at(-1)!.body.input).toEqual([query]);

    // The expected order, computed independently: words ranking + cosine ranking of the fixture's vectors.
    const q = embedText(query, DIM);
    const byMeaning = [...ids.entries()]
      .map(([seq]) => {
        const v = embedText(TEXTS[seq - Math.min(...ids.keys())], DIM);
        return [seq, v.reduce((s, x, i) => s + x * q[i], 0)] as const;
      })
      .sort((a, b) => b[1] - a[1] || b[0] - a[0])
      .map(([seq]) => seq);
    const seqOf = new Map([...ids.entries()].map(([seq, id]) => [id, seq]));
    const { semanticWeight, fusionK } = DEFAULT_RANK_PARAMS;
    const fused = reciprocalRankFusion([{ seqs: words.map((id) => seqOf.get(id)!), weight: 1 }, { seqs: byMeaning, weight: semanticWeight }], fusionK).map(([seq]) => ids.get(seq));
    expect(r.messages.map((m) => m.messageId)).toEqual(fused.slice(0, r.messages.length));

    // Fusion changed the ranking: a message without any of the query's words ("what about the weather"),
    // close in the vectors, is found; words alone never find it.
    const weather = [...ids.values()][WEATHER];
    expect(words).not.toContain(weather);
    expect(r.messages.map((m) => m.messageId)).toContain(weather);
    // The message both rankings put first stays first.
    expect(r.messages[0].snippet).toContain('hiking trip');
  });

  it('a failing embedding endpoint degrades to words with a notice, never an error', async () => {
    const { engine, llm } = await setup(['chat', 'memory', 'embedding']);
    await waitFor(() => vectorRows(engine).length === TEXTS.length, 10_000, 'every message embedded');
    await llm.close();
    servers.length = 0;
    // Through the contract, as the app asks: results, not an error.
    const asked = await dispatch(createHandlers(engine), 'search.query', { query: 'hiking trip', agentId: 'default' });
    expect(asked.ok).toBe(true);
    const r = (asked as { ok: true; data: SearchResults }).data;
    expect(r.mode).toBe('words');
    expect(r.notice).toMatch(/^Searched by words only: Scripted \(text-embedding-3-small\) could not embed the question/);
    expect(r.messages.map((m) => m.messageId)).toEqual(engine.search.search({ query: 'hiking trip', agentId: 'default' }).messages.map((m) => m.messageId));
    // New messages wait for the endpoint; the status says why.
    engine.messages.append({ sessionId: engine.sessions.list('default')[0].id, role: 'user', content: 'new words after the outage' });
    await waitFor(() => engine.embeddings.status().state === 'failing', 10_000, 'the embedder failing');
    expect(await dispatch(createHandlers(engine), 'search.status', {})).toMatchObject({
      ok: true,
      data: { state: 'failing', model: 'Scripted (text-embedding-3-small)', pending: 1, reason: expect.stringMatching(/Could not reach Scripted/) },
    });
  });
});
