// temporary: stable per-query cost (min of 7 runs per question)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../src/main/engine';
import { SearchService } from '../src/main/search/search-service';
import { agentIdFor, ingest, roleNamesOf, turnContent } from './locomo';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from './lib/locomo-data';
import { percentile } from './lib/stats';
const conversations = loadLocomo(DEFAULT_LOCOMO_PATH);
const engine = Engine.open({ home: mkdtempSync(join(tmpdir(), 'lat-')), host: 'cli' });
ingest(engine, conversations, null, (t) => turnContent(t, false));
const byAgent = new Map(conversations.map((conv, ci) => [agentIdFor(conv.id, ci), roleNamesOf(conv)]));
const service = new SearchService({ db: engine.appDb, roleNames: (a) => byAgent.get(a) ?? {} });
const qs = conversations.flatMap((c, ci) => c.questions.map((q) => [q.question, agentIdFor(c.id, ci)] as const));
for (const [q, a] of qs.slice(0, 300)) service.search({ query: q, agentId: a, k: 10 });
const mins: number[] = [];
const meds: number[] = [];
for (const [q, a] of qs) {
  const t: number[] = [];
  for (let i = 0; i < 7; i++) { const s = performance.now(); service.search({ query: q, agentId: a, k: 10 }); t.push(performance.now() - s); }
  t.sort((x, y) => x - y);
  mins.push(t[0]); meds.push(t[3]);
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
console.log(`min-of-7: mean ${(sum(mins) / mins.length).toFixed(3)} p50 ${percentile(mins, 50).toFixed(3)} p95 ${percentile(mins, 95).toFixed(3)} | median-of-7: mean ${(sum(meds) / meds.length).toFixed(3)} p95 ${percentile(meds, 95).toFixed(3)}`);
