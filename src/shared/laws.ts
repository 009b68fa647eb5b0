// L3 laws as the Laws tab and /why show them, and the proposals that wait for the person.
import type { SourceMessage } from './conversation';

/** An L3 law with its grounding, as the Laws tab and /why show it. */
export interface LawView {
  id: number;
  scope: string;
  statement: string;
  /** As derived. */
  confidence: number;
  /** After half-life decay since derivation (computed at read time). */
  effectiveConfidence: number;
  derivedAt: string;
  ageDays: number;
  /** True when any of its refs no longer resolves (a fact forgotten, an edge retracted). */
  stale: boolean;
  /**
   * Injected as a "Learned rule": active, not suppressed, and — unless the person asserted it — resting on
   * grounding that still resolves, not contradicted, and above the decay floor.
   */
  eligible: boolean;
  contradictedBy: { ref: string; text: string | null; why: string | null } | null;
  /** `text` null: forgotten since; `wasText` is what it said when the law was derived (when known). */
  facts: { id: string; text: string | null; wasText?: string | null }[];
  relations: { id: number; text: string | null; validFrom: string | null; validTo: string | null; sources: SourceMessage[] }[];
  /** Kept by the person: never replaced by re-derivation, does not decay, not flagged by a model. */
  pinned: boolean;
  /** 'person' once the person edited its statement (then it outranks inference like a pinned law). */
  origin: 'inference' | 'person' | 'import';
  /** The statement as inferred, when the person edited it. */
  derivedStatement: string | null;
  editedAt: string | null;
  /** Rejected by the person: out of recall, and never inferred again in the same or a near-same form. */
  rejected: { reason: string | null; at: string } | null;
  /** Out of recall until re-derived, because what it rests on was forgotten, edited or retracted. */
  suppressed: { reason: string; ref: string | null; at: string } | null;
  /** Why it is not in recall, in words; empty when it is. */
  outOfRecall: string[];
  /** The same law learned in other scopes; recall carries the statement once. */
  alsoIn: { id: number; scope: string }[];
}

/**
 * A change a model wanted to make to a law the person asserted (edited or pinned). Models never make it
 * on their own: it waits here until the person accepts or dismisses it.
 */
export interface LawProposal {
  id: number;
  scope: string;
  /** 'edit': restate the law as `statement`; 'suppress': take it out of recall for `reason`. */
  kind: 'edit' | 'suppress';
  lawId: number;
  /** The law's statement now. */
  lawStatement: string;
  /** For 'edit', the proposed statement; for 'suppress', the law's own. */
  statement: string;
  reason: string;
  /** Who proposed it: 'inference', 'consolidation', 'extraction', 'agent'… */
  actor: string;
  proposedAt: string;
}

/** What one derivation of a scope's laws did (`laws.derive`, and the engine's inference behind it). */
export interface LawDeriveResult {
  scope: string;
  derived: number;
  dropped: number;
  /** Laws the model proposed but that had no valid citation left. */
  rejected: number;
  /** Proposed laws left out because the person rejected them (or the same in other words): never stored. */
  excluded: number;
  /** Proposed laws that restated one the person edited or pinned (kept as the person has it). */
  kept: number;
  /** Proposed laws stating the opposite of one the person asserted: put to the person. */
  proposed: number;
}
