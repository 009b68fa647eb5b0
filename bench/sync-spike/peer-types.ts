// What the spike asks of each engine: a relay, and a device that seeds, syncs, adds a record and watches.
// The two engine files implement this once each, so the measurement code is the same for both.
import type { DocSpec, Layout } from './workload';

/** Per document: the engine's own notion of "which changes I hold" (Automerge heads, a Yjs state vector). */
export type Versions = Record<string, string>;

export interface Relay {
  url: string;
  /** How many of the given documents the relay holds at exactly the given version. */
  holds(versions: Versions): Promise<number>;
  close(): Promise<void>;
}

export interface Device {
  /** Creates the home's documents and pushes them; returns the root's address and every document's version. */
  seed(docs: DocSpec[]): Promise<{ root: string; versions: Versions }>;
  /** A fresh device: fetches the root, then every document it names; resolves once all are here and on disk. */
  syncAll(root: string, layout: Layout): Promise<{ docs: number; records: number; inMemoryMs: number }>;
  /** Writes one record into a collection of a named document (by its name in the layout). */
  put(doc: string, collection: string, id: string, value: unknown): void | Promise<void>;
  /** Resolves when the record is present (at once if it already is). */
  waitFor(doc: string, collection: string, id: string): Promise<void>;
  /** Waits until local storage has everything written so far. */
  flush(): Promise<void>;
  close(): Promise<void>;
}
