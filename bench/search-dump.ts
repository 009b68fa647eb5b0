// What one search returns and costs, question by question, on LoCoMo with the observation stand-in (issue 31
// §3): a change meant to make search faster must return exactly what it returned before.
//
//   npx tsx bench/search-dump.ts [--derived observations|none] [--out FILE] [--passes N]
//
// Every question is asked scoped to its conversation's agent and unscoped; the full results (messages,
// facts, entities, with scores and the "via" of each hit; not the timing) are written to FILE, one JSON
// line per search, so two runs compare with `cmp`. Then `passes` timed passes over all questions print
// the CPU time (process.cpuUsage: this process's own work, not the machine's other load) per search.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import { WordNet } from '../src/main/search/wordnet';
import { agentIdFor, ingest, productSearch, roleNamesOf, turnContent, warmUpQueries } from './locomo';
import { parseDerivedMode, recordObservations } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from './lib/locomo-data';
import { percentile, round } from './lib/stats';

const { values } = parseArgs({ options: { derived: { type: 'string' }, out: { type: 'string' }, passes: { type: 'string' } } });
const conversations = loadLocomo(DEFAULT_LOCOMO_PATH);
const home = mkdtempSync(join(tmpdir(), 'monad-search-dump-'));
const engine = Engine.open({ home, host: 'cli' });
try {
  const { messageOf, diaByMessage } = ingest(engine, conversations, null, (t) => turnContent(t));
  if (parseDerivedMode(values.derived) === 'observations') recordObservations(engine, conversations, (ci) => agentIdFor(conversations[ci].id, ci), messageOf);
  const byAgent = new Map(conversations.map((conv, ci) => [agentIdFor(conv.id, ci), roleNamesOf(conv)]));
  const wordnet = WordNet.installed();
  const service = productSearch(engine, { lexicon: () => wordnet, roleNames: (agentId) => byAgent.get(agentId) ?? {} });
  for (const w of warmUpQueries(conversations, 500)) service.search({ query: w.query, agentId: agentIdFor(conversations[w.convIndex].id, w.convIndex), k: 10 });
  const asked = conversations.flatMap((conv, ci) => conv.questions.filter((q) => q.evidence.length).map((q) => ({ query: q.question, agentId: agentIdFor(conv.id, ci), roleNames: byAgent.get(agentIdFor(conv.id, ci)) })));
  const lines: string[] = [];
  for (const a of asked) {
    for (const input of [{ query: a.query, agentId: a.agentId, k: 10 }, { query: a.query, roleNames: a.roleNames, k: 10 }]) {
      const { tookMs: _took, ...rest } = service.search(input);
      // Ids are made afresh each run: a message is named by its turn, a fact by its text, a session by its title.
      const messages = rest.messages.map(({ messageId, sessionId: _s, ...m }) => ({ turn: diaByMessage.get(messageId), ...m }));
      const facts = rest.facts.map(({ factId: _f, ...f }) => f);
      lines.push(JSON.stringify({ input, ...rest, messages, facts }));
    }
  }
  if (values.out) writeFileSync(values.out, lines.join('\n') + '\n');
  const cpu: number[] = [];
  for (let pass = 0; pass < Number(values.passes ?? 3); pass++) {
    for (const a of asked) {
      const c0 = process.cpuUsage();
      service.search({ query: a.query, agentId: a.agentId, k: 10 });
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  const mean = cpu.reduce((s, x) => s + x, 0) / cpu.length;
  console.log(`searches dumped ${lines.length}; CPU ms per search over ${cpu.length}: mean ${round(mean)} p50 ${round(percentile(cpu, 50))} p95 ${round(percentile(cpu, 95))}; load ${loadavg()[0].toFixed(2)}`);
} finally {
  engine.close();
  rmSync(home, { recursive: true, force: true });
}
