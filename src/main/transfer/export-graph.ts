// The graph and laws of `monad export` (format v2, issue 27 §1): everything the person did to them, not
// only what is current. A relation marked wrong, an entity deleted or merged, a rejected law are the
// person's decisions; an archive that left them out let an import forget them, and the next extraction
// or inference brought the wrong thing back ("Export everything" once wrote `laws: []` because it read
// only active laws). Rows are read in id order (laws by scope and statement), so the same memory
// exports the same content.
import type { Database } from 'better-sqlite3';
import type { JournalActor } from '../../shared/journal';
import type { ProposalPayload } from '../memory/graph/graph-proposals';
import type { EdgeRow as GraphEdgeRow, NodeRow as GraphNodeRow } from '../memory/graph/graph-rows';
import type { LawStore } from '../memory/laws/law-store';
import type { ArchiveGraphOut, ArchiveLawOut } from './formats-graph';

export interface GraphExportDeps {
  memoryDb: Database;
  appDb: Database;
}

// The store's row shapes, with what the export selects made required (the store's reads leave some columns
// out) and updated_at, which only the archive carries.
type NodeRow = Required<Pick<GraphNodeRow, 'id' | 'scope' | 'name' | 'type' | 'summary' | 'created_at' | 'asserted_by' | 'removed_at' | 'removed_by' | 'merged_into'>> & {
  updated_at: string;
  norm_name: string;
};
/** `SELECT * FROM graph_edge`: every column of the table, no support list (that is graph_edge_support). */
type EdgeRow = Omit<GraphEdgeRow, 'support' | 'created_at'> & { created_at: string; updated_at: string };

/** Message ids per row, from a (row id, message id) table, each list sorted. One pass over the table. */
function supportOf(db: Database, sql: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const r of db.prepare(sql).iterate() as Iterable<{ row: number; message_id: string }>) {
    const list = out.get(r.row);
    if (list) list.push(r.message_id);
    else out.set(r.row, [r.message_id]);
  }
  return out;
}

export function exportGraph(d: GraphExportDeps): ArchiveGraphOut {
  const db = d.memoryDb;
  const nodeSupport = supportOf(db, `SELECT node_id AS row, message_id FROM graph_node_support ORDER BY node_id, message_id`);
  const nodes = (db.prepare(`SELECT id, scope, name, norm_name, type, summary, created_at, updated_at, asserted_by, removed_at, removed_by, merged_into FROM graph_node ORDER BY id`).all() as NodeRow[]).map(
    (n) => ({
      id: n.id,
      scope: n.scope,
      name: n.name,
      type: n.type,
      summary: n.summary,
      createdAt: n.created_at,
      updatedAt: n.updated_at,
      assertedBy: n.asserted_by,
      removed: n.removed_at ? { at: n.removed_at, by: n.removed_by ?? 'person', mergedInto: n.merged_into } : null,
      support: nodeSupport.get(n.id) ?? [],
      // A current entity without its name (freedNorm): another entity of the scope holds the name.
      ...(!n.removed_at && n.norm_name.startsWith('#') ? { nameFreed: true as const } : {}),
    }),
  );
  const edgeSupport = supportOf(db, `SELECT edge_id AS row, message_id FROM graph_edge_support ORDER BY edge_id, message_id`);
  const edges = (db.prepare(`SELECT * FROM graph_edge ORDER BY id`).all() as EdgeRow[]).map((e) => ({
    id: e.id,
    scope: e.scope,
    src: e.src,
    dst: e.dst,
    relation: e.relation,
    provClass: e.prov_class,
    validFrom: e.valid_from,
    validTo: e.valid_to,
    createdAt: e.created_at,
    updatedAt: e.updated_at,
    support: edgeSupport.get(e.id) ?? [],
    assertedBy: e.asserted_by,
    retracted: e.retracted_at ? { at: e.retracted_at, by: e.retracted_by ?? 'person', reason: e.retracted_reason } : null,
    supersededBy: e.superseded_by,
    mergedInto: e.merged_into,
  }));
  const aliases = (db.prepare(`SELECT scope, norm_name AS name, node_id AS node FROM graph_node_alias ORDER BY scope, norm_name`).all() as ArchiveGraphOut['aliases']);
  // Watermarks are message sequence numbers, which differ between homes: export the message id instead.
  const lastId = d.appDb.prepare(`SELECT id FROM messages WHERE session_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1`).pluck();
  const cursors = (db.prepare(`SELECT session_id, last_seq FROM l2_cursor ORDER BY session_id`).all() as { session_id: string; last_seq: number }[])
    .map((c) => {
      const id = lastId.get(c.session_id, c.last_seq) as string | undefined;
      return id ? { sessionId: c.session_id, lastMessageId: id } : null;
    })
    .filter((c): c is { sessionId: string; lastMessageId: string } => c !== null);
  return { nodes, edges, cursors, aliases, proposals: graphProposals(db) };
}

interface ProposalRow {
  id: number;
  scope: string;
  kind: 'relation.add' | 'relation.supersede';
  payload: string;
  summary: string;
  reason: string;
  actor: string;
  created_at: string;
  updated_at: string;
  status: 'pending' | 'accepted' | 'dismissed';
  decided_at: string | null;
}

/** Proposed changes to the graph, pending and decided: a dismissed one is the person's "no" (graph-proposals.ts). */
function graphProposals(db: Database): ArchiveGraphOut['proposals'] {
  return (db.prepare(`SELECT * FROM graph_proposal ORDER BY id`).all() as ProposalRow[]).map((r) => {
    const p = JSON.parse(r.payload) as ProposalPayload;
    return {
      id: r.id,
      scope: r.scope,
      kind: r.kind,
      status: r.status,
      src: p.src,
      srcId: p.srcId,
      dst: p.dst,
      dstId: p.dstId,
      relation: p.relation,
      provClass: p.provClass,
      validFrom: p.validFrom,
      supersede: p.supersede,
      support: [...p.support].sort(),
      retracted: p.retracted ?? null,
      ended: p.ended ?? null,
      deleted: p.deleted ?? null,
      closes: p.closes,
      summary: r.summary,
      reason: r.reason,
      actor: r.actor as JournalActor,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      decidedAt: r.decided_at,
    };
  });
}

/** Active and rejected laws (rejected ones are the exclusions inference is given), with the person's state. */
export function exportLaws(laws: Pick<LawStore, 'list' | 'rejected'>, memoryDb: Database): ArchiveLawOut[] {
  const proposals = new Map<number, ArchiveLawOut['proposals']>();
  for (const p of memoryDb.prepare(`SELECT * FROM law_proposal ORDER BY law_id, id`).iterate() as Iterable<LawProposalRow>) {
    const list = proposals.get(p.law_id) ?? [];
    list.push({
      id: p.id,
      kind: p.kind,
      statement: p.statement,
      confidence: p.confidence,
      support: parseList(p.support),
      reason: p.reason,
      actor: p.actor as JournalActor,
      proposedAt: p.proposed_at,
      status: p.status,
      decidedAt: p.decided_at,
    });
    proposals.set(p.law_id, list);
  }
  return [...laws.list(), ...laws.rejected()]
    .map((l) => ({
      id: l.id,
      scope: l.scope,
      statement: l.statement,
      confidence: l.confidence,
      support: l.support,
      contradictedBy: l.contradictedBy,
      contradictedWhy: l.contradictedWhy,
      derivedAt: l.derivedAt,
      fingerprint: l.fingerprint,
      origin: l.origin,
      derivedStatement: l.derivedStatement,
      supportText: Object.fromEntries(Object.entries(l.supportText).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      pinned: l.pinned,
      status: l.status,
      rejectedReason: l.rejectedReason,
      rejectedAt: l.rejectedAt,
      suppressed: l.suppressed,
      editedAt: l.editedAt,
      proposals: proposals.get(l.id) ?? [],
    }))
    .sort((a, b) => a.scope.localeCompare(b.scope) || a.status.localeCompare(b.status) || a.statement.localeCompare(b.statement) || a.id - b.id);
}

interface LawProposalRow {
  id: number;
  law_id: number;
  kind: 'edit' | 'suppress';
  statement: string;
  confidence: number | null;
  support: string;
  reason: string;
  actor: string;
  proposed_at: string;
  status: 'open' | 'accepted' | 'dismissed';
  decided_at: string | null;
}

function parseList(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return []; // a damaged cell exports as no citations rather than failing the whole export
  }
}
