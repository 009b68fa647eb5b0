// The graph and laws of a Monad export, imported under the rules the API applies when a person adds a
// relation or a law (issue 26 §5):
//   - a relation links two different entities of its own scope (graph-corrections.ts `entity`: "X is in
//     S1, not S2"); its relation name is normalised the same way;
//   - a law rests on facts and relations of its own scope (laws/law-infer.ts cites only those).
// And one rule of its own: an id in the file names a record of the file. An id that the file does not
// hold, or that it holds in another scope, is never looked up in this home (where it would name one of
// the person's own records): it is left out and the report says which and why. Ids that the file does
// hold are remapped to what they became here (an entity of the same name, a fact of the same text).
import type { Database } from 'better-sqlite3';
import type { ImportReport } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { factId } from '../memory/facts/fact-id';
import { normalizeName, normalizeRelation } from '../memory/graph/graph-normalize';
import { archiveGraphSchema, archiveLawsSchema, type ArchiveLaw } from './formats';
import type { ImportCleaner } from './import-clean';
import { printable } from './import-clean';
import { MAX_REPORT_ITEMS } from './limits';
import { formatPath, validate } from './positions';

const LABEL = 'Monad export';
/** Each citation left out is listed up to this many; the count is always given. */
const MAX_LISTED_CITATIONS = 20;

export interface GraphImportDeps {
  memoryDb: Database;
  appDb: Database;
  now: () => Date;
  /** Scopes that already hold laws here: imported laws never mix with laws derived here. */
  scopesWithLaws: () => Iterable<string>;
  cleaner: ImportCleaner;
  report: ImportReport;
}

/** What the rest of the file holds, by the ids the file gives them: the only ids its graph and laws may name. */
export interface ArchiveIds {
  /** Chats and messages the import wrote or found already here under the same chat. */
  sessions: ReadonlySet<string>;
  messages: ReadonlySet<string>;
  /** `${scope}\n${id in the file's home}` → the id the fact has here. */
  facts: ReadonlyMap<string, string>;
}

/** The key of a fact in `ArchiveIds.facts`: a fact id is a hash of its text, so the file's id is derivable. */
export function archiveFactKey(scope: string, text: string): string {
  return `${scope}\n${factId(text)}`;
}

/** Nodes by (scope, normalised name), edges by their full key; ids kept where free. Returns file → here edge ids and scopes. */
export function importGraph(d: GraphImportDeps, raw: unknown, ids: ArchiveIds): Map<number, { id: number; scope: string }> {
  const g = validate(archiveGraphSchema, raw, LABEL, ['graph']);
  const db = d.memoryDb;
  const nodeMap = new Map<number, number>();
  const nodeScope = new Map<number, string>();
  const refusedNodes = new Set<number>();
  const findNode = db.prepare(`SELECT id FROM graph_node WHERE scope = ? AND norm_name = ?`).pluck();
  const nodeTaken = db.prepare(`SELECT 1 FROM graph_node WHERE id = ?`).pluck();
  const edgeTaken = db.prepare(`SELECT 1 FROM graph_edge WHERE id = ?`).pluck();
  const insNode = db.prepare(`INSERT INTO graph_node (id, scope, name, norm_name, type, summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  g.nodes.forEach((n, i) => {
    const where = formatPath(['graph', 'nodes', i]);
    nodeScope.set(n.id, n.scope);
    const name = d.cleaner.memoryText(n.name, 'graph entity', `${where}.name`);
    const type = name === null ? null : n.type.trim() ? d.cleaner.memoryText(n.type, 'graph entity type', `${where}.type`) : 'thing';
    const summary = type === null ? null : n.summary.trim() ? d.cleaner.memoryText(n.summary, 'graph entity summary', `${where}.summary`) : '';
    const norm = name === null ? '' : normalizeName(name);
    if (name === null || type === null || summary === null || !norm) {
      if (name !== null && !norm) d.cleaner.refuse(where, 'graph entity', 'the name has no letters or digits', name);
      refusedNodes.add(n.id);
      return;
    }
    const existing = findNode.get(n.scope, norm) as number | undefined;
    if (existing !== undefined) {
      nodeMap.set(n.id, existing);
      return;
    }
    const r = insNode.run(nodeTaken.get(n.id) ? null : n.id, n.scope, name.slice(0, 200), norm, type.slice(0, 40), summary.slice(0, 1000), n.createdAt, n.updatedAt);
    nodeMap.set(n.id, Number(r.lastInsertRowid));
    d.report.graph.nodes++;
  });

  const edgeMap = new Map<number, { id: number; scope: string }>();
  const findEdge = db.prepare(`SELECT id FROM graph_edge WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND prov_class = ? AND valid_from = ?`).pluck();
  const insEdge = db.prepare(`INSERT INTO graph_edge (id, scope, src, dst, relation, prov_class, valid_from, valid_to, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insSupport = db.prepare(`INSERT OR IGNORE INTO graph_edge_support (edge_id, message_id) VALUES (?, ?)`);
  let foreignSupport = 0;
  g.edges.forEach((e, i) => {
    const where = formatPath(['graph', 'edges', i]);
    if (refusedNodes.has(e.src) || refusedNodes.has(e.dst)) {
      d.cleaner.refuse(where, 'graph relation', 'it links an entity that was refused', e.relation);
      return;
    }
    const src = nodeMap.get(e.src);
    const dst = nodeMap.get(e.dst);
    if (src === undefined || dst === undefined) {
      throw new MonadError('BAD_INPUT', `${LABEL}: at ${where}: graph edge ${e.id} points at a missing node`, { path: where, issues: [] });
    }
    // The API's rule for a relation: both ends are entities of the relation's own scope.
    const outside = [nodeScope.get(e.src)!, nodeScope.get(e.dst)!].filter((s) => s !== e.scope);
    if (outside.length) {
      d.cleaner.refuse(where, 'graph relation', `it is in ${e.scope} but links an entity of ${outside[0]}; a relation links entities of its own scope`, e.relation);
      return;
    }
    if (src === dst) {
      d.cleaner.refuse(where, 'graph relation', 'it links an entity to itself; a relation needs two different entities', e.relation);
      return;
    }
    const cleaned = d.cleaner.memoryText(e.relation, 'graph relation', `${where}.relation`);
    if (cleaned === null) return;
    const relation = normalizeRelation(cleaned);
    let id = findEdge.get(e.scope, src, dst, relation, e.provClass, e.validFrom) as number | undefined;
    if (id === undefined) {
      const r = insEdge.run(edgeTaken.get(e.id) ? null : e.id, e.scope, src, dst, relation, e.provClass, e.validFrom, e.validTo, e.createdAt, e.updatedAt);
      id = Number(r.lastInsertRowid);
      d.report.graph.edges++;
    }
    edgeMap.set(e.id, { id, scope: e.scope });
    // A source message the file does not hold would be one of this home's chats.
    for (const m of e.support) {
      if (ids.messages.has(m)) insSupport.run(id, m);
      else foreignSupport++;
    }
  });
  if (foreignSupport) {
    d.report.leftOut.push(
      `${count(foreignSupport, 'source link')} of imported relations: ${foreignSupport === 1 ? 'it names a message' : 'they name messages'} not in this file, which would point at chats of yours.`,
    );
  }

  // Where consolidation left off, for the file's own chats only: a cursor on one of this home's chats would skip its messages.
  const seqOf = d.appDb.prepare(`SELECT seq FROM messages WHERE id = ? AND session_id = ?`).pluck();
  const setCursor = db.prepare(
    `INSERT INTO l2_cursor (session_id, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq), updated_at = excluded.updated_at`,
  );
  let foreignCursors = 0;
  for (const c of g.cursors) {
    if (!ids.sessions.has(c.sessionId) || !ids.messages.has(c.lastMessageId)) {
      foreignCursors++;
      continue;
    }
    const seq = seqOf.get(c.lastMessageId, c.sessionId) as number | undefined;
    if (seq !== undefined) setCursor.run(c.sessionId, seq, d.now().toISOString());
  }
  if (foreignCursors) {
    d.report.leftOut.push(`${count(foreignCursors, 'consolidation cursor')}: ${foreignCursors === 1 ? 'it names a chat' : 'they name chats'} not in this file.`);
  }
  return edgeMap;
}

/** A citation the import left out, and why. */
interface DroppedCitation {
  where: string;
  ref: string;
  why: string;
}

/** Laws: per scope, only into a scope that has none (never mixed with laws derived here). */
export function importLaws(d: GraphImportDeps, raw: unknown, edgeMap: ReadonlyMap<number, { id: number; scope: string }>, ids: ArchiveIds): void {
  const laws = validate(archiveLawsSchema, raw, LABEL, ['laws']);
  const haveLaws = new Set(d.scopesWithLaws());
  const insLaw = d.memoryDb.prepare(
    `INSERT INTO graph_law (scope, statement, confidence, support, contradicted_by, contradicted_why, derived_at, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const dropped: DroppedCitation[] = [];
  laws.forEach((l, i) => {
    const where = formatPath(['laws', i]);
    if (haveLaws.has(l.scope)) {
      d.report.laws.skipped++;
      return;
    }
    const statement = d.cleaner.memoryText(l.statement.replace(/\s+/g, ' ').trim(), 'law', `${where}.statement`);
    if (statement === null) return;
    const why = l.contradictedWhy ? d.cleaner.memoryText(l.contradictedWhy, 'law contradiction note', `${where}.contradictedWhy`) : null;
    const support: string[] = [];
    for (const ref of l.support) {
      const mapped = mapCitation(ref, l, edgeMap, ids);
      if ('ref' in mapped) {
        if (!support.includes(mapped.ref)) support.push(mapped.ref);
      } else dropped.push({ where: `${where}.support`, ref, why: mapped.why });
    }
    let contradictedBy: string | null = null;
    if (l.contradictedBy !== null) {
      // A contradicting fact is looked up in the law's scope, then global (laws/explain.ts).
      const mapped = mapFact(l.contradictedBy, [...new Set([l.scope, 'global'])], ids);
      if ('ref' in mapped) contradictedBy = mapped.ref;
      else dropped.push({ where: `${where}.contradictedBy`, ref: l.contradictedBy, why: mapped.why });
    }
    insLaw.run(l.scope, statement, l.confidence, JSON.stringify(support), contradictedBy, contradictedBy ? why : null, l.derivedAt, l.fingerprint);
    d.report.laws.added++;
  });
  reportDropped(d.report, dropped);
}

type Mapped = { ref: string } | { why: string };

function mapCitation(ref: string, law: ArchiveLaw, edgeMap: ReadonlyMap<number, { id: number; scope: string }>, ids: ArchiveIds): Mapped {
  if (ref.startsWith('fact:')) return mapFact(ref, [law.scope], ids);
  const fileId = /^edge:(\d+)$/.exec(ref);
  if (!fileId) return { why: 'not a relation id' };
  const edge = edgeMap.get(Number(fileId[1]));
  if (!edge) return { why: 'no relation of this file has that id (or it was refused), so it would name one of yours' };
  if (edge.scope !== law.scope) return { why: `that relation is in ${edge.scope}, not in the law's scope ${law.scope}` };
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

function reportDropped(report: ImportReport, dropped: DroppedCitation[]): void {
  if (!dropped.length) return;
  report.leftOut.push(`${count(dropped.length, 'citation')} of imported laws: an id a law cites is used only when this file holds what it names.`);
  const room = Math.max(0, Math.min(MAX_LISTED_CITATIONS, MAX_REPORT_ITEMS - report.leftOut.length));
  for (const c of dropped.slice(0, room)) report.leftOut.push(`${c.where}: ${printable(c.ref, 60)} — ${c.why}.`);
  if (dropped.length > room) report.leftOut.push(`…and ${dropped.length - room} more citations left out for the same reasons.`);
}

function count(n: number, what: string): string {
  return `${n.toLocaleString('en')} ${what}${n === 1 ? '' : 's'}`;
}
