// Where mem0's files live: all of them under the home's memory/mem0/, none in $HOME/.mem0 or the
// working directory (mem0's defaults).
import { join } from 'node:path';
import type { HomePaths } from '../../home';

export interface Mem0Layout {
  /** mem0's own directory (MEM0_DIR): it keeps a config.json with an anonymous id there. */
  dir: string;
  /** mem0's history store (SQLite). */
  historyDb: string;
  /** mem0's local vector store (SQLite; mem0 adds `vector_store_entities.db` beside it). */
  localVectors: string;
  localEntities: string;
  /** Monad's notes about mem0 (the embedding dimension per model). */
  stateFile: string;
}

export function mem0Layout(paths: HomePaths): Mem0Layout {
  const dir = join(paths.memory, 'mem0');
  return {
    dir,
    historyDb: join(dir, 'history.db'),
    localVectors: join(dir, 'vector_store.db'),
    localEntities: join(dir, 'vector_store_entities.db'),
    stateFile: join(dir, 'state.json'),
  };
}

/** One person per install: every memory is theirs, scoped further by agent. */
export const LOCAL_USER_ID = 'local';
/** The qdrant collection (and mem0 collection name) Monad uses. */
export const MEM0_COLLECTION = 'monad_memories';
