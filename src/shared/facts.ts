// L1 facts as they cross the contract: a fact, where it came from, proposals against it, a write's result.
import type { JournalActor, JournalSource } from './journal';

export type Scope = `global` | `agent:${string}` | `project:${string}` | `session:${string}` | `org:${string}`;

/**
 * Where a fact came from when it was written: a turn whose user message was typed, pasted or forwarded
 * (the agent's memory tool), an import, the person's own hand (Memory tab, CLI), the agent with no user
 * message to attribute, or a consolidation merge.
 */
export type FactOriginKind = 'typed' | 'pasted' | 'forwarded' | 'imported' | 'person' | 'agent' | 'consolidated';

/** An L1 fact: one bullet in its scope's Markdown file. */
export interface Fact {
  /** First 12 hex of sha256 over the normalised text. */
  id: string;
  scope: string;
  text: string;
}

/**
 * Where a fact's current text came from (issue 15): who wrote it and from where. Kept beside the Markdown,
 * keyed by fact id, so the file stays clean for people.
 */
export interface FactSource {
  /** person: the Memory tab, the CLI, or an edit of the file by hand; agent: the memory tool in a chat. */
  actor: JournalActor;
  /** How the person wrote it: 'app', 'cli', 'hand-edit' (a bullet added or changed in an editor), 'import'… */
  via: JournalSource['via'] | null;
  /** The chat and the message the agent's write is attributed to. */
  sessionId: string | null;
  messageId: string | null;
  /** The consolidation run that merged it. */
  runId: string | null;
  /** An import's file name and the like. */
  detail: string | null;
  /** recorded, edited, merged (by consolidation), or unknown: the fact predates kept sources. */
  event: 'recorded' | 'edited' | 'merged' | 'unknown';
  /** When the current text was written (for an unknown source: when Monad first saw it). */
  at: string | null;
  /**
   * The agent wrote it down, and the person's own typed message of that turn states it (issue 27 §3):
   * the words are the person's ("you said it"), the writing the agent's. Absent on older rows.
   */
  stated?: boolean;
  /** For an edit or a merge: the ids of the facts it replaced. */
  replaces: string[];
}

/** A fact with its source, as the Memory tab, the CLI and the history show it. */
export interface FactView extends Fact {
  source: FactSource;
  /** Where it came from at a glance (issue 16 §5, 27 §3): you said it / inferred / imported / consolidated / via an app; null when unknown. */
  originClass?: 'person' | 'inferred' | 'imported' | 'consolidated' | 'app' | null;
}

/**
 * A change a model wanted to make to facts the person asserted. What the person wrote outranks what a
 * model derived: consolidation does not merge such a fact away on its own; the merge waits here.
 */
export interface FactProposal {
  id: number;
  scope: string;
  kind: 'merge';
  /** The text the facts would become. */
  text: string;
  /** The facts it would replace, as they were when it was proposed. */
  from: { id: string; text: string }[];
  actor: JournalActor;
  source: JournalSource | null;
  proposedAt: string;
}

export interface FactScopeSummary {
  scope: string;
  count: number;
  chars: number;
  updated: string | null;
  warnings: string[];
}

export type FactWriteStatus = 'recorded' | 'duplicate' | 'updated' | 'rejected' | 'refused';

export interface FactWriteResult {
  status: FactWriteStatus;
  fact: Fact | null;
  /** Kinds of secrets that were redacted before saving. */
  redactions: string[];
  /** For rejected / refused: why, in words the model and the person can act on. */
  reason: string | null;
}
