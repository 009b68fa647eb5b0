// The re-ranking's candidate pool on LoCoMo (issue 31, seventh pass b): can more of the evidence be got
// into the candidates, and can the learned re-ranking use it? Each way of building the pool is judged by
// the share of gold turns it holds (its ceiling) and by the held-out recall@10 of the sixth pass's linear
// re-ranking re-learned on it (coordinate ascent on 3 conversations, scored on the other 2, every split).
//
//   npx tsx bench/locomo-pool.ts [--data FILE] [--derived observations|none] [--json] [--only NAME,...]
//
// Pools: today's 50; deeper ones (the ranking with 200 first-pass candidates, cut at 100 or 200); today's
// 50 and the second hop through memory (memory-hop.ts); today's 50 and the turns cited by memory's best
// entries for the query. With --derived observations each turn is also indexed with the LoCoMo
// observations that cite it: a STAND-IN for consolidation's facts (bench/lib/locomo-derived.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import { featureVector, type CandidateFeatures } from '../src/main/search/candidate-features';
import { DerivedIndex } from '../src/main/search/derived-index';
import { EntryWords } from '../src/main/search/memory-feedback';
import { hopCandidates } from '../src/main/search/memory-hop';
import { MessageIndex } from '../src/main/search/message-index';
import { roleStems } from '../src/main/search/message-search';
import { analyzeQuery } from '../src/main/search/query';
import { idf } from '../src/main/search/rank';
import { stems } from '../src/main/search/text';
import { coordinateAscent, meanRecall, type LabelledQuery } from './lib/linear-rerank';
import { OBSERVATIONS_LABEL, parseDerivedMode, recordObservations, type DerivedMode } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo, type LocomoConversation } from './lib/locomo-data';
import { mean, recallAt, round } from './lib/stats';
import { agentIdFor, ingest, productSearch, roleNamesOf, turnContent } from './locomo';
import { memoryFirstCandidates } from './lib/memory-first';
import { conversationFolds, splitByFold } from './lib/conversation-folds';

/**
 * Features past candidate-features.ts's eight: the hop's score, memory's rank of the cited entry, and the
 * share of the query's weight the candidate holds (in its words or its memory) that none of the first 3
 * hold: what a multi-hop question's other evidence looks like.
 */
const EXTRA = ['hop', 'memoryFirst', 'novel'] as const;
const DIMS = 8 + EXTRA.length;
/** The hop's settings (memory-hop.ts); HOP_FROM, HOP_WORDS, HOP_LIMIT override them for a trial. */
const HOP = { from: Number(process.env.HOP_FROM ?? 10), words: Number(process.env.HOP_WORDS ?? 15), limit: Number(process.env.HOP_LIMIT ?? 30), cap: 200 };

interface Collected {
  conv: number;
  category: string;
  gold: string[];
  /** Today's ranking (80 first-pass candidates), as deep as it goes. */
  today: CandidateFeatures[];
  /** The ranking with 200 first-pass candidates. */
  deep: CandidateFeatures[];
  hop: Array<{ seq: number; score: number }>;
  memory: Array<{ seq: number; score: number }>;
  /** Query stems (weighed by IDF over the messages) each candidate holds in its words or its memory. */
  held: Map<number, Set<string>>;
  weights: Map<string, number>;
  total: number;
}

export interface PoolVariant {
  name: string;
  /** Candidates per question, mean. */
  size: number;
  /** Share of gold turns among the candidates (the re-ranking's ceiling). */
  poolRecall: number;
  splits: Array<{ tune: number[]; test: number[]; test10: number; weights: number[] }>;
  heldOut: number;
  byCategory: Record<string, number>;
}

export function runLocomoPool(
  opts: { data?: string; conversations?: LocomoConversation[]; derived?: DerivedMode; only?: string[]; log?: (s: string) => void } = {},
): { derived: string; variants: PoolVariant[] } {
  const conversations = opts.conversations ?? loadLocomo(opts.data ?? DEFAULT_LOCOMO_PATH);
  if (conversations.length < 3) throw new Error('cross-validation needs at least 3 conversations');
  const home = mkdtempSync(join(tmpdir(), 'monad-locomo-pool-'));
  const engine = Engine.open({ home, host: 'cli' });
  try {
    const { diaByMessage, messageOf } = ingest(engine, conversations, null, (t) => turnContent(t));
    const standIn = opts.derived === 'observations' ? recordObservations(engine, conversations, (ci) => agentIdFor(conversations[ci].id, ci), messageOf) : null;
    if (standIn) opts.log?.(`${OBSERVATIONS_LABEL}: ${standIn.recorded} observations over ${standIn.turns} turns`);
    const names = new Map(conversations.map((c, ci) => [agentIdFor(c.id, ci), roleNamesOf(c)]));
    const roleNames = (id: string) => names.get(id) ?? {};
    const today = productSearch(engine, { rank: { rerank: [] }, roleNames });
    const deep = productSearch(engine, { rank: { rerank: [], candidates: 200, expand: 30 }, roleNames });
    today.search({ query: 'warm up', k: 10 });
    const diaBySeq = new Map<number, string>();
    for (const row of engine.appDb.prepare('SELECT seq, id FROM messages').all() as Array<{ seq: number; id: string }>) diaBySeq.set(row.seq, diaByMessage.get(row.id) ?? '');
    const derived = new DerivedIndex(engine.appDb);
    const index = new MessageIndex(engine.appDb);
    const words = new EntryWords();
    const { docs } = index.stats();

    const qs: Collected[] = [];
    for (const [ci, conv] of conversations.entries()) {
      const agentId = agentIdFor(conv.id, ci);
      const agentIdx = index.agentIndex(agentId);
      const nameStems = roleStems(roleNames(agentId));
      for (const q of conv.questions) {
        if (!q.evidence.length) continue;
        let a: CandidateFeatures[] = [];
        let b: CandidateFeatures[] = [];
        today.search({ query: q.question, agentId, k: 10, observe: (c) => (a = c), observeDepth: 200 });
        deep.search({ query: q.question, agentId, k: 10, observe: (c) => (b = c), observeDepth: 200 });
        const analyzed = analyzeQuery(q.question);
        const excluded = new Set([...nameStems, ...analyzed.terms.map((t) => t.stem)]);
        const top = a.map((c) => c.seq);
        const hop = hopCandidates(top, derived, words, { ...HOP, agentIdx, excluded });
        const memory = memoryFirstCandidates(analyzed.terms.filter((t) => !nameStems.has(t.stem)), derived, words, { entries: 10, agentIdx, cap: 600 });
        const wanted = analyzed.terms.filter((t) => !nameStems.has(t.stem));
        const weights = new Map(wanted.map((t) => [t.stem, idf(docs, Math.min(docs, index.postings(t.norm, docs).rowids.length))]));
        const all = [...new Set([...a, ...b].map((f) => f.seq).concat(hop.map((h) => h.seq), memory.map((m) => m.seq)))];
        const rows = new Map(index.rows(all).map((r) => [r.seq, r.content]));
        const bodies = derived.bodies(all);
        const held = new Map(all.map((seq) => [seq, new Set(stems(`${rows.get(seq) ?? ''} ${bodies.get(seq) ?? ''}`).filter((st) => weights.has(st)))]));
        qs.push({ conv: ci, category: q.category, gold: q.evidence, today: a, deep: b, hop, memory, held, weights, total: [...weights.values()].reduce((x, y) => x + y, 0) });
      }
    }
    opts.log?.(`${qs.length} questions collected; hop ${JSON.stringify(HOP)}`);

    // Each pool as labelled queries: candidates in today's order, extra ones after, with their features.
    const build = (c: Collected, variant: string): LabelledQuery => {
      const base = variant.startsWith('deep') ? c.deep.slice(0, parseInt(variant.slice(4), 10)) : c.today.slice(0, 50);
      const topScore = base[0]?.score ?? 0;
      const x = base.map((f) => [...featureVector(f, topScore), 0, 0, 0]);
      const ids = base.map((f) => diaBySeq.get(f.seq) ?? '');
      const have = new Map(base.map((f, i) => [f.seq, i]));
      const add = (list: Array<{ seq: number; score: number }>, j: number) => {
        for (const h of list) {
          const at = have.get(h.seq);
          if (at !== undefined) {
            x[at][j] = h.score;
            continue;
          }
          const v = new Array<number>(DIMS).fill(0);
          v[7] = 1 / (1 + x.length);
          v[j] = h.score;
          have.set(h.seq, x.length);
          x.push(v);
          ids.push(diaBySeq.get(h.seq) ?? '');
        }
      };
      if (variant.includes('hop')) add(c.hop, 8);
      if (variant.includes('novel')) {
        const seqs = [...have.keys()];
        const firsts = seqs.slice(0, 3).map((seq) => c.held.get(seq) ?? new Set<string>());
        for (const [i, seq] of seqs.entries()) {
          let w = 0;
          for (const st of c.held.get(seq) ?? []) if (!firsts.some((f) => f.has(st))) w += c.weights.get(st) ?? 0;
          x[i][10] = c.total > 0 ? w / c.total : 0;
        }
      }
      if (variant.includes('memory')) add(c.memory, 9);
      return { x, ids, gold: c.gold };
    };

    const variants: PoolVariant[] = [];
    const n = conversations.length;
    for (const name of opts.only ?? ['today50', 'deep100', 'deep200', 'hop', 'memory', 'hop+memory']) {
      const variant = name === 'today50' ? 'today' : name;
      const labelled = qs.map((c) => ({ c, q: build(c, variant) }));
      const poolRecall = round(mean(labelled.map(({ q }) => recallAt(q.ids, q.gold, q.ids.length))));
      const size = round(mean(labelled.map(({ q }) => q.ids.length)), 1);
      const splits: PoolVariant['splits'] = [];
      const tested: Array<{ category: string; r: number }> = [];
      for (const fold of conversationFolds(n)) {
        const { tune, test } = fold;
        const parts = splitByFold(labelled, fold, ({ c }) => c.conv);
        const train = parts.tune.map(({ q }) => q);
        const held = parts.test;
        const { weights } = coordinateAscent(train, { dims: DIMS });
        const r = held.map(({ q }) => meanRecall([q], weights));
        held.forEach(({ c }, i) => tested.push({ category: c.category, r: r[i] }));
        splits.push({ tune, test, test10: round(mean(r), 4), weights: weights.map((w) => round(w, 2)) });
      }
      const byCategory: Record<string, number> = {};
      for (const cat of [...new Set(tested.map((t) => t.category))].sort()) byCategory[cat] = round(mean(tested.filter((t) => t.category === cat).map((t) => t.r)));
      const v = { name, size, poolRecall, splits, heldOut: round(mean(splits.map((s) => s.test10)), 4), byCategory };
      variants.push(v);
      opts.log?.(
        `${name.padEnd(11)} pool ${String(size).padStart(5)}  gold in pool ${poolRecall.toFixed(3)}  held-out recall@10 ${v.heldOut.toFixed(3)}  ` +
          `[${splits.map((s) => s.test10.toFixed(3)).join(' ')}]  by category ${Object.entries(byCategory).map(([k, r]) => `${k}: ${r.toFixed(3)}`).join('  ')}`,
      );
    }
    return { derived: standIn ? OBSERVATIONS_LABEL : 'none', variants };
  } finally {
    engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { data: { type: 'string' }, derived: { type: 'string' }, json: { type: 'boolean' }, only: { type: 'string' } } });
  const r = runLocomoPool({ data: values.data, derived: parseDerivedMode(values.derived), only: values.only?.split(','), log: values.json ? undefined : (s) => console.log(s) });
  if (values.json) console.log(JSON.stringify(r, null, 2));
}
