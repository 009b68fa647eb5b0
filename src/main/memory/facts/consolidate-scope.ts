// One L1 consolidation pass over one scope: ask the memory model to merge duplicates, check the answer
// covers every input fact, and replace the file only if it did not change meanwhile. A failed,
// malformed or lossy reply changes nothing: a fact is never lost to consolidation. A merged fact inherits
// the origins of the facts it replaced (fact-origins.ts), so a fact that came only from pasted or
// forwarded text stays marked as such in recall after a merge. What the person wrote outranks the model:
// a merge that would put a person's fact into other words is not made but proposed (fact-proposals.ts);
// one that keeps the person's fact as it is keeps the person's exact words.
import type { Fact } from '../../../shared/domain';
import type { LlmClient } from '../../llm/llm-client';
import { consolidateFactsTask } from '../../llm/prompts/consolidate-facts';
import type { UsageTotals } from '../../llm/task';
import { factId } from './fact-id';
import type { FactLedger } from './fact-ledger';
import type { FactOrigins } from './fact-origins';
import type { FactProposals } from './fact-proposals';
import type { MemoryDir } from './memory-dir';

export interface ScopeConsolidation {
  scope: string;
  before: number;
  after: number;
  applied: boolean;
  /** Why nothing was applied, when it was not. */
  skipped: string | null;
  /** Merges of facts the person asserted, proposed to the person instead of made. */
  proposed: number;
}

export async function consolidateScope(
  deps: { memory: MemoryDir; llm: LlmClient; origins?: FactOrigins; ledger?: FactLedger; proposals?: FactProposals },
  scope: string,
  /** runId: the consolidation run this pass belongs to (the history's source); none for automatic passes. */
  /**
   * only: the ids of the facts to send (a capped automatic pass: auto-consolidate.ts); the others stay as
   * they are, in their places. All of them when left out.
   */
  opts: { agentId?: string; signal?: AbortSignal; meter?: UsageTotals; runId?: string; only?: readonly string[] } = {},
): Promise<ScopeConsolidation> {
  const facts = deps.memory.read(scope).facts;
  const only = opts.only ? new Set(opts.only) : null;
  const sentIdx = facts.flatMap((f, i) => (!only || only.has(f.id) ? [i] : []));
  if (sentIdx.length < 2) return { scope, before: facts.length, after: facts.length, applied: false, skipped: 'fewer than two facts', proposed: 0 };
  const sent = sentIdx.map((i) => facts[i]);
  const reply = await deps.llm.runTask(consolidateFactsTask, { scope, facts: sent }, { agentId: opts.agentId, signal: opts.signal, meter: opts.meter });
  const source = opts.runId ? { runId: opts.runId } : { detail: 'automatic consolidation' };
  const persons = deps.ledger ? personAsserted(deps.ledger, scope) : new Set<string>();
  // Indexes of the sent facts → indexes in the scope; a fact not sent is kept as it is, in its place.
  let covered = coverAllWithSources(sent, reply.facts).map((m) => ({ text: m.text, from: m.from.map((k) => sentIdx[k]) }));
  if (only) {
    const unsent = facts.flatMap((f, i) => (only.has(f.id) ? [] : [{ text: f.text, from: [i] }]));
    covered = [...covered, ...unsent].sort((a, b) => Math.min(...a.from) - Math.min(...b.from));
  }
  const { merges, held } = holdPersonFacts(deps.memory, facts, covered, persons);
  for (const h of held) deps.proposals?.proposeMerge(scope, h.text, h.from, { actor: 'consolidation', source });
  const merged = merges.map((m) => m.text);
  if (merged.length >= facts.length) return { scope, before: facts.length, after: facts.length, applied: false, skipped: 'nothing to merge', proposed: held.length };
  // Origins are read before the replace: the rows stay (append-only), but this is the set the merge covered.
  const inherited = deps.origins ? merges.map((m) => m.from.map((i) => ({ id: facts[i].id, origins: deps.origins!.of(scope, [facts[i].id]).get(facts[i].id) ?? [] }))) : [];
  const replace = () => deps.memory.replaceAll(scope, merged, facts.map((f) => f.id));
  const applied = deps.ledger
    ? deps.ledger.as({ actor: 'consolidation', source, merges: mergeMap(deps.memory, facts, merges) }, replace)
    : replace();
  if (applied && deps.origins) {
    const kept = new Set(deps.memory.read(scope).facts.map((f) => f.id));
    merges.forEach((m, k) => {
      const id = factId(m.text);
      // An unchanged fact keeps its own rows; a fact that did not survive the sanitizer is not there.
      if (!kept.has(id) || (m.from.length === 1 && facts[m.from[0]].id === id)) return;
      for (const src of inherited[k]) {
        const kinds = src.origins.length ? src.origins : (['consolidated'] as const);
        for (const origin of kinds) deps.origins!.record({ scope, factId: id, origin, event: 'recorded', previousId: src.id, detail: 'consolidated' });
      }
    });
  }
  return {
    scope,
    before: facts.length,
    after: applied ? deps.memory.read(scope).facts.length : facts.length,
    applied,
    skipped: applied ? null : 'the scope changed during the pass',
    proposed: held.length,
  };
}

/** The ids of the scope's facts whose current text the person wrote (Memory tab, CLI, by hand). */
function personAsserted(ledger: FactLedger, scope: string): Set<string> {
  const out = new Set<string>();
  for (const [id, s] of ledger.versions.sources(scope)) if (s.actor === 'person') out.add(id);
  return out;
}

/**
 * Merges that keep every person-asserted fact they cover as it is go ahead (with the person's exact words
 * when the merged text is the same fact); the others are held back: their facts stay unchanged, and the
 * merge is returned to be proposed.
 */
export function holdPersonFacts(
  memory: Pick<MemoryDir, 'preview'>,
  facts: Fact[],
  merges: { text: string; from: number[] }[],
  persons: ReadonlySet<string>,
): { merges: { text: string; from: number[] }[]; held: { text: string; from: Fact[] }[] } {
  const out: { text: string; from: number[] }[] = [];
  const held: { text: string; from: Fact[] }[] = [];
  for (const m of merges) {
    const own = m.from.filter((i) => persons.has(facts[i].id));
    const unchanged = m.from.length === 1 && facts[m.from[0]].text === m.text;
    if (!own.length || unchanged) {
      out.push(m);
      continue;
    }
    const p = memory.preview(m.text);
    if (own.length === 1 && p.ok && p.id === facts[own[0]].id) {
      out.push({ text: facts[own[0]].text, from: m.from });
      continue;
    }
    held.push({ text: m.text, from: m.from.map((i) => facts[i]) });
    for (const i of m.from) out.push({ text: facts[i].text, from: [i] });
  }
  return { merges: out, held };
}

/** For the history: the id each merged text will have once cleaned, and the ids of the facts it covers. */
function mergeMap(memory: MemoryDir, facts: Fact[], merges: { text: string; from: number[] }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of merges) {
    const p = memory.preview(m.text);
    if (!p.ok) continue;
    out.set(p.id, [...new Set([...(out.get(p.id) ?? []), ...m.from.map((i) => facts[i].id)])]);
  }
  return out;
}

/**
 * The model's list, plus every input fact it failed to cite (kept verbatim). Citations of tags that
 * were not in the input are ignored.
 */
export function coverAll(input: Fact[], reply: { text: string; from: string[] }[]): string[] {
  return coverAllWithSources(input, reply).map((m) => m.text);
}

/** coverAll, with the indexes of the input facts each output text covers. */
export function coverAllWithSources(input: Fact[], reply: { text: string; from: string[] }[]): { text: string; from: number[] }[] {
  const covered = new Set<number>();
  const out: { text: string; from: number[] }[] = [];
  for (const f of reply) {
    const idx = f.from.map((t) => /^f(\d+)$/.exec(t.trim())).filter((m): m is RegExpExecArray => m !== null).map((m) => Number(m[1]) - 1).filter((i) => i >= 0 && i < input.length);
    if (!idx.length) continue; // an uncited "fact" is invented: drop it
    idx.forEach((i) => covered.add(i));
    out.push({ text: f.text, from: [...new Set(idx)] });
  }
  input.forEach((f, i) => {
    if (!covered.has(i)) out.push({ text: f.text, from: [i] });
  });
  return out;
}
