// One L1 consolidation pass over one scope: ask the memory model to merge duplicates, check the answer
// covers every input fact, and replace the file only if it did not change meanwhile. A failed,
// malformed or lossy reply changes nothing: a fact is never lost to consolidation. A merged fact inherits
// the origins of the facts it replaced (fact-origins.ts), so a fact that came only from pasted or
// forwarded text stays marked as such in recall after a merge.
import type { Fact } from '../../../shared/domain';
import type { LlmClient } from '../../llm/llm-client';
import { consolidateFactsTask } from '../../llm/prompts/consolidate-facts';
import type { UsageTotals } from '../../llm/task';
import { factId } from './fact-id';
import type { FactOrigins } from './fact-origins';
import type { MemoryDir } from './memory-dir';

export interface ScopeConsolidation {
  scope: string;
  before: number;
  after: number;
  applied: boolean;
  /** Why nothing was applied, when it was not. */
  skipped: string | null;
}

export async function consolidateScope(
  deps: { memory: MemoryDir; llm: LlmClient; origins?: FactOrigins },
  scope: string,
  opts: { agentId?: string; signal?: AbortSignal; meter?: UsageTotals } = {},
): Promise<ScopeConsolidation> {
  const facts = deps.memory.read(scope).facts;
  if (facts.length < 2) return { scope, before: facts.length, after: facts.length, applied: false, skipped: 'fewer than two facts' };
  const reply = await deps.llm.runTask(consolidateFactsTask, { scope, facts }, { agentId: opts.agentId, signal: opts.signal, meter: opts.meter });
  const merges = coverAllWithSources(facts, reply.facts);
  const merged = merges.map((m) => m.text);
  if (merged.length >= facts.length) return { scope, before: facts.length, after: facts.length, applied: false, skipped: 'nothing to merge' };
  // Origins are read before the replace: the rows stay (append-only), but this is the set the merge covered.
  const inherited = deps.origins ? merges.map((m) => m.from.map((i) => ({ id: facts[i].id, origins: deps.origins!.of(scope, [facts[i].id]).get(facts[i].id) ?? [] }))) : [];
  const applied = deps.memory.replaceAll(scope, merged, facts.map((f) => f.id));
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
  return { scope, before: facts.length, after: applied ? deps.memory.read(scope).facts.length : facts.length, applied, skipped: applied ? null : 'the scope changed during the pass' };
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
