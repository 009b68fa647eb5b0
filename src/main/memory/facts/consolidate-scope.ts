// One L1 consolidation pass over one scope: ask the memory model to merge duplicates, check the answer
// covers every input fact, and replace the file only if it did not change meanwhile. A failed,
// malformed or lossy reply changes nothing: a fact is never lost to consolidation.
import type { Fact } from '../../../shared/domain';
import type { LlmClient } from '../../llm/llm-client';
import { consolidateFactsTask } from '../../llm/prompts/consolidate-facts';
import type { UsageTotals } from '../../llm/task';
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
  deps: { memory: MemoryDir; llm: LlmClient },
  scope: string,
  opts: { agentId?: string; signal?: AbortSignal; meter?: UsageTotals } = {},
): Promise<ScopeConsolidation> {
  const facts = deps.memory.read(scope).facts;
  if (facts.length < 2) return { scope, before: facts.length, after: facts.length, applied: false, skipped: 'fewer than two facts' };
  const reply = await deps.llm.runTask(consolidateFactsTask, { scope, facts }, { agentId: opts.agentId, signal: opts.signal, meter: opts.meter });
  const merged = coverAll(facts, reply.facts);
  if (merged.length >= facts.length) return { scope, before: facts.length, after: facts.length, applied: false, skipped: 'nothing to merge' };
  const applied = deps.memory.replaceAll(scope, merged, facts.map((f) => f.id));
  return { scope, before: facts.length, after: applied ? deps.memory.read(scope).facts.length : facts.length, applied, skipped: applied ? null : 'the scope changed during the pass' };
}

/**
 * The model's list, plus every input fact it failed to cite (kept verbatim). Citations of tags that
 * were not in the input are ignored.
 */
export function coverAll(input: Fact[], reply: { text: string; from: string[] }[]): string[] {
  const covered = new Set<number>();
  const out: string[] = [];
  for (const f of reply) {
    const idx = f.from.map((t) => /^f(\d+)$/.exec(t.trim())).filter((m): m is RegExpExecArray => m !== null).map((m) => Number(m[1]) - 1).filter((i) => i >= 0 && i < input.length);
    if (!idx.length) continue; // an uncited "fact" is invented: drop it
    idx.forEach((i) => covered.add(i));
    out.push(f.text);
  }
  input.forEach((f, i) => {
    if (!covered.has(i)) out.push(f.text);
  });
  return out;
}
