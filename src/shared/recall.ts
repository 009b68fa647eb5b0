// The recall block injected into a session's turns, and the mid-session rebuilds of it.

export interface RecallSnapshot {
  sessionId: string;
  /** The exact bytes injected into every turn of this session; null until its first turn. */
  block: string | null;
  builtAt: string | null;
  /** Times the person rebuilt this block mid-session with "Use it now" (issue 16 §4), oldest first. */
  rebuilds?: RecallRebuild[];
}

/** One "Use it now": when, which lines of the block it added and removed, and when the replaced block was built. */
export interface RecallRebuild {
  at: string;
  added: string[];
  removed: string[];
  previousBuiltAt: string | null;
}
