// CPU time per search of the learned re-ranking (issue 31, seventh pass): every LoCoMo question searched
// by services that differ only in their re-ranking, the arms interleaved question by question so the
// machine's load falls on each alike, timed by process.cpuUsage (user + system, this process).
//
//   npx tsx bench/locomo-rerank-cpu.ts [--data FILE] [--derived observations|none] [--rounds N]
//
// With --derived observations each turn is also indexed with the LoCoMo observations that cite it: a
// STAND-IN for consolidation's facts (bench/lib/locomo-derived.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import type { RankParams } from '../src/main/search/rank';
import { WordNet } from '../src/main/search/wordnet';
import { OBSERVATIONS_LABEL, parseDerivedMode, recordObservations, type DerivedMode } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from './lib/locomo-data';
import { mean, percentile, round } from './lib/stats';
import { agentIdFor, ingest, productSearch, roleNamesOf, turnContent } from './locomo';

/** The arms: what each changes in the shipped ranking. */
export const ARMS: Record<string, Partial<RankParams>> = {
  'no re-ranking': { rerank: [], rerankTrees: [] },
  'linear (sixth pass)': { rerankTrees: [], rerankFloor: 0 },
  'trees with the floor (shipped)': {},
};

export function runRerankCpu(opts: { data?: string; derived?: DerivedMode; rounds?: number; log?: (s: string) => void }): Record<string, { meanMs: number; p95Ms: number }> {
  const conversations = loadLocomo(opts.data ?? DEFAULT_LOCOMO_PATH);
  const home = mkdtempSync(join(tmpdir(), 'monad-rerank-cpu-'));
  const engine = Engine.open({ home, host: 'cli' });
  try {
    const { messageOf } = ingest(engine, conversations, null, (t) => turnContent(t));
    if (opts.derived === 'observations') {
      recordObservations(engine, conversations, (ci) => agentIdFor(conversations[ci].id, ci), messageOf);
      opts.log?.(OBSERVATIONS_LABEL);
    }
    const names = new Map(conversations.map((c, ci) => [agentIdFor(c.id, ci), roleNamesOf(c)]));
    const wordnet = WordNet.installed();
    const services = Object.entries(ARMS).map(([name, rank]) => ({ name, service: productSearch(engine, { rank, lexicon: () => wordnet, roleNames: (id) => names.get(id) ?? {} }) }));
    const asks = conversations.flatMap((conv, ci) => conv.questions.map((q) => ({ query: q.question, agentId: agentIdFor(conv.id, ci), k: 10 })));
    // Untimed: every service brings the derived field up to date and warms up.
    for (const { service } of services) for (const a of asks.slice(0, 200)) service.search(a);
    const times = new Map(services.map((s) => [s.name, [] as number[]]));
    for (let round = 0; round < (opts.rounds ?? 2); round++) {
      for (const a of asks) {
        for (const { name, service } of services) {
          const start = process.cpuUsage();
          service.search(a);
          const used = process.cpuUsage(start);
          times.get(name)!.push((used.user + used.system) / 1000);
        }
      }
    }
    return Object.fromEntries([...times].map(([name, t]) => [name, { meanMs: round(mean(t), 2), p95Ms: round(percentile(t, 95), 2) }]));
  } finally {
    engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { data: { type: 'string' }, derived: { type: 'string' }, rounds: { type: 'string' } } });
  const r = runRerankCpu({ data: values.data, derived: parseDerivedMode(values.derived), rounds: values.rounds ? Number(values.rounds) : undefined, log: (s) => console.log(s) });
  for (const [name, t] of Object.entries(r)) console.log(`${name}: CPU per search mean ${t.meanMs} ms, p95 ${t.p95Ms} ms`);
}
