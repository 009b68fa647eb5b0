// One change a chat turn made to memory, as the reply shows it ("Remembered · 'Drinks green tea' · global").
// Shared by every writer in a turn: the memory tool, and the capture of explicit statements for models
// without tool calling (issue 18 §2). Defined minimally here; issue 16's receipts read the same record.

export type MemoryChangeAction = 'remembered' | 'updated' | 'forgotten' | 'rejected';

export interface MemoryChange {
  action: MemoryChangeAction;
  /** The scope the fact is in ("global", "agent:default", "project:…"); null when nothing was written. */
  scope: string | null;
  /** The fact's id (for the link to it and for undo); null when nothing was written. */
  factId: string | null;
  /** The fact as saved (after the sanitizer), or the text that was refused. */
  text: string;
  /** Why nothing was saved (a rejected write): the sanitizer's or the memory model's reason. */
  reason: string | null;
  /** How the change came about: the model's memory tool, or the person's own words caught without the model. */
  via: 'tool' | 'statement';
}
