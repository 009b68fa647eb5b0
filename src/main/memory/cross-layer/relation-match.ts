// The graph side of cross-layer matching: a relation's shape (each end's name and the aliases merges and
// renames left it), the messages it rests on, and the live relations a fact's words could be saying. Read
// straight from db/memory.sqlite in a few indexed queries: a correction is a rare event, but a graph may
// hold tens of thousands of relations.
import type { Database } from 'better-sqlite3';
import { LIVE_EDGE } from '../graph/graph-store';
import type { EdgeRow as GraphEdgeRow } from '../graph/graph-rows';
import { relationSentence } from '../../../shared/relation-words';
import { mentionForm } from '../forget/mentions';
import { saysRelation, type RelationShape } from './fact-match';

export interface RelationRef extends RelationShape {
  id: number;
  scope: string;
  srcId: number;
  dstId: number;
  /** "Rui lives in Braga", with the ends' current names. */
  text: string;
  /** The messages it rests on. */
  support: string[];
}

/** The columns these reads select from graph_edge. */
type EdgeRow = Pick<GraphEdgeRow, 'id' | 'scope' | 'src' | 'dst' | 'relation'>;

export class RelationReader {
  constructor(private readonly db: Database) {}

  /** A node's current name and every alias it answers to. */
  names(nodeId: number): string[] {
    const name = this.db.prepare(`SELECT name FROM graph_node WHERE id = ?`).pluck().get(nodeId) as string | undefined;
    const aliases = this.db.prepare(`SELECT norm_name FROM graph_node_alias WHERE node_id = ?`).pluck().all(nodeId) as string[];
    return [...new Set([...(name ? [name] : []), ...aliases])];
  }

  /** Whether a relation is still in the graph (not marked wrong, not folded into another). */
  isLive(edgeId: number): boolean {
    return this.db.prepare(`SELECT 1 FROM graph_edge WHERE id = ? AND ${LIVE_EDGE}`).get(edgeId) !== undefined;
  }

  support(edgeId: number): string[] {
    return this.db.prepare(`SELECT message_id FROM graph_edge_support WHERE edge_id = ?`).pluck().all(edgeId) as string[];
  }

  /** A relation (live or not) as the matcher reads it; `relation` overrides its wording (the words before an edit). */
  shape(edgeId: number, relation?: string): RelationRef | null {
    const row = this.db.prepare(`SELECT id, scope, src, dst, relation FROM graph_edge WHERE id = ?`).get(edgeId) as EdgeRow | undefined;
    return row ? this.ref(row, relation) : null;
  }

  private ref(row: EdgeRow, relation?: string): RelationRef {
    const src = this.names(row.src);
    const dst = this.names(row.dst);
    const rel = relation ?? row.relation;
    return { id: row.id, scope: row.scope, srcId: row.src, dstId: row.dst, src, dst, relation: rel, text: relationSentence(src[0] ?? '?', rel, dst[0] ?? '?'), support: this.support(row.id) };
  }

  /** Live relations of a node (a renamed or merged entity's, to carry the new name into the facts that say them). */
  liveOf(nodeId: number): RelationRef[] {
    const rows = this.db.prepare(`SELECT id, scope, src, dst, relation FROM graph_edge WHERE (src = ? OR dst = ?) AND ${LIVE_EDGE} ORDER BY id`).all(nodeId, nodeId) as EdgeRow[];
    return rows.map((r) => this.ref(r));
  }

  /**
   * The live relations a fact says: those resting on the fact's own message, and those both of whose
   * ends the fact names, each confirmed by the word matcher.
   */
  saidBy(fact: string, messageId: string | null): { ref: RelationRef; basis: 'source' | 'words' }[] {
    const out = new Map<number, { ref: RelationRef; basis: 'source' | 'words' }>();
    if (messageId) {
      const rows = this.db
        .prepare(`SELECT e.id, e.scope, e.src, e.dst, e.relation FROM graph_edge_support s JOIN graph_edge e ON e.id = s.edge_id WHERE s.message_id = ? AND e.retracted_at IS NULL AND e.merged_into IS NULL`)
        .all(messageId) as EdgeRow[];
      for (const r of rows) {
        const ref = this.ref(r);
        if (saysRelation(fact, ref, true)) out.set(r.id, { ref, basis: 'source' });
      }
    }
    const named = this.nodesNamedIn(fact);
    if (named.length >= 2) {
      const marks = named.map(() => '?').join(',');
      const rows = this.db
        .prepare(`SELECT id, scope, src, dst, relation FROM graph_edge WHERE src IN (${marks}) AND dst IN (${marks}) AND ${LIVE_EDGE} ORDER BY id`)
        .all(...named, ...named) as EdgeRow[];
      for (const r of rows) {
        if (out.has(r.id)) continue;
        const ref = this.ref(r);
        if (saysRelation(fact, ref, false)) out.set(r.id, { ref, basis: 'words' });
      }
    }
    return [...out.values()];
  }

  /**
   * Live entities whose name or an alias the fact contains as whole words. Candidates come from the
   * name index (any word of the fact); the whole-name test is the matcher's.
   */
  private nodesNamedIn(fact: string): number[] {
    const words = [...new Set(mentionForm(fact).split(' ').filter((w) => w.length > 1))].slice(0, 40);
    if (!words.length) return [];
    const query = words.map((w) => `"${w.replace(/"/g, '')}"`).join(' OR ');
    const ids = new Set<number>();
    try {
      for (const id of this.db.prepare(`SELECT rowid FROM graph_node_fts WHERE graph_node_fts MATCH ? LIMIT 500`).pluck().all(query) as number[]) ids.add(id);
    } catch {
      // A query the index cannot parse (only symbols survived): the alias table below still answers.
    }
    // Aliases are whole normalised names ("rui costa"): every run of up to four of the fact's words.
    const all = mentionForm(fact).split(' ');
    const runs = new Set<string>();
    for (let i = 0; i < all.length; i++) for (let n = 1; n <= 4 && i + n <= all.length; n++) runs.add(all.slice(i, i + n).join(' '));
    const list = [...runs].slice(0, 400);
    const marks = list.map(() => '?').join(',');
    for (const id of this.db.prepare(`SELECT node_id FROM graph_node_alias WHERE norm_name IN (${marks})`).pluck().all(...list) as number[]) ids.add(id);
    const form = ` ${mentionForm(fact)} `;
    const live = this.db.prepare(`SELECT 1 FROM graph_node WHERE id = ? AND removed_at IS NULL`).pluck();
    return [...ids].filter((id) => live.get(id) !== undefined && this.names(id).some((n) => form.includes(` ${mentionForm(n)} `)));
  }
}
