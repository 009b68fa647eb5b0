// Proposed changes of a Monad export (format v2): what a model wanted to do against what the person
// asserted, pending or decided. A dismissed proposal is the person's "no": graph-proposals.ts and
// law-proposals.ts never raise the same one again, so an import that left them out would put every
// question the person already answered back in front of them (issue 27 §1, "a rejected form is not
// proposed again").
//
// Untrusted like the rest of the file: texts pass the sanitizer, and every id it names (entities,
// relations, laws, messages) is remapped to what the file's record became here; a proposal about an
// entity the file does not hold is left out and counted. The same proposal already here (same scope
// and key) is this home's and stays as it is.
import type { ArchiveGraphProposal, ArchiveLaw } from './formats-graph';
import { normalizeRelation } from '../memory/graph/graph-normalize';
import type { ArchiveIds, GraphImportDeps, ImportedGraph } from './import-graph-types';
import { formatPath } from './positions';

/** Returns how many were left out because they name an entity the file does not hold. */
export function importGraphProposals(d: GraphImportDeps, proposals: ArchiveGraphProposal[], graph: ImportedGraph, ids: ArchiveIds): number {
  const db = d.memoryDb;
  const taken = db.prepare(`SELECT 1 FROM graph_proposal WHERE id = ?`).pluck();
  const ins = db.prepare(
    `INSERT OR IGNORE INTO graph_proposal (id, scope, kind, key, payload, summary, reason, actor, source, created_at, updated_at, status, decided_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
  );
  const edge = (id: number | null, scope: string) => {
    const e = id === null ? undefined : graph.edges.get(id);
    return e && e.scope === scope ? e.id : null;
  };
  let dropped = 0;
  proposals.forEach((p, i) => {
    const where = formatPath(['graph', 'proposals', i]);
    const srcId = graph.nodes.get(p.srcId);
    const dstId = graph.nodes.get(p.dstId);
    if (srcId === undefined || dstId === undefined || srcId === dstId) {
      dropped++;
      return;
    }
    const text = (s: string, what: string, at: string) => d.cleaner.memoryText(s, what, `${where}.${at}`);
    const src = text(p.src, 'graph entity', 'src');
    const dst = src === null ? null : text(p.dst, 'graph entity', 'dst');
    const relation = dst === null ? null : text(p.relation, 'graph relation', 'relation');
    const summary = relation === null ? null : text(p.summary, 'proposed change', 'summary');
    const reason = summary === null ? null : text(p.reason, 'reason for a proposed change', 'reason');
    if (reason === null) return;
    const rel = normalizeRelation(relation!);
    const payload = {
      src: src!.slice(0, 200),
      srcId,
      dst: dst!.slice(0, 200),
      dstId,
      relation: rel,
      provClass: p.provClass,
      validFrom: p.validFrom,
      support: p.support.filter((m) => ids.messages.has(m)),
      supersede: p.supersede,
      retracted: edge(p.retracted, p.scope),
      ended: edge(p.ended, p.scope),
      deleted: p.deleted === null ? null : (graph.nodes.get(p.deleted) ?? null),
      closes: p.closes.map((c) => edge(c, p.scope)).filter((c): c is number => c !== null),
    };
    // The key graph-proposals.ts looks a proposal up by, in this home's ids.
    const key = `${p.kind}:${srcId}:${rel}:${dstId}`;
    ins.run(taken.get(p.id) ? null : p.id, p.scope, p.kind, key, JSON.stringify(payload), summary, reason, p.actor, p.createdAt, p.updatedAt, p.status, p.decidedAt);
  });
  return dropped;
}

/** Changes a model proposed to a law this import wrote (lawId is its id here); citations remapped by `cite`. */
export function importLawProposals(d: GraphImportDeps, law: ArchiveLaw, lawId: number, where: string, cite: (ref: string) => string | null): void {
  const ins = d.memoryDb.prepare(
    `INSERT INTO law_proposal (id, scope, kind, law_id, statement, confidence, support, reason, actor, proposed_at, status, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const taken = d.memoryDb.prepare(`SELECT 1 FROM law_proposal WHERE id = ?`).pluck();
  law.proposals.forEach((p, i) => {
    const at = `${where}.proposals[${i}]`;
    const statement = d.cleaner.memoryText(p.statement.replace(/\s+/g, ' ').trim(), 'proposed law', `${at}.statement`);
    const reason = statement === null ? null : d.cleaner.memoryText(p.reason, 'reason for a proposed change', `${at}.reason`);
    if (reason === null) return;
    const support = [...new Set(p.support.map(cite).filter((r): r is string => r !== null))];
    ins.run(taken.get(p.id) ? null : p.id, law.scope, p.kind, lawId, statement, p.confidence, JSON.stringify(support), reason, p.actor, p.proposedAt, p.status, p.decidedAt);
  });
}
