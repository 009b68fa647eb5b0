// Exercises the scripted LLM fixture through the real AI SDK clients, which also proves the wire formats.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APICallError,
  embed,
  embedMany,
  generateObject,
  generateText,
  Output,
  RetryError,
  stepCountIs,
  streamText,
  tool,
  type LanguageModel,
  type TextStreamPart,
  type ToolSet,
} from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createAnthropic } from '@ai-sdk/anthropic';
import { cosine, startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';

const KEY = 'sk-test-key';

// The AI SDK logs provider warnings (e.g. unsupported responseFormat) to the console; keep test output clean.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

let llm: ScriptedLlm;

beforeEach(async () => {
  llm = await startScriptedLlm();
});

afterEach(async () => {
  await llm.close();
});

function openaiChat(model = 'gpt-4o-mini'): LanguageModel {
  return createOpenAI({ baseURL: `${llm.url}/v1`, apiKey: KEY }).chat(model);
}

function compat(opts: { includeUsage?: boolean; supportsStructuredOutputs?: boolean } = {}) {
  return createOpenAICompatible({ name: 'local', baseURL: `${llm.url}/v1`, apiKey: KEY, ...opts });
}

function anthropic(model = 'claude-sonnet-4-5'): LanguageModel {
  return createAnthropic({ baseURL: `${llm.url}/v1`, apiKey: KEY })(model);
}

async function catchError(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the promise to reject');
}

const weatherTool = () =>
  tool({
    description: 'Get the weather for a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, tempC: 21 }),
  });

/** Collects a streamText run: text deltas, errors and the finish reason. */
async function drain<TOOLS extends ToolSet>(result: { fullStream: AsyncIterable<TextStreamPart<TOOLS>> }) {
  const deltas: string[] = [];
  const errors: unknown[] = [];
  let finishReason: string | undefined;
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') deltas.push(part.text);
    else if (part.type === 'error') errors.push(part.error);
    else if (part.type === 'finish') finishReason = part.finishReason;
  }
  return { deltas, errors, finishReason, text: deltas.join('') };
}

describe('raw HTTP', () => {
  it('lists models in OpenAI shape', async () => {
    const res = await fetch(`${llm.url}/v1/models`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.object).toBe('list');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).toMatchObject({ object: 'model', owned_by: expect.any(String), id: expect.any(String) });
    expect(llm.requests[0]).toMatchObject({ path: '/v1/models', method: 'GET', api: 'models' });
  });

  it('lists models in Anthropic shape when Anthropic headers are present, and honours the models option', async () => {
    const custom = await startScriptedLlm({ models: ['claude-a', 'claude-b'] });
    try {
      const res = await fetch(`${custom.url}/v1/models`, { headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' } });
      const body = await res.json();
      expect(body).toMatchObject({ has_more: false, first_id: 'claude-a', last_id: 'claude-b' });
      expect(body.data.map((m: { id: string }) => m.id)).toEqual(['claude-a', 'claude-b']);
      expect(body.data[0]).toMatchObject({ type: 'model', display_name: 'claude-a', created_at: expect.any(String) });
      const one = await fetch(`${custom.url}/v1/models/claude-b`);
      expect(await one.json()).toMatchObject({ id: 'claude-b', object: 'model' });
      const missing = await fetch(`${custom.url}/v1/models/nope`);
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe('model_not_found');
    } finally {
      await custom.close();
    }
  });

  it('binds to 127.0.0.1 on a random port', async () => {
    const other = await startScriptedLlm();
    try {
      expect(llm.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(other.url).not.toBe(llm.url);
    } finally {
      await other.close();
    }
  });

  it('requires the key on every route when requireKey is set', async () => {
    const secured = await startScriptedLlm({ requireKey: KEY });
    try {
      secured.setDefault({ kind: 'text', text: 'ok' });
      const chatBody = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
      const post = (path: string, headers: Record<string, string>, body: string) =>
        fetch(`${secured.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

      for (const res of [
        await fetch(`${secured.url}/v1/models`),
        await fetch(`${secured.url}/v1/models`, { headers: { authorization: 'Bearer wrong' } }),
        await post('/v1/chat/completions', {}, chatBody),
        await post('/v1/embeddings', { authorization: 'Bearer wrong' }, JSON.stringify({ model: 'e', input: 'x' })),
      ]) {
        expect(res.status).toBe(401);
        const body = await res.json();
        expect(body.error).toMatchObject({ message: expect.any(String), type: 'invalid_request_error' });
        expect(body.error).toHaveProperty('code');
      }

      const anth = await post('/v1/messages', { 'x-api-key': 'wrong', 'anthropic-version': '2023-06-01' }, JSON.stringify({ model: 'claude-x', max_tokens: 10, messages: [] }));
      expect(anth.status).toBe(401);
      expect(await anth.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });

      expect((await fetch(`${secured.url}/v1/models`, { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(200);
      const ok = await post('/v1/chat/completions', { authorization: `Bearer ${KEY}` }, chatBody);
      expect(ok.status).toBe(200);
      expect((await ok.json()).choices[0].message.content).toBe('ok');
      // Unauthorised requests are recorded too.
      expect(secured.requests).toHaveLength(7);
      expect(secured.chatRequests()).toHaveLength(3);
    } finally {
      await secured.close();
    }
  });

  it('answers 500 "script exhausted" when nothing is queued, and uses FIFO queue then default', async () => {
    const post = () =>
      fetch(`${llm.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      });
    const exhausted = await post();
    expect(exhausted.status).toBe(500);
    expect((await exhausted.json()).error.message).toMatch(/script exhausted/);

    llm.enqueue({ kind: 'text', text: 'first' }, (req) => ({ kind: 'text', text: `second:${req.body.messages[0].content}` }));
    llm.setDefault({ kind: 'text', text: 'default' });
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) texts.push((await (await post()).json()).choices[0].message.content);
    expect(texts).toEqual(['first', 'second:hi', 'default']);
    llm.setDefault(null);
    expect((await post()).status).toBe(500);
  });

  // Its own 500s say "retry at once" in the header OpenAI uses for it, which the SDK honours: every retry
  // still reaches the server (a test counting requests sees them all), without the 2 s + 4 s backoff a
  // provider's 500 gets. Read from the error the SDK itself reports, on both wires.
  it.each(['openai', 'anthropic'] as const)('an %s call on an exhausted script is retried at once, every retry reaching the server', async (wire) => {
    const err = await catchError(generateText({ model: wire === 'openai' ? openaiChat() : anthropic(), prompt: 'x', maxRetries: 2 }));
    expect(RetryError.isInstance(err)).toBe(true);
    const retry = err as RetryError;
    expect(retry.errors).toHaveLength(3);
    for (const e of retry.errors) {
      expect(APICallError.isInstance(e) && e.statusCode).toBe(500);
      expect((e as APICallError).responseHeaders?.['retry-after-ms']).toBe('0');
    }
    expect(String(retry.lastError)).toMatch(/script exhausted/);
    expect(llm.chatRequests()).toHaveLength(3);
  });

  it('streams SSE chunks with a usage chunk and [DONE]', async () => {
    llm.enqueue({ kind: 'text', text: 'one two three', usage: { input: 11, output: 3 } });
    const res = await fetch(`${llm.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = (await res.text()).split('\n\n').filter(Boolean).map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('one two three');
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 } });
  });

  it('rejects bodies over the size limit with 413 and bad JSON with 400', async () => {
    const big = await fetch(`${llm.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"model":"m","messages":[],"pad":"${'x'.repeat(21 * 1024 * 1024)}"}`,
    });
    expect(big.status).toBe(413);
    const bad = await fetch(`${llm.url}/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{nope' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.type).toBe('invalid_request_error');
    expect(llm.requests.at(-1)?.body).toBe('{nope');
  });
});

describe('OpenAI provider (.chat → /chat/completions)', () => {
  it('generateText returns text, given usage and records the request', async () => {
    llm.enqueue({ kind: 'text', text: 'Hello there!', usage: { input: 12, output: 4 } });
    const result = await generateText({ model: openaiChat(), prompt: 'Say hello', maxRetries: 0 });
    expect(result.text).toBe('Hello there!');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ inputTokens: 12, outputTokens: 4, totalTokens: 16 });
    const [req] = llm.chatRequests();
    expect(req).toMatchObject({ path: '/v1/chat/completions', method: 'POST', api: 'openai-chat' });
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body.model).toBe('gpt-4o-mini');
    expect(req.body.messages).toEqual([{ role: 'user', content: 'Say hello' }]);
  });

  it('estimates usage as chars/4 when not given', async () => {
    llm.enqueue({ kind: 'text', text: 'x'.repeat(40) });
    const result = await generateText({ model: openaiChat(), prompt: 'y'.repeat(80), maxRetries: 0 });
    expect(result.usage.outputTokens).toBe(10);
    expect(result.usage.inputTokens).toBeGreaterThanOrEqual(20);
  });

  it('streamText streams the requested number of deltas and reports usage', async () => {
    llm.enqueue({ kind: 'text', text: 'The quick brown fox jumps', chunks: 3, delayMs: 5, usage: { input: 7, output: 5 } });
    const result = streamText({ model: openaiChat(), prompt: 'go', maxRetries: 0 });
    const run = await drain(result);
    expect(run.deltas).toHaveLength(3);
    expect(run.text).toBe('The quick brown fox jumps');
    expect(run.errors).toEqual([]);
    expect(await result.usage).toMatchObject({ inputTokens: 7, outputTokens: 5 });
    expect(llm.chatRequests()[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('streamText runs a tool-call round trip', async () => {
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'weather', args: { city: 'Oslo' } }] },
      { kind: 'text', text: 'It is 21°C in Oslo.' },
    );
    const executed: string[] = [];
    const result = streamText({
      model: openaiChat(),
      prompt: 'Weather in Oslo?',
      tools: {
        weather: tool({
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => {
            executed.push(city);
            return { city, tempC: 21 };
          },
        }),
      },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    const run = await drain(result);
    expect(run.errors).toEqual([]);
    expect(executed).toEqual(['Oslo']);
    expect(await result.text).toBe('It is 21°C in Oslo.');
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0].finishReason).toBe('tool-calls');
    expect(steps[0].toolCalls[0]).toMatchObject({ toolCallId: 'call_1', toolName: 'weather', input: { city: 'Oslo' } });

    const second = llm.chatRequests()[1].body;
    expect(second.tools[0].function.name).toBe('weather');
    const toolMsg = second.messages.find((m: { role: string }) => m.role === 'tool');
    expect(toolMsg).toMatchObject({ tool_call_id: 'call_1' });
    expect(JSON.parse(toolMsg.content)).toEqual({ city: 'Oslo', tempC: 21 });
  });

  it('generateText handles several tool calls plus text in one non-streamed reply', async () => {
    llm.enqueue(
      { kind: 'tool_calls', text: 'Checking…', calls: [{ name: 'weather', args: { city: 'Oslo' } }, { name: 'weather', args: { city: 'Rome' } }] },
      { kind: 'text', text: 'done' },
    );
    const result = await generateText({ model: openaiChat(), prompt: 'two cities', tools: { weather: weatherTool() }, stopWhen: stepCountIs(3), maxRetries: 0 });
    expect(result.text).toBe('done');
    expect(result.steps[0].text).toBe('Checking…');
    expect(result.steps[0].toolResults.map((r) => r.output)).toEqual([
      { city: 'Oslo', tempC: 21 },
      { city: 'Rome', tempC: 21 },
    ]);
    expect(result.steps[0].toolCalls[0].toolCallId).toMatch(/^call_/);
  });

  it('structured output via Output.object sends json_schema and parses the JSON reply', async () => {
    llm.enqueue({ kind: 'json', value: { title: 'Groceries', items: ['milk', 'eggs'] } });
    const result = await generateText({
      model: openaiChat(),
      prompt: 'make a list',
      output: Output.object({ schema: z.object({ title: z.string(), items: z.array(z.string()) }) }),
      maxRetries: 0,
    });
    expect(result.output).toEqual({ title: 'Groceries', items: ['milk', 'eggs'] });
    expect(llm.chatRequests()[0].body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'response', strict: true } });
  });

  it('generateObject fails with NoObjectGeneratedError on malformed JSON text', async () => {
    llm.enqueue({ kind: 'raw_json_text', text: '{"title": "unterminated' });
    const err = await catchError(
      generateObject({ model: openaiChat(), prompt: 'x', schema: z.object({ title: z.string() }), maxRetries: 0 }),
    );
    expect((err as Error).name).toBe('AI_NoObjectGeneratedError');
  });

  it('embed / embedMany are deterministic and similar texts are closer', async () => {
    const model = createOpenAI({ baseURL: `${llm.url}/v1`, apiKey: KEY }).embedding('text-embedding-3-small');
    const { embeddings, usage } = await embedMany({
      model,
      values: ['the cat sat on the mat', 'a cat sat on a mat', 'quarterly revenue grew strongly'],
      maxRetries: 0,
    });
    expect(embeddings).toHaveLength(3);
    expect(embeddings[0]).toHaveLength(64);
    expect(Math.hypot(...embeddings[0])).toBeCloseTo(1, 6);
    expect(cosine(embeddings[0], embeddings[1])).toBeGreaterThan(cosine(embeddings[0], embeddings[2]) + 0.3);
    expect(usage.tokens).toBeGreaterThan(0);
    const single = await embed({ model, value: 'the cat sat on the mat', maxRetries: 0 });
    expect(single.embedding).toEqual(embeddings[0]);
    const req = llm.requests.find((r) => r.api === 'openai-embeddings');
    expect(req?.body).toMatchObject({ model: 'text-embedding-3-small', input: expect.any(Array), encoding_format: 'float' });
    expect(llm.chatRequests()).toHaveLength(0);
  });

  it('embeddings honour embeddingDim, dimensions, string input and base64', async () => {
    const custom = await startScriptedLlm({ embeddingDim: 16 });
    try {
      const post = async (body: unknown) =>
        (await fetch(`${custom.url}/v1/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
      const a = await post({ model: 'e', input: 'hello world' });
      expect(a).toMatchObject({ object: 'list', model: 'e', usage: { prompt_tokens: expect.any(Number) } });
      expect(a.data[0]).toMatchObject({ object: 'embedding', index: 0 });
      expect(a.data[0].embedding).toHaveLength(16);
      const b = await post({ model: 'e', input: ['hello world'], dimensions: 8 });
      expect(b.data[0].embedding).toHaveLength(8);
      const c = await post({ model: 'e', input: 'hello world', encoding_format: 'base64' });
      const buf = Buffer.from(c.data[0].embedding, 'base64');
      const floats = Array.from(new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4));
      floats.forEach((x, i) => expect(x).toBeCloseTo(a.data[0].embedding[i], 5));
    } finally {
      await custom.close();
    }
  });

  it.each([400, 401, 404, 429, 500, 503])('status %i surfaces as APICallError with that status', async (status) => {
    llm.enqueue({ kind: 'error', status });
    const err = await catchError(generateText({ model: openaiChat('gpt-missing'), prompt: 'x', maxRetries: 0 }));
    expect(APICallError.isInstance(err)).toBe(true);
    const e = err as APICallError;
    expect(e.statusCode).toBe(status);
    expect(e.message.length).toBeGreaterThan(0);
    const body = JSON.parse(e.responseBody ?? '{}');
    expect(body.error).toMatchObject({ message: e.message, type: expect.any(String) });
    if (status === 404) expect(body.error).toMatchObject({ code: 'model_not_found', message: expect.stringContaining('gpt-missing') });
    if (status === 429) expect(e.responseHeaders?.['retry-after']).toBe('1');
    expect(e.isRetryable).toBe([429, 500, 503].includes(status));
  });

  it('errors on a streaming request surface from streamText', async () => {
    llm.enqueue({ kind: 'error', status: 429, body: { error: { message: 'slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' } } });
    const run = await drain(streamText({ model: openaiChat(), prompt: 'x', maxRetries: 0, onError: () => {} }));
    expect(run.errors).toHaveLength(1);
    expect(APICallError.isInstance(run.errors[0])).toBe(true);
    expect((run.errors[0] as APICallError).statusCode).toBe(429);
    expect((run.errors[0] as APICallError).message).toBe('slow down');
  });

  it('a hanging request is cancelled by its AbortSignal and the server keeps working', async () => {
    llm.enqueue({ kind: 'hang' }, { kind: 'text', text: 'after' });
    const controller = new AbortController();
    const pending = generateText({ model: openaiChat(), prompt: 'x', maxRetries: 0, abortSignal: controller.signal });
    await waitUntil(() => llm.chatRequests().length === 1);
    controller.abort();
    const err = await catchError(pending);
    expect((err as Error).name).toBe('AbortError');
    const next = await generateText({ model: openaiChat(), prompt: 'x', maxRetries: 0 });
    expect(next.text).toBe('after');
  });

  it('stream_then_hang delivers some text and can be cancelled mid-stream', async () => {
    llm.enqueue({ kind: 'stream_then_hang', text: 'partial answer here' });
    const controller = new AbortController();
    let aborted = false;
    const result = streamText({
      model: openaiChat(),
      prompt: 'x',
      maxRetries: 0,
      abortSignal: controller.signal,
      onAbort: () => {
        aborted = true;
      },
    });
    let text = '';
    for await (const delta of result.textStream) {
      text += delta;
      if (text === 'partial answer here') controller.abort();
    }
    expect(text).toBe('partial answer here');
    expect(aborted).toBe(true);
  });

  it('a malformed stream produces an error part', async () => {
    llm.enqueue({ kind: 'malformed_stream' });
    const run = await drain(streamText({ model: openaiChat(), prompt: 'x', maxRetries: 0, onError: () => {} }));
    expect(run.text).toBe('Hel');
    expect(run.errors.length).toBeGreaterThan(0);
    expect(run.finishReason).toBe('error');
  });

  it('a malformed non-streamed body makes generateText throw', async () => {
    llm.enqueue({ kind: 'malformed_stream' });
    const err = await catchError(generateText({ model: openaiChat(), prompt: 'x', maxRetries: 0 }));
    expect(APICallError.isInstance(err)).toBe(true);
    expect((err as APICallError).message).toMatch(/Invalid JSON response/);
  });
});

describe('OpenAI-compatible provider', () => {
  it('generateText and streamText (includeUsage) work against /chat/completions', async () => {
    llm.enqueue({ kind: 'text', text: 'compat hello', usage: { input: 3, output: 2 } }, { kind: 'text', text: 'streamed compat hello', usage: { input: 4, output: 3 } });
    const provider = compat({ includeUsage: true });
    const a = await generateText({ model: provider.chatModel('local-model'), prompt: 'hi', maxRetries: 0 });
    expect(a.text).toBe('compat hello');
    expect(a.usage).toMatchObject({ inputTokens: 3, outputTokens: 2 });
    const s = streamText({ model: provider.chatModel('local-model'), prompt: 'hi', maxRetries: 0 });
    const run = await drain(s);
    expect(run.text).toBe('streamed compat hello');
    expect(run.finishReason).toBe('stop');
    expect(await s.usage).toMatchObject({ inputTokens: 4, outputTokens: 3 });
  });

  it('without includeUsage no stream_options are sent and usage is unknown', async () => {
    llm.enqueue({ kind: 'text', text: 'hi' });
    const s = streamText({ model: compat().chatModel('m'), prompt: 'hi', maxRetries: 0 });
    await drain(s);
    expect(llm.chatRequests()[0].body.stream_options).toBeUndefined();
    expect((await s.usage).inputTokens).toBeUndefined();
  });

  it('streams tool calls through a round trip', async () => {
    llm.enqueue({ kind: 'tool_calls', calls: [{ name: 'weather', args: { city: 'Lima' } }] }, { kind: 'text', text: 'Warm in Lima.' });
    const result = streamText({ model: compat().chatModel('m'), prompt: 'Lima?', tools: { weather: weatherTool() }, stopWhen: stepCountIs(3), maxRetries: 0 });
    const run = await drain(result);
    expect(run.errors).toEqual([]);
    expect(run.text).toBe('Warm in Lima.');
    const steps = await result.steps;
    expect(steps[0].toolResults[0].output).toEqual({ city: 'Lima', tempC: 21 });
  });

  it('generateObject uses json_object without structured outputs, json_schema with them', async () => {
    llm.enqueue({ kind: 'json', value: { n: 1 } }, { kind: 'json', value: { n: 2 } });
    const schema = z.object({ n: z.number() });
    const a = await generateObject({ model: compat().chatModel('m'), prompt: 'x', schema, maxRetries: 0 });
    expect(a.object).toEqual({ n: 1 });
    expect(llm.chatRequests()[0].body.response_format).toEqual({ type: 'json_object' });
    const b = await generateObject({ model: compat({ supportsStructuredOutputs: true }).chatModel('m'), prompt: 'x', schema, maxRetries: 0 });
    expect(b.object).toEqual({ n: 2 });
    expect(llm.chatRequests()[1].body.response_format.type).toBe('json_schema');
  });

  it('embeddings and errors', async () => {
    const { embedding } = await embed({ model: compat().embeddingModel('emb'), value: 'hello', maxRetries: 0 });
    expect(embedding).toHaveLength(64);
    llm.enqueue({ kind: 'error', status: 404 });
    const err = await catchError(generateText({ model: compat().chatModel('nope'), prompt: 'x', maxRetries: 0 }));
    expect((err as APICallError).statusCode).toBe(404);
    expect((err as APICallError).message).toContain('nope');
  });

  it('a malformed stream produces an error', async () => {
    llm.enqueue({ kind: 'malformed_stream' });
    const run = await drain(streamText({ model: compat().chatModel('m'), prompt: 'x', maxRetries: 0, onError: () => {} }));
    expect(run.errors.length).toBeGreaterThan(0);
  });
});

describe('Anthropic provider (/v1/messages)', () => {
  it('generateText returns text and usage; sends x-api-key and anthropic-version', async () => {
    llm.enqueue({ kind: 'text', text: 'Bonjour', usage: { input: 9, output: 2 } });
    const result = await generateText({ model: anthropic(), system: 'be brief', prompt: 'Say hi in French', maxRetries: 0 });
    expect(result.text).toBe('Bonjour');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ inputTokens: 9, outputTokens: 2 });
    const [req] = llm.chatRequests();
    expect(req).toMatchObject({ path: '/v1/messages', api: 'anthropic-messages' });
    expect(req.headers['x-api-key']).toBe(KEY);
    expect(req.headers['anthropic-version']).toBe('2023-06-01');
    expect(req.body).toMatchObject({ model: 'claude-sonnet-4-5', max_tokens: expect.any(Number) });
  });

  it('streamText streams text deltas with usage', async () => {
    llm.enqueue({ kind: 'text', text: 'a b c d', chunks: 2, usage: { input: 5, output: 4 } });
    const result = streamText({ model: anthropic(), prompt: 'x', maxRetries: 0 });
    const run = await drain(result);
    expect(run.deltas).toEqual(['a b', ' c d']);
    expect(run.finishReason).toBe('stop');
    expect(await result.usage).toMatchObject({ inputTokens: 5, outputTokens: 4 });
  });

  it('streamText runs a tool_use round trip', async () => {
    llm.enqueue(
      { kind: 'tool_calls', text: 'Let me check.', calls: [{ id: 'toolu_1', name: 'weather', args: { city: 'Cairo' } }] },
      { kind: 'text', text: 'Hot in Cairo.' },
    );
    const result = streamText({ model: anthropic(), prompt: 'Cairo?', tools: { weather: weatherTool() }, stopWhen: stepCountIs(3), maxRetries: 0 });
    const run = await drain(result);
    expect(run.errors).toEqual([]);
    const steps = await result.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0].text).toBe('Let me check.');
    expect(steps[0].finishReason).toBe('tool-calls');
    expect(steps[0].toolCalls[0]).toMatchObject({ toolCallId: 'toolu_1', input: { city: 'Cairo' } });
    expect(await result.text).toBe('Hot in Cairo.');
    const second = llm.chatRequests()[1].body;
    const toolResult = second.messages.at(-1).content.find((c: { type: string }) => c.type === 'tool_result');
    expect(toolResult).toMatchObject({ tool_use_id: 'toolu_1' });
  });

  it('generateText handles non-streamed tool_use', async () => {
    llm.enqueue({ kind: 'tool_calls', calls: [{ name: 'weather', args: { city: 'Bern' } }] }, { kind: 'text', text: 'ok' });
    const result = await generateText({ model: anthropic(), prompt: 'Bern?', tools: { weather: weatherTool() }, stopWhen: stepCountIs(3), maxRetries: 0 });
    expect(result.text).toBe('ok');
    expect(result.steps[0].toolCalls[0].toolCallId).toMatch(/^toolu_/);
    expect(result.steps[0].toolResults[0].output).toEqual({ city: 'Bern', tempC: 21 });
  });

  it('structured output: native output_config for newer models, forced json tool for older ones', async () => {
    const schema = z.object({ answer: z.number() });
    llm.enqueue({ kind: 'json', value: { answer: 42 } }, { kind: 'json', value: { answer: 43 } }, { kind: 'json', value: { answer: 44 } });
    const a = await generateText({ model: anthropic('claude-sonnet-4-5'), prompt: 'x', output: Output.object({ schema }), maxRetries: 0 });
    expect(a.output).toEqual({ answer: 42 });
    expect(llm.chatRequests()[0].body.output_config.format.type).toBe('json_schema');

    const b = await generateText({ model: anthropic('claude-3-haiku-20240307'), prompt: 'x', output: Output.object({ schema }), maxRetries: 0 });
    expect(b.output).toEqual({ answer: 43 });
    const body = llm.chatRequests()[1].body;
    expect(body.tools.map((t: { name: string }) => t.name)).toEqual(['json']);
    expect(body.tool_choice.type).toBe('any');

    const c = streamText({ model: anthropic('claude-3-haiku-20240307'), prompt: 'x', output: Output.object({ schema }), maxRetries: 0 });
    await drain(c);
    expect(await c.output).toEqual({ answer: 44 });
  });

  it.each([400, 401, 404, 429, 500, 503])('status %i surfaces as APICallError with an Anthropic-shaped body', async (status) => {
    llm.enqueue({ kind: 'error', status });
    const err = await catchError(generateText({ model: anthropic('claude-nope'), prompt: 'x', maxRetries: 0 }));
    expect(APICallError.isInstance(err)).toBe(true);
    const e = err as APICallError;
    expect(e.statusCode).toBe(status);
    const body = JSON.parse(e.responseBody ?? '{}');
    expect(body).toMatchObject({ type: 'error', error: { type: expect.any(String), message: e.message } });
    if (status === 404) expect(body.error).toEqual({ type: 'not_found_error', message: 'model: claude-nope' });
    if (status === 429) expect(e.responseHeaders?.['retry-after']).toBe('1');
  });

  it('a hanging streamed request is cancelled by its AbortSignal', async () => {
    llm.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const result = streamText({ model: anthropic(), prompt: 'x', maxRetries: 0, abortSignal: controller.signal, onError: () => {} });
    const draining = drain(result);
    await waitUntil(() => llm.chatRequests().length === 1);
    controller.abort();
    const run = await draining;
    expect(run.text).toBe('');
  });

  it('a malformed stream produces an error', async () => {
    llm.enqueue({ kind: 'malformed_stream' });
    const run = await drain(streamText({ model: anthropic(), prompt: 'x', maxRetries: 0, onError: () => {} }));
    expect(run.text).toBe('Hel');
    expect(run.errors.length).toBeGreaterThan(0);
  });

  it('requires anthropic-version like the real API', async () => {
    const res = await fetch(`${llm.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify({ model: 'claude-x', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });
});

describe('lifecycle', () => {
  it('close() ends hanging connections and survives client aborts', async () => {
    const local = await startScriptedLlm();
    local.setDefault({ kind: 'hang' });
    const controller = new AbortController();
    const aborted = fetch(`${local.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [] }),
      signal: controller.signal,
    }).catch((e: unknown) => e);
    const stuck = fetch(`${local.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', stream: true, messages: [] }),
    }).catch((e: unknown) => e);
    await waitUntil(() => local.requests.length === 2);
    controller.abort();
    expect(((await aborted) as Error).name).toBe('AbortError');
    await local.close();
    expect(await stuck).toBeInstanceOf(Error);
    await local.close(); // idempotent
  });
});

async function waitUntil(cond: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
