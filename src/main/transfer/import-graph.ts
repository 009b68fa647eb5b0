// The graph of a Monad export, imported under the rules the API applies when a person adds a relation
// (issue 26 §5): a relation links two different entities of its own scope (graph-corrections.ts
// `entity`: "X is in S1, not S2"); its relation name is normalised the same way. Laws: import-laws.ts.
//
// And one rule of its own: an id in the file names a record of the file. An id that the file does not
// hold, or that it holds in another scope, is never looked up in this home (where it would name one of
// the person's own records): it is left out and the report says which and why. Ids that the file does
// hold are remapped to what they became here (an entity of the same name, a fact of the same text).
//
// Version 2 (issue 27 §1) brings the person's corrections with the graph, in the same rows the
// corrections write locally, so extraction here treats them as it does there: a relation marked wrong by
// the person stays out and is only proposed again (GraphStore.tryUpsertEdge finds it by its ends and
// words), a deleted entity is not re-created by a later mention (GraphStore.personDeleted), a merged or
// renamed name resolves to the entity it became (graph_node_alias), and what the person added stays
// theirs (asserted_by). This home's own rows are never changed by a file (the report names what the file
// corrected that is still current here). Ids are kept where they are free, so an import into a fresh home
// exports again as the same archive; importing the same file twice adds nothing.
import { MonadError } from '../../shared/errors';
import { factId } from '../memory/facts/fact-id';
import { normalizeName, normalizeRelation } from '../memory/graph/graph-normalize';
import { freedNorm } from '../memory/graph/graph-store';
import { archiveGraphSchema, isGraphV2, type ArchiveEdge, type ArchiveNode } from './formats-graph';
import type { ArchiveIds, GraphImportDeps, ImportedGraph } from './import-graph-types';
import { importGraphProposals } from './import-proposals';
import { formatPath, validate } from './positions';

export const LABEL = 'Monad export';

/** What a version-1 archive could not carry, for the report. */
export const V1_CORRECTIONS_LEFT_OUT =
  'Corrections to the graph and to laws (relations marked wrong and why, merged, renamed and deleted entities, rejected, edited and pinned laws): a version-1 archive does not carry them, so only what was current came in. Check the Graph and Laws tabs, and export again from a newer Monad to bring them.';

/** The key of a fact in `ArchiveIds.facts`: a fact id is a hash of its text, so the file's id is derivable. */
export function archiveFactKey(scope: string, text: string): string {
  return `${scope}\n${factId(text)}`;
}

/**
 * The cleaner, remembering texts that came out unchanged: a graph repeats a few relation words and
 * entity types thousands of times, and the sanitizer is the dearest step of an import. Only an unchanged
 * text is remembered (nothing was redacted, stripped or refused, so nothing is left uncounted); a refusal
 * is asked again each time, so each item is reported where it is.
 */
function cleanOnce(d: GraphImportDeps): (text: string, what: string, where: string) => string | null {
  const same = new Set<string>();
  return (text, what, where) => {
    if (same.has(text)) return text.trim();
    const clean = d.cleaner.memoryText(text, what, where);
    if (clean !== null && clean === text.trim()) same.add(text);
    return clean;
  };
}

/** A node of the file after cleaning: what is written here. */
interface CleanNode {
  n: ArchiveNode;
  where: string;
  name: string;
  norm: string;
  type: string;
  summary: string;
}

export function importGraph(d: GraphImportDeps, raw: unknown, ids: ArchiveIds): ImportedGraph {
  const v1 = d.archiveVersion !== undefined ? d.archiveVersion < 2 : typeof raw === 'object' && raw !== null && ('nodes' in raw || 'edges' in raw) && !isGraphV2(raw);
  if (v1) d.report.leftOut.push(V1_CORRECTIONS_LEFT_OUT);
  const g = validate(archiveGraphSchema, raw, LABEL, ['graph']);
  const out: ImportedGraph = { nodes: new Map(), edges: new Map() };
  const foreign = { relations: 0, entities: 0 };
  const nodeScope = new Map<number, string>();
  const refusedNodes = new Set<number>();
  const clean = cleanNodes(d, g.nodes, nodeScope, refusedNodes);
  const newNodes = importNodes(d, clean, ids, out.nodes, foreign);
  const newEdges = importEdges(d, g.nodes, g.edges, ids, out, nodeScope, refusedNodes, foreign);
  reportStillHere(d, g.nodes, g.edges, out, newNodes, newEdges);
  if (g.aliases) importAliases(d, g.aliases, out.nodes, nodeScope);
  const proposals = importGraphProposals(d, g.proposals, out, ids);
  if (proposals) {
    d.report.leftOut.push(`${count(proposals, 'proposed change')} to the graph: ${proposals === 1 ? 'it names an entity' : 'they name entities'} not in this file (or refused).`);
  }
  for (const kind of ['relations', 'entities'] as const) {
    const n = foreign[kind];
    if (n) d.report.leftOut.push(`${count(n, 'source link')} of imported ${kind}: ${n === 1 ? 'it names a message' : 'they name messages'} not in this file, which would point at chats of yours.`);
  }
  importCursors(d, g.cursors, ids);
  return out;
}

/**
 * Cleans every entity's texts; refuses one the sanitizer refuses, and one merged into an entity the file
 * does not hold in its scope (it would otherwise read as deleted by the person, and block its name).
 */
function cleanNodes(d: GraphImportDeps, nodes: ArchiveNode[], nodeScope: Map<number, string>, refused: Set<number>): CleanNode[] {
  const out: CleanNode[] = [];
  const cleanType = cleanOnce(d);
  nodes.forEach((n, i) => {
    const where = formatPath(['graph', 'nodes', i]);
    nodeScope.set(n.id, n.scope);
    const name = d.cleaner.memoryText(n.name, 'graph entity', `${where}.name`);
    const type = name === null ? null : n.type.trim() ? cleanType(n.type, 'graph entity type', `${where}.type`) : 'thing';
    const summary = type === null ? null : n.summary.trim() ? d.cleaner.memoryText(n.summary, 'graph entity summary', `${where}.summary`) : '';
    const norm = name === null ? '' : normalizeName(name);
    if (name === null || type === null || summary === null || !norm) {
      if (name !== null && !norm) d.cleaner.refuse(where, 'graph entity', 'the name has no letters or digits', name);
      refused.add(n.id);
      return;
    }
    out.push({ n, where, name: name.slice(0, 200), norm, type: type.slice(0, 40), summary: summary.slice(0, 1000) });
  });
  // A merge target must be kept (following merges of merges), in the same scope.
  const byId = new Map(out.map((c) => [c.n.id, c]));
  return out.filter((c) => {
    if (c.n.removed?.mergedInto == null) return true;
    let target = c;
    for (let hops = 0; hops <= byId.size; hops++) {
      const next = byId.get(target.n.removed!.mergedInto!);
      if (!next || next.n.scope !== c.n.scope) break;
      // A live entity, or one deleted after the merge (its name and aliases went with it): both are the file's.
      if (!next.n.removed || next.n.removed.mergedInto === null) return true;
      target = next;
    }
    // Into nothing the file holds in its scope, or round in a circle.
    d.cleaner.refuse(c.where, 'graph entity', 'it was merged into an entity this file does not hold (or that was refused) in its scope', c.name);
    refused.add(c.n.id);
    return false;
  });
}

/** Rows' ids grouped by a key, each group in the rows' order. */
function idsByKey<R extends { id: number }>(rows: Iterable<R>, keyOf: (r: R) => string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const key = keyOf(r);
    const ids = out.get(key);
    if (ids) ids.push(r.id);
    else out.set(key, [r.id]);
  }
  return out;
}

/** Returns the ids of the rows it wrote. */
function importNodes(d: GraphImportDeps, nodes: CleanNode[], ids: ArchiveIds, map: Map<number, number>, foreign: { relations: number; entities: number }): Set<number> {
  const db = d.memoryDb;
  const findLive = db.prepare(`SELECT id FROM graph_node WHERE scope = ? AND norm_name = ? AND removed_at IS NULL`);
  const findAlias = db.prepare(
    `SELECT n.id FROM graph_node_alias a JOIN graph_node n ON n.id = a.node_id WHERE a.scope = ? AND a.norm_name = ? AND n.removed_at IS NULL`,
  );
  const taken = db.prepare(`SELECT 1 FROM graph_node WHERE id = ?`).pluck();
  const ins = db.prepare(
    `INSERT INTO graph_node (id, scope, name, norm_name, type, summary, asserted_by, removed_at, removed_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const freeName = db.prepare(`UPDATE graph_node SET norm_name = ? WHERE id = ?`);
  const setMerged = db.prepare(`UPDATE graph_node SET merged_into = ? WHERE id = ?`);
  const insSupport = db.prepare(`INSERT OR IGNORE INTO graph_node_support (node_id, message_id) VALUES (?, ?)`);
  // Entities taken out here, by scope, kind and name: the same deleted or merged entity imported again is
  // that one (their norm_name is freed, so only the name tells). One read, not one per entity.
  const removedKey = (scope: string, merged: boolean, name: string) => `${scope}\n${merged ? 'merged' : 'deleted'}\n${name}`;
  const removedHere = idsByKey(
    db.prepare(`SELECT id, scope, name, merged_into FROM graph_node WHERE removed_at IS NOT NULL ORDER BY id`).iterate() as Iterable<{ id: number; scope: string; name: string; merged_into: number | null }>,
    (r) => removedKey(r.scope, r.merged_into !== null, r.name),
  );
  // Current entities here that hold no name (one came back after a new entity took its name): the same
  // one imported again is that one, found like a removed entity, by scope and name.
  const freedHere = idsByKey(
    db.prepare(`SELECT id, scope, name FROM graph_node WHERE removed_at IS NULL AND norm_name LIKE '#%' ORDER BY id`).iterate() as Iterable<{ id: number; scope: string; name: string }>,
    (r) => `${r.scope}\n${r.name}`,
  );
  // Each row here stands for one entity of the file (a name deleted twice is two entities).
  const claimed = new Set<number>();
  /** Entities taken by an earlier entity of the file through their exact name (not through an alias). */
  const claimedByName = new Set<number>();
  const inserted = new Set<number>();
  for (const c of nodes) {
    const { n } = c;
    let id: number | undefined;
    // Without its name: the file says so, or an earlier entity of the file already took the name (two
    // current entities of one name are two entities, never folded into one by the import). A name that
    // leads here through an alias (this home merged or renamed them) still folds: that is this home's word.
    let nameless = n.nameFreed === true;
    if (n.removed) {
      id = removedHere.get(removedKey(n.scope, n.removed.mergedInto !== null, c.name))?.find((r) => !claimed.has(r));
    } else if (nameless) {
      id = freedHere.get(`${n.scope}\n${c.name}`)?.find((r) => !claimed.has(r));
    } else {
      // By its name, else by a name it had before a rename or a merge here (what extraction would find).
      // This home's entity stays as it is (who asserted it included): the file never changes this home's rows.
      const byName = findLive.get(n.scope, c.norm) as { id: number } | undefined;
      if (byName && claimedByName.has(byName.id)) nameless = true;
      else if (byName) claimedByName.add((id = byName.id));
      else id = (findAlias.get(n.scope, c.norm) as { id: number } | undefined)?.id;
    }
    if (id === undefined) {
      const want = taken.get(n.id) ? null : n.id;
      // A removed entity gives up its name (GraphStore.removeNode); a placeholder until its id is known.
      const norm = n.removed || nameless ? `#import:${n.id}` : c.norm;
      id = Number(ins.run(want, n.scope, c.name, norm, c.type, c.summary, n.assertedBy, n.removed?.at ?? null, n.removed?.by ?? null, n.createdAt, n.updatedAt).lastInsertRowid);
      if (n.removed || nameless) freeName.run(freedNorm(id), id);
      else claimedByName.add(id);
      if (!n.removed) d.report.graph.nodes++;
      inserted.add(id);
    }
    claimed.add(id);
    map.set(n.id, id);
    for (const m of n.support) {
      if (ids.messages.has(m)) insSupport.run(id, m);
      else foreign.entities++;
    }
  }
  for (const c of nodes) {
    const into = c.n.removed?.mergedInto;
    const id = map.get(c.n.id)!;
    if (into != null && inserted.has(id)) setMerged.run(map.get(into)!, id);
  }
  return inserted;
}

type EdgeState = 'live' | 'retracted' | 'folded';

function stateOf(e: ArchiveEdge): EdgeState {
  return e.mergedInto !== null ? 'folded' : e.retracted ? 'retracted' : 'live';
}

function importEdges(
  d: GraphImportDeps,
  nodes: ArchiveNode[],
  edges: ArchiveEdge[],
  ids: ArchiveIds,
  out: ImportedGraph,
  nodeScope: Map<number, string>,
  refusedNodes: Set<number>,
  foreign: { relations: number; entities: number },
): Set<number> {
  const db = d.memoryDb;
  const find = db.prepare(
    `SELECT id FROM graph_edge WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND prov_class = ? AND valid_from = ?
     AND (retracted_at IS NOT NULL) = ? AND (merged_into IS NOT NULL) = ? ORDER BY id`,
  );
  // Rows this import already wrote or matched: two alike relations of the file (marked wrong, added again,
  // marked wrong again) stay two, and the same file imported again matches each to its own.
  const claimed = new Set<number>();
  const taken = db.prepare(`SELECT 1 FROM graph_edge WHERE id = ?`).pluck();
  const ins = db.prepare(
    `INSERT INTO graph_edge (id, scope, src, dst, relation, prov_class, valid_from, valid_to, asserted_by, retracted_at, retracted_by, retracted_reason, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setMerged = db.prepare(`UPDATE graph_edge SET merged_into = ? WHERE id = ?`);
  const setSuperseded = db.prepare(`UPDATE graph_edge SET superseded_by = ? WHERE id = ?`);
  const insSupport = db.prepare(`INSERT OR IGNORE INTO graph_edge_support (edge_id, message_id) VALUES (?, ?)`);
  const inserted = new Set<number>();
  const removedNodes = new Set(nodes.filter((n) => n.removed).map((n) => n.id));
  const cleanRelation = cleanOnce(d);
  const cleanReason = cleanOnce(d);

  const one = (e: ArchiveEdge, i: number): void => {
    const where = formatPath(['graph', 'edges', i]);
    const state = stateOf(e);
    if (refusedNodes.has(e.src) || refusedNodes.has(e.dst)) {
      d.cleaner.refuse(where, 'graph relation', 'it links an entity that was refused', e.relation);
      return;
    }
    const src = out.nodes.get(e.src);
    const dst = out.nodes.get(e.dst);
    if (src === undefined || dst === undefined) {
      throw new MonadError('BAD_INPUT', `${LABEL}: at ${where}: graph edge ${e.id} points at a missing node`, { path: where, issues: [] });
    }
    // A deleted or merged entity takes its relations out with it (graph-corrections.ts): one still current is not.
    if (state !== 'retracted' && (removedNodes.has(e.src) || removedNodes.has(e.dst))) {
      d.cleaner.refuse(where, 'graph relation', 'it is current but links an entity that was deleted or merged', e.relation);
      return;
    }
    // The API's rule for a relation: both ends are entities of the relation's own scope.
    const outside = [nodeScope.get(e.src)!, nodeScope.get(e.dst)!].filter((s) => s !== e.scope);
    if (outside.length) {
      d.cleaner.refuse(where, 'graph relation', `it is in ${e.scope} but links an entity of ${outside[0]}; a relation links entities of its own scope`, e.relation);
      return;
    }
    // A merge makes a relation between the two merged entities a loop and retracts it, and one an earlier
    // merge had folded into it becomes a loop folded into that loop: both kept as they were (out of the
    // graph, and History's undo of the merges finds them), never as a current relation.
    if (src === dst && state === 'live') {
      d.cleaner.refuse(where, 'graph relation', 'it links an entity to itself; a relation needs two different entities', e.relation);
      return;
    }
    let into: number | null = null;
    if (state === 'folded') {
      const target = out.edges.get(e.mergedInto!);
      if (!target || target.scope !== e.scope) {
        d.cleaner.refuse(where, 'graph relation', 'it was folded into a relation this file does not hold (or that was refused) in its scope', e.relation);
        return;
      }
      into = target.id;
    }
    const cleaned = cleanRelation(e.relation, 'graph relation', `${where}.relation`);
    if (cleaned === null) return;
    const relation = normalizeRelation(cleaned);
    // The reason is the person's note; refused (reported), the relation is still marked wrong, without it.
    const reason = e.retracted?.reason?.trim() ? cleanReason(e.retracted.reason, 'reason a relation is wrong', `${where}.retracted.reason`)?.slice(0, 500) ?? null : null;
    const found = (find.all(e.scope, src, dst, relation, e.provClass, e.validFrom, e.retracted ? 1 : 0, into !== null ? 1 : 0) as { id: number }[]).find(
      (r) => !claimed.has(r.id),
    );
    let id = found?.id;
    if (id === undefined) {
      const r = ins.run(
        taken.get(e.id) ? null : e.id,
        e.scope,
        src,
        dst,
        relation,
        e.provClass,
        e.validFrom,
        e.validTo,
        e.assertedBy,
        e.retracted?.at ?? null,
        e.retracted?.by ?? null,
        reason,
        e.createdAt,
        e.updatedAt,
      );
      id = Number(r.lastInsertRowid);
      inserted.add(id);
      if (into !== null) setMerged.run(into, id);
      if (state === 'live') d.report.graph.edges++;
    }
    claimed.add(id);
    out.edges.set(e.id, { id, scope: e.scope });
    // A source message the file does not hold would be one of this home's chats.
    for (const m of e.support) {
      if (ids.messages.has(m)) insSupport.run(id, m);
      else foreign.relations++;
    }
  };

  // Folded relations last, each after the relation it was folded into (a merge can fold into a relation
  // that a later merge folded again).
  let pending: number[] = [];
  edges.forEach((e, i) => (e.mergedInto === null ? one(e, i) : pending.push(i)));
  while (pending.length) {
    const waiting = new Set(pending.map((i) => edges[i].id));
    // Those whose target is imported, or will never be (then refused), go now; the rest wait for theirs.
    const later = pending.filter((i) => !out.edges.has(edges[i].mergedInto!) && waiting.has(edges[i].mergedInto!));
    if (later.length === pending.length) {
      for (const i of pending) one(edges[i], i); // a cycle of folds: each is refused for lack of its target
      break;
    }
    const keep = new Set(later);
    for (const i of pending) if (!keep.has(i)) one(edges[i], i);
    pending = later;
  }

  // "Closed by": only between relations this import wrote (a relation already here keeps its own history).
  for (const e of edges) {
    const mine = out.edges.get(e.id);
    const by = e.supersededBy === null ? undefined : out.edges.get(e.supersededBy);
    if (mine && by && by.scope === e.scope && inserted.has(mine.id)) setSuperseded.run(by.id, mine.id);
  }
  return inserted;
}

/**
 * The file's corrections never change this home's own rows (an import is not the person's hand, and it
 * would leave nothing to undo): a relation the person marked wrong there that is current here, learned
 * here, stays; so does an entity they deleted there that lives here. The report says so, so they can
 * correct it here too.
 */
function reportStillHere(d: GraphImportDeps, nodes: ArchiveNode[], edges: ArchiveEdge[], out: ImportedGraph, newNodes: Set<number>, newEdges: Set<number>): void {
  const db = d.memoryDb;
  const liveTwins = db
    .prepare(
      `SELECT t.id FROM graph_edge e JOIN graph_edge t ON t.scope = e.scope AND t.src = e.src AND t.dst = e.dst AND t.relation = e.relation
       WHERE e.id = ? AND t.retracted_at IS NULL AND t.merged_into IS NULL`,
    )
    .pluck();
  let relations = 0;
  for (const e of edges) {
    const here = out.edges.get(e.id);
    if (here && e.retracted?.by === 'person' && (liveTwins.all(here.id) as number[]).some((id) => !newEdges.has(id))) relations++;
  }
  const nameOf = db.prepare(`SELECT scope, name FROM graph_node WHERE id = ?`);
  const live = db.prepare(
    `SELECT id FROM graph_node WHERE scope = ? AND norm_name = ? AND removed_at IS NULL
     UNION SELECT n.id FROM graph_node_alias a JOIN graph_node n ON n.id = a.node_id WHERE a.scope = ? AND a.norm_name = ? AND n.removed_at IS NULL`,
  ).pluck();
  let entities = 0;
  for (const n of nodes) {
    const here = out.nodes.get(n.id);
    if (here === undefined || n.removed?.by !== 'person' || n.removed.mergedInto !== null) continue;
    const row = nameOf.get(here) as { scope: string; name: string };
    const norm = normalizeName(row.name);
    if ((live.all(row.scope, norm, row.scope, norm) as number[]).some((id) => !newNodes.has(id))) entities++;
  }
  if (relations) {
    d.report.leftOut.push(
      `The file's "this is wrong" on ${count(relations, 'relation')} that ${relations === 1 ? 'is' : 'are'} current in this home, learned here: ${relations === 1 ? 'it stays' : 'they stay'} as ${relations === 1 ? 'it is' : 'they are'}. Mark ${relations === 1 ? 'it' : 'them'} wrong here too if ${relations === 1 ? 'it is' : 'they are'} wrong.`,
    );
  }
  if (entities) {
    d.report.leftOut.push(
      `The file's deletion of ${count(entities, 'entity', 'entities')} that ${entities === 1 ? 'is' : 'are'} in this home's graph: ${entities === 1 ? 'it stays' : 'they stay'}. Delete ${entities === 1 ? 'it' : 'them'} here too if ${entities === 1 ? 'it' : 'they'} should go.`,
    );
  }
}

/** Names that resolve to an entity after a rename or merge; only in the entity's own scope, never over a name taken here. */
function importAliases(d: GraphImportDeps, aliases: { scope: string; name: string; node: number }[], nodes: Map<number, number>, nodeScope: Map<number, string>): void {
  const ins = d.memoryDb.prepare(`INSERT OR IGNORE INTO graph_node_alias (scope, norm_name, node_id) VALUES (?, ?, ?)`);
  let dropped = 0;
  aliases.forEach((a, i) => {
    const node = nodes.get(a.node);
    if (node === undefined || nodeScope.get(a.node) !== a.scope) {
      dropped++;
      return;
    }
    const clean = d.cleaner.memoryText(a.name, 'entity alias', formatPath(['graph', 'aliases', i, 'name']));
    const norm = clean === null ? '' : normalizeName(clean);
    if (norm) ins.run(a.scope, norm, node);
  });
  if (dropped) {
    d.report.leftOut.push(`${count(dropped, 'entity alias', 'entity aliases')}: ${dropped === 1 ? 'it names an entity' : 'they name entities'} not in this file (or refused), or of another scope.`);
  }
}

/** Where consolidation left off, for the file's own chats only: a cursor on one of this home's chats would skip its messages. */
function importCursors(d: GraphImportDeps, cursors: { sessionId: string; lastMessageId: string }[], ids: ArchiveIds): void {
  const seqOf = d.appDb.prepare(`SELECT seq FROM messages WHERE id = ? AND session_id = ?`).pluck();
  const setCursor = d.memoryDb.prepare(
    `INSERT INTO l2_cursor (session_id, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq), updated_at = excluded.updated_at`,
  );
  let foreignCursors = 0;
  for (const c of cursors) {
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
}

export function count(n: number, what: string, plural = `${what}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? what : plural}`;
}
