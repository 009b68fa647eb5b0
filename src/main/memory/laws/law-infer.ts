// inferLaws(scope): one memory-role pass over the scope's facts and current relations. Citations are
// mapped back through the [f#]/[e#] tags; invented or out-of-range refs are dropped, and a law left
// with no valid support is dropped. Unchanged inputs (same fingerprint) cost zero LLM calls. A
// malformed reply throws before anything is written, so the previous laws stay.
//
// The person's corrections bind it. Rejected statements (from every scope) are given to the model as
// exclusions, and a proposed law that is the same or near-same as one is dropped whatever the model
// says. Laws the person edited or pinned are kept as they are: a re-inferred wording of one is that law;
// a law stating its opposite is only proposed to the person (law-proposals.ts). A re-inferred wording of a law
// another device derived (sync) takes that law's wording, so both devices hold one law.
import { createHash } from 'node:crypto';
import type { LawDeriveResult } from '../../../shared/laws';
import type { LlmClient } from '../../llm/llm-client';
import { inferLawsTask, type LawInput } from '../../llm/prompts/infer-laws';
import type { UsageTotals } from '../../llm/task';
import type { MemoryDir } from '../facts/memory-dir';
import { sanitizeFact } from '../facts/sanitize';
import type { KnownSecrets } from '../facts/sanitize-known-secrets';
import type { GraphStore } from '../graph/graph-store';
import type { LawProposals } from './law-proposals';
import { isAsserted, SYNCED_DERIVED, type LawRow, type LawStore, type NewLaw } from './law-store';
import type { By, LawWriter } from './law-writer';
import { findOpposite, findSame } from './near-same';

/** How many rejected statements, and person-asserted ones, the prompt lists (the most recent first). */
export const MAX_EXCLUSIONS = 100;
export const MAX_KNOWN = 50;

/** What an inference did: the contract's `laws.derive` result, and whether unchanged inputs let it skip the model. */
export interface LawInference extends LawDeriveResult {
  skipped: boolean;
}

export interface LawDeps {
  memory: MemoryDir;
  graph: GraphStore;
  laws: LawStore;
  writer: LawWriter;
  proposals: LawProposals;
  llm: LlmClient;
  /** The secret store's values, redacted from every law like from every fact. */
  knownSecrets?: () => KnownSecrets;
}

export function lawInputs(d: Pick<LawDeps, 'memory' | 'graph'>, scope: string) {
  const facts = d.memory.read(scope).facts;
  const relations = scope === 'global' ? [] : d.graph.currentRelations(scope);
  return { facts, relations };
}

/**
 * What inference saw, texts included: a fact edited in place or a relation renamed is a new input (an
 * id alone may not change), so a scope whose laws were suppressed by such an edit is re-derived.
 */
export function inputFingerprint(facts: { id: string; text: string }[], relations: { id: number; text: string }[]): string {
  const h = createHash('sha256');
  for (const f of [...facts].sort((a, b) => a.id.localeCompare(b.id))) h.update(`f:${f.id}:${f.text}\n`);
  for (const r of [...relations].sort((a, b) => a.id - b.id)) h.update(`e:${r.id}:${r.text}\n`);
  return h.digest('hex').slice(0, 32);
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
  opts: { agentId?: string; force?: boolean; signal?: AbortSignal; meter?: UsageTotals; by?: By } = {},
): Promise<LawInference> {
  const by: By = opts.by ?? { actor: 'inference' };
  const { facts, relations } = lawInputs(d, scope);
  const fingerprint = inputFingerprint(facts, relations);
  const none = { excluded: 0, kept: 0, proposed: 0 };
  if (!opts.force && d.laws.getState(`laws:${scope}`) === fingerprint) {
    return { scope, skipped: true, derived: 0, dropped: 0, rejected: 0, ...none };
  }
  if (facts.length + relations.length === 0) {
    const r = d.writer.replaceDerived(scope, [], fingerprint, by);
    return { scope, skipped: false, derived: 0, dropped: r.removed.length, rejected: 0, ...none };
  }
  const rejectedLaws = d.laws.rejected();
  const asserted = d.laws.list([scope]).filter(isAsserted);
  const synced = d.laws.list([scope]).filter((l) => l.fingerprint === SYNCED_DERIVED && !isAsserted(l));
  const input: LawInput = {
    scope,
    facts: facts.map((f, i) => ({ tag: `f${i + 1}`, text: f.text })),
    relations: relations.map((r, i) => ({ tag: `e${i + 1}`, text: r.text })),
    excluded: distinct(rejectedLaws.sort((a, b) => (b.rejectedAt ?? '').localeCompare(a.rejectedAt ?? '')).map((l) => l.statement)).slice(0, MAX_EXCLUSIONS),
    known: asserted.map((l) => l.statement).slice(0, MAX_KNOWN),
  };
  const reply = await d.llm.runTask(inferLawsTask, input, { agentId: opts.agentId, signal: opts.signal, meter: opts.meter });
  // Kept with the law for people to read once the grounding is gone: relations worded as the Graph words them.
  const texts = new Map<string, string>([
    ...facts.map((f) => [`fact:${f.id}`, f.text] as const),
    ...relations.map((r) => [`edge:${r.id}`, d.graph.relationText(r.id)?.text ?? r.text] as const),
  ]);
  const laws: NewLaw[] = [];
  const counts = { rejected: 0, ...none };
  const opposed: { law: LawRow; statement: string; confidence: number; support: string[] }[] = [];
  for (const l of [...reply.laws].sort((a, b) => b.confidence - a.confidence)) {
    const support = mapCitations(l.support, facts, relations);
    if (!support.length) {
      counts.rejected++;
      continue;
    }
    // Laws are injected into prompts like facts are: the same sanitizer guards them.
    const clean = sanitizeFact(l.statement.replace(/\s+/g, ' ').trim(), { knownSecrets: d.knownSecrets?.() });
    if (!clean.ok) {
      counts.rejected++;
      continue;
    }
    let statement = clean.text;
    // "Don't infer this again": whatever the model was told, a rejected law never comes back.
    if (findSame(statement, rejectedLaws, (r) => [r.statement, ...(r.derivedStatement ? [r.derivedStatement] : [])])) {
      counts.excluded++;
      continue;
    }
    if (findSame(statement, asserted, (a) => [a.statement, ...(a.derivedStatement ? [a.derivedStatement] : [])])) {
      counts.kept++;
      continue;
    }
    // A law another device derived, worded differently here, is that law: taking its wording gives it the same
    // key on every device, so the two derivations are one law (issue 30 §3) and this device's own from now on.
    const theirs = findSame(statement, synced, (x) => [x.statement]);
    if (theirs) statement = theirs.statement;
    const against = findOpposite(statement, asserted, (a) => a.statement);
    if (against) {
      opposed.push({ law: against, statement, confidence: l.confidence, support });
      continue;
    }
    if (findSame(statement, laws, (x) => x.statement)) continue; // the reply said it twice: keep the stronger
    laws.push({ statement, confidence: l.confidence, support, supportText: Object.fromEntries(support.map((ref) => [ref, texts.get(ref) ?? ''])) });
  }
  const r = d.writer.replaceDerived(scope, laws, fingerprint, by);
  for (const o of opposed) {
    const p = d.proposals.propose({
      scope,
      kind: 'edit',
      lawId: o.law.id,
      statement: o.statement,
      confidence: o.confidence,
      support: o.support,
      reason: 'Inferred again from current facts and relations, it says the opposite of this law.',
      actor: by.actor,
    });
    if (p) counts.proposed++;
  }
  return { scope, skipped: false, derived: laws.length, dropped: r.removed.length, ...counts };
}

function distinct(statements: string[]): string[] {
  const out: string[] = [];
  for (const s of statements) if (!findSame(s, out, (x) => x)) out.push(s);
  return out;
}
