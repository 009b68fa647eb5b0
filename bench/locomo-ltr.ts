// Learning to rank on LoCoMo (issue 31, sixth and seventh passes): a learned re-ranking of the shipped ranking's best
// 50 candidates, learned on 3 conversations and judged on the other 2, every split (linear weights by
// coordinate ascent on recall@10, bench/lib/linear-rerank.ts; trees, bench/lib/lambdamart.ts). The candidates and their features come from the
// product's own search (MessageSearchOptions.observe), run once with the shipped defaults, the product's
// own re-ranking (rank.ts `rerank`, found with this bench on all the data) turned off.
//
//   npx tsx bench/locomo-ltr.ts [--data FILE] [--derived observations|none] [--learner NAME]
//                               [--cache FILE] [--trees-out FILE] [--all-only] [--max-trees N]
//                               [--features LIST] [--json]
//
// --learner: `linear8` the sixth pass's eight features, `linear` every feature of candidate-features.ts
// (seventh pass), `trees` gradient-boosted regression trees with LambdaMART's gradient over every feature
// (bench/lib/lambdamart.ts), `bagged` the inner early-stopping models averaged (eighth pass), `linear8+trees` such trees boosted from the linear8 order. --cache keeps the collected candidates in FILE (read when it exists), so
// learners can be compared without searching again; delete it after changing the search. --trees-out
// writes the trees learned on every conversation as JSON (what src/main/search/learned-trees.ts ships);
// --all-only learns on every conversation and skips the held-out splits. --features (e.g. 0-19,22) gives the
// learner only those features of candidate-features.ts FEATURES (the eighth pass's ablations).
//
// With --derived observations each turn is also indexed with the LoCoMo observations that cite it: a
// STAND-IN for consolidation's facts (bench/lib/locomo-derived.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import { guarded, type CandidateFeatures } from '../src/main/search/candidate-features';
import { WordNet } from '../src/main/search/wordnet';
import { DEFAULT_BOOST, lambdaMartBagged, lambdaMartEarlyStopped, lambdaMartSelected, predict, type BoostOptions, type Tree, type TrainingVariant } from './lib/lambdamart';
import { coordinateAscent, featureVector, FEATURES, identityWeights, meanRecall, type LabelledQuery } from './lib/linear-rerank';
import { OBSERVATIONS_LABEL, parseDerivedMode, recordObservations, type DerivedMode } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from './lib/locomo-data';
import { buildMemoryGraph, pprFeature } from './lib/memory-ppr';
import { mean, recallAt, round } from './lib/stats';
import { stems } from '../src/main/search/text';
import { agentIdFor, ingest, productSearch, roleNamesOf, turnContent } from './locomo';
import { conversationFolds, splitByFold } from './lib/conversation-folds';

/** One question as collected: its candidates' parts, in today's order (the cache holds these). */
interface Collected {
  conv: number;
  category: string;
  gold: string[];
  candidates: CandidateFeatures[];
  ids: string[];
  /** The shipped search's own top 10 (what the product returns today). */
  shipped: string[];
}

interface Question extends LabelledQuery {
  conv: number;
  category: string;
  shipped: string[];
}

export type Learner = 'linear' | 'linear8' | 'trees' | 'bagged' | 'linear8+trees' | 'selected';

export interface LtrResult {
  derived: string;
  learner: Learner;
  conversations: number;
  /** Per split: held-out recall@10 re-ranked and with today's ranking; what was learned. */
  splits: Array<{ tune: number[]; test: number[]; model: string; train10: number; test10: number; shipped10: number; guarded10: Record<string, number> }>;
  heldOut: {
    reranked: number;
    shipped: number;
    rerankedByCategory: Record<string, number>;
    shippedByCategory: Record<string, number>;
    /** The same models with candidates below each floor (share of the best score) left in the first pass's order. */
    guarded: Record<string, { reranked: number; byCategory: Record<string, number> }>;
    /** Each held-out question's recall@10 at each floor, in the splits' order (for paired comparisons of two learners). */
    perQuestion?: Record<string, number[]>;
  };
  /** Learned on every conversation (what would ship; in-sample figure only). */
  allData: { model: string; recall10: number; shipped10: number; weights?: number[]; trees?: Tree[] };
  /** Share of questions whose gold turns are all among the 50 candidates: the re-ranker's ceiling. */
  candidateRecall: number;
}

const named = (w: readonly number[]) =>
  FEATURES.map((f, j) => [f, round(w[j], 2)] as const)
    .filter(([, v]) => v !== 0)
    .map(([f, v]) => `${f} ${v}`)
    .join(', ');

function byCategory(qs: Array<{ category: string; r: number }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const cat of [...new Set(qs.map((q) => q.category))].sort()) out[cat] = round(mean(qs.filter((q) => q.category === cat).map((q) => q.r)));
  return out;
}

/** Every question's candidates through the product's own search, the product's re-ranking off. */
function collect(opts: { data?: string; derived?: DerivedMode; log?: (s: string) => void }): { questions: Collected[]; derived: string; conversations: number } {
  const conversations = loadLocomo(opts.data ?? DEFAULT_LOCOMO_PATH);
  if (conversations.length < 3) throw new Error('cross-validation needs at least 3 conversations');
  const home = mkdtempSync(join(tmpdir(), 'monad-locomo-ltr-'));
  const engine = Engine.open({ home, host: 'cli' });
  try {
    const { diaByMessage, messageOf } = ingest(engine, conversations, null, (t) => turnContent(t));
    const standIn = opts.derived === 'observations' ? recordObservations(engine, conversations, (ci) => agentIdFor(conversations[ci].id, ci), messageOf) : null;
    if (standIn) opts.log?.(`${OBSERVATIONS_LABEL}: ${standIn.recorded} observations over ${standIn.turns} turns`);
    const names = new Map(conversations.map((c, ci) => [agentIdFor(c.id, ci), roleNamesOf(c)]));
    const wordnet = WordNet.installed();
    const service = productSearch(engine, { rank: { rerank: [], rerankTrees: [] }, lexicon: () => wordnet, roleNames: (id) => names.get(id) ?? {} });
    const diaBySeq = new Map<number, string>();
    for (const row of engine.appDb.prepare('SELECT seq, id FROM messages').all() as Array<{ seq: number; id: string }>) diaBySeq.set(row.seq, diaByMessage.get(row.id) ?? '');
    const questions: Collected[] = [];
    for (const [ci, conv] of conversations.entries()) {
      for (const q of conv.questions) {
        if (!q.evidence.length) continue;
        let seen: CandidateFeatures[] = [];
        // The last ranking pass is the one whose hits the search returns.
        const hits = service.search({ query: q.question, agentId: agentIdFor(conv.id, ci), k: 10, observe: (c: CandidateFeatures[]) => (seen = c) }).messages;
        questions.push({
          conv: ci,
          category: q.category,
          gold: q.evidence,
          candidates: seen,
          ids: seen.map((c) => diaBySeq.get(c.seq) ?? ''),
          shipped: hits.map((h) => diaByMessage.get(h.messageId) ?? ''),
        });
      }
    }
    return { questions, derived: standIn ? OBSERVATIONS_LABEL : 'none', conversations: conversations.length };
  } finally {
    engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** A learner: from training questions to a scorer of one candidate's features (higher first). */
interface Learned {
  score: (x: readonly number[]) => number;
  model: string;
  weights?: number[];
  trees?: Tree[];
}

function learn(learner: Learner, train: readonly Question[], boostOpts: BoostOptions = DEFAULT_BOOST, variants: ReadonlyArray<TrainingVariant<Question>> = [], innerMemo?: Map<string, Tree[]>): Learned {
  if (learner === 'selected') {
    const { trees, variant, inner } = lambdaMartSelected(train, (q) => q.conv, variants, boostOpts, undefined, innerMemo);
    const innerFigures = Object.entries(inner).map(([k, v]) => `${k} ${v.toFixed(3)}`).join(', ');
    return { score: (x) => x[0] + predict(trees, x), model: `${variant}: ${trees.length} trees of depth ${depthOf(trees)} (inner: ${innerFigures})`, trees };
  }
  if (learner === 'trees') {
    const trees = lambdaMartEarlyStopped(train, (q) => (q as Question).conv, boostOpts);
    return { score: (x) => x[0] + predict(trees, x), model: `${trees.length} trees of depth ${depthOf(trees)}`, trees };
  }
  if (learner === 'bagged') {
    const trees = lambdaMartBagged(train, (q) => (q as Question).conv, boostOpts);
    return { score: (x) => x[0] + predict(trees, x), model: `${trees.length} bagged trees of depth ${depthOf(trees)}`, trees };
  }
  if (learner === 'linear8+trees') {
    // Trees boosted from the sixth pass's linear order (learned on the same training conversations).
    const { weights } = coordinateAscent(train, { only: 8 });
    const start = (x: readonly number[]) => x.reduce((a, v, j) => a + v * weights[j], 0);
    const trees = lambdaMartEarlyStopped(train, (q) => (q as Question).conv, { ...boostOpts, start });
    return { score: (x) => start(x) + predict(trees, x), model: `${named(weights)} + ${trees.length} trees of depth ${depthOf(trees)}`, weights, trees };
  }
  const { weights } = coordinateAscent(train, { only: learner === 'linear8' ? 8 : undefined });
  return { score: (x) => x.reduce((a, v, j) => a + v * weights[j], 0), model: named(weights), weights };
}

/** Floors tried for leaving weak candidates in the first pass's order (candidate-features.ts `guarded`). */
const FLOORS = [0.05, 0.1, 0.2];

/** The depth of the deepest tree (0 with none). */
function depthOf(trees: readonly Tree[]): number {
  const depth = (t: Tree, i: number): number => {
    const n = t[i];
    return 'v' in n ? 0 : 1 + Math.max(depth(t, n.l), depth(t, n.r));
  };
  return Math.max(0, ...trees.map((t) => depth(t, 0)));
}

/** The labels of the first k by a scorer; ties keep today's order. */
function topBy(q: LabelledQuery, score: (x: readonly number[]) => number, k: number): string[] {
  return q.x
    .map((x, i) => ({ i, s: score(x) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, k)
    .map((c) => q.ids[c.i]);
}

/**
 * --ppr (eighth pass, bench only): each candidate's personalised PageRank over its conversation's memory
 * graph (bench/lib/memory-ppr.ts), seeded from the best 3 candidates and the question's words; one more
 * feature after FEATURES (index FEATURES.length). The questions are matched to the data in collect()'s order.
 */
function pprColumns(collected: readonly Collected[], data?: string): number[][] {
  const conversations = loadLocomo(data ?? DEFAULT_LOCOMO_PATH);
  const graphs = conversations.map((c) => {
    const names = new Set(Object.values(roleNamesOf(c)).flatMap((list) => (list ?? []).flatMap((n) => stems(n))));
    return buildMemoryGraph(c.observations.map((o) => ({ text: o.text, turns: o.diaIds })), names);
  });
  const texts = conversations.flatMap((c, ci) => c.questions.filter((q) => q.evidence.length).map((q) => ({ ci, text: q.question, gold: q.evidence.join() })));
  if (texts.length !== collected.length || texts.some((t, i) => t.ci !== collected[i].conv || t.gold !== collected[i].gold.join())) throw new Error('--ppr: the cache does not match the data file');
  return collected.map((c, i) => pprFeature(graphs[c.conv], c.ids, texts[i].text));
}

/**
 * --learner selected (ninth pass): the variants chosen between inside the nested loop. `subsets` are
 * --features-style lists separated by ';', `weights` the training weights tried for the questions of
 * `categories` (the others weigh 1). Every combination is one variant; the first is the plain one.
 */
export function trainingVariants(opts: { subsets?: string; weights?: string; categories?: string; gains?: string }): Array<TrainingVariant<Question>> {
  const subsets = (opts.subsets ?? '').split(';').filter(Boolean);
  const weights = (opts.weights ?? '1').split(',').map(Number);
  if (weights.some((w) => !(w > 0))) throw new Error(`--select-weights: not a list of positive numbers: ${opts.weights}`);
  const cats = new Set((opts.categories ?? '1,3').split(','));
  const gains = (opts.gains ?? 'ndcg').split(',').map(parseGain);
  const out: Array<TrainingVariant<Question>> = [];
  for (const spec of subsets.length ? subsets : [null]) {
    for (const w of weights) {
      for (const gain of gains) {
        out.push({
          name: `${spec ? `features ${spec}` : 'all features'}${w !== 1 ? `, categories ${[...cats].join('/')} ×${w}` : ''}${gain.kind !== 'ndcg' ? `, recall10 + ndcg×${gain.mix}` : ''}`,
          features: spec ? parseFeatureList(spec) : undefined,
          weightOf: w !== 1 ? (q) => (cats.has(q.category) ? w : 1) : undefined,
          boost: gain.kind !== 'ndcg' ? { gain } : undefined,
        });
      }
    }
  }
  return out;
}

/** `ndcg` or `recall10:MIX` (--select-gains): what a swap is worth to the learner (lambdamart.ts `gain`). */
function parseGain(spec: string): NonNullable<BoostOptions['gain']> {
  if (spec === 'ndcg') return { kind: 'ndcg' };
  const m = /^recall10:(\d+(?:\.\d+)?)$/.exec(spec);
  if (!m) throw new Error(`--select-gains: ndcg or recall10:MIX, not ${spec}`);
  return { kind: 'recall10', mix: Number(m[1]) };
}

/** Feature indexes from a list like "0-19,21" (--features): the learner sees only these, in this order. */
export function parseFeatureList(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec.split(',')) {
    const [a, b] = part.split('-').map(Number);
    if (!Number.isInteger(a) || (b !== undefined && !Number.isInteger(b))) throw new Error(`--features: not a list of indexes or ranges: ${spec}`);
    for (let i = a; i <= (b ?? a); i++) out.push(i);
  }
  if (out[0] !== 0) throw new Error('--features must start with 0 (the final score: no trees is today\'s order)');
  return out;
}

export function runLocomoLtr(opts: { data?: string; derived?: DerivedMode; learner?: Learner; cache?: string; allOnly?: boolean; maxTrees?: number; features?: number[]; ppr?: boolean; variants?: ReadonlyArray<TrainingVariant<Question>>; log?: (s: string) => void } = {}): LtrResult {
  const learner = opts.learner ?? 'linear';
  const boostOpts: BoostOptions = { ...DEFAULT_BOOST, trees: opts.maxTrees ?? DEFAULT_BOOST.trees };
  let collected: ReturnType<typeof collect>;
  if (opts.cache && existsSync(opts.cache)) {
    collected = JSON.parse(readFileSync(opts.cache, 'utf8')) as ReturnType<typeof collect>;
    opts.log?.(`candidates read from ${opts.cache} (${collected.derived})`);
  } else {
    collected = collect(opts);
    if (opts.cache) writeFileSync(opts.cache, JSON.stringify(collected));
  }
  const ppr = opts.ppr ? pprColumns(collected.questions, opts.data) : null;
  const questions: Question[] = collected.questions.map((c, qi) => {
    const top = c.candidates[0]?.score ?? 0;
    const x = c.candidates.map((f, i) => (ppr ? [...featureVector(f, top), ppr[qi][i]] : featureVector(f, top)));
    return { conv: c.conv, category: c.category, gold: c.gold, ids: c.ids, shipped: c.shipped, x: opts.features ? x.map((v) => opts.features!.map((j) => v[j])) : x };
  });
  opts.log?.(`${questions.length} questions, ${opts.features?.length ?? FEATURES.length} features over the best 50 candidates of each; learner ${learner}`);
  const identity = identityWeights(questions[0]?.x[0]?.length);
  const shippedR = (q: Question) => recallAt(q.shipped, q.gold, 10);
  const candidateRecall = round(mean(questions.map((q) => recallAt(q.ids, q.gold, q.ids.length))));
  // Today's order rebuilt from the features must be the shipped top 10: otherwise the comparison lies.
  const mismatched = questions.filter((q) => meanRecall([q], identity) !== shippedR(q)).length;
  if (mismatched) opts.log?.(`warning: ${mismatched} questions where the identity weights differ from the shipped top 10`);

  const n = collected.conversations;
  // --learner selected: the inner models, shared by every outer split of this run (lambdamart.ts InnerMemo).
  const innerMemo = new Map<string, Tree[]>();
  const splits: LtrResult['splits'] = [];
  const tested: Array<{ category: string; r: number; s: number }> = [];
  const recallOf = (qs: readonly Question[], m: Learned) => qs.map((q) => recallAt(topBy(q, m.score, 10), q.gold, 10));
  const guardedOf = (qs: readonly Question[], m: Learned, floor: number) => qs.map((q) => recallAt(topBy(q, (x) => guarded(x, m.score(x), floor), 10), q.gold, 10));
  const guardTested = new Map(FLOORS.map((f) => [f, [] as Array<{ category: string; r: number }>]));
  // --all-only: only what would ship, learned on every conversation (no held-out figure).
  for (const fold of opts.allOnly ? [] : conversationFolds(n)) {
    const { tune, test } = fold;
    const { tune: train, test: held } = splitByFold(questions, fold, (q) => q.conv);
    const m = learn(learner, train, boostOpts, opts.variants, innerMemo);
    const r = recallOf(held, m);
    held.forEach((q, i) => tested.push({ category: q.category, r: r[i], s: shippedR(q) }));
    const guarded10: Record<string, number> = {};
    for (const floor of FLOORS) {
      const g = guardedOf(held, m, floor);
      held.forEach((q, i) => guardTested.get(floor)!.push({ category: q.category, r: g[i] }));
      guarded10[floor] = round(mean(g));
    }
    splits.push({ tune, test, model: m.model, train10: round(mean(recallOf(train, m))), test10: round(mean(r)), shipped10: round(mean(held.map(shippedR))), guarded10 });
    opts.log?.(`tune ${tune.map((i) => i + 1).join(',')} → test ${test.map((i) => i + 1).join(',')}: ${splits.at(-1)!.test10.toFixed(3)} (shipped ${splits.at(-1)!.shipped10.toFixed(3)})  ${m.model}`);
  }
  const all = learn(learner, questions, boostOpts, opts.variants, innerMemo);
  return {
    derived: collected.derived,
    learner,
    conversations: n,
    splits,
    heldOut: {
      reranked: round(mean(splits.map((s) => s.test10))),
      shipped: round(mean(splits.map((s) => s.shipped10))),
      rerankedByCategory: byCategory(tested),
      shippedByCategory: byCategory(tested.map((t) => ({ category: t.category, r: t.s }))),
      guarded: Object.fromEntries(FLOORS.map((f) => [f, { reranked: round(mean(splits.map((s) => s.guarded10[f]))), byCategory: byCategory(guardTested.get(f)!) }])),
      perQuestion: Object.fromEntries(FLOORS.map((f) => [f, guardTested.get(f)!.map((t) => t.r)])),
    },
    allData: { model: all.model, recall10: round(mean(recallOf(questions, all))), shipped10: round(mean(questions.map(shippedR))), weights: all.weights, trees: all.trees },
    candidateRecall,
  };
}

function print(r: LtrResult): void {
  console.log(`LoCoMo learning to rank (${r.learner} re-ranking of the best 50; ${r.conversations} conversations, tune on 3 / test on the rest, every split)`);
  if (r.derived !== 'none') console.log(r.derived);
  for (const s of r.splits) {
    console.log(`  tune ${s.tune.map((i) => i + 1).join(',')} test ${s.test.map((i) => i + 1).join(',')}: re-ranked ${s.test10.toFixed(3)} (shipped ${s.shipped10.toFixed(3)}; train ${s.train10.toFixed(3)}; floors ${Object.entries(s.guarded10).map(([f, v]) => `${f}: ${v.toFixed(3)}`).join(', ')})  ${s.model}`);
  }
  const cats = (c: Record<string, number>) => Object.entries(c).map(([k, v]) => `${k}: ${v.toFixed(3)}`).join('  ');
  if (r.splits.length) {
    console.log(`held-out recall@10 re-ranked ${r.heldOut.reranked.toFixed(3)}   by category ${cats(r.heldOut.rerankedByCategory)}`);
    for (const [floor, g] of Object.entries(r.heldOut.guarded)) console.log(`held-out recall@10 re-ranked above ${floor} of the best only ${g.reranked.toFixed(3)}   by category ${cats(g.byCategory)}`);
    console.log(`held-out recall@10 shipped   ${r.heldOut.shipped.toFixed(3)}   by category ${cats(r.heldOut.shippedByCategory)}`);
  }
  console.log(`all data (in-sample): re-ranked ${r.allData.recall10.toFixed(3)} (shipped ${r.allData.shipped10.toFixed(3)}) with ${r.allData.model}`);
  if (r.allData.weights) console.log(`weights: ${JSON.stringify(r.allData.weights.map((v) => round(v, 2)))}`);
  console.log(`gold turns among the 50 candidates: ${r.candidateRecall.toFixed(3)} (the re-ranker's ceiling)`);
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { data: { type: 'string' }, derived: { type: 'string' }, learner: { type: 'string' }, cache: { type: 'string' }, 'trees-out': { type: 'string' }, 'all-only': { type: 'boolean' }, 'max-trees': { type: 'string' }, features: { type: 'string' }, ppr: { type: 'boolean' }, json: { type: 'boolean' }, 'select-features': { type: 'string' }, 'select-weights': { type: 'string' }, 'weight-categories': { type: 'string' }, 'select-gains': { type: 'string' } } });
  const learner = (values.learner ?? 'linear') as Learner;
  if (!['linear', 'linear8', 'trees', 'bagged', 'linear8+trees', 'selected'].includes(learner)) throw new Error(`--learner must be linear, linear8, trees, bagged, linear8+trees or selected, not ${learner}`);
  const variants = trainingVariants({ subsets: values['select-features'], weights: values['select-weights'], categories: values['weight-categories'], gains: values['select-gains'] });
  const r = runLocomoLtr({ data: values.data, derived: parseDerivedMode(values.derived), learner, cache: values.cache, allOnly: values['all-only'], maxTrees: values['max-trees'] ? Number(values['max-trees']) : undefined, features: values.features ? parseFeatureList(values.features) : undefined, ppr: values.ppr, variants, log: values.json ? undefined : (s) => console.log(s) });
  // Trees learned on a subset of the features split on its positions: map them back to FEATURES' indexes.
  const only = values.features ? parseFeatureList(values.features) : null;
  const trees = r.allData.trees?.map((t) => t.map((n) => ('f' in n && only ? { ...n, f: only[n.f] } : n)));
  if (values['trees-out'] && trees) writeFileSync(values['trees-out'], JSON.stringify(trees));
  if (values.json) console.log(JSON.stringify(r, null, 2));
  else print(r);
}
