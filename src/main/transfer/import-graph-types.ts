// The types the graph's import shares with the import of proposals and laws (import-graph.ts,
// import-proposals.ts, import-laws.ts): kept apart so those files need not import each other back
// (issue 28 §2).
import type { Database } from 'better-sqlite3';
import type { ImportReport } from '../../shared/domain';
import type { ImportCleaner } from './import-clean';

export interface GraphImportDeps {
  memoryDb: Database;
  appDb: Database;
  now: () => Date;
  cleaner: ImportCleaner;
  report: ImportReport;
  /**
   * The archive's `version`, when the caller knows it: 1 says the corrections were not in the file. Without
   * it, the graph section tells (a version-2 graph always carries `aliases`).
   */
  archiveVersion?: number;
}

/** What the rest of the file holds, by the ids the file gives them: the only ids its graph and laws may name. */
export interface ArchiveIds {
  /** Chats and messages the import wrote or found already here under the same chat. */
  sessions: ReadonlySet<string>;
  messages: ReadonlySet<string>;
  /** `${scope}\n${id in the file's home}` → the id the fact has here. */
  facts: ReadonlyMap<string, string>;
}

/** The file's entity and relation ids → this home's, for every one imported (deleted, merged and retracted ones too). */
export interface ImportedGraph {
  nodes: Map<number, number>;
  edges: Map<number, { id: number; scope: string }>;
}
