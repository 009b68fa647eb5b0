// The mem0 backend and its managed qdrant (issue 8): status phases, the explorer's entries and projection.

/** Where the managed qdrant is: the phases the UI and `monad status` show. */
export type QdrantPhase = 'not-needed' | 'stopped' | 'downloading' | 'starting' | 'ready' | 'failed';

export interface QdrantStatus {
  phase: QdrantPhase;
  version: string;
  /** Download progress, while downloading. */
  progress: { received: number; total: number | null } | null;
  url: string | null;
  port: number | null;
  pid: number | null;
  restarts: number;
  /** Something worth saying that is not an error (e.g. "port 6317 was taken; using 6318"). */
  note: string | null;
  /** Why it failed, when it did. */
  error: string | null;
  logFile: string;
}

/** The mem0 backend as a whole: `fallback` = qdrant could not boot, mem0 runs on its local SQLite store. */
export type Mem0Phase = 'not-needed' | 'downloading' | 'starting' | 'ready' | 'failed' | 'fallback';

export interface Mem0Status {
  backend: 'builtin' | 'mem0';
  phase: Mem0Phase;
  /** One line for people: what is happening and why. */
  message: string;
  store: { kind: 'qdrant' | 'remote' | 'local'; location: string } | null;
  qdrant: QdrantStatus;
  models: { memory: string | null; embedding: string | null };
  /** Turns waiting to be observed (extraction runs in the background). */
  pendingObservations: number;
  lastError: string | null;
}

export interface Mem0Entry {
  id: string;
  text: string;
  createdAt: string | null;
  updatedAt: string | null;
  agentId: string | null;
  userId: string | null;
  /** Everything else mem0 keeps with the memory (session id, attribution, …), as display strings. */
  metadata: Record<string, string>;
  store: 'qdrant' | 'remote' | 'local';
}

export interface Mem0Entries {
  entries: Mem0Entry[];
  total: number;
  /** Which stores were read, and any that were not (e.g. qdrant not running). */
  sources: string[];
  notes: string[];
}

export interface Mem0Projection {
  points: { id: string; x: number; y: number; text: string; agentId: string | null }[];
  /** Share of the variance each axis explains (0..1). */
  explained: [number, number];
  dimension: number;
  notes: string[];
}
