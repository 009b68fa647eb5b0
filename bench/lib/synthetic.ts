// Synthetic search latency at scale: a home with N messages whose words follow a Zipf distribution over
// a realistic vocabulary (LoCoMo's words by frequency when the file is at hand, then made-up words for
// the long tail), in sessions spread over three agents the way one person's use is (most in one).
// Built in one transaction through the real schema and triggers; then timed with LoCoMo's questions.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../src/main/engine';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from './locomo-data';
import { percentile, round } from './stats';
import { timeDerivedArm, type DerivedArmResult } from './synthetic-derived';

export interface SyntheticOptions {
  messages: number;
  /** Timed queries (default 300). */
  queries?: number;
  /**
   * A LoCoMo file to take the head of the vocabulary and the questions from (default: the dev file).
   * A missing file is an error: the run would otherwise measure different data without saying so.
   */
  vocabularyFrom?: string;
  /** Use made-up words and questions on purpose (no LoCoMo file); said so in the result. */
  generatedOnly?: boolean;
  seed?: number;
  /** Build into this directory and keep it; a directory already holding the corpus is reused as is. */
  home?: string;
  /** Also time the derived arm (synthetic-derived.ts): this share of messages with derived memory; 0 none. */
  derivedShare?: number;
  log?: (line: string) => void;
}

export interface SyntheticResult {
  messages: number;
  agents: number;
  sessions: number;
  vocabulary: number;
  buildMs: number;
  queries: number;
  latencyMs: { p50: number; p95: number; max: number };
  /**
   * CPU time the process used per query, all threads (JIT and GC helpers too, so it can exceed the wall
   * clock): context for a busy machine, where wall-clock time mostly measures waiting for a core.
   */
  cpuMs: { p50: number; p95: number };
  /** Plain BM25 (an OR of the question's words, FTS5's own ranking) on the same index, same questions, same run. */
  baselineLatencyMs: { p50: number; p95: number };
  /** Where the vocabulary and questions came from. */
  data: 'locomo' | 'generated';
  /** The derived arm, timed after the words' pass and the baseline in the same run (when asked for). */
  derived?: DerivedArmResult;
}

/** Vocabulary size: roughly what a few years of one person's chats use. */
const VOCABULARY = 60_000;
const AGENTS = [
  { id: 'default', share: 0.8 },
  { id: 'work', share: 0.15 },
  { id: 'research', share: 0.05 },
];
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'to', 'sa', 'vel', 'dor', 'ith', 'an', 'qu', 'pe', 'zo', 'ul', 'bri', 'ne', 'tas', 'gor', 'fen', 'ly'];
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;
const WARMUP_QUERIES = 50;

/** Deterministic PRNG (mulberry32), so runs are comparable. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(random: () => number, source: string | null): { words: string[]; questions: string[] } {
  const freq = new Map<string, number>();
  const questions: string[] = [];
  if (source) {
    for (const conv of loadLocomo(source)) {
      for (const s of conv.sessions) for (const t of s.turns) for (const w of t.text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []) freq.set(w, (freq.get(w) ?? 0) + 1);
      questions.push(...conv.questions.map((q) => q.question));
    }
  }
  const words = [...freq.entries()].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  const seen = new Set(words);
  while (words.length < VOCABULARY) {
    let w = '';
    const n = 2 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  if (!questions.length) {
    // No LoCoMo file: questions from mid-frequency words.
    for (let i = 0; i < 500; i++) {
      const n = 2 + Math.floor(random() * 4);
      const q: string[] = [];
      for (let j = 0; j < n; j++) q.push(words[50 + Math.floor(random() * 5000)]);
      questions.push(`What did we say about ${q.join(' ')}?`);
    }
  }
  return { words, questions };
}

export async function runSyntheticBench(opts: SyntheticOptions): Promise<SyntheticResult> {
  const random = rng(opts.seed ?? 42);
  const log = opts.log ?? (() => {});
  const source = opts.generatedOnly ? null : (opts.vocabularyFrom ?? DEFAULT_LOCOMO_PATH);
  if (source && !existsSync(source)) {
    throw new Error(`the LoCoMo file ${source} is missing: pass its path, or run with generated words on purpose (--generated)`);
  }
  const { words, questions } = vocabulary(random, source);
  // Zipf (s = 1) cumulative distribution over word ranks.
  const cdf = new Float64Array(words.length);
  let sum = 0;
  for (let i = 0; i < words.length; i++) cdf[i] = sum += 1 / (i + 1);
  for (let i = 0; i < words.length; i++) cdf[i] /= sum;
  const word = () => {
    const r = random();
    let lo = 0;
    let hi = words.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(random() * (max - min + 1));
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(word());
    return out.join(' ');
  };

  const home = opts.home ?? mkdtempSync(join(tmpdir(), 'monad-synthetic-'));
  const engine = Engine.open({ home, host: 'cli' });
  try {
    const existing = engine.appDb.prepare(`SELECT count(*) FROM messages`).pluck().get() as number;
    const reuse = opts.home !== undefined && existing === opts.messages;
    if (existing && !reuse) throw new Error(`${home} already holds ${existing} messages; give an empty directory or one built for ${opts.messages}`);
    for (const a of AGENTS) if (!engine.agents.list().some((x) => x.id === a.id)) engine.agents.create({ id: a.id, name: a.id } as Parameters<Engine['agents']['create']>[0]);
    const db = engine.appDb;
    // A bulk build: a large page cache for the index merges; durability is irrelevant for a temp home.
    db.pragma('cache_size = -262144');
    db.pragma('synchronous = OFF');
    const insSession = db.prepare(`INSERT INTO sessions (id, agent_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`);
    const insMessage = db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)`);
    const started = performance.now();
    let sessions = reuse ? (db.prepare(`SELECT count(*) FROM sessions`).pluck().get() as number) : 0;
    const base = Date.UTC(2022, 0, 1);
    if (reuse) log(`reusing the ${existing} messages in ${home}`);
    else db.transaction(() => {
      let written = 0;
      while (written < opts.messages) {
        const r = random();
        const agent = r < AGENTS[0].share ? AGENTS[0].id : r < AGENTS[0].share + AGENTS[1].share ? AGENTS[1].id : AGENTS[2].id;
        const sessionId = `syn-s${sessions++}`;
        const at = base + Math.floor((written / opts.messages) * SPAN_MS);
        const iso = new Date(at).toISOString();
        insSession.run(sessionId, agent, sentence(2, 6), iso, iso);
        const length = Math.min(opts.messages - written, 10 + Math.floor(random() * 50));
        for (let i = 0; i < length; i++, written++) {
          // Person: short; assistant: longer.
          const user = i % 2 === 0;
          insMessage.run(`syn-m${written}`, sessionId, user ? 'user' : 'assistant', user ? sentence(4, 30) : sentence(10, 70), new Date(at + i * 30_000).toISOString());
        }
        if (sessions % 2000 === 0) log(`  ${written} messages…`);
      }
    })();
    // A running app's database is checkpointed; a 1M-row transaction leaves it all in the WAL.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const buildMs = reuse ? 0 : Math.round(performance.now() - started);
    log(`built ${opts.messages} messages in ${(buildMs / 1000).toFixed(1)} s; querying…`);

    const n = opts.queries ?? 300;
    // Questions in a fixed shuffled order: the warm-up ones (JIT, page cache — a running app is warm)
    // are never among the timed ones.
    const order = questions.map((q) => ({ q, key: random() })).sort((a, b) => a.key - b.key).map((x) => x.q);
    const latencies: number[] = [];
    const cpu: number[] = [];
    // Mostly the main agent (as the tool would), some other agents, some unscoped (UI/CLI); the same
    // agents for the derived arm's pass.
    const agents = Array.from({ length: WARMUP_QUERIES + n }, () => {
      const r = random();
      return r < 0.7 ? 'default' : r < 0.8 ? 'work' : r < 0.9 ? 'research' : undefined;
    });
    for (let i = 0; i < WARMUP_QUERIES + n; i++) {
      const q = order[i % order.length];
      const agentId = agents[i];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      engine.search.search({ query: q, agentId, k: 10 });
      const ms = performance.now() - t0;
      const c = process.cpuUsage(c0);
      if (i >= WARMUP_QUERIES) {
        latencies.push(ms);
        cpu.push((c.user + c.system) / 1000);
      }
    }
    // The baseline on the same index and questions, in the same run: the ratio of the two is what a
    // noisy machine cannot move much.
    const baselineStmt = engine.appDb.prepare(`SELECT rowid FROM message_fts WHERE message_fts MATCH ? ORDER BY rank LIMIT 10`).pluck();
    const baseline: number[] = [];
    for (let i = 0; i < WARMUP_QUERIES + n; i++) {
      const words = [...new Set(order[i % order.length].toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
      if (!words.length) continue;
      const t0 = performance.now();
      baselineStmt.all(words.map((w) => `"${w}"`).join(' OR '));
      if (i >= WARMUP_QUERIES) baseline.push(performance.now() - t0);
    }
    const derived = opts.derivedShare
      ? timeDerivedArm(engine, opts.messages, { share: opts.derivedShare, random, sentence, question: (i) => ({ query: order[i % order.length], agentId: agents[i] }), warmUp: WARMUP_QUERIES, timed: n })
      : undefined;
    if (derived) log(`derived arm: ${derived.messages} messages with ${derived.entries} entries written in ${(derived.writeMs / 1000).toFixed(1)} s`);
    return {
      ...(derived ? { derived } : {}),
      data: source ? 'locomo' : 'generated',
      baselineLatencyMs: { p50: round(percentile(baseline, 50), 2), p95: round(percentile(baseline, 95), 2) },
      messages: opts.messages,
      agents: AGENTS.length,
      sessions,
      vocabulary: words.length,
      buildMs,
      queries: latencies.length,
      latencyMs: { p50: round(percentile(latencies, 50), 2), p95: round(percentile(latencies, 95), 2), max: round(Math.max(...latencies), 2) },
      cpuMs: { p50: round(percentile(cpu, 50), 2), p95: round(percentile(cpu, 95), 2) },
    };
  } finally {
    engine.close();
    if (!opts.home) rmSync(home, { recursive: true, force: true });
  }
}
