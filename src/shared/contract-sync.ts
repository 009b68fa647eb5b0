// The contract's channels for sync between a person's devices (issue 30 §5): the state the sidebar footer
// shows, and "sync now". Joined into `contract` in contract.ts; the push event `sync.changed` carries the same
// SyncStatus (EventMap in contract.ts).
import { z } from 'zod';
import { channel } from './contract-base';

/**
 * What a device's live sync is doing, most urgent first: `not-set-up` (this home has no relay),
 * `connecting` (started, never reached the relay yet), `offline` (the relay cannot be reached; it retries),
 * `conflict` (facts edited on two devices wait for the person's pick), `pending` (changes the relay has not
 * acknowledged yet), `synced`.
 */
export type SyncState = 'not-set-up' | 'connecting' | 'offline' | 'conflict' | 'pending' | 'synced';

export interface SyncStatus {
  state: SyncState;
  /** The relay this home syncs with, when set up. */
  relay: string | null;
  /** Changes the relay has not acknowledged yet (Hocuspocus's unsynced changes, over every document). */
  pending: number;
  /** Open "edited on both devices" conflicts, waiting for a pick in History. */
  conflicts: number;
  /** Items from another device this home refused (the sanitizer, validation) since the sync started. */
  refused: number;
  /** When the relay last held everything this device wrote (ISO time), or null. */
  lastSyncedAt: string | null;
  /** What last went wrong, in words a person can act on, or null. */
  lastError: string | null;
}

export interface SyncNowResult {
  status: SyncStatus;
  /** Version records (or other items) this device sent, and items it received from others, in this run. */
  sent: number;
  received: number;
}

export const syncChannels = {
  /** The live sync's state (the sidebar footer). */
  'sync.status': channel<SyncStatus>()(z.object({}).strict()),
  /** Reconciles every document now and waits for the relay's acknowledgement (bounded by a timeout). */
  'sync.now': channel<SyncNowResult>()(z.object({}).strict()),
} as const;
