// The contract's channels for sync between a person's devices (issue 30 §5): the state the sidebar footer
// shows, and "sync now". Joined into `contract` in contract.ts; the push event `sync.changed` carries the same
// SyncStatus (EventMap in contract.ts).
import { z } from 'zod';
import { channel, scope } from './contract-base';

/**
 * What a device's live sync is doing, most urgent first: `not-set-up` (this home has no relay),
 * `connecting` (started, never reached the relay yet), `offline` (the relay cannot be reached; it retries),
 * `conflict` (facts or identity files edited on two devices wait for the person's pick), `pending` (changes the relay has not
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

/** One version of a fact that devices changed apart (the heads of its log). */
export interface SyncConflictVersion {
  versionId: string;
  /** null: this device's version forgot the fact. */
  text: string | null;
  device: string;
  at: string;
  actor: string;
}

/**
 * Something "edited on both devices", waiting for the person's pick (History): a fact (`kind` 'fact', or
 * absent from a Monad that knew only facts) or an identity file (`kind` 'identity').
 */
export type SyncConflictView = FactConflictView | IdentityConflictView;

/** A fact edited on both devices. */
export interface FactConflictView {
  kind?: 'fact';
  scope: string;
  /** The fact's line of versions. */
  factId: string;
  summary: string;
  /** The version that stands meanwhile (the later edit) first. */
  versions: SyncConflictVersion[];
}

/** An identity file (USER.md, an agent's SOUL.md or AGENTS.md) saved on two devices apart, with different texts. */
export interface IdentityConflictView {
  kind: 'identity';
  /** The file, by its path in the home: `USER.md`, `agents/<id>/SOUL.md`, `agents/<id>/AGENTS.md`. */
  file: string;
  summary: string;
  /** Each version's whole text (null: removed on that device); the one that stands meanwhile first. */
  versions: SyncConflictVersion[];
}

/** The identity files that travel between devices, by their path in the home (a project's AGENTS.md does not). */
export const IDENTITY_FILE_PATTERN = /^(USER\.md|agents\/[a-z0-9][a-z0-9_-]{0,63}\/(SOUL|AGENTS)\.md)$/;

const versionRef = z.string().min(1).max(200).regex(/^[A-Za-z0-9:_-]+$/, 'an id');

export const syncChannels = {
  /** The live sync's state (the sidebar footer). */
  'sync.status': channel<SyncStatus>()(z.object({}).strict()),
  /** Reconciles every document now and waits for the relay's acknowledgement (bounded by a timeout). */
  'sync.now': channel<SyncNowResult>()(z.object({}).strict()),
  /** The facts and identity files edited on both devices that wait for a pick. */
  'sync.conflicts': channel<SyncConflictView[]>()(z.object({}).strict()),
  /**
   * Keeps one version of a fact or an identity file edited on both devices: ends the conflict here and, once
   * synced, everywhere (a fact's pick names its scope and fact, an identity file's its file).
   */
  'sync.pick': channel<{ status: SyncStatus }>()(
    z.union([
      z.object({ kind: z.literal('fact').optional(), scope, factId: versionRef, versionId: versionRef }).strict(),
      z.object({ kind: z.literal('identity'), file: z.string().max(200).regex(IDENTITY_FILE_PATTERN, 'an identity file'), versionId: versionRef }).strict(),
    ]),
  ),
} as const;
