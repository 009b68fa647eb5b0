// One kind of synced data (facts, chats, identity files, the graph, …) as `sync now` drives it (issue 30 §2).
// Each kind has its own documents, named `<kind>/<key>`, and its own bridge between this home and those
// documents; sync-client opens the documents and hands each to its kind, so adding a kind is one file that
// implements this and one entry in the composition root's list (engine-sync.ts), never a change here.
import type * as Y from 'yjs';

/** What a device remembers about one document between syncs (e.g. the ids it held at the last sync). */
export interface KindMemory {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export interface KindReport {
  kind: string;
  key: string;
  /** Version records this device added. */
  sent: number;
  /** Items written into this home from other devices. */
  received: number;
  /** Items removed from this home because another device removed them. */
  forgotten: number;
  /** Items this home refused (the sanitizer, validation): never written, reported. */
  refused: { text: string; reason: string }[];
}

export interface ReconcileContext {
  /** This device's id, written into every record it makes. */
  device: string;
  now: () => Date;
  /** This document's own memory on this device. */
  memory: KindMemory;
  /**
   * What everything written into the document passes through before it is sent (the engine's egress filter:
   * stored-secret values redacted), so a key pasted into a chat or a file never reaches the relay. Absent:
   * nothing is filtered (a bridge tested on its own). Set for every kind at once by withOutgoingFilter.
   */
  outgoing?: OutgoingFilter;
}

/** Filters one JSON-like value as it leaves this device (copy on write: an untouched value is returned as it was). */
export type OutgoingFilter = <T>(value: T) => T;

/** A value as it may be written into a document: through the context's outgoing filter, if any. */
export const sendable = <T>(ctx: ReconcileContext, value: T): T => (ctx.outgoing ? ctx.outgoing(value) : value);

/**
 * The kind with every reconcile given the filter (the composition root wraps every kind it lists, so no kind
 * can be left out). A kind compares what it holds with the document through `sendable` too: its own record
 * was sent redacted, and reading that back must not count as a change made on another device.
 */
export function withOutgoingFilter(kind: SyncKind, outgoing: OutgoingFilter): SyncKind {
  return { kind: kind.kind, localKeys: () => kind.localKeys(), reconcile: (key, doc, ctx) => kind.reconcile(key, doc, { ...ctx, outgoing }) };
}

export interface SyncKind {
  /** The documents' prefix: `facts`, `chat`, `identity`, … (no slash). */
  readonly kind: string;
  /** The keys this home has something for (every one is opened, with those the home document lists). */
  localKeys(): string[];
  /**
   * Brings one document and this home into agreement: what changed here since the last sync becomes new
   * records in the document (in one transaction), and what the merged records say stands is written into
   * this home through the same path as a local write. Runs after the document is up to date with the relay.
   */
  reconcile(key: string, doc: Y.Doc, ctx: ReconcileContext): KindReport;
}

export const emptyReport = (kind: string, key: string): KindReport => ({ kind, key, sent: 0, received: 0, forgotten: 0, refused: [] });
