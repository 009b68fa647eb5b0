// The derived arm of the synthetic latency run (issue 31 §3): the same home, the same questions, with a
// share of its messages carrying derived memory (what consolidation would have learned from them), timed
// through the same search service right after the words-only pass and the BM25 baseline.
//
// The derived rows are written through the product's own store (derived-store.ts: the message_derived
// table, its triggers keep the FTS5 index in step). They are not facts in memory: at a million messages
// the facts panel's own ranking would dominate and is another figure (bench l1). The search service's
// derived updater has already brought the field up to date from memory (its first search, in the words
// pass) and nothing in memory changes afterwards, so the rows written here are what it searches.
import type { Engine } from '../../src/main/engine';
import { DerivedStore, type DerivedEntry } from '../../src/main/search/derived-store';
import { percentile, round } from './stats';

export interface DerivedArmOptions {
  /** Share of messages with derived memory. */
  share: number;
  random: () => number;
  /** A made-up sentence of min..max words from the corpus's vocabulary (Zipf). */
  sentence: (min: number, max: number) => string;
  /** The questions, in order: the first `warmUp` untimed, then `timed`. */
  question: (i: number) => { query: string; agentId: string | undefined };
  warmUp: number;
  timed: number;
}

export interface DerivedArmResult {
  /** Messages given derived text, and their entries. */
  messages: number;
  entries: number;
  writeMs: number;
  latencyMs: { p50: number; p95: number; max: number };
  /** CPU time per query, as the words' pass reports it (context on a busy machine). */
  cpuMs: { p50: number; p95: number };
}

/** 1–3 entries of 6–18 words each, like the facts and relation sentences a consolidation run writes. */
export function timeDerivedArm(engine: Engine, total: number, o: DerivedArmOptions): DerivedArmResult {
  const store = new DerivedStore(engine.appDb);
  const t0 = performance.now();
  // One write of every row, as the product's derived updater makes it (replaceAll: one transaction, the
  // FTS5 index merged a bounded step once at the end). Row by row through set(), each write merged the
  // growing index again: 200,000 merges made the arm's write run for tens of minutes at a million
  // messages, which is why the 1M run had no figure in sessions 17-19.
  const want = new Map<string, DerivedEntry[]>();
  let entries = 0;
  for (let i = 0; i < total; i++) {
    if (o.random() >= o.share) continue;
    const n = 1 + Math.floor(o.random() * 3);
    want.set(`syn-m${i}`, Array.from({ length: n }, () => ({ kind: 'fact' as const, text: o.sentence(6, 18) })));
    entries += n;
  }
  const messages = store.replaceAll(want).written;
  engine.appDb.pragma('wal_checkpoint(TRUNCATE)');
  const writeMs = Math.round(performance.now() - t0);
  const latencies: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < o.warmUp + o.timed; i++) {
    const { query, agentId } = o.question(i);
    const c0 = process.cpuUsage();
    const t = performance.now();
    engine.search.search({ query, agentId, k: 10 });
    const ms = performance.now() - t;
    const c = process.cpuUsage(c0);
    if (i >= o.warmUp) {
      latencies.push(ms);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  return {
    messages,
    entries,
    writeMs,
    latencyMs: { p50: round(percentile(latencies, 50), 2), p95: round(percentile(latencies, 95), 2), max: round(Math.max(...latencies), 2) },
    cpuMs: { p50: round(percentile(cpu, 50), 2), p95: round(percentile(cpu, 95), 2) },
  };
}
