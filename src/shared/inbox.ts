// The Inbox (issue 16 §3): every change to memory waiting for the person, from wherever it came, as one
// list. Each item says in words what would change and why it waits; its id ("chat:12", "merge:3",
// "graph:5", "law:7", "held:global:0123456789ab", "link:4") is for the contract and the CLI, shown only behind details.
import type { RememberMode } from './remember-mode';

export type InboxSource =
  /** The agent wanted to remember something under "Ask me first". */
  | 'chat'
  /** Consolidation would merge facts the person asserted into other words. */
  | 'merge'
  /** A graph change proposed against a relation or entity the person asserted. */
  | 'graph'
  /** A law change proposed against a law the person edited or pinned. */
  | 'law'
  /** A fact the assistant inferred, kept out of recall until approved (the agent's "hold inferred" setting). */
  | 'held'
  /**
   * A correction carried to another layer (issue 27 §2): a relation marked wrong, reworded, or an entity
   * renamed or merged, proposes the same change to the facts that say it; a fact forgotten or edited
   * proposes retracting the relation it said. Accepting joins the correction's undo group.
   */
  | 'link';

export interface InboxItem {
  id: string;
  source: InboxSource;
  /** What would happen, in words: "Remember", "Change", "Forget", "Merge", "Add relation"… */
  action: string;
  /** The text that would be written (what edit-then-approve edits); for a forget, the fact that would go. */
  text: string;
  /** What it would replace or remove, in words (the facts a merge covers, the old text of an update). */
  replaces: string[];
  scope: string;
  /** Why it waits for the person, in words. */
  reason: string;
  /** The words of the message it came from (chat proposals): the span the fact was taken from. */
  quote: string | null;
  /** The chat and message it came from, when known (for a link to it). */
  sessionId: string | null;
  messageId: string | null;
  agentId: string | null;
  /** The app that proposed it over MCP ("Cursor"), for a write it made while its writes wait here; else null. */
  client?: string | null;
  proposedAt: string;
  /** Whether the text can be edited before approving. */
  editable: boolean;
}

export interface InboxList {
  items: InboxItem[];
  count: number;
}

export interface InboxDecision {
  id: string;
  outcome: 'approved' | 'rejected' | 'failed';
  /** In words: what was written or why nothing was. */
  message: string;
  /** The fact written on approval (id and scope), for a link to it. */
  fact: { id: string; scope: string; text: string } | null;
}

/** A memory write the tool turned into a proposal, for the reply's receipt (engineer "receipts"). */
export interface PendingWrite {
  proposalId: string;
  action: 'record' | 'update' | 'delete';
  text: string;
  scope: string;
}

export type { RememberMode };

/**
 * Freshness (issue 16 §4): whether memory changed since this session's recall block was frozen. The
 * block stays as it is (the provider's prompt cache holds) unless the person says "Use it now".
 */
export interface RecallFreshness {
  sessionId: string;
  /** Memory that feeds the block changed since it was built. */
  changed: boolean;
  /** Show the notice: changed, and not yet shown for this change. */
  notice: boolean;
  /** The lines a rebuild would add and remove (facts and rules, in words). */
  added: string[];
  removed: string[];
  builtAt: string | null;
}
