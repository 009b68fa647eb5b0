// The sync room's port onto this home's Inbox decisions (issue 30 §2), built by engine-sync-inbox.ts.
import type { WriteOutcome } from './sync-ports';

/** What the person said no to in the Inbox: never proposed again in the same form, on any device. */
export interface SyncedRejection {
  /** The kind of change (record, update, delete, merge, graph, law, held, link). */
  kind: string;
  scope: string;
  /** The proposal's text as the person saw it (the fingerprint is recomputed from it on each device). */
  text: string;
  at: string;
}

/** Where an Inbox proposal came from (the Inbox id's prefix). */
export type DecisionSource = 'chat' | 'merge' | 'graph' | 'law' | 'held' | 'link';
export const DECISION_SOURCES: readonly DecisionSource[] = ['chat', 'merge', 'graph', 'law', 'held', 'link'];

/**
 * One decision the person made in the Inbox, named by what the proposal said, since proposals are made on each
 * device on its own and their ids differ: the same question asked on two devices has the same name.
 */
export interface SyncedDecision {
  source: DecisionSource;
  outcome: 'approved' | 'rejected';
  scope: string;
  /** What the proposal would write (or, for a forget, remove; for a carried correction, both texts). */
  text: string;
  /** What tells proposals of one source apart: a chat proposal's action, a graph, law or carried correction's kind. */
  detail: string;
  at: string;
}

export interface InboxSyncPort {
  rejections(): SyncedRejection[];
  /**
   * Remembers a rejection made on another device (the text passes the sanitizer, the kind and scope are
   * checked) and sets aside this home's pending proposals of the same form, so that this device does not ask
   * again. Returns a key when remembered, the reason when refused.
   */
  remember(r: SyncedRejection, device: string): WriteOutcome;
  /** A proposal's text as every device compares it (case, spacing, trailing punctuation do not make another question). */
  normalize(text: string): string;
  /** Every decision the person made here, approvals and rejections, in every source. */
  decisions(): SyncedDecision[];
  /**
   * Settles this home's pending proposals that ask the question another device's decision answered: a
   * rejection through the layer's own rejection (remembered, never asked again), an approval by closing the
   * proposal where what it approved travels as data of its own kind. `settled` counts the proposals closed
   * here; `reason` when the decision is refused (validation), and nothing was touched.
   */
  settle(d: SyncedDecision, device: string): { settled: number; reason: string | null };
}
