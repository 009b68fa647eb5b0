// The laws of a Monad export, imported under the rule the API applies to laws: a law rests on facts and
// relations of its own scope (laws/law-infer.ts cites only those); a citation of something the file does
// not hold is left out and reported (import-graph.ts says why).
//
// Active laws come in beside this home's; one that is the same law as one here is not added twice, and the
// person's pin or edit is kept on whichever side has one (import-law-match.ts). Rejected laws always come
// in (issue 27 §1): they are the person's "don't infer this again", the exclusions
// inference is given and checks every derived law against (law-infer.ts), so after an import and a
// re-derivation no rejected law is back in recall. Version 2 also keeps the person's state of each law:
// edited (origin 'person', with the wording as inferred), pinned, out of recall and why.
import type { ImportReport } from '../../shared/domain';
import { findSame } from '../memory/laws/near-same';
import { archiveLawsSchema, type ArchiveLaw } from './formats-graph';
import { printable } from './import-clean';
import { count, LABEL } from './import-graph';
import type { ArchiveIds, GraphImportDeps, ImportedGraph } from './import-graph-types';
import { LawsHere } from './import-law-match';
import { importLawProposals } from './import-proposals';
import { MAX_REPORT_ITEMS } from './limits';
import { formatPath, validate } from './positions';

/** Each citation left out is listed up to this many; the count is always given. */
const MAX_LISTED_CITATIONS = 20;
/** As law-corrections.ts keeps a rejection's reason: a short note. */
const MAX_REASON_CHARS = 500;

/** A citation the import left out, and why. */
interface DroppedCitation {
  where: string;
  ref: string;
  why: string;
}

type Mapped = { ref: string } | { why: string };

/** Returns the file's law ids → this home's, for every law imported or found here already. */
export function importLaws(d: GraphImportDeps, raw: unknown, graph: Pick<ImportedGraph, 'edges'> & Partial<Pick<ImportedGraph, 'nodes'>>, ids: ArchiveIds): Map<number, number> {
  const laws = validate(archiveLawsSchema, raw, LABEL, ['laws']);
  const db = d.memoryDb;
  const lawsHere = new LawsHere(db, d.now);
  const taken = db.prepare(`SELECT 1 FROM graph_law WHERE id = ?`).pluck();
  const same = db.prepare(`SELECT id FROM graph_law WHERE scope = ? AND status = ? AND statement = ? ORDER BY id`).pluck();
  // Laws this import already wrote or matched: each row here stands for one law of the file.
  const claimed = new Set<number>();
  const ins = db.prepare(
    `INSERT INTO graph_law (id, scope, statement, confidence, support, contradicted_by, contradicted_why, derived_at, fingerprint, origin, derived_statement,
       support_text, pinned, status, rejected_reason, rejected_at, suppressed_reason, suppressed_ref, suppressed_at, edited_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const out = new Map<number, number>();
  const dropped: DroppedCitation[] = [];
  // What the person rejected here, in any scope: an active law of the file that says the same is not
  // brought back into recall (as inference here would not derive it). The file's own rejections came with
  // its active laws as they stood there, and are kept as they were.
  const rejected = (db.prepare(`SELECT statement, derived_statement FROM graph_law WHERE status = 'rejected'`).all() as { statement: string; derived_statement: string | null }[]).flatMap(
    (r) => (r.derived_statement ? [r.statement, r.derived_statement] : [r.statement]),
  );
  let excluded = 0;
  laws.forEach((l, i) => {
    const where = formatPath(['laws', i]);
    const text = (s: string, what: string, at: string) => d.cleaner.memoryText(s.replace(/\s+/g, ' ').trim(), what, `${where}.${at}`);
    const statement = text(l.statement, 'law', 'statement');
    if (statement === null) return;
    // The same law already here (imported before, or learned here): it is that one, and nothing is added.
    // An active law may also be here in other words (near-same.ts); its person state is then merged.
    const existing = (same.all(l.scope, l.status, statement) as number[]).find((id) => !claimed.has(id)) ?? (l.status === 'active' ? lawsHere.find(l, statement, claimed) : null) ?? undefined;
    if (existing !== undefined) {
      claimed.add(existing);
      if (l.id !== undefined) out.set(l.id, existing);
      if (l.status === 'active') lawsHere.merge(existing, l, statement);
      d.report.laws.skipped++;
      return;
    }
    if (l.status === 'active' && !l.pinned && l.origin !== 'person' && findSame(statement, rejected, (r) => r)) {
      excluded++;
      d.report.laws.skipped++;
      return;
    }
    const support: string[] = [];
    for (const ref of l.support) {
      const mapped = mapCitation(ref, l.scope, graph, ids);
      if ('ref' in mapped) {
        if (!support.includes(mapped.ref)) support.push(mapped.ref);
      } else dropped.push({ where: `${where}.support`, ref, why: mapped.why });
    }
    // What each cited item said at derivation, under the id it has here (a citation left out loses its text too).
    const supportText: Record<string, string> = {};
    for (const [ref, said] of Object.entries(l.supportText)) {
      const mapped = mapCitation(ref, l.scope, graph, ids);
      const clean = 'ref' in mapped && said.trim() ? text(said, 'text a law cited', `supportText.${ref}`) : null;
      if ('ref' in mapped && clean !== null) supportText[mapped.ref] = clean;
    }
    let contradictedBy: string | null = null;
    if (l.contradictedBy !== null) {
      // A contradicting fact is looked up in the law's scope, then global (laws/explain.ts).
      const mapped = mapFact(l.contradictedBy, [...new Set([l.scope, 'global'])], ids);
      if ('ref' in mapped) contradictedBy = mapped.ref;
      else dropped.push({ where: `${where}.contradictedBy`, ref: l.contradictedBy, why: mapped.why });
    }
    const why = contradictedBy && l.contradictedWhy ? d.cleaner.memoryText(l.contradictedWhy, 'law contradiction note', `${where}.contradictedWhy`) : null;
    const derivedStatement = l.derivedStatement?.trim() ? text(l.derivedStatement, 'law as inferred', 'derivedStatement') : null;
    const rejectedReason = l.status === 'rejected' && l.rejectedReason?.trim() ? text(l.rejectedReason, 'reason a law was rejected', 'rejectedReason')?.slice(0, MAX_REASON_CHARS) ?? null : null;
    // Out of recall: the reason is kept when it passes the sanitizer, else a plain one (it stays out either way).
    const suppressed = l.suppressed
      ? {
          reason: text(l.suppressed.reason, 'reason a law is out of recall', 'suppressed.reason') ?? 'It was out of recall in the home this file came from.',
          ref: l.suppressed.ref === null ? null : mapAny(l.suppressed.ref, l.scope, graph, ids),
          at: l.suppressed.at,
        }
      : null;
    const r = ins.run(
      l.id !== undefined && !taken.get(l.id) ? l.id : null,
      l.scope,
      statement,
      l.confidence,
      JSON.stringify(support),
      contradictedBy,
      why,
      l.derivedAt,
      l.fingerprint,
      l.origin ?? 'inference',
      derivedStatement,
      Object.keys(supportText).length ? JSON.stringify(supportText) : null,
      l.pinned ? 1 : 0,
      l.status,
      rejectedReason,
      l.status === 'rejected' ? (l.rejectedAt ?? l.derivedAt) : null,
      suppressed?.reason ?? null,
      suppressed?.ref ?? null,
      suppressed?.at ?? null,
      l.editedAt,
    );
    const here = Number(r.lastInsertRowid);
    claimed.add(here);
    if (l.id !== undefined) out.set(l.id, here);
    importLawProposals(d, l, here, where, (ref) => {
      const mapped = mapCitation(ref, l.scope, graph, ids);
      return 'ref' in mapped ? mapped.ref : null;
    });
    d.report.laws.added++;
  });
  if (excluded) {
    d.report.leftOut.push(`${count(excluded, 'law')} of the file that say${excluded === 1 ? 's' : ''} what you rejected here: a rejected law does not come back into recall.`);
  }
  lawsHere.reportTo(d.report);
  reportDropped(d.report, dropped);
  return out;
}

function mapCitation(ref: string, scope: string, graph: Pick<ImportedGraph, 'edges'>, ids: ArchiveIds): Mapped {
  if (ref.startsWith('fact:')) return mapFact(ref, [scope], ids);
  const fileId = /^edge:(\d+)$/.exec(ref);
  if (!fileId) return { why: 'not a relation id' };
  const edge = graph.edges.get(Number(fileId[1]));
  if (!edge) return { why: 'no relation of this file has that id (or it was refused), so it would name one of yours' };
  if (edge.scope !== scope) return { why: `that relation is in ${edge.scope}, not in the law's scope ${scope}` };
  return { ref: `edge:${edge.id}` };
}

function mapFact(ref: string, scopes: string[], ids: ArchiveIds): Mapped {
  const m = /^fact:([A-Za-z0-9]+)$/.exec(ref);
  if (!m) return { why: 'not a fact id' };
  for (const scope of scopes) {
    const here = ids.facts.get(`${scope}\n${m[1]}`);
    if (here) return { ref: `fact:${here}` };
  }
  return { why: `no fact of this file in ${scopes.join(' or ')} has that id (or it was refused), so it would name one of yours` };
}

/** What took a law out of recall ("fact:", "edge:" or "entity:"), under its id here; null when the file does not hold it. */
function mapAny(ref: string, scope: string, graph: Pick<ImportedGraph, 'edges'> & Partial<Pick<ImportedGraph, 'nodes'>>, ids: ArchiveIds): string | null {
  const entity = /^entity:(\d+)$/.exec(ref);
  if (entity) {
    const here = graph.nodes?.get(Number(entity[1]));
    return here === undefined ? null : `entity:${here}`;
  }
  const mapped = mapCitation(ref, scope, graph, ids);
  return 'ref' in mapped ? mapped.ref : null;
}

function reportDropped(report: ImportReport, dropped: DroppedCitation[]): void {
  if (!dropped.length) return;
  report.leftOut.push(`${count(dropped.length, 'citation')} of imported laws: an id a law cites is used only when this file holds what it names.`);
  const room = Math.max(0, Math.min(MAX_LISTED_CITATIONS, MAX_REPORT_ITEMS - report.leftOut.length));
  for (const c of dropped.slice(0, room)) report.leftOut.push(`${c.where}: ${printable(c.ref, 60)} — ${c.why}.`);
  if (dropped.length > room) report.leftOut.push(`…and ${dropped.length - room} more citations left out for the same reasons.`);
}

export type { ArchiveLaw };
