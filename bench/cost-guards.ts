// Cost of automatic consolidation (issue 18 §5): LLM calls and input tokens for 100 fact writes into a
// scope that already holds ~5,000 characters, with auto-consolidation on, against the scripted model
// (a memory model that merges nothing: the most a scope can cost, since nothing ever shrinks it).
//
//   npx tsx bench/cost-guards.ts [--json]
//
// Three runs, each on a fresh home:
//   - "burst": the 100 writes of one long session (a few minutes), guards at their defaults; the target;
//   - "spread": the same writes one every 36 s over an hour (the engine's clock is moved), defaults;
//   - "unguarded": the burst with the guards off (no cooldown, no cap), what it cost before them.
// After every write the bench waits for the pass it may have started, so passes are not merged by
// single-flight alone: each write gets the chance to cost a call, as writes spread over turns do.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedReply } from '../tests/fixtures/scripted-llm';

export const COST_TARGETS = { burstCalls: 2 } as const;

export interface CostRun {
  name: 'burst' | 'spread' | 'unguarded';
  writes: number;
  scopeCharsBefore: number;
  scopeCharsAfter: number;
  llmCalls: number;
  inputTokens: number;
  /** The largest prompt one pass sent, in characters of fact text. */
  maxFactCharsSent: number;
}

const SCOPE = 'agent:default';

function factLines(req: RecordedRequest): string[] {
  return String(req.body.messages.at(-1).content)
    .split('\n')
    .filter((l: string) => /^\[f\d+\] /.test(l))
    .map((l: string) => l.replace(/^\[f\d+\] /, ''));
}

/** Merges nothing: every fact comes back as it was. */
function keepAll(req: RecordedRequest): ScriptedReply {
  return { kind: 'json', value: { facts: factLines(req).map((text, i) => ({ text, from: [`f${i + 1}`] })) } };
}

async function run(name: CostRun['name'], stepMs: number, guards: boolean): Promise<CostRun> {
  const llm = await startScriptedLlm();
  llm.setDefault(keepAll);
  const home = mkdtempSync(join(tmpdir(), 'monad-bench-cost-'));
  let clock = Date.parse('2026-12-01T09:00:00Z');
  const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, now: () => new Date(clock) });
  try {
    engine.providers.save({ id: 'scripted', kind: 'openai', name: 'Scripted', baseURL: `${llm.url}/v1`, models: ['gpt-4o-mini'] }, 'sk-bench-0123456789abcdef');
    // The ~5,000-char scope, in one write, before any model is set (so it costs nothing yet).
    const seed = Array.from({ length: 60 }, (_, i) => `Earlier note ${i}: the person mentioned a detail about their garden, their tea and their week`);
    engine.facts.memory.replaceAll(SCOPE, seed, []);
    engine.config.update((c) => {
      c.models.roles.chat = { provider: 'scripted', model: 'gpt-4o-mini' };
      c.models.roles.memory = { provider: 'scripted', model: 'gpt-4o-mini' };
      if (!guards) c.memory.autoConsolidation = { cooldownMinutes: 0, maxInputChars: 200_000 };
      return c;
    });
    const before = engine.facts.memory.read(SCOPE).chars;
    for (let i = 0; i < 100; i++) {
      engine.facts.memory.record(SCOPE, `New note ${i}: said during the session about plans for week ${i % 7}`);
      await engine.facts.auto.pending(SCOPE);
      clock += stepMs;
    }
    const usage = engine.llm.usage.get('consolidate-facts') ?? { calls: 0, inputTokens: 0, outputTokens: 0 };
    return {
      name,
      writes: 100,
      scopeCharsBefore: before,
      scopeCharsAfter: engine.facts.memory.read(SCOPE).chars,
      llmCalls: usage.calls,
      inputTokens: usage.inputTokens,
      maxFactCharsSent: Math.max(0, ...llm.chatRequests().map((r) => factLines(r).reduce((n, t) => n + t.length, 0))),
    };
  } finally {
    engine.close();
    await llm.close();
    rmSync(home, { recursive: true, force: true });
  }
}

export async function runCostGuardsBench(): Promise<{ runs: CostRun[] }> {
  const runs: CostRun[] = [];
  runs.push(await run('burst', 2000, true));
  runs.push(await run('spread', 36_000, true));
  runs.push(await run('unguarded', 2000, false));
  return { runs };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  runCostGuardsBench().then((r) => {
    if (values.json) {
      process.stdout.write(`${JSON.stringify(r)}\n`);
      return;
    }
    for (const x of r.runs) console.log(`${x.name.padEnd(10)} ${x.llmCalls} calls, ${x.inputTokens} input tokens, largest pass ${x.maxFactCharsSent} chars (scope ${x.scopeCharsBefore} → ${x.scopeCharsAfter} chars)`);
  });
}
