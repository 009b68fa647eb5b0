// How the graph writes the one history of memory: snapshots of an entity or a relation (enough to undo a
// change and to say it in words), and one append per change, in the caller's transaction.
import type { GraphEdge, GraphNode } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { JournalActor, JournalEntry, JournalSource } from '../../../shared/journal';
import type { MemoryJournal } from '../journal/journal';
import type { GraphStore } from './graph-store';
import { relationWords } from '../../../shared/relation-words';

/** Who makes a change and from where (the plan's `by`). */
export interface By {
  actor: JournalActor;
  source?: JournalSource;
}

/**
 * A relation as the journal keeps it: every column an undo needs (the contract's GraphEdge, its optional
 * columns settled), plus its sentence; not its support or date, which an undo leaves alone.
 */
export type EdgeSnapshot = Required<
  Pick<GraphEdge, 'id' | 'scope' | 'src' | 'dst' | 'relation' | 'provClass' | 'validFrom' | 'validTo' | 'assertedBy' | 'supersededBy' | 'retracted' | 'mergedInto'>
> & {
  /** “Sam works at Globex”, as it read at the time. */
  text: string;
};

/** An entity as the journal keeps it: the contract's GraphNode without its degree and date, which are counted. */
export type NodeSnapshot = Required<Pick<GraphNode, 'id' | 'scope' | 'name' | 'type' | 'summary' | 'assertedBy' | 'removed'>>;

/** "works_at" → "works at": how a relation reads in a sentence (one wording for every view). */
export { relationWords };

export function sentence(src: string, relation: string, dst: string): string {
  return `${src} ${relationWords(relation)} ${dst}`;
}

/** Quoted for a summary line, cut so one line stays one line. */
export function quote(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return `“${one.length > 120 ? `${one.slice(0, 119)}…` : one}”`;
}

export class GraphJournal {
  constructor(
    readonly store: GraphStore,
    readonly journal: MemoryJournal,
  ) {}

  edge(id: number): EdgeSnapshot {
    const e = this.store.anyEdge(id);
    if (!e) throw new MonadError('NOT_FOUND', `No relation ${id}`);
    const src = this.store.anyNode(e.src)?.name ?? '?';
    const dst = this.store.anyNode(e.dst)?.name ?? '?';
    return {
      id: e.id,
      scope: e.scope,
      src: e.src,
      dst: e.dst,
      relation: e.relation,
      provClass: e.provClass,
      validFrom: e.validFrom,
      validTo: e.validTo,
      assertedBy: e.assertedBy ?? 'model',
      supersededBy: e.supersededBy ?? null,
      retracted: e.retracted ?? null,
      mergedInto: e.mergedInto ?? null,
      text: sentence(src, e.relation, dst),
    };
  }

  node(id: number): NodeSnapshot {
    const n = this.store.anyNode(id);
    if (!n) throw new MonadError('NOT_FOUND', `No entity ${id}`);
    return { id: n.id, scope: n.scope, name: n.name, type: n.type, summary: n.summary, assertedBy: n.assertedBy ?? 'model', removed: n.removed ?? null };
  }

  append(e: { action: string; item: string; scope: string; by: By; before?: unknown; after?: unknown; summary: string; also?: readonly string[] }): JournalEntry {
    return this.journal.append({ layer: 'graph', action: e.action, scope: e.scope, item: e.item, actor: e.by.actor, source: e.by.source ?? null, before: e.before, after: e.after, summary: e.summary, also: e.also });
  }

  /** Runs `fn` as one group of entries (one undo), in one transaction of memory.sqlite. */
  group<T>(fn: () => T): T {
    return this.journal.inGroup(() => this.store.db.transaction(fn)());
  }
}

export const edgeItem = (id: number) => `relation:${id}`;
export const nodeItem = (id: number) => `entity:${id}`;
