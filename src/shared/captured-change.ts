// One change a chat turn made to memory by the capture of explicit statements for models without tool
// calling (issue 18 §2), as the `chat.memory` event reports it. The reply's "Memory updated" lines are the
// receipt's MemoryChange (shared/receipt.ts), read from the journal that these writes go through too.

export type CapturedChangeAction = 'remembered' | 'updated' | 'forgotten' | 'rejected';

export interface CapturedChange {
  action: CapturedChangeAction;
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
