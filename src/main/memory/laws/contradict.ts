// /check-memory: one cheap memory-role pass per scope asking whether a current fact states the
// opposite of a law. Flagged laws are suppressed from recall until the next re-derivation (journaled as
// law.contradicted). A law the person edited or pinned is never flagged by the model: the contradiction
// is proposed to the person instead.
import type { LlmClient } from '../../llm/llm-client';
import { checkContradictionsTask } from '../../llm/prompts/check-contradictions';
import type { UsageTotals } from '../../llm/task';
import type { MemoryDir } from '../facts/memory-dir';
import type { LawProposals } from './law-proposals';
import { isAsserted, type LawStore } from './law-store';
import { quoted, type By, type LawWriter } from './law-writer';

export interface ContradictionCheck {
  scope: string;
  checked: number;
  /** `statement` and `factText`: what the law and the fact say, for the person (ids are for the UI's links). */
  flagged: { lawId: number; factId: string; why: string; statement: string; factText: string }[];
  /** Contradictions of person-asserted laws, put to the person rather than acted on. */
  proposed?: number;
}

export async function checkContradictions(
  d: { memory: MemoryDir; laws: LawStore; writer: LawWriter; proposals: LawProposals; llm: LlmClient },
  scope: string,
  opts: { agentId?: string; signal?: AbortSignal; meter?: UsageTotals; by?: By } = {},
): Promise<ContradictionCheck> {
  const by: By = opts.by ?? { actor: 'inference' };
  // Laws already out of recall need no check.
  const laws = d.laws.list([scope]).filter((l) => l.contradictedBy === null && !l.suppressed);
  // A law about the user can be contradicted by a global fact as well as by its own scope's facts.
  const facts = scope === 'global' ? d.memory.read('global').facts : [...d.memory.read(scope).facts, ...d.memory.read('global').facts];
  if (!laws.length || !facts.length) return { scope, checked: laws.length, flagged: [] };
  const reply = await d.llm.runTask(
    checkContradictionsTask,
    { laws: laws.map((l, i) => ({ tag: `l${i + 1}`, text: l.statement })), facts: facts.map((f, i) => ({ tag: `f${i + 1}`, text: f.text })) },
    { agentId: opts.agentId, signal: opts.signal, meter: opts.meter },
  );
  const flagged: ContradictionCheck['flagged'] = [];
  let proposed = 0;
  for (const c of reply.contradictions) {
    const li = /^\[?l(\d+)\]?$/i.exec(c.law.trim());
    const fi = /^\[?f(\d+)\]?$/i.exec(c.fact.trim());
    const law = li ? laws[Number(li[1]) - 1] : undefined;
    const fact = fi ? facts[Number(fi[1]) - 1] : undefined;
    if (!law || !fact || flagged.some((f) => f.lawId === law.id)) continue; // unknown tags are ignored
    if (isAsserted(law)) {
      const p = d.proposals.propose({ scope, kind: 'suppress', lawId: law.id, statement: law.statement, reason: `A current fact states the opposite: “${fact.text}”${c.why ? ` (${c.why})` : ''}.`, actor: by.actor });
      if (p) proposed++;
      continue;
    }
    d.writer.change(law.id, { contradictedBy: `fact:${fact.id}`, contradictedWhy: c.why }, 'law.contradicted', by, (b) => `Law ${quoted(b.statement)} is contradicted by “${fact.text}”`);
    flagged.push({ lawId: law.id, factId: fact.id, why: c.why, statement: law.statement, factText: fact.text });
  }
  return { scope, checked: laws.length, flagged, proposed };
}
