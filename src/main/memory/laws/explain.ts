// Provenance of laws: their grounding (facts, relations, and the source messages those relations came
// from) with decayed confidence and a stale flag, plus the lexical matcher behind /why.
import type { GraphEdge, LawView, SourceMessage } from '../../../shared/domain';
import type { MemoryDir } from '../facts/memory-dir';
import type { GraphStore } from '../graph/graph-store';
import { normalizeName } from '../graph/graph-normalize';
import { ageDays, effectiveConfidence, isEligible, type DecaySettings } from './decay';
import { isAsserted, type LawRow } from './law-store';

export interface GroundingDeps {
  memory: MemoryDir;
  graph: GraphStore;
  sources: (messageIds: string[]) => SourceMessage[];
  decay: () => DecaySettings;
  now: () => Date;
}

/** A relation a law may rest on: it exists and was neither retracted nor folded into another. */
export function liveRelation(graph: GraphStore, id: number): boolean {
  // Retraction and entity merges keep the row (memory migration 9) and mark it; older graphs delete it.
  const e = graph.edgeById(id) as (GraphEdge & { retracted?: unknown; mergedInto?: number | null }) | null;
  return !!e && !e.retracted && !e.mergedInto;
}

export function lawView(d: GroundingDeps, law: LawRow, alsoIn: LawView['alsoIn'] = []): LawView {
  const now = d.now();
  const decay = d.decay();
  const scopeFacts = new Map(d.memory.read(law.scope).facts.map((f) => [f.id, f.text]));
  const globalFacts = law.scope === 'global' ? scopeFacts : new Map(d.memory.read('global').facts.map((f) => [f.id, f.text]));
  const facts: LawView['facts'] = [];
  const relations: LawView['relations'] = [];
  const gone: string[] = [];
  for (const ref of law.support) {
    if (ref.startsWith('fact:')) {
      const id = ref.slice(5);
      const text = scopeFacts.get(id) ?? null;
      if (text === null) gone.push(`A fact it rests on is no longer remembered${law.supportText[ref] ? ` (“${law.supportText[ref]}”)` : ''}.`);
      facts.push({ id, text, wasText: text === null ? (law.supportText[ref] ?? null) : null });
    } else if (ref.startsWith('edge:')) {
      const id = Number(ref.slice(5));
      const rel = liveRelation(d.graph, id) ? d.graph.relationText(id) : null;
      if (!rel) gone.push(`A relation it rests on was retracted${law.supportText[ref] ? ` (${law.supportText[ref]})` : ''}.`);
      relations.push({ id, text: rel?.text ?? null, validFrom: rel?.validFrom ?? null, validTo: rel?.validTo ?? null, sources: rel ? d.sources(rel.support) : [] });
    }
  }
  const stale = gone.length > 0;
  let contradictedBy: LawView['contradictedBy'] = null;
  if (law.contradictedBy) {
    const id = law.contradictedBy.replace(/^fact:/, '');
    contradictedBy = { ref: law.contradictedBy, text: scopeFacts.get(id) ?? globalFacts.get(id) ?? null, why: law.contradictedWhy };
  }
  const asserted = isAsserted(law);
  // What the person asserted does not fade: decay is a measure of how much an inference is still trusted.
  const effective = asserted ? law.confidence : effectiveConfidence(law.confidence, law.derivedAt, now, decay);
  const outOfRecall: string[] = [];
  if (law.status === 'rejected') outOfRecall.push(`Rejected by you${law.rejectedReason ? `: ${law.rejectedReason}` : ''}.`);
  if (law.suppressed) outOfRecall.push(law.suppressed.reason);
  if (!asserted) {
    // A law whose grounding is gone is not sent to the model, however it went (a forget, a retraction,
    // a chat deleted, a hand edit of the Markdown): it is re-derived from what is known now.
    if (!law.suppressed) outOfRecall.push(...gone);
    if (contradictedBy) outOfRecall.push('A current fact states the opposite.');
    if (!isEligible(law, now, decay) && !contradictedBy) outOfRecall.push(`Its confidence decayed to the floor (${decay.floor.toFixed(2)}).`);
  }
  return {
    id: law.id,
    scope: law.scope,
    statement: law.statement,
    confidence: law.confidence,
    effectiveConfidence: effective,
    derivedAt: law.derivedAt,
    ageDays: ageDays(law.derivedAt, now),
    stale,
    eligible: outOfRecall.length === 0,
    contradictedBy,
    facts,
    relations,
    pinned: law.pinned,
    origin: law.origin,
    derivedStatement: law.derivedStatement,
    editedAt: law.editedAt,
    rejected: law.status === 'rejected' ? { reason: law.rejectedReason, at: law.rejectedAt ?? law.derivedAt } : null,
    suppressed: law.suppressed,
    outOfRecall,
    alsoIn,
  };
}

const STOP = new Set('a an the is are was were be been to of in on at for with and or but not no do does did why what which who how when where that this it its i you he she they we my your their our me him her them as by from about into than then so if because user users'.split(' '));

function terms(text: string): string[] {
  return normalizeName(text)
    .split(' ')
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => w.replace(/(ing|ed|es|s)$/, ''));
}

/** Laws whose statements share content words with the query, best first. */
export function matchLaws<T extends Pick<LawRow, 'statement' | 'confidence'>>(laws: T[], query: string, limit = 5): T[] {
  const q = new Set(terms(query));
  if (!q.size) return [];
  return laws
    .map((l) => {
      const t = terms(l.statement);
      const hits = t.filter((w) => q.has(w)).length;
      return { l, score: hits / Math.sqrt(t.length || 1) };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || b.l.confidence - a.l.confidence)
    .slice(0, limit)
    .map((x) => x.l);
}

/** Names for what ids stand for in /why: a scope as people know it ("Monad's memory", "everyone"). */
export interface WhyNames {
  scope(scope: string): string;
}

/** "2 Dec 2026": a date as people read it (the ISO date is what the stores keep). */
export function dayWords(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso.slice(0, 10) : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

function ago(days: number): string {
  const n = Math.round(days);
  return n <= 0 ? 'today' : n === 1 ? 'yesterday' : `${n} days ago`;
}

const SPEAKER: Record<string, string> = { user: 'you', assistant: 'the assistant', system: 'an import', tool: 'a tool' };

/** The /why answer as Markdown: statements, names, dates and words; no ids. */
export function renderWhy(query: string, views: LawView[], names: WhyNames = { scope: (s) => s }): string {
  if (!views.length) return `No learned rule matches "${query}". Rules are derived at consolidation level 3 (/consolidate 3).`;
  const out: string[] = [];
  for (const v of views) {
    const flags = [v.pinned ? 'pinned' : '', v.origin === 'person' ? 'edited by you' : '', v.stale ? 'its grounding changed' : '', v.contradictedBy ? 'contradicted' : '']
      .filter(Boolean)
      .join(', ');
    out.push(`**${v.statement}**`);
    out.push(
      `Confidence ${v.effectiveConfidence.toFixed(2)} (derived at ${v.confidence.toFixed(2)} ${ago(v.ageDays)}, on ${dayWords(v.derivedAt)}) · in ${names.scope(v.scope)}${flags ? ` — ${flags}` : ''}`,
    );
    if (!v.eligible) out.push(`- Not used in replies: ${v.outOfRecall.join(' ')}`);
    if (v.contradictedBy) out.push(`- Contradicted by “${v.contradictedBy.text ?? 'a fact that has since been forgotten'}”${v.contradictedBy.why ? ` (${v.contradictedBy.why})` : ''}`);
    for (const f of v.facts) out.push(f.text !== null ? `- Fact: “${f.text}”` : `- Fact: ${f.wasText ? `“${f.wasText}” — forgotten since` : 'one that has since been forgotten'}`);
    for (const r of v.relations) {
      const when = r.validFrom ? ` (${r.validTo ? `${dayWords(r.validFrom)} – ${dayWords(r.validTo)}` : `since ${dayWords(r.validFrom)}`})` : '';
      out.push(`- Relation: ${r.text ?? 'one that has since been marked wrong'}${when}`);
      for (const s of r.sources) out.push(`  - said by ${SPEAKER[s.role] ?? s.role} in “${s.sessionTitle}” on ${dayWords(s.createdAt)}: “${s.excerpt}”`);
    }
    out.push('');
  }
  return out.join('\n').trim();
}
