// Memory tasks through the real AI SDK clients against the scripted OpenAI-wire server (issue 18 §1, §4):
// what each task asks for (structured output where the provider takes it, prompt-only after a refusal),
// how realistic replies are read, the one repair attempt that shows the model its error, the typed
// failure after it, and failures counted per agent and task with the notice after three in a row.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { CHECK_SAMPLES } from '../../src/main/llm/model-check-samples';
import { inferLawsTask } from '../../src/main/llm/prompts/infer-laws';
import { judgeFactTask } from '../../src/main/llm/prompts/judge-fact';
import { countNotes } from '../../src/main/llm/reply-shape';
import { MonadError } from '../../src/shared/errors';
import { REPLY_CASES } from '../fixtures/model-replies';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

const raw = (text: string) => ({ kind: 'raw_json_text', text }) as const;
const sampleOf = (task: string) => CHECK_SAMPLES.find((s) => s.task.name === task)!;
const lastUser = (i: number) => (llm.chatRequests()[i].body.messages as { role: string; content: string }[]).filter((m) => m.role === 'user').at(-1)!.content;

function setup(kind: 'openai' | 'openai-compatible' | 'anthropic' = 'openai'): Engine {
  const engine = openEngine();
  useScriptedModel(engine, llm, { kind });
  return engine;
}

describe('every task reads realistic replies through the real client', () => {
  // One read case and one failing case per task where the set has them, through the wire.
  const picked = ['extract-graph', 'consolidate-facts', 'infer-laws', 'check-contradictions', 'judge-fact'].flatMap((task) => {
    const cases = REPLY_CASES.filter((c) => c.task === task);
    return [cases.find((c) => c.expect && c.shape === 'ollama-think') ?? cases.find((c) => c.expect)!, cases.find((c) => c.expect && c.shape === 'truncated'), cases.find((c) => c.fails)].filter(
      (c): c is (typeof REPLY_CASES)[number] => c !== undefined,
    );
  });

  it.each(picked.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const engine = setup();
    const s = sampleOf(c.task);
    if (c.expect) {
      llm.enqueue(raw(c.raw));
      const out = await engine.llm.runTaskDetailed(s.task, s.input, { agentId: 'default' });
      expect(out.value).toEqual(c.expect.value);
      expect(countNotes(out.notes)).toEqual({ dropped: c.expect.dropped ?? 0, cut: c.expect.cut ?? 0 });
      expect(out.repaired).toBe(false);
      expect(llm.chatRequests()).toHaveLength(1);
      expect(engine.taskHealth.failing()).toEqual([]);
    } else {
      llm.enqueue(raw(c.raw), raw(c.raw));
      const err = await engine.llm.runTaskDetailed(s.task, s.input, { agentId: 'default' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MonadError);
      expect((err as MonadError).code).toBe('BAD_REPLY');
      expect((err as MonadError).message).toMatch(c.fails!);
      expect(llm.chatRequests()).toHaveLength(2);
      // The failure is recorded with the model, the reason and the raw reply.
      const [f] = engine.taskHealth.recent();
      expect(f).toMatchObject({ task: c.task, agentId: 'default', provider: 'Scripted', model: 'gpt-4o-mini', rawReply: c.raw || null });
      expect(f.reason).toMatch(c.fails!);
    }
  });
});

describe('structured output', () => {
  it.each(['openai', 'openai-compatible'] as const)('%s: asks with response_format json_schema, strict, the task schema', async (kind) => {
    const engine = setup(kind);
    llm.enqueue({ kind: 'json', value: { laws: [] } });
    await engine.llm.runTask(inferLawsTask, sampleOf('infer-laws').input as never);
    const rf = llm.chatRequests()[0].body.response_format;
    expect(rf).toMatchObject({ type: 'json_schema', json_schema: { strict: true, name: 'infer-laws' } });
    expect(rf.json_schema.schema.properties.laws.items.required).toEqual(['statement', 'confidence', 'support']);
    expect(rf.json_schema.schema.properties.laws.items.additionalProperties).toBe(false);
  });

  it('anthropic: the task runs through the Messages API and its reply is read the same way', async () => {
    const engine = setup('anthropic');
    llm.enqueue(raw('Here is my assessment:\n```json\n{"verdict": "Fact", "reason": "about the person"}\n```'));
    const out = await engine.llm.runTaskDetailed(judgeFactTask, { text: 'User likes tea.' });
    expect(out.value).toEqual({ verdict: 'fact', reason: 'about the person' });
    expect(llm.chatRequests()[0].api).toBe('anthropic-messages');
  });

  it('a server that refuses response_format is asked again with the prompt only, and not offered it again', async () => {
    const engine = setup('openai-compatible');
    llm.enqueue(
      { kind: 'error', status: 400, body: { error: { message: "'response_format.type' must be 'json_schema' or 'text'; this server does not support structured output", type: 'invalid_request_error' } } },
      { kind: 'json', value: { verdict: 'fact', reason: 'about the person' } },
      { kind: 'json', value: { verdict: 'fact', reason: 'again' } },
    );
    const out = await engine.llm.runTaskDetailed(judgeFactTask, { text: 'User likes tea.' });
    expect(out).toMatchObject({ value: { verdict: 'fact' }, structured: false });
    await engine.llm.runTask(judgeFactTask, { text: 'User likes coffee.' });
    const sent = llm.chatRequests().map((r) => r.body.response_format?.type ?? null);
    expect(sent).toEqual(['json_schema', null, null]);
    // The prompt still spells out the JSON format.
    expect(llm.chatRequests()[1].body.messages[0].content).toMatch(/Answer with JSON only/);

    // Remembered across a restart: the next start does not pay the refused call again.
    const model = engine.config.get().models.providers.find((p) => p.id === 'scripted')!.models[0];
    expect(engine.capabilities.acceptsResponseFormat('scripted', model)).toBe(false);
    engine.close();
    const again = openEngine({ home: engine.paths.root });
    llm.enqueue({ kind: 'json', value: { verdict: 'fact', reason: 'after a restart' } }, { kind: 'json', value: { verdict: 'fact', reason: 'tried again' } });
    await again.llm.runTask(judgeFactTask, { text: 'User likes juice.' });
    expect(llm.chatRequests().at(-1)!.body.response_format ?? null).toBeNull();
    // "The model was updated": forgetting what was learned offers structured output again.
    again.capabilities.forget('scripted', model);
    await again.llm.runTask(judgeFactTask, { text: 'User likes water.' });
    expect(llm.chatRequests().at(-1)!.body.response_format?.type).toBe('json_schema');
  });

  it('an error that is not about response_format is not retried without it', async () => {
    const engine = setup();
    llm.enqueue({ kind: 'error', status: 401 });
    await expect(engine.llm.runTask(judgeFactTask, { text: 'User likes tea.' })).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
    expect(llm.chatRequests()).toHaveLength(1);
  });
});

describe('one repair attempt', () => {
  it('shows the model its error and its own reply, then uses the second reply', async () => {
    const engine = setup();
    llm.enqueue(raw('{"rules": []}'), { kind: 'json', value: { laws: [{ statement: 'The user is vegetarian', confidence: 0.7, support: ['f1', 'f2'] }] } });
    const out = await engine.llm.runTaskDetailed(inferLawsTask, sampleOf('infer-laws').input as never, { agentId: 'default' });
    expect(out.repaired).toBe(true);
    expect(out.value.laws).toHaveLength(1);
    const second = llm.chatRequests()[1].body.messages as { role: string; content: string }[];
    expect(second.at(-2)).toEqual({ role: 'assistant', content: '{"rules": []}' });
    expect(lastUser(1)).toMatch(/^Your reply could not be used\. The reply is JSON but has none of the expected fields \("laws"\)\./);
    // A repaired success is a success: nothing is counted as failing, the second try is counted.
    expect(engine.taskHealth.failing()).toEqual([]);
    expect(engine.taskHealth.tasks()).toEqual([expect.objectContaining({ agentId: 'default', task: 'infer-laws', failures: 0, repaired: 1, itemsDropped: 0 })]);
    expect(engine.llm.usage.get('infer-laws')?.calls).toBe(2);
  });

  it('more than 50 laws no longer reject the reply: the first 50 are kept', async () => {
    const engine = setup();
    const laws = Array.from({ length: 70 }, (_, i) => ({ statement: `Statement ${i}`, confidence: 0.5, support: ['f1'] }));
    llm.enqueue({ kind: 'json', value: { laws } });
    const out = await engine.llm.runTaskDetailed(inferLawsTask, sampleOf('infer-laws').input as never);
    expect(out.value.laws.map((l) => l.statement)).toEqual(laws.slice(0, 50).map((l) => l.statement));
    expect(countNotes(out.notes)).toEqual({ dropped: 0, cut: 20 });
    expect(llm.chatRequests()).toHaveLength(1);
    // What was left out is counted for the task, and memory status has it.
    llm.enqueue({ kind: 'json', value: { laws: [{ statement: 'Good', confidence: 0.5, support: ['f1'] }, { statement: 'No support', confidence: 0.5 }] } });
    await engine.llm.runTask(inferLawsTask, sampleOf('infer-laws').input as never);
    const status = await createHandlers(engine)['memory.status']({} as never);
    expect(status.memoryTasks).toEqual([expect.objectContaining({ agentId: null, task: 'infer-laws', itemsCut: 20, itemsDropped: 1 })]);
  });
});

describe('failures are counted, and the third in a row raises a notice', () => {
  it('counts per agent and task; a success resets; the notice says what failed and points to the self-test', async () => {
    const engine = setup();
    engine.agents.create({ id: 'writer', name: 'Writer' });
    const bad = raw('not json at all');
    const fail = (agentId: string) => engine.llm.runTask(judgeFactTask, { text: 'x' }, { agentId }).catch((e: MonadError) => e.code);

    llm.enqueue(bad, bad, bad, bad);
    expect([await fail('writer'), await fail('writer')]).toEqual(['BAD_REPLY', 'BAD_REPLY']);
    expect(engine.status().notices.filter((n) => n.code === 'memory-task-failing')).toEqual([]);
    // Another agent's failures are its own streak.
    llm.enqueue(bad, bad);
    await fail('default');
    expect(engine.taskHealth.failing().map((s) => [s.agentId, s.task, s.failures])).toEqual(
      expect.arrayContaining([
        ['writer', 'judge-fact', 2],
        ['default', 'judge-fact', 1],
      ]),
    );

    llm.enqueue(bad, bad);
    await fail('writer');
    const notices = engine.status().notices.filter((n) => n.code === 'memory-task-failing');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: 'warning' });
    expect(notices[0].message).toMatch(/^Checking a fact before it is saved for Writer failed 3 times in a row with gpt-4o-mini\. Last time: The reply could not be used, even after a second try: The reply holds no JSON object\. /);
    expect(notices[0].message).toMatch(/Check memory tasks/);

    // A fourth failure does not repeat the notice; a success resets the streak.
    llm.enqueue(bad, bad);
    await fail('writer');
    expect(engine.status().notices.filter((n) => n.code === 'memory-task-failing')).toHaveLength(1);
    llm.enqueue({ kind: 'json', value: { verdict: 'fact', reason: 'ok' } });
    await engine.llm.runTask(judgeFactTask, { text: 'x' }, { agentId: 'writer' });
    expect(engine.taskHealth.failing().find((s) => s.agentId === 'writer')).toBeUndefined();

    // Memory status shows the last failures, newest first, with the model and the reason.
    const status = await createHandlers(engine)['memory.status']({} as never);
    expect(status.taskFailures).toHaveLength(5);
    expect(status.taskFailures![0]).toMatchObject({ agentId: 'writer', task: 'judge-fact', label: 'Checking a fact before it is saved', model: 'gpt-4o-mini', rawReply: 'not json at all' });
    expect(status.failingTasks).toEqual([expect.objectContaining({ agentId: 'default', task: 'judge-fact', failures: 1 })]);
  });

  it('provider errors count too; a cancellation does not', async () => {
    const engine = setup();
    llm.enqueue({ kind: 'error', status: 404 });
    await expect(engine.llm.runTask(judgeFactTask, { text: 'x' }, { agentId: 'default' })).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
    expect(engine.taskHealth.recent()[0]).toMatchObject({ task: 'judge-fact', rawReply: null, reason: expect.stringMatching(/has no model/) });

    llm.enqueue({ kind: 'hang' });
    const ctrl = new AbortController();
    const p = engine.llm.runTask(judgeFactTask, { text: 'x' }, { agentId: 'default', signal: ctrl.signal });
    await new Promise((r) => setTimeout(r, 0));
    ctrl.abort();
    await expect(p).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(engine.taskHealth.recent()).toHaveLength(1);

    // A caller's deadline (the fact check gives the model a few seconds) is a failure of the model.
    llm.enqueue({ kind: 'hang' });
    const deadline = new AbortController();
    const q = engine.llm.runTask(judgeFactTask, { text: 'x' }, { agentId: 'default', signal: deadline.signal });
    await new Promise((r) => setTimeout(r, 0));
    deadline.abort(new Error('the memory model did not answer within 8 s'));
    await expect(q).rejects.toBeInstanceOf(MonadError);
    expect(engine.taskHealth.recent()).toHaveLength(2);
    expect(engine.taskHealth.recent()[0].reason).toMatch(/did not answer within 8 s/);
  });

  it('survives a restart: the streak and the failures are in memory.sqlite', async () => {
    const engine = setup();
    llm.enqueue(raw('nope'), raw('nope'));
    await engine.llm.runTask(judgeFactTask, { text: 'x' }, { agentId: 'default' }).catch(() => undefined);
    const home = engine.paths.root;
    engine.close();
    const again = openEngine({ home });
    expect(again.taskHealth.failing()).toEqual([expect.objectContaining({ agentId: 'default', task: 'judge-fact', failures: 1 })]);
    expect(again.taskHealth.recent()[0].rawReply).toBe('nope');
  });
});
