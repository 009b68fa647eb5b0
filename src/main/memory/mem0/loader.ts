// Loads mem0 (and the qdrant client) only when the mem0 backend is used, so the built-in backend never
// pays for them. mem0 reads two settings from the environment: telemetry (once, when it loads; it is
// on by default and phones home) and its directory (on every call; default $HOME/.mem0). Both are set
// here, before the import, and nowhere else.
import type * as Mem0 from 'mem0ai/oss';
import type * as QdrantRest from '@qdrant/js-client-rest';

export type Mem0Module = typeof Mem0;
export type QdrantModule = typeof QdrantRest;

let mem0: Promise<Mem0Module> | null = null;
let qdrant: Promise<QdrantModule> | null = null;

export function loadMem0(mem0Dir: string): Promise<Mem0Module> {
  process.env.MEM0_TELEMETRY = 'false';
  process.env.MEM0_DIR = mem0Dir;
  mem0 ??= import('mem0ai/oss').catch((err: unknown) => {
    mem0 = null;
    throw err;
  });
  return mem0;
}

export function loadQdrantClient(): Promise<QdrantModule> {
  qdrant ??= import('@qdrant/js-client-rest').catch((err: unknown) => {
    qdrant = null;
    throw err;
  });
  return qdrant;
}

/** Whether mem0 has been loaded in this process (the built-in backend must never load it). */
export function mem0Loaded(): boolean {
  return mem0 !== null;
}
