// The consolidation pipeline end to end with the scripted memory model: two agents, one workspace,
// /consolidate 3 → facts merged, graph built, laws derived per scope, and a correct run summary.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsolidationProgress } from '../../src/shared/domain';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm, type ScriptedReply } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

/** A scripted memory model that answers each task by looking at its system prompt. */
function memoryModel(req: RecordedRequest): ScriptedReply {
  const system = String(req.body.messages[0].content);
  const prompt = String(req.body.messages.at(-1).content);
  const tags = (p: string) => [...prompt.matchAll(new RegExp(`^\\[(${p}\\d+)\\]`, 'gm'))].map((m) => m[1]);
  if (system.includes('maintain a list of short facts')) {
    // Merge the two tea facts, keep the rest.
    const lines = [...prompt.matchAll(/^\[(f\d+)\] (.*)$/gm)].map((m) => ({ tag: m[1], text: m[2] }));
    const tea = lines.filter((l) => /tea/i.test(l.text));
    const rest = lines.filter((l) => !/tea/i.test(l.text));
    return { kind: 'json', value: { facts: [...(tea.length ? [{ text: 'User drinks green tea every morning', from: tea.map((t) => t.tag) }] : []), ...rest.map((r) => ({ text: r.text, from: [r.tag] }))] } };
  }
  if (system.includes('knowledge graph')) {
    const rel = [...prompt.matchAll(/^\[(m\d+)\] \([^)]*\) user: I (?:work|live) (?:at|in) (\w+)/gm)].map((m) => ({ src: 'User', relation: /work/.test(m[0]) ? 'works_at' : 'lives_in', dst: m[2], evidence: [m[1]], singleValued: true }));
    return { kind: 'json', value: { entities: [], relations: rel } };
  }
  if (system.includes('infer general, falsifiable rules')) {
    const f = tags('f');
    const e = tags('e');
    if (!f.length && !e.length) return { kind: 'json', value: { laws: [] } };
    return { kind: 'json', value: { laws: [{ statement: `Rule from ${f.length} facts and ${e.length} relations`, confidence: 0.7, support: [...f, ...e] }] } };
  }
  return { kind: 'error', status: 400 };
}

function seed(engine: Engine) {
  engine.agents.create({ id: 'coach', name: 'Coach' });
  const ws = join(tempHome(), 'thesis');
  mkdirSync(ws);
  engine.facts.memory.record('global', 'User drinks green tea');
  engine.facts.memory.record('global', 'User likes tea in the morning');
  engine.facts.memory.record('global', 'User is left-handed');
  engine.facts.memory.record('agent:coach', 'Runs 10k on Sundays');
  const s1 = engine.sessions.create({ agentId: 'default', workspace: ws });
  engine.messages.append({ sessionId: s1.id, role: 'user', content: 'I work at Fraunhofer on my thesis project.' });
  const s2 = engine.sessions.create({ agentId: 'coach' });
  engine.messages.append({ sessionId: s2.id, role: 'user', content: 'I live in Braga and train by the river.' });
  return { projectKey: s1.projectKey! };
}

describe('runConsolidate', () => {
  it('level 3 over two agents and a workspace: facts merged, graph built, laws derived per scope, summary right', async () => {
    const engine = openEngine({ backgroundJobs: false });
    useScriptedModel(engine, llm);
    llm.setDefault(memoryModel);
    const { projectKey } = seed(engine);
    const progress: ConsolidationProgress[] = [];
    engine.events.subscribe((e) => e.name === 'consolidate.progress' && progress.push(e.payload));

    const res = await engine.commands.run('/consolidate 3', { agentId: 'default' });
    const summary = res.data as import('../../src/shared/domain').ConsolidationSummary;
    expect(summary).toMatchObject({ agentId: 'default', level: 3, ok: true, trigger: 'command' });
    expect(summary.facts).toEqual({ scopes: 3, skipped: 2, merged: 1, failed: 0 }); // global merged; agent + project had < 2 facts
    expect(summary.graph).toMatchObject({ passes: 1, failures: 0, edgesAdded: 2 }); // agent + project scope
    expect(summary.laws).toMatchObject({ scopes: 3, derived: 3, failed: 0 });
    expect(summary.llmCalls).toBe(1 + 1 + 3);
    expect(summary.tokens.input).toBeGreaterThan(0);
    expect(res.output).toContain('1 merged across 3 scopes');

    expect(engine.facts.memory.read('global').facts.map((f) => f.text).sort()).toEqual(['User drinks green tea every morning', 'User is left-handed']);
    expect(engine.graph.store.snapshot('agent:default').edges).toHaveLength(1);
    expect(engine.graph.store.snapshot(`project:${projectKey}`).edges).toHaveLength(1);
    expect(engine.graph.store.snapshot('agent:coach').edges).toHaveLength(0); // coach not run yet
    expect(engine.laws.views(['global', 'agent:default', `project:${projectKey}`]).map((l) => l.scope).sort()).toEqual(['agent:default', 'global', `project:${projectKey}`]);
    expect(new Set(progress.map((p) => p.stage))).toEqual(new Set(['facts', 'graph', 'laws']));

    // The coach at its own default level (1): facts only.
    const [coach] = await engine.consolidation.pipeline.runAll({}).then((all) => all.filter((s) => s.agentId === 'coach'));
    expect(coach).toMatchObject({ level: 1, graph: null, laws: null });

    // History is kept.
    expect(engine.consolidation.runs.history('default').map((r) => r.runId)).toContain(summary.runId); // runAll ran default again after it
    expect(engine.consolidation.runs.history('coach')[0].runId).toBe(coach.runId);
  });

  it('an unchanged memory costs zero LLM calls on the next run', async () => {
    const engine = openEngine({ backgroundJobs: false });
    useScriptedModel(engine, llm);
    llm.setDefault(memoryModel);
    seed(engine);
    await engine.consolidation.run('default', { level: 3 });
    const calls = llm.chatRequests().length;
    const again = await engine.consolidation.run('default', { level: 3 });
    expect(again.llmCalls).toBe(0);
    expect(llm.chatRequests().length).toBe(calls);
    expect(again.facts.skipped).toBe(3);
    expect(again.laws!.skipped).toBe(3);
  });

  it('is single-flight per agent and can be cancelled', async () => {
    const engine = openEngine({ backgroundJobs: false });
    useScriptedModel(engine, llm);
    seed(engine);
    llm.setDefault({ kind: 'hang' });
    const a = engine.consolidation.pipeline.run('default', { level: 3 });
    const b = engine.consolidation.pipeline.run('default', { level: 3 });
    expect(b).toBe(a);
    await waitFor(() => llm.chatRequests().length > 0, 15_000, 'the first request (hanging)');
    expect(engine.consolidation.pipeline.cancel('default')).toBe(true);
    const s = await a;
    expect(s).toMatchObject({ cancelled: true, ok: false });
    expect(engine.facts.memory.read('global').facts).toHaveLength(3); // nothing lost
    expect(engine.consolidation.runs.history('default')).toHaveLength(1); // one run, not two
  });

  it('reports a missing memory model clearly, without touching anything', async () => {
    const engine = openEngine({ backgroundJobs: false });
    seed(engine);
    const s = await engine.consolidation.run('default', { level: 3 });
    expect(s.ok).toBe(false);
    expect(s.error).toMatch(/No memory model is configured/);
    expect(s.llmCalls).toBe(0);
  });

  it('memory status shows levels, schedule and the last run', async () => {
    const engine = openEngine({ backgroundJobs: false });
    useScriptedModel(engine, llm);
    llm.setDefault(memoryModel);
    seed(engine);
    engine.agents.update('coach', { memory: { level: 2, autoConsolidate: true, intervalMinutes: 15 } });
    await engine.consolidation.run('coach');
    const st = engine.consolidation.status();
    const coach = st.agents.find((a) => a.agentId === 'coach')!;
    expect(coach).toMatchObject({ effectiveLevel: 2, autoConsolidate: true, intervalMinutes: 15, running: false, memoryModel: 'Scripted · gpt-4o-mini' });
    expect(coach.lastRun).toMatchObject({ level: 2, ok: true });
    expect(Date.parse(coach.nextRunAt!) - Date.parse(coach.lastRun!.startedAt)).toBe(15 * 60_000);
    expect(st.agents.find((a) => a.agentId === 'default')).toMatchObject({ effectiveLevel: 1, nextRunAt: null });
    // What a person reads: names and a date in words, no agent ids or ISO timestamps.
    const out = (await engine.commands.run('/memory status', { agentId: 'coach' })).output;
    const coachName = engine.agents.list().find((a) => a.id === 'coach')!.name;
    expect(out).toMatch(new RegExp(`- ${coachName}: level 2, every 15 min; last run \\w{3} \\d{1,2}, \\d{4}, .* \\(succeeded\\)`));
    expect(out).not.toMatch(/\(coach\)|\(default\)|\d{4}-\d{2}-\d{2}T/);
  });
});
