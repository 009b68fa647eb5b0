// LoCoMo retrieval benchmark for Monad's search (issue 9), and the synthetic 1M-message latency run.
//
//   npx tsx bench/locomo.ts [--data FILE] [--json] [--verbose] [--legacy]
//   npx tsx bench/locomo.ts --embed-url URL --embed-model NAME   hybrid: real vectors from an
//       OpenAI-compatible endpoint (key in MONAD_EMBED_KEY); without them the run is words only
//   npx tsx bench/locomo.ts --derived observations   each turn also indexed with the LoCoMo observations
//       that cite it, recorded as facts with that turn as source (a STAND-IN for consolidation's facts:
//       LoCoMo's authors wrote them with an LLM; bench/lib/locomo-derived.ts)
//   npx tsx bench/locomo.ts --synthetic 1000000 [--queries N] [--home DIR] [--json]   (DIR: build once, reuse)
//       then the same questions again with derived memory on a share of the messages (--derived-share,
//       default 0.2; 0 skips that arm)
//
// Every turn of every conversation is ingested as a message into a fresh temporary home through the
// engine's own stores (one agent per conversation, one session per LoCoMo session, dated with that
// session's date; speaker_a's turns are the user's, speaker_b's the agent's, and search is told both
// names). Each question with evidence is searched with its text, scoped to its conversation's
// agent; recall@k is the share of its evidence turns among the top k messages, averaged over
// questions. A plain BM25 OR-query baseline on a stock FTS5 table runs on the same turns.
// The data file is read where it lies (CC BY-NC): it is never copied into the repository.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import type { RankParams } from '../src/main/search/rank';
import { roleNamesFor, type RoleNames } from '../src/main/search/role-names';
import { configuredEmbedder } from '../src/main/search/llm-embedder';
import { MessageEmbedder } from '../src/main/search/message-embedder';
import { MessageVectors } from '../src/main/search/message-vectors';
import { createSearch, type SearchParts } from '../src/main/search/create-search';
import type { SearchService, SearchServiceDeps } from '../src/main/search/search-service';
import { WordNet } from '../src/main/search/wordnet';
import { BaselineIndex } from './lib/baseline';
import { OBSERVATIONS_LABEL, parseDerivedMode, recordObservations, type DerivedMode, type StandInReport } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo, type LocomoConversation, type LocomoTurn } from './lib/locomo-data';
import { mean, percentile, recallAt, round } from './lib/stats';
import { runSyntheticBench, type SyntheticResult } from './lib/synthetic';

export { DEFAULT_LOCOMO_PATH };

/**
 * Share of the synthetic run's messages given derived memory for its derived arm: about the stand-in's
 * density on LoCoMo (LoCoMo's observations cite 1,129 of its 5,882 turns).
 */
export const SYNTHETIC_DERIVED_SHARE = 0.2;

export interface LocomoOptions {
  /** A LoCoMo-format JSON file; default ../shared/data/locomo/locomo-dev.json from the repo root. */
  data?: string;
  /** Conversations given directly (tests); `data` is then ignored. */
  conversations?: LocomoConversation[];
  /** Ranking overrides, for tuning runs. */
  rank?: Partial<RankParams>;
  /** Per-question detail in the result. */
  verbose?: boolean;
  /** Skip the baseline. */
  baseline?: boolean;
  /** The old setup: "Speaker:" prefixes and photo captions in the indexed text. */
  legacy?: boolean;
  /**
   * Hybrid mode: an OpenAI-compatible embedding endpoint that embeds every turn and question (real
   * vectors; nothing here fakes them). Absent: words only, as in a product with no embedding model.
   */
  embedding?: { baseURL: string; model: string; apiKey?: string };
  /** observations: LoCoMo's observation stand-in for derived memory (issue 31 §2); none: words only. */
  derived?: DerivedMode;
}

export interface RecallFigures {
  recall5: number;
  recall10: number;
}

export interface QuestionDetail {
  conversation: string;
  question: string;
  category: string;
  evidence: string[];
  found: string[];
  recall10: number;
}

export interface LocomoResult extends RecallFigures {
  byCategory: Record<string, RecallFigures & { n: number }>;
  latencyMs: { p50: number; p95: number };
  /** The plain BM25 baseline's latency over the same questions in the same run (the ratio is stable on a busy machine). */
  baselineLatencyMs: { p50: number; p95: number };
  /**
   * p95 over questions of each question's median of three runs (words only): the search's own cost per
   * question, without the one-off pauses a single timing catches on a busy machine. Both are reported.
   */
  medianOf3Ms: { p95: number; baselineP95: number } | null;
  questions: number;
  messages: number;
  /** words: no embedding model (the default); hybrid: words fused with the endpoint's vectors. */
  mode: 'words' | 'hybrid';
  baseline: RecallFigures;
  /** What the messages' derived field held: "none", or the stand-in's label (never reported unlabelled). */
  derived: string;
  standIn?: StandInReport;
  details?: QuestionDetail[];
}

/**
 * Untimed warm-up queries before the timed passes (JIT, page cache), as a running app would have had.
 * They are never the timed questions: each is a turn's opening words, asked of its own conversation.
 */
const WARMUP_QUERIES = 500;

/** Up to `n` warm-up queries spread over the conversations' turns: a turn's first eight words each. */
export function warmUpQueries(conversations: LocomoConversation[], n: number): Array<{ query: string; convIndex: number }> {
  const all = conversations.flatMap((conv, convIndex) =>
    conv.sessions.flatMap((s) => s.turns.map((t) => ({ query: t.text.split(/\s+/).slice(0, 8).join(' '), convIndex }))),
  );
  const step = Math.max(1, Math.floor(all.length / n));
  return all.filter((w, i) => i % step === 0 && w.query.trim()).slice(0, n);
}

/**
 * How a turn is stored. The product's configuration (the default): the words as typed, nothing added —
 * a chat message carries neither its speaker's name nor a caption of a shared photo. The old setup
 * (`--legacy`: "Speaker: text [shares a photo: caption]") made the benchmark easier than the product.
 */
export function turnContent(t: LocomoTurn, legacy = false): string {
  const text = t.text.trim();
  if (!legacy) return text;
  const photo = t.caption ? ` [shares a photo: ${t.caption}]` : '';
  return `${t.speaker}: ${text}${photo}`;
}

/**
 * The two speakers are the two sides of the chat: speaker_a the person (the name USER.md would give),
 * speaker_b the agent (its name in settings), through the product's own roleNamesFor.
 */
export function roleNamesOf(conv: LocomoConversation): RoleNames {
  return roleNamesFor({ person: conv.speakerA, agent: conv.speakerB });
}

export function agentIdFor(conversationId: string, i: number): string {
  const slug = conversationId.toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48);
  return /^[a-z0-9]/.test(slug) ? slug : `conv-${i + 1}`;
}

export async function runLocomoBench(opts: LocomoOptions = {}): Promise<LocomoResult> {
  const conversations = opts.conversations ?? loadLocomo(opts.data ?? DEFAULT_LOCOMO_PATH);
  const home = mkdtempSync(join(tmpdir(), 'monad-locomo-'));
  const engine = Engine.open({ home, host: 'cli' });
  const baseline = opts.baseline === false ? null : new BaselineIndex();
  try {
    const { diaByMessage, messages, messageOf } = ingest(engine, conversations, baseline, (t) => turnContent(t, opts.legacy));
    const standIn = opts.derived === 'observations' ? recordObservations(engine, conversations, (ci) => agentIdFor(conversations[ci].id, ci), messageOf) : undefined;
    const byAgent = new Map(conversations.map((conv, ci) => [agentIdFor(conv.id, ci), roleNamesOf(conv)]));
    // The product's search service, with each conversation's two names where the product would take
    // them from USER.md and the agent's settings (a bench home has one USER.md but ten people).
    const wordnet = WordNet.installed();
    const semantic = opts.embedding ? await embedAll(engine, opts.embedding) : null;
    const service = productSearch(engine, { rank: opts.rank, lexicon: () => wordnet, semantic, roleNames: (agentId) => byAgent.get(agentId) ?? {} });
    // Words only: synchronous; hybrid: the product's query path (the question is embedded too).
    const find = async (query: string, agentId: string) => (semantic ? (await service.query({ query, agentId, k: 10 })).messages : service.search({ query, agentId, k: 10 }).messages);

    const warmUp = warmUpQueries(conversations, WARMUP_QUERIES).map((w) => ({ query: w.query, agentId: agentIdFor(conversations[w.convIndex].id, w.convIndex) }));
    if (!semantic) for (const w of warmUp) service.search({ query: w.query, agentId: w.agentId, k: 10 });

    const perQuestion: Array<{ category: string; r5: number; r10: number; b5: number; b10: number }> = [];
    const details: QuestionDetail[] = [];
    const asked = conversations.flatMap((conv, ci) => conv.questions.filter((q) => q.evidence.length).map((q) => ({ conv, q, agentId: agentIdFor(conv.id, ci) })));

    // Recall, and the first timed run of each question. Each engine is timed in its own pass over the
    // questions (the baseline is another database: run between our queries, its pages and JIT state
    // took turns with ours in the caches, and each question paid for the other's).
    const latencies: number[] = [];
    const found: string[][] = [];
    for (const { q, agentId } of asked) {
      const started = performance.now();
      const hits = await find(q.question, agentId);
      latencies.push(performance.now() - started);
      found.push(hits.map((h) => diaByMessage.get(h.messageId) ?? ''));
    }
    const baseLatencies: number[] = [];
    const baseFound: string[][] = [];
    if (baseline) {
      for (const w of warmUp) baseline.search(w.agentId, w.query, 10); // its own warm-up
      for (const { q, agentId } of asked) {
        const b0 = performance.now();
        baseFound.push(baseline.search(agentId, q.question, 10));
        baseLatencies.push(performance.now() - b0);
      }
    }
    // Two more passes of each engine: a question's median of its three runs is its own cost, with a
    // one-off pause of the machine (GC, the scheduler) left out.
    const medians: number[] = [];
    const baseMedians: number[] = [];
    if (!semantic) {
      const ours = latencies.map((ms) => [ms]);
      const theirs = baseLatencies.map((ms) => [ms]);
      for (let rep = 0; rep < 2; rep++) {
        asked.forEach(({ q, agentId }, i) => {
          const t0 = performance.now();
          service.search({ query: q.question, agentId, k: 10 });
          ours[i].push(performance.now() - t0);
        });
        if (baseline) {
          asked.forEach(({ q, agentId }, i) => {
            const t1 = performance.now();
            baseline.search(agentId, q.question, 10);
            theirs[i].push(performance.now() - t1);
          });
        }
      }
      medians.push(...ours.map(median3));
      baseMedians.push(...theirs.map(median3));
    }
    asked.forEach(({ conv, q }, i) => {
      const ranked = found[i];
      const base = baseFound[i] ?? [];
      perQuestion.push({
        category: q.category,
        r5: recallAt(ranked, q.evidence, 5),
        r10: recallAt(ranked, q.evidence, 10),
        b5: recallAt(base, q.evidence, 5),
        b10: recallAt(base, q.evidence, 10),
      });
      if (opts.verbose) {
        details.push({ conversation: conv.id, question: q.question, category: q.category, evidence: q.evidence, found: ranked, recall10: recallAt(ranked, q.evidence, 10) });
      }
    });

    const byCategory: LocomoResult['byCategory'] = {};
    for (const cat of [...new Set(perQuestion.map((p) => p.category))].sort()) {
      const qs = perQuestion.filter((p) => p.category === cat);
      byCategory[cat] = { recall5: round(mean(qs.map((p) => p.r5))), recall10: round(mean(qs.map((p) => p.r10))), n: qs.length };
    }
    return {
      recall5: round(mean(perQuestion.map((p) => p.r5))),
      recall10: round(mean(perQuestion.map((p) => p.r10))),
      byCategory,
      latencyMs: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)) },
      baselineLatencyMs: baseLatencies.length ? { p50: round(percentile(baseLatencies, 50)), p95: round(percentile(baseLatencies, 95)) } : { p50: 0, p95: 0 },
      medianOf3Ms: medians.length ? { p95: round(percentile(medians, 95)), baselineP95: baseMedians.length ? round(percentile(baseMedians, 95)) : 0 } : null,
      questions: perQuestion.length,
      messages,
      mode: semantic ? 'hybrid' : 'words',
      baseline: { recall5: round(mean(perQuestion.map((p) => p.b5))), recall10: round(mean(perQuestion.map((p) => p.b10))) },
      derived: standIn ? OBSERVATIONS_LABEL : 'none',
      ...(standIn ? { standIn } : {}),
      ...(opts.verbose ? { details } : {}),
    };
  } finally {
    baseline?.close();
    engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * The product's search over the bench engine's stores, built by the engine's own factory (messages, L1
 * facts, L2 entities and entity links): only the speaker names, a tuning run's ranking, the preloaded
 * WordNet and the vectors are the bench's.
 */
export function productSearch(engine: Engine, own: Pick<SearchParts, 'roleNames' | 'rank' | 'lexicon' | 'semantic'>): SearchService {
  return createSearch({ appDb: engine.appDb, memoryDb: engine.memoryDb, graph: engine.graph.store, facts: engine.facts.memory, ...own });
}

/**
 * Points the bench home's "embedding" role at the given endpoint and embeds every turn through the
 * product's own background embedder; a failure stops the run (a hybrid figure without vectors would lie).
 */
export async function embedAll(engine: Engine, e: NonNullable<LocomoOptions['embedding']>): Promise<SearchServiceDeps['semantic']> {
  engine.providers.save({ id: 'bench-embedding', kind: 'openai-compatible', name: 'Bench embedding', baseURL: e.baseURL, models: [e.model] }, e.apiKey ?? null);
  engine.config.update((c) => {
    c.models.roles.embedding = { provider: 'bench-embedding', model: e.model };
    return c;
  });
  const vectors = new MessageVectors(engine.appDb);
  const embedder = () => configuredEmbedder(engine.config.get(), engine.llm);
  const status = await new MessageEmbedder({ vectors, embedder }).drain();
  if (status.state !== 'ready') throw new Error(`hybrid run stopped: the embedding endpoint failed (${status.state === 'failing' ? status.reason : status.state})`);
  return { vectors, embedder };
}

/** One agent per conversation, one session per LoCoMo session, every turn a message, in one transaction. */
export function ingest(
  engine: Engine,
  conversations: LocomoConversation[],
  baseline: BaselineIndex | null,
  content: (t: LocomoTurn) => string = turnContent,
): { diaByMessage: Map<string, string>; messages: number; messageOf: (conversationIndex: number, diaId: string) => { messageId: string; sessionId: string } | undefined } {
  const diaByMessage = new Map<string, string>();
  const byDia = new Map<string, { messageId: string; sessionId: string }>();
  const baseDocs: Array<{ conv: string; ref: string; body: string }> = [];
  conversations.forEach((conv, ci) => {
    const agentId = agentIdFor(conv.id, ci);
    if (!engine.agents.list().some((a) => a.id === agentId)) {
      engine.agents.create({ id: agentId, name: conv.speakerB.slice(0, 100) } as Parameters<Engine['agents']['create']>[0]);
    }
  });
  engine.appDb.transaction(() => {
    conversations.forEach((conv, ci) => {
      const agentId = agentIdFor(conv.id, ci);
      for (const s of conv.sessions) {
        if (!s.turns.length) continue;
        const session = engine.sessions.create({ agentId, title: `${conv.speakerA} & ${conv.speakerB} — session ${s.index}`, createdAt: s.date });
        const start = Date.parse(s.date);
        s.turns.forEach((t, i) => {
          // Turns keep their order within the session's timestamp: one second apart.
          const m = engine.messages.append({
            sessionId: session.id,
            role: t.speaker === conv.speakerA ? 'user' : 'assistant',
            content: content(t),
            createdAt: new Date(start + i * 1000).toISOString(),
          });
          diaByMessage.set(m.id, t.diaId);
          byDia.set(`${ci}\u0000${t.diaId}`, { messageId: m.id, sessionId: session.id });
          baseDocs.push({ conv: agentId, ref: t.diaId, body: content(t) });
        });
      }
    });
  })();
  baseline?.addAll(baseDocs);
  return { diaByMessage, messages: diaByMessage.size, messageOf: (ci, dia) => byDia.get(`${ci}\u0000${dia}`) };
}

function median3(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

function printTable(r: LocomoResult): void {
  const line = (label: string, a: RecallFigures, n?: number) =>
    `${label.padEnd(12)} recall@5 ${a.recall5.toFixed(3)}   recall@10 ${a.recall10.toFixed(3)}${n === undefined ? '' : `   (n=${n})`}`;
  console.log(`LoCoMo: ${r.questions} questions over ${r.messages} messages`);
  console.log(
    r.mode === 'hybrid'
      ? 'mode         hybrid: words fused with the embedding endpoint\'s vectors (latency includes embedding each question)'
      : 'mode         words only (no embedding model: hybrid needs real vectors, --embed-url and --embed-model; none are faked)',
  );
  if (r.standIn) console.log(`${r.derived}: ${r.standIn.recorded} observations over ${r.standIn.turns} turns (${r.standIn.refused} refused by the sanitizer)`);
  console.log(line('monad', r));
  console.log(line('baseline', r.baseline));
  for (const [cat, f] of Object.entries(r.byCategory)) console.log(line(`  cat ${cat}`, f, f.n));
  console.log(`latency      p50 ${r.latencyMs.p50} ms   p95 ${r.latencyMs.p95} ms   (target p95 < 2 ms)`);
  if (r.baselineLatencyMs.p95 > 0) console.log(`baseline     p50 ${r.baselineLatencyMs.p50} ms   p95 ${r.baselineLatencyMs.p95} ms   (monad/baseline p95 ${(r.latencyMs.p95 / r.baselineLatencyMs.p95).toFixed(2)}×, same run)`);
  if (r.medianOf3Ms) console.log(`median of 3  p95 ${r.medianOf3Ms.p95} ms   baseline ${r.medianOf3Ms.baselineP95} ms   (each question run three times; its median)`);
}

function printSynthetic(r: SyntheticResult): void {
  const built = r.buildMs ? `built in ${(r.buildMs / 1000).toFixed(1)} s` : 'reused';
  console.log(`synthetic: ${r.messages} messages (${r.agents} agents, ${r.sessions} sessions) ${built}`);
  console.log(`latency    p50 ${r.latencyMs.p50} ms   p95 ${r.latencyMs.p95} ms   max ${r.latencyMs.max} ms over ${r.queries} queries (target p95 < 20 ms)`);
  console.log(`cpu time   p50 ${r.cpuMs.p50} ms   p95 ${r.cpuMs.p95} ms   (load average now ${loadavg()[0].toFixed(1)})`);
  console.log(`baseline   p50 ${r.baselineLatencyMs.p50} ms   p95 ${r.baselineLatencyMs.p95} ms   (plain BM25 OR-query on the same index, same run; monad/baseline p95 ${(r.latencyMs.p95 / Math.max(0.001, r.baselineLatencyMs.p95)).toFixed(2)}×)`);
  if (r.derived) {
    const d = r.derived;
    console.log(`derived    p50 ${d.latencyMs.p50} ms   p95 ${d.latencyMs.p95} ms   max ${d.latencyMs.max} ms with derived memory on ${d.messages} messages (${d.entries} made-up entries), same questions, same run (target p95 < 20 ms; derived/words p95 ${(d.latencyMs.p95 / Math.max(0.001, r.latencyMs.p95)).toFixed(2)}×, derived/baseline ${(d.latencyMs.p95 / Math.max(0.001, r.baselineLatencyMs.p95)).toFixed(2)}×)`);
    console.log(`derived cpu p50 ${d.cpuMs.p50} ms   p95 ${d.cpuMs.p95} ms`);
  }
  if (r.data === 'generated') console.log('data       generated words and questions (--generated)');
}

async function cli(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      synthetic: { type: 'string' },
      queries: { type: 'string' },
      home: { type: 'string' },
      legacy: { type: 'boolean', default: false },
      generated: { type: 'boolean', default: false },
      'embed-url': { type: 'string' },
      'embed-model': { type: 'string' },
      derived: { type: 'string' },
      'derived-share': { type: 'string' },
    },
    strict: true,
  });
  const derived = parseDerivedMode(values.derived);
  if (values.synthetic !== undefined) {
    const n = Number(values.synthetic);
    if (!Number.isInteger(n) || n < 1000) throw new Error('--synthetic needs a message count of at least 1000');
    const derivedShare = values['derived-share'] === undefined ? SYNTHETIC_DERIVED_SHARE : Number(values['derived-share']);
    if (!(derivedShare >= 0 && derivedShare <= 1)) throw new Error('--derived-share takes a share of messages between 0 and 1 (0: no derived arm)');
    const r = await runSyntheticBench({ messages: n, queries: values.queries ? Number(values.queries) : undefined, home: values.home, generatedOnly: values.generated, derivedShare, log: values.json ? undefined : (s) => console.error(s) });
    if (values.json) console.log(JSON.stringify(r));
    else printSynthetic(r);
    return 0;
  }
  if (!values['embed-url'] !== !values['embed-model']) throw new Error('--embed-url and --embed-model go together');
  const embedding = values['embed-url'] ? { baseURL: values['embed-url'], model: values['embed-model']!, apiKey: process.env.MONAD_EMBED_KEY } : undefined;
  const r = await runLocomoBench({ data: values.data, verbose: values.verbose, legacy: values.legacy, embedding, derived });
  if (values.json) console.log(JSON.stringify(r));
  else printTable(r);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err) => {
      console.error(`locomo: ${(err as Error).message}`);
      process.exitCode = 1;
    },
  );
}
