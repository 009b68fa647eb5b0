// L2 graph records as they cross the contract: entities, relations, the Graph tab's views, proposals, corrections.
import type { SourceMessage } from './conversation';

/** Who asserted a relation: the user said it, the assistant said it, or it was inferred. */
export type ProvClass = 'user' | 'assistant' | 'inferred';

/**
 * Who stands behind an entity or relation: a model extracted it, or the person added, edited, confirmed
 * or accepted it. What the person asserts outranks what a model derived: extraction never overwrites,
 * closes or re-adds against it on its own, it proposes a change instead (GraphProposal).
 */
export type AssertedBy = 'model' | 'person';

export interface GraphNode {
  id: number;
  scope: string;
  name: string;
  type: string;
  summary: string;
  degree: number;
  assertedBy?: AssertedBy;
  /** When it was first learned (an entity without relations is drawn from then on). */
  since?: string;
  /** Set when the entity was deleted or merged into another (its row is kept so that can be undone). */
  removed?: { at: string; by: string; mergedInto: number | null } | null;
}

export interface GraphEdge {
  id: number;
  scope: string;
  src: number;
  dst: number;
  relation: string;
  provClass: ProvClass;
  validFrom: string;
  /** null = still true. */
  validTo: string | null;
  /** Message ids this relation was extracted from. */
  support: string[];
  assertedBy?: AssertedBy;
  /** "This is wrong" (by the person), or its source messages are gone (by the system). Kept for undo. */
  retracted?: { at: string; by: string; reason: string | null } | null;
  /** The relation whose start closed this one; retracting that one re-opens this one. */
  supersededBy?: number | null;
  /** Folded into this duplicate when two entities were merged. */
  mergedInto?: number | null;
  /** When Monad first stored it (a relation the person added has no messages behind it: this is its date). */
  addedAt?: string;
}

export interface GraphSnapshot {
  scope: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  truncated: boolean;
}

/** An entity as the Graph tab draws it; its summary comes with `graph.node`. */
/** `since` only for an entity without relations (the others are drawn while a relation of theirs holds). */
export type GraphViewNode = Pick<GraphNode, 'id' | 'name' | 'type' | 'degree' | 'since'>;
/** A relation as the Graph tab draws it; its source messages come with `graph.edge`. */
export type GraphViewEdge = Omit<GraphEdge, 'scope' | 'support' | 'retracted' | 'supersededBy' | 'mergedInto' | 'addedAt'>;

/**
 * What the Graph tab loads for one scope: every entity and relation, with only what drawing, the time
 * control and search need — at 5,000 / 10,000 the full rows are several megabytes of JSON.
 */
export interface GraphView {
  scope: string;
  nodes: GraphViewNode[];
  edges: GraphViewEdge[];
  truncated: boolean;
}

export interface GraphNodeDetail {
  node: GraphNode;
  edges: GraphEdge[];
  neighbours: GraphNode[];
}

export interface GraphEdgeDetail {
  edge: GraphEdge;
  src: GraphNode;
  dst: GraphNode;
  sources: SourceMessage[];
}

/**
 * A change a model wanted to make against what the person asserted, waiting for the person: re-add a
 * relation they marked wrong, or close a relation they added in favour of a new value.
 */
export interface GraphProposal {
  id: number;
  scope: string;
  kind: 'relation.add' | 'relation.supersede';
  /** What would change, in words: 'Add “User lives in Porto”'. */
  summary: string;
  /** Why it waits: 'You marked “User lives in Porto” as wrong on 2026-03-01'. */
  reason: string;
  /** The relation it would add. */
  relation: { src: string; relation: string; dst: string; validFrom: string; provClass: ProvClass };
  /** Relations the person asserted that accepting would close. */
  closes: { id: number; text: string }[];
  /** The relation the person marked wrong that this would bring back. */
  retracted: { id: number; text: string } | null;
  sources: SourceMessage[];
  actor: string;
  createdAt: string;
  status: 'pending' | 'accepted' | 'dismissed';
  decidedAt: string | null;
}

/** What a correction of the graph did, with the first history entry it made (for Undo). */
export interface GraphCorrectionResult {
  journalId: number | null;
  node?: GraphNode;
  edge?: GraphEdge;
  /** Relations retracted along with it (an entity's relations when it is deleted). */
  retracted?: number[];
  /** Relations re-opened because the relation that had closed them was retracted. */
  reopened?: number[];
}
