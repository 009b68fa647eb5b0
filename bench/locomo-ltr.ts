// Learning to rank on LoCoMo (issue 31, sixth pass): a linear re-ranking of the shipped ranking's best
// 50 candidates, its weights found by coordinate ascent on recall@10 over 3 conversations and judged on
// the other 2, every split (bench/lib/linear-rerank.ts). The candidates and their features come from the
// product's own search (MessageSearchOptions.observe), run once with the shipped defaults, the product's
// own re-ranking (rank.ts `rerank`, found with this bench on all the data) turned off.
//
//   npx tsx bench/locomo-ltr.ts [--data FILE] [--derived observations|none] [--json]
//
// With --derived observations each turn is also indexed with the LoCoMo observations that cite it: a
// STAND-IN for consolidation's facts (bench/lib/locomo-derived.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from '../src/main/engine';
import type { CandidateFeatures } from '../src/main/search/candidate-features';
import { WordNet } from '../src/main/search/wordnet';
import { coordinateAscent, featureVector, FEATURES, identityWeights, meanRecall, type LabelledQuery } from './lib/linear-rerank';
import { OBSERVATIONS_LABEL, parseDerivedMode, recordObservations, type DerivedMode } from './lib/locomo-derived';
import { DEFAULT_LOCOMO_PATH, loadLocomo } from './lib/locomo-data';
import { mean, recallAt, round } from './lib/stats';
import { agentIdFor, ingest, productSearch, roleNamesOf, turnContent } from './locomo';

interface Question extends LabelledQuery {
  conv: number;
  category: string;
  /** The shipped search's own top 10 (what the product returns today). */
  shipped: string[];
}

export interface LtrResult {
  derived: string;
  conversations: number;
  /** Per split: tuned weights, held-out recall@10 re-ranked and with today's ranking. */
  splits: Array<{ tune: number[]; test: number[]; weights: Record<string, number>; train10: number; test10: number; shipped10: number }>;
  heldOut: { reranked: number; shipped: number; rerankedByCategory: Record<string, number>; shippedByCategory: Record<string, number> };
  /** Weights found on every conversation (what would ship; in-sample figure only). */
  allData: { weights: Record<string, number>; recall10: number; shipped10: number };
  /** Share of questions whose gold turns are all among the 50 candidates: the re-ranker's ceiling. */
  candidateRecall: number;
}

function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, acc: number[]) => {
    if (acc.length === k) return void out.push([...acc]);
    for (let i = start; i < n; i++) walk(i + 1, [...acc, i]);
  };
  walk(0, []);
  return out;
}

const named = (w: readonly number[]) => Object.fromEntries(FEATURES.map((f, j) => [f, round(w[j], 2)]));

function byCategory(qs: Array<{ category: string; r: number }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const cat of [...new Set(qs.map((q) => q.category))].sort()) out[cat] = round(mean(qs.filter((q) => q.category === cat).map((q) => q.r)));
  return out;
}

export function runLocomoLtr(opts: { data?: string; derived?: DerivedMode; log?: (s: string) => void } = {}): LtrResult {
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
    const service = productSearch(engine, { rank: { rerank: [] }, lexicon: () => wordnet, roleNames: (id) => names.get(id) ?? {} });
    const diaBySeq = new Map<number, string>();
    for (const row of engine.appDb.prepare('SELECT seq, id FROM messages').all() as Array<{ seq: number; id: string }>) diaBySeq.set(row.seq, diaByMessage.get(row.id) ?? '');

    const questions: Question[] = [];
    for (const [ci, conv] of conversations.entries()) {
      for (const q of conv.questions) {
        if (!q.evidence.length) continue;
        let seen: CandidateFeatures[] = [];
        // The last ranking pass is the one whose hits the search returns.
        const hits = service.search({ query: q.question, agentId: agentIdFor(conv.id, ci), k: 10, observe: (c: CandidateFeatures[]) => (seen = c) }).messages;
        const top = seen[0]?.score ?? 0;
        questions.push({
          conv: ci,
          category: q.category,
          gold: q.evidence,
          x: seen.map((c) => featureVector(c, top)),
          ids: seen.map((c) => diaBySeq.get(c.seq) ?? ''),
          shipped: hits.map((h) => diaByMessage.get(h.messageId) ?? ''),
        });
      }
    }
    opts.log?.(`${questions.length} questions, ${FEATURES.length} features over the best 50 candidates of each`);
    const identity = identityWeights();
    const shippedR = (q: Question) => recallAt(q.shipped, q.gold, 10);
    const candidateRecall = round(mean(questions.map((q) => recallAt(q.ids, q.gold, q.ids.length))));
    // Today's order rebuilt from the features must be the shipped top 10: otherwise the comparison lies.
    const mismatched = questions.filter((q) => meanRecall([q], identity) !== shippedR(q)).length;
    if (mismatched) opts.log?.(`warning: ${mismatched} questions where the identity weights differ from the shipped top 10`);

    const n = conversations.length;
    const splits: LtrResult['splits'] = [];
    const tested: Array<{ category: string; r: number; s: number }> = [];
    for (const tune of combinations(n, Math.min(3, n - 1))) {
      const test = [...Array(n).keys()].filter((i) => !tune.includes(i));
      const train = questions.filter((q) => tune.includes(q.conv));
      const held = questions.filter((q) => test.includes(q.conv));
      const { weights, trainRecall } = coordinateAscent(train);
      const r = held.map((q) => meanRecall([q], weights));
      held.forEach((q, i) => tested.push({ category: q.category, r: r[i], s: shippedR(q) }));
      splits.push({ tune, test, weights: named(weights), train10: round(trainRecall), test10: round(mean(r)), shipped10: round(mean(held.map(shippedR))) });
      opts.log?.(`tune ${tune.map((i) => i + 1).join(',')} → test ${test.map((i) => i + 1).join(',')}: ${splits.at(-1)!.test10.toFixed(3)} (shipped ${splits.at(-1)!.shipped10.toFixed(3)})`);
    }
    const all = coordinateAscent(questions);
    return {
      derived: standIn ? OBSERVATIONS_LABEL : 'none',
      conversations: n,
      splits,
      heldOut: {
        reranked: round(mean(splits.map((s) => s.test10))),
        shipped: round(mean(splits.map((s) => s.shipped10))),
        rerankedByCategory: byCategory(tested),
        shippedByCategory: byCategory(tested.map((t) => ({ category: t.category, r: t.s }))),
      },
      allData: { weights: named(all.weights), recall10: round(all.trainRecall), shipped10: round(mean(questions.map(shippedR))) },
      candidateRecall,
    };
  } finally {
    engine.close();
    rmSync(home, { recursive: true, force: true });
  }
}

function print(r: LtrResult): void {
  console.log(`LoCoMo learning to rank (linear re-ranking of the best 50, coordinate ascent on recall@10; ${r.conversations} conversations, tune on 3 / test on the rest, every split)`);
  if (r.derived !== 'none') console.log(r.derived);
  for (const s of r.splits) {
    const w = Object.entries(s.weights).filter(([, v]) => v !== 0).map(([f, v]) => `${f} ${v}`).join(', ');
    console.log(`  tune ${s.tune.map((i) => i + 1).join(',')} test ${s.test.map((i) => i + 1).join(',')}: re-ranked ${s.test10.toFixed(3)} (shipped ${s.shipped10.toFixed(3)}; train ${s.train10.toFixed(3)})  weights ${w}`);
  }
  const cats = (c: Record<string, number>) => Object.entries(c).map(([k, v]) => `${k}: ${v.toFixed(3)}`).join('  ');
  console.log(`held-out recall@10 re-ranked ${r.heldOut.reranked.toFixed(3)}   by category ${cats(r.heldOut.rerankedByCategory)}`);
  console.log(`held-out recall@10 shipped   ${r.heldOut.shipped.toFixed(3)}   by category ${cats(r.heldOut.shippedByCategory)}`);
  console.log(`all data (in-sample): re-ranked ${r.allData.recall10.toFixed(3)} (shipped ${r.allData.shipped10.toFixed(3)}) with ${JSON.stringify(r.allData.weights)}`);
  console.log(`gold turns among the 50 candidates: ${r.candidateRecall.toFixed(3)} (the re-ranker's ceiling)`);
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { data: { type: 'string' }, derived: { type: 'string' }, json: { type: 'boolean' } } });
  const r = runLocomoLtr({ data: values.data, derived: parseDerivedMode(values.derived), log: values.json ? undefined : (s) => console.log(s) });
  if (values.json) console.log(JSON.stringify(r, null, 2));
  else print(r);
}
