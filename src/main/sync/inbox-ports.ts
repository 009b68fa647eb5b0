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

export interface InboxSyncPort {
  rejections(): SyncedRejection[];
  /**
   * Remembers a rejection made on another device (the text passes the sanitizer, the kind and scope are
   * checked) and sets aside this home's pending proposals of the same form, so that this device does not ask
   * again. Returns a key when remembered, the reason when refused.
   */
  remember(r: SyncedRejection, device: string): WriteOutcome;
}
