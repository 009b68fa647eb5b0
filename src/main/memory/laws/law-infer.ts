// inferLaws(scope): one memory-role pass over the scope's facts and current relations. Citations are
// mapped back through the [f#]/[e#] tags; invented or out-of-range refs are dropped, and a law left
// with no valid support is dropped. Unchanged inputs (same fingerprint) cost zero LLM calls. A
// malformed reply throws before anything is written, so the previous laws stay.
import { createHash } from 'node:crypto';
import type { LlmClient } from '../../llm/llm-client';
import { inferLawsTask, type LawInput } from '../../llm/prompts/infer-laws';
import type { UsageTotals } from '../../llm/task';
import type { MemoryDir } from '../facts/memory-dir';
import { sanitizeFact } from '../facts/sanitize';
import type { KnownSecrets } from '../facts/sanitize-known-secrets';
import type { GraphStore } from '../graph/graph-store';
import type { LawStore, NewLaw } from './law-store';

export interface LawInference {
  scope: string;
  skipped: boolean;
  derived: number;
  dropped: number;
  /** Laws the model proposed but that had no valid citation left. */
  rejected: number;
}

export interface LawDeps {
  memory: MemoryDir;
  graph: GraphStore;
  laws: LawStore;
  llm: LlmClient;
  /** The secret store's values, redacted from every law like from every fact. */
  knownSecrets?: () => KnownSecrets;
}

export function lawInputs(d: Pick<LawDeps, 'memory' | 'graph'>, scope: string) {
  const facts = d.memory.read(scope).facts;
  const relations = scope === 'global' ? [] : d.graph.currentRelations(scope);
  return { facts, relations };
}

export function fingerprintOf(factIds: string[], edgeIds: number[]): string {
  const h = createHash('sha256');
  h.update(`f:${[...factIds].sort().join(',')}|e:${[...edgeIds].sort((a, b) => a - b).join(',')}`);
  return h.digest('hex').slice(0, 32);
}

/** Maps tagged citations to refs; unknown tags vanish. */
export function mapCitations(tags: string[], facts: { id: string }[], relations: { id: number }[]): string[] {
  const refs = new Set<string>();
  for (const raw of tags) {
    const m = /^\s*\[?([fe])(\d+)\]?\s*$/i.exec(raw);
    if (!m) continue;
    const i = Number(m[2]) - 1;
    if (m[1].toLowerCase() === 'f' && i >= 0 && i < facts.length) refs.add(`fact:${facts[i].id}`);
    if (m[1].toLowerCase() === 'e' && i >= 0 && i < relations.length) refs.add(`edge:${relations[i].id}`);
  }
  return [...refs];
}

export async function inferLaws(
  d: LawDeps,
  scope: string,
  opts: { agentId?: string; force?: boolean; signal?: AbortSignal; meter?: UsageTotals } = {},
): Promise<LawInference> {
  const { facts, relations } = lawInputs(d, scope);
  const fingerprint = fingerprintOf(
    facts.map((f) => f.id),
    relations.map((r) => r.id),
  );
  const previous = d.laws.list([scope]).length;
  if (!opts.force && d.laws.getState(`laws:${scope}`) === fingerprint) {
    return { scope, skipped: true, derived: 0, dropped: 0, rejected: 0 };
  }
  if (facts.length + relations.length === 0) {
    d.laws.replaceScope(scope, [], fingerprint);
    return { scope, skipped: false, derived: 0, dropped: previous, rejected: 0 };
  }
  const input: LawInput = {
    scope,
    facts: facts.map((f, i) => ({ tag: `f${i + 1}`, text: f.text })),
    relations: relations.map((r, i) => ({ tag: `e${i + 1}`, text: r.text })),
  };
  const reply = await d.llm.runTask(inferLawsTask, input, { agentId: opts.agentId, signal: opts.signal, meter: opts.meter });
  const laws: NewLaw[] = [];
  let rejected = 0;
  for (const l of reply.laws) {
    const support = mapCitations(l.support, facts, relations);
    if (!support.length) {
      rejected++;
      continue;
    }
    // Laws are injected into prompts like facts are: the same sanitizer guards them.
    const clean = sanitizeFact(l.statement.replace(/\s+/g, ' ').trim(), { knownSecrets: d.knownSecrets?.() });
    if (!clean.ok) {
      rejected++;
      continue;
    }
    laws.push({ statement: clean.text, confidence: l.confidence, support });
  }
  d.laws.replaceScope(scope, laws, fingerprint);
  return { scope, skipped: false, derived: laws.length, dropped: previous, rejected };
}
