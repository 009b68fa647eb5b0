// Cost guards of automatic consolidation (issue 18 §5), with the scripted model counting the calls.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm, type ScriptedReply } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

const SCOPE = 'agent:default';

/** The fact lines a consolidation request carried ("[f1] …"). */
function factLines(req: RecordedRequest): string[] {
  return String(req.body.messages.at(-1).content)
    .split('\n')
    .filter((l: string) => /^\[f\d+\] /.test(l))
    .map((l: string) => l.replace(/^\[f\d+\] /, ''));
}

/** A memory model that merges nothing: every fact back as it was, cited. */
function keepAll(req: RecordedRequest): ScriptedReply {
  const lines = factLines(req);
  return { kind: 'json', value: { facts: lines.map((text, i) => ({ text, from: [`f${i + 1}`] })) } };
}

function setup(opts: { roles?: ('chat' | 'memory')[] } = {}) {
  let clock = Date.parse('2026-12-01T10:00:00Z');
  const engine = openEngine({ now: () => new Date(clock) });
  useScriptedModel(engine, llm, { roles: opts.roles });
  return { engine, advance: (ms: number) => (clock += ms) };
}

function write(engine: Engine, from: number, n: number, scope = SCOPE) {
  for (let i = from; i < from + n; i++) engine.facts.memory.record(scope, `The user once mentioned detail number ${i} about their long-running garden project`);
}

async function settle(engine: Engine, scope = SCOPE) {
  await engine.facts.auto.pending(scope);
}

describe('automatic consolidation cost guards', () => {
  it('runs a scope at most once per cooldown (10 min by default), however many writes land', async () => {
    const { engine, advance } = setup();
    llm.setDefault(keepAll);
    write(engine, 0, 30);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(1);
    // More writes inside the cooldown: each changes the scope, none starts a pass.
    write(engine, 30, 10);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(1);
    expect(engine.facts.auto.skipped.get(SCOPE)).toBe('cooldown');
    advance(9 * 60_000);
    write(engine, 40, 1);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(1);
    advance(2 * 60_000);
    write(engine, 41, 1);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(2);
  });

  it('follows the cooldown setting', async () => {
    const { engine, advance } = setup();
    engine.config.update((c) => ({ ...c, memory: { ...c.memory, autoConsolidation: { cooldownMinutes: 1 } } }));
    llm.setDefault(keepAll);
    write(engine, 0, 30);
    await settle(engine);
    advance(61_000);
    write(engine, 30, 1);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(2);
  });

  it('does not try a scope again while it holds exactly the facts of the last attempt', async () => {
    const { engine, advance } = setup();
    llm.setDefault(keepAll);
    write(engine, 0, 30);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(1);
    advance(60 * 60_000);
    // Nothing changed since: asking again costs nothing.
    expect(await engine.facts.auto.trigger(SCOPE)).toBeNull();
    expect(engine.facts.auto.skipped.get(SCOPE)).toBe('unchanged');
    expect(llm.chatRequests()).toHaveLength(1);
  });

  /** A scope of 60 facts (~4,000 chars) written before any memory model is set, so no pass has run yet. */
  function bigScope(engine: Engine, repeat = 3) {
    for (let i = 0; i < 60; i++) {
      const text = i % 4 === 0 ? `Long note ${i}: ${'the garden plan covers soil, beds, watering and seasons; '.repeat(repeat)}` : `Short note ${i} about tea`;
      engine.facts.memory.record(SCOPE, text);
    }
    engine.config.update((c) => {
      c.models.roles.memory = { provider: 'scripted', model: 'gpt-4o-mini' };
      return c;
    });
  }

  it('caps what one pass sends: largest facts first, the rest next time', async () => {
    const { engine, advance } = setup({ roles: [] });
    engine.config.update((c) => ({ ...c, memory: { ...c.memory, autoConsolidation: { maxInputChars: 1500 } } }));
    llm.setDefault(keepAll);
    bigScope(engine);
    const all = engine.facts.memory.read(SCOPE).facts;
    expect(all.reduce((n, f) => n + f.text.length, 0)).toBeGreaterThan(3500);
    await engine.facts.auto.trigger(SCOPE);
    const first = factLines(llm.chatRequests()[0]);
    expect(first.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual(1500);
    // The largest facts went first: every long note sent is longer than any fact left out.
    const leftOut = all.map((f) => f.text).filter((t) => !first.includes(t));
    expect(first.filter((t) => t.startsWith('Long note')).length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...leftOut.map((t) => t.length))).toBeLessThanOrEqual(Math.max(...first.map((t) => t.length)));
    // Facts not sent stay exactly as they were.
    expect(engine.facts.memory.read(SCOPE).facts.map((f) => f.text)).toEqual(all.map((f) => f.text));

    // Next time (after the cooldown and a write): what was not sent yet goes first, nothing sent twice.
    advance(11 * 60_000);
    engine.facts.memory.record(SCOPE, 'Short note 99 about coffee');
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(2);
    const second = factLines(llm.chatRequests()[1]);
    expect(second.length).toBeGreaterThanOrEqual(2);
    expect(second.filter((t) => first.includes(t))).toEqual([]);
    expect(second.reduce((n, t) => n + t.length, 0)).toBeLessThanOrEqual(1500);
  });

  it('keeps unsent facts and their order when a capped pass merges the facts it sent', async () => {
    const { engine } = setup({ roles: [] });
    engine.config.update((c) => ({ ...c, memory: { ...c.memory, autoConsolidation: { maxInputChars: 800 } } }));
    const merged = 'Several long notes about the garden plan.';
    llm.setDefault((req) => ({ kind: 'json', value: { facts: [{ text: merged, from: factLines(req).map((_, i) => `f${i + 1}`) }] } }));
    bigScope(engine, 2);
    const before = engine.facts.memory.read(SCOPE).facts.map((f) => f.text);
    const r = await engine.facts.auto.trigger(SCOPE);
    const sent = factLines(llm.chatRequests()[0]);
    expect(r).toMatchObject({ applied: true, before: 60, after: 60 - sent.length + 1 });
    const after = engine.facts.memory.read(SCOPE).facts.map((f) => f.text);
    expect(after).toContain(merged);
    // Everything not sent is still there, in the same relative order.
    expect(after.filter((t) => t !== merged)).toEqual(before.filter((t) => !sent.includes(t)));
  });

  it("uses an agent's own memory model when no global one is set", async () => {
    const { engine } = setup({ roles: ['chat'] });
    engine.config.update((c) => {
      c.models.roles.chat = undefined;
      c.agent.agents[0].memory.model = { provider: 'scripted', model: 'gpt-4o-mini' };
      return c;
    });
    llm.setDefault(keepAll);
    write(engine, 0, 30);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(1);
    // A shared scope is consolidated with the model of an agent that has one.
    write(engine, 0, 30, 'global');
    await settle(engine, 'global');
    expect(llm.chatRequests()).toHaveLength(2);
  });

  it('does nothing without any memory model', async () => {
    const { engine } = setup({ roles: [] });
    llm.setDefault(keepAll);
    write(engine, 0, 30);
    await settle(engine);
    expect(llm.chatRequests()).toHaveLength(0);
    expect(engine.facts.auto.skipped.get(SCOPE)).toBe('no-model');
  });
});

describe('the frozen recall block budget', () => {
  function fill(engine: Engine, n: number) {
    // One write of the whole scope (a scope grown over months, in one go).
    const texts = Array.from({ length: n }, (_, i) => `Fact number ${i} about the person: enjoys long walks by the river near the old mill`);
    expect(engine.facts.memory.replaceAll('global', texts, [])).toBe(true);
  }

  it('keeps the block within 8,000 chars by default and points at the rest', () => {
    const engine = openEngine();
    fill(engine, 400); // ~33,000 chars of facts
    const session = engine.sessions.create({ agentId: 'default' });
    const block = engine.facts.recall.frozen(session, engine.agents.get('default'));
    const inner = block.length - block.indexOf('\n') - 1;
    expect(inner).toBeLessThanOrEqual(8000 + 200);
    expect(block.length).toBeGreaterThan(6000);
    const shown = block.split('\n').filter((l) => /^- (\([^)]*\) )?Fact number/.test(l)).length;
    expect(shown).toBeGreaterThan(50);
    expect(shown).toBeLessThan(400);
    expect(block).toContain(`${400 - shown} more facts: use \`memory view\``);
    // The part after the facts is never cut.
    expect(block).toContain('## Your private notes');
    // The first facts are the ones shown, in order.
    expect(block).toMatch(/- (\([^)]*\) )?Fact number 0 about/);
  });

  it('follows the per-agent setting', () => {
    const engine = openEngine();
    fill(engine, 400);
    engine.agents.update('default', { memory: { recallBudgetChars: 2000 } });
    const small = engine.facts.recall.build(engine.sessions.create({ agentId: 'default' }), engine.agents.get('default'));
    expect(small.length).toBeLessThan(2400);
    engine.agents.update('default', { memory: { recallBudgetChars: 100_000 } });
    const big = engine.facts.recall.build(engine.sessions.create({ agentId: 'default' }), engine.agents.get('default'));
    expect(big.split('\n').filter((l) => /^- (\([^)]*\) )?Fact number/.test(l))).toHaveLength(400);
    expect(big).not.toContain('more facts');
  });

  it('shows everything when it fits', () => {
    const engine = openEngine();
    fill(engine, 5);
    const block = engine.facts.recall.build(engine.sessions.create({ agentId: 'default' }), engine.agents.get('default'));
    expect(block.split('\n').filter((l) => /^- (\([^)]*\) )?Fact number/.test(l))).toHaveLength(5);
    expect(block).not.toContain('more fact');
  });
});

describe('/consolidate', () => {
  function twoAgents(engine: Engine) {
    engine.agents.create({ id: 'coach', name: 'Coach' });
    for (const scope of ['agent:default', 'agent:coach']) {
      engine.facts.memory.replaceAll(scope, ['Likes tea.', 'Likes tea a lot.'], []);
    }
  }

  it('says it covers the current agent only', async () => {
    const engine = openEngine({ backgroundJobs: false });
    useScriptedModel(engine, llm);
    llm.setDefault(keepAll);
    twoAgents(engine);
    const res = await engine.commands.run('/consolidate', { agentId: 'coach' });
    expect(res.output).toContain('This covered the current agent only (Coach');
    expect(res.output).toContain('`/consolidate all`');
    // global has no facts; agent:coach is the one scope sent.
    expect(llm.chatRequests()).toHaveLength(1);
    expect(String(llm.chatRequests()[0].body.messages.at(-1).content)).toContain('Scope: agent:coach');
  });

  it('"/consolidate all" runs every configured agent', async () => {
    const engine = openEngine({ backgroundJobs: false });
    useScriptedModel(engine, llm);
    llm.setDefault(keepAll);
    twoAgents(engine);
    const res = await engine.commands.run('/consolidate all', { agentId: 'coach' });
    const summaries = res.data as { agentId: string }[];
    expect(summaries.map((s) => s.agentId).sort()).toEqual(['coach', 'default']);
    const scopes = llm.chatRequests().map((r) => /Scope: (\S+)/.exec(String(r.body.messages.at(-1).content))?.[1]).sort();
    expect(scopes).toEqual(['agent:coach', 'agent:default']);
    expect(res.output).toContain('Every agent (2)');
    expect((await engine.commands.run('/consolidate everything', {})).output).toContain('Usage: /consolidate [all] [1-3]');
  });
});
