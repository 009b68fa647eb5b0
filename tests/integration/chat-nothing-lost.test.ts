// Nothing lost, errors in words (issue 29 §3): a connection that drops mid-reply keeps what arrived,
// marked as cut off with the reason; a provider that cannot be reached is named with its address and
// what to do, never a bare socket code. The real AI SDK client against loopback servers.
import { createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { CUT_OFF_PREFIX } from '../../src/shared/reply-marks';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { TEST_KEY, useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm({ requireKey: TEST_KEY });
});
afterEach(async () => {
  await llm.close();
});

function stored(engine: Engine, sessionId: string) {
  return engine.messages.list(sessionId).items.map((m) => [m.role, m.content, m.error]);
}

async function failure(turn: Promise<unknown>): Promise<{ code: string; message: string; details?: { messageId?: string } }> {
  return turn.then(
    () => {
      throw new Error('the turn was expected to fail');
    },
    (e) => e,
  );
}

/** A loopback port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const PARTIAL = 'The first three steps are: mix, knead and';
const host = () => new URL(llm.url).host;

describe('a reply cut off mid-stream', () => {
  // [provider kind, how the connection ends, what the reason says]
  const cases: ['openai' | 'anthropic' | 'openai-compatible', 'reset' | 'end', RegExp][] = [
    ['openai', 'reset', /connection to Scripted at 127\.0\.0\.1:\d+ dropped before the reply was finished/],
    ['anthropic', 'reset', /connection to Scripted at 127\.0\.0\.1:\d+ dropped before the reply was finished/],
    // The issue's own case: an OpenAI-compatible server (Ollama, LM Studio) ends the stream without a finish reason.
    ['openai-compatible', 'end', /Scripted at 127\.0\.0\.1:\d+ stopped sending before the reply was finished/],
    // The OpenAI and Anthropic clients take such a stream as finished: the turn loop notices it was not.
    ['openai', 'end', /Scripted at 127\.0\.0\.1:\d+ stopped sending before the reply was finished/],
    ['anthropic', 'end', /Scripted at 127\.0\.0\.1:\d+ stopped sending before the reply was finished/],
  ];
  for (const [kind, how, reason] of cases) {
    it(`keeps the partial reply, marked as cut off with the reason (${kind}, ${how})`, async () => {
      const engine = openEngine();
      useScriptedModel(engine, llm, { kind });
      const session = engine.sessions.create({ agentId: 'default' });
      llm.enqueue({ kind: 'stream_then_drop', text: PARTIAL, how });
      const err = await failure(engine.chat.send(session.id, 'How do I make bread?'));

      expect(err.code).toBe('PROVIDER_ERROR');
      expect(err.message.startsWith(CUT_OFF_PREFIX)).toBe(true);
      expect(err.message).toMatch(reason);
      expect(err.message).toContain(host());
      expect(err.message).not.toMatch(/finish reason|terminated|UND_ERR|ECONNRESET/);
      const rows = stored(engine, session.id);
      expect(rows).toEqual([
        ['user', 'How do I make bread?', null],
        ['assistant', PARTIAL, err.message],
      ]);
      expect(engine.messages.list(session.id).items[1].id).toBe(err.details?.messageId);
    });
  }

  it('Continue sends the partial reply back to the model; Retry replaces it', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm, { kind: 'openai-compatible' });
    const session = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'stream_then_drop', text: PARTIAL, how: 'end' });
    await failure(engine.chat.send(session.id, 'How do I make bread?'));

    // Continue: the model is asked for the rest, with what it already said in its history.
    llm.enqueue({ kind: 'text', text: 'shape the loaf.' });
    await engine.chat.send(session.id, 'Please continue where your reply was cut off.');
    const sent = llm.chatRequests().at(-1)!.body.messages as { role: string; content: unknown }[];
    expect(sent.filter((m) => m.role === 'assistant').map((m) => JSON.stringify(m.content))).toEqual([expect.stringContaining('mix, knead and')]);

    // Retry on a fresh cut: the partial reply and its mark give way to the full one.
    llm.enqueue({ kind: 'stream_then_drop', text: PARTIAL, how: 'end' });
    await failure(engine.chat.send(session.id, 'And cake?'));
    llm.enqueue({ kind: 'text', text: 'Cake: cream, fold, bake.' });
    await engine.chat.regenerate(session.id);
    expect(stored(engine, session.id).slice(-2)).toEqual([
      ['user', 'And cake?', null],
      ['assistant', 'Cake: cream, fold, bake.', null],
    ]);
  });
});

describe('provider errors in words', () => {
  it('an unreachable local Ollama is named with its address and how to start it', async () => {
    const port = await closedPort();
    const engine = openEngine();
    engine.providers.save({ id: 'ollama', kind: 'openai-compatible', name: 'Ollama', baseURL: `http://127.0.0.1:${port}/v1`, models: ['llama3.2'] }, null);
    engine.config.update((c) => {
      c.models.roles.chat = { provider: 'ollama', model: 'llama3.2' };
      return c;
    });
    const session = engine.sessions.create({ agentId: 'default' });
    const err = await failure(engine.chat.send(session.id, 'hello'));
    expect(err.code).toBe('PROVIDER_ERROR');
    expect(err.message).toBe(`Could not reach Ollama at 127.0.0.1:${port}: nothing is answering there. Is Ollama running? Start it with \`ollama serve\`.`);
    // The marker the person sees says the same; nothing of the partial kind is kept (nothing arrived).
    expect(stored(engine, session.id)).toEqual([
      ['user', 'hello', null],
      ['assistant', '', err.message],
    ]);
  });

  it('a server error names the provider and its address, and says what to do', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm, { kind: 'openai-compatible' });
    const session = engine.sessions.create({ agentId: 'default' });
    // Both attempts fail; `retry-after-ms: 0` (OpenAI's header) spares the SDK's 2 s wait between them.
    llm.enqueue({ kind: 'error', status: 503, headers: { 'retry-after-ms': '0' } }, { kind: 'error', status: 503, headers: { 'retry-after-ms': '0' } });
    const err = await failure(engine.chat.send(session.id, 'hello'));
    expect(err.message).toMatch(new RegExp(`^Scripted \\(gpt-4o-mini\\) at ${host().replace(/\./g, '\\.')} answered with an error \\(503\\): a problem on its side`));
    expect(err.message).toMatch(/Retry in a moment/);
  });
});
