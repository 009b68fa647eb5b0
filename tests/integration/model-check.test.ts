// The model self-test (issue 18 §3): each memory task on its built-in sample, pass / fail / time, the raw
// reply and the reason on failure, the chat model's tool calling; kept per model; and `monad models check`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from '../../src/main/contract/handlers';
import { judgeFactTask } from '../../src/main/llm/prompts/judge-fact';
import { MEMORY_TASKS } from '../../src/shared/memory-tasks';
import { BROKEN_REPLY, memoryTaskResponder } from '../fixtures/memory-task-responder';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { runCliAsync } from '../helpers/cli';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

describe('model self-test', () => {
  it('a capable model passes every task and the tool check; the report is kept and listed', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    llm.setDefault(memoryTaskResponder());
    const h = createHandlers(engine);
    const report = await h['models.check']({});
    expect(report).toMatchObject({ providerId: 'scripted', providerName: 'Scripted', model: 'gpt-4o-mini', passed: 6, total: 6 });
    expect(report.items.map((i) => i.task)).toEqual([...MEMORY_TASKS, 'tool-calling']);
    for (const i of report.items) {
      expect(i).toMatchObject({ ok: true, error: null, rawReply: null, repaired: false });
      expect(i.ms).toBeGreaterThanOrEqual(0);
    }
    expect(report.items.find((i) => i.task === 'infer-laws')!.structured).toBe(true);
    // One request per task and one for tools: nothing is asked twice when the replies are good.
    expect(llm.chatRequests()).toHaveLength(6);
    expect(await h['models.checks']({} as never)).toEqual([report]);
    // The self-test is not an agent's memory work: nothing is counted as failing.
    expect(engine.taskHealth.recent()).toEqual([]);
  });

  it('is how a person says "the model was updated": what was learned about tools and structured output is learned again', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    // Learned earlier in this run: no tools, and (from a refused call) no response_format.
    engine.capabilities.remember('scripted', 'gpt-4o-mini', false, 'error', 'does not support tools');
    llm.enqueue(
      { kind: 'error', status: 400, body: { error: { message: 'response_format is not supported by this server', type: 'invalid_request_error' } } },
      { kind: 'json', value: { verdict: 'fact', reason: 'about the person' } },
    );
    await engine.llm.runTask(judgeFactTask, { text: 'User likes tea.' });
    expect(engine.capabilities.acceptsResponseFormat('scripted', 'gpt-4o-mini')).toBe(false);
    const before = llm.chatRequests().length;
    llm.setDefault(memoryTaskResponder());
    const report = await createHandlers(engine)['models.check']({});
    expect(report.passed).toBe(6);
    expect(llm.chatRequests()[before].body.response_format?.type).toBe('json_schema');
    expect(engine.capabilities.acceptsResponseFormat('scripted', 'gpt-4o-mini')).toBe(true);
    expect(engine.capabilities.get('scripted', 'gpt-4o-mini')).toMatchObject({ tools: true, source: 'check' });

    // And the other way: a server that now refuses tools is remembered as such.
    llm.setDefault({ kind: 'error', status: 400, body: { error: { message: 'registry.ollama.ai/library/gemma:2b does not support tools', type: 'invalid_request_error' } } });
    const again = await createHandlers(engine)['models.check']({ tools: true });
    expect(again.items.find((i) => i.task === 'tool-calling')).toMatchObject({ ok: false });
    expect(engine.capabilities.get('scripted', 'gpt-4o-mini')).toMatchObject({ tools: false, source: 'check', reason: expect.stringContaining('does not support tools') });
  });

  it('a model that breaks a task fails that task, with its raw reply and the reason, after one repair attempt', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    llm.setDefault(memoryTaskResponder({ broken: ['infer-laws'], noTools: true }));
    const report = await engine.modelChecks.run();
    expect(report.passed).toBe(4);
    const laws = report.items.find((i) => i.task === 'infer-laws')!;
    expect(laws).toMatchObject({ ok: false, rawReply: BROKEN_REPLY, error: 'The reply holds no JSON object.' });
    const tools = report.items.find((i) => i.task === 'tool-calling')!;
    expect(tools).toMatchObject({ ok: false, rawReply: expect.stringContaining('Ana') });
    expect(tools.error).toMatch(/answered in text instead of calling the memory tool/);
    const inferRequests = llm.chatRequests().filter((r) => String(r.body.messages[0].content).includes('infer general'));
    expect(inferRequests).toHaveLength(2);
    expect(engine.taskHealth.recent()).toEqual([]);
  });

  it('checks a named provider and model that no role uses yet, and refuses half a name', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm, { roles: [] });
    llm.setDefault(memoryTaskResponder());
    const report = await engine.modelChecks.run({ providerId: 'scripted', model: 'qwen3:4b' });
    expect(report).toMatchObject({ model: 'qwen3:4b', passed: 6, total: 6 });
    expect(new Set(llm.chatRequests().map((r) => r.body.model))).toEqual(new Set(['qwen3:4b']));
    await expect(engine.modelChecks.run({ providerId: 'scripted' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(engine.modelChecks.run({ providerId: 'nope', model: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('monad models check', () => {
  it('--json prints the report and exits 0 when every check passes, 1 when one fails', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const home = engine.paths.root;
    engine.close();

    llm.setDefault(memoryTaskResponder());
    const ok = await runCliAsync(['models', 'check', '--home', home, '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    const report = JSON.parse(ok.stdout);
    expect(report).toMatchObject({ providerId: 'scripted', model: 'gpt-4o-mini', passed: 6, total: 6 });

    llm.setDefault(memoryTaskResponder({ broken: ['judge-fact'] }));
    const bad = await runCliAsync(['models', 'check', '--home', home, '--provider', 'Scripted', '--model', 'llama3.2:3b', '--no-tools']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^Scripted · llama3\.2:3b: 4 of 5 checks passed/);
    expect(bad.stdout).toMatch(/FAIL {2}Checking a fact before it is saved \(\d+\.\d s\)\n {8}why: The reply holds no JSON object\.\n {8}reply: I am a small model/);

    const usage = await runCliAsync(['models', 'check', '--home', home, '--provider', 'Scripted']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/give both --provider and --model/);

    // Both reports are kept, newest first.
    const again = openEngine({ home });
    expect(again.modelChecks.list().map((r) => [r.model, r.passed])).toEqual([
      ['llama3.2:3b', 4],
      ['gpt-4o-mini', 6],
    ]);
  });
});
