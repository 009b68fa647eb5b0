// What a search costs in the bench's single-shot pass (issue 31 §3): `bench/locomo.ts` asks 500 warm-up
// queries, then each of LoCoMo's 997 questions once, and its p95 is that pass's. This runs the same pass on
// the product's search (scoped to the question's agent) and reports what the wall clock cannot separate
// on a shared machine: CPU time per search, the collections that fell in the pass, and where the garbage
// comes from.
//
//   npx tsx bench/search-garbage.ts [--derived observations|none] [--mode gc|heap|cpu] [--top N] [--tail]
//
//   gc    CPU per search (process.cpuUsage) and the GC events of the pass (count, total pause);
//         --tail: the slowest 100 searches asked again (what the first time cost more: reads not yet kept)
//   heap  bytes allocated per search (V8's sampling heap profiler, keeping the objects minor and major
//         collections freed, so every allocation counts), the top N sites; a built-in (Map.set, sort)
//         is named with the function that called it
//   cpu   self time per function over the pass (V8's CPU profiler, 50 µs samples; the profiler inflates
//         small functions, so compare figures of one mode with each other only)
import { mkdtempSync, rmSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import { WordNet } from '../src/main/search/wordnet';
import { agentIdFor, ingest, productSearch, roleNamesOf, turnContent, warmUpQueries } from './locomo';
import { parseDerivedMode, recordObservations } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from './lib/locomo-data';
import { percentile, round } from './lib/stats';

const { values } = parseArgs({ options: { derived: { type: 'string' }, mode: { type: 'string' }, top: { type: 'string' }, tail: { type: 'boolean' } } });
const mode = values.mode ?? 'gc';
if (mode !== 'gc' && mode !== 'heap' && mode !== 'cpu') throw new Error(`--mode gc|heap|cpu, not ${mode}`);
const top = Number(values.top ?? 30);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  selfSize?: number;
  children?: Array<ProfileNode | number>;
}

function place(f: ProfileNode['callFrame']): string {
  return `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}`;
}

function printTop(by: Map<string, number>, per: number, unit: string, digits: number): void {
  for (const [site, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(v / per).toFixed(digits).padStart(8)} ${unit}  ${site}`);
}

const conversations = loadLocomo(DEFAULT_LOCOMO_PATH);
const home = mkdtempSync(join(tmpdir(), 'monad-search-garbage-'));
const engine = Engine.open({ home, host: 'cli' });
try {
  const { messageOf } = ingest(engine, conversations, null, (t) => turnContent(t));
  const derived = parseDerivedMode(values.derived) === 'observations';
  if (derived) recordObservations(engine, conversations, (ci) => agentIdFor(conversations[ci].id, ci), messageOf);
  const byAgent = new Map(conversations.map((conv, ci) => [agentIdFor(conv.id, ci), roleNamesOf(conv)]));
  const wordnet = WordNet.installed();
  const service = productSearch(engine, { lexicon: () => wordnet, roleNames: (agentId) => byAgent.get(agentId) ?? {} });
  for (const w of warmUpQueries(conversations, 500)) service.search({ query: w.query, agentId: agentIdFor(conversations[w.convIndex].id, w.convIndex), k: 10 });
  const asked = conversations.flatMap((conv, ci) => conv.questions.filter((q) => q.evidence.length).map((q) => ({ query: q.question, agentId: agentIdFor(conv.id, ci) })));

  let gcs = 0;
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcs++;
      gcMs += e.duration;
    }
  });
  const session = new Session();
  if (mode === 'gc') observer.observe({ entryTypes: ['gc'] });
  else {
    session.connect();
    if (mode === 'heap') await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMinorGC: true, includeObjectsCollectedByMajorGC: true });
    else {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 50 });
      await session.post('Profiler.start');
    }
  }
  const cpu: number[] = [];
  for (const a of asked) {
    const c0 = process.cpuUsage();
    service.search({ query: a.query, agentId: a.agentId, k: 10 });
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const label = derived ? 'with the observation STAND-IN' : 'words only';
  if (mode === 'heap') {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const bySite = new Map<string, number>();
    let total = 0;
    const walk = (n: ProfileNode, caller: string) => {
      const here = n.callFrame.url ? place(n.callFrame) : `${n.callFrame.functionName || '(anonymous)'} <- ${caller}`;
      if (n.selfSize) {
        bySite.set(here, (bySite.get(here) ?? 0) + n.selfSize);
        total += n.selfSize;
      }
      for (const c of n.children ?? []) walk(c as ProfileNode, n.callFrame.url ? here : caller);
    };
    walk(profile.head as unknown as ProfileNode, '');
    console.log(`${label}: sampled allocation ${round(total / asked.length / 1024)} KB per search over ${asked.length}`);
    printTop(bySite, asked.length * 1024, 'KB', 1);
  } else if (mode === 'cpu') {
    const { profile } = await session.post('Profiler.stop');
    const selfOf = new Map<number, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) selfOf.set(samples[i], (selfOf.get(samples[i]) ?? 0) + (deltas[i] ?? 0));
    const byFunction = new Map<string, number>();
    let total = 0;
    for (const n of profile.nodes as unknown as ProfileNode[]) {
      const t = selfOf.get(n.id) ?? 0;
      total += t;
      byFunction.set(place(n.callFrame), (byFunction.get(place(n.callFrame)) ?? 0) + t);
    }
    console.log(`${label}: profiled ${round(total / 1000 / asked.length)} ms per search over ${asked.length}`);
    printTop(byFunction, asked.length * 1000, 'ms', 3);
  } else {
    await new Promise((r) => setTimeout(r, 50)); // the last GC entries are delivered asynchronously
    observer.disconnect();
    const mean = cpu.reduce((s, x) => s + x, 0) / cpu.length;
    console.log(`${label}: single-shot ${cpu.length} searches, CPU ms mean ${round(mean)} p50 ${round(percentile(cpu, 50))} p95 ${round(percentile(cpu, 95))}; collections ${gcs} (${round(gcMs)} ms); load ${loadavg()[0].toFixed(2)}`);
    if (values.tail) {
      const slow = cpu.map((c, i) => [c, i] as const).sort((a, b) => b[0] - a[0]).slice(0, 100);
      const again = slow.map(([, i]) => {
        const c0 = process.cpuUsage();
        service.search({ query: asked[i].query, agentId: asked[i].agentId, k: 10 });
        const c = process.cpuUsage(c0);
        return (c.user + c.system) / 1000;
      });
      console.log(`the slowest 100: CPU ms mean ${round(slow.reduce((s, x) => s + x[0], 0) / slow.length)} the first time, ${round(again.reduce((s, x) => s + x, 0) / again.length)} asked again`);
    }
  }
} finally {
  engine.close();
  rmSync(home, { recursive: true, force: true });
}
