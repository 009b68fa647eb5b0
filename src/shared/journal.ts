// The history of memory (issue 15): one journal entry per change in any layer, with actor, source,
// time, and the state before and after. Shared by the engine, the renderer's History view and the CLI.

export type JournalLayer = 'facts' | 'identity' | 'graph' | 'laws';
export const JOURNAL_LAYERS: readonly JournalLayer[] = ['facts', 'identity', 'graph', 'laws'];

/** Who made a change. What a person asserts outranks what a model derived. */
export type JournalActor = 'person' | 'agent' | 'consolidation' | 'extraction' | 'inference' | 'import' | 'mcp' | 'system';
export const JOURNAL_ACTORS: readonly JournalActor[] = ['person', 'agent', 'consolidation', 'extraction', 'inference', 'import', 'mcp', 'system'];

/** Where a change came from. Every field optional: a person's edit in the app has only `via`. */
export interface JournalSource {
  sessionId?: string;
  messageId?: string;
  /** A consolidation run's id. */
  runId?: string;
  /** sync: the change was made on another of the person's devices and arrived through sync (issue 30). */
  via?: 'app' | 'cli' | 'api' | 'mcp' | 'hand-edit' | 'import' | 'sync';
  /** A short free text: an import's file name, a reason given with "this is wrong". */
  detail?: string;
  /** An agent's memory write whose text the person's own message of that turn states (FactSource.stated). */
  stated?: boolean;
}

/**
 * Actions, by layer (the `action` column). Layers may add more; these are the ones the History view
 * names in words.
 */
export type JournalAction =
  | 'fact.recorded'
  | 'fact.edited'
  | 'fact.forgotten'
  | 'fact.merged'
  | 'identity.saved'
  | 'entity.added'
  | 'entity.renamed'
  | 'entity.merged'
  | 'entity.deleted'
  | 'relation.added'
  | 'relation.closed'
  | 'relation.retracted'
  | 'relation.edited'
  | 'relation.reopened'
  | 'law.derived'
  | 'law.replaced'
  | 'law.suppressed'
  | 'law.rejected'
  | 'law.unrejected'
  | 'law.pinned'
  | 'law.unpinned'
  | 'law.edited'
  | (string & {});

export interface JournalEntry {
  id: number;
  at: string;
  layer: JournalLayer;
  action: JournalAction;
  scope: string | null;
  /** What changed: "fact:<id>", "entity:<id>", "relation:<id>", "law:<id>", "identity:<path>". */
  item: string;
  actor: JournalActor;
  source: JournalSource | null;
  before: unknown;
  after: unknown;
  /** One line in words, e.g. 'Forgot "User's sister is called Ana"'. */
  summary: string;
  /** Entries made by one action (a cascade, "forget everything about X") share it and undo together. */
  groupId: string | null;
  /** This entry is the undo of that one. */
  undoes: number | null;
  /** This entry was undone by that one. */
  undoneBy: number | null;
}

export interface JournalPage {
  entries: JournalEntry[];
  /** Cursor for the next (older) page; null at the end. */
  next: string | null;
}

export interface JournalFilter {
  layer?: JournalLayer;
  scope?: string;
  actor?: JournalActor;
  item?: string;
  /** ISO date: only entries at or after it. */
  since?: string;
}

/** What undoing an entry would do, shown before it is done when it changes more than the entry itself. */
export interface UndoPlan {
  entry: JournalEntry;
  /** Later entries that depend on this one (same item, or the same group) and are undone with it, newest first. */
  alsoUndoes: JournalEntry[];
  possible: boolean;
  /** Why it cannot be undone (already undone, an undo itself, no undo for this action). */
  why: string | null;
}

/** An entry as the History view and `monad history` show it. */
export interface HistoryEntry extends JournalEntry {
  /** Not undone yet, not itself an undo, and its layer registered an inverse for its action. */
  canUndo: boolean;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Cursor for the next (older) page; null at the end. */
  next: string | null;
  /** Every scope the journal names (first page only: the filter's choices). */
  scopes?: string[];
}

export interface UndoResult {
  plan: UndoPlan;
  /** False when the plan changes more than the entry and `confirm` was not given: nothing was done. */
  done: boolean;
  /** The entries the undo appended (each marks which entry it undoes). */
  entries: JournalEntry[];
}
