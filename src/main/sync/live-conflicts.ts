// History's "edited on both devices" (issue 30 §3) over the live session's open documents: the conflicts
// still open, their count for the sidebar, and the person's pick. The rules themselves — which heads
// disagree, what version a pick writes — belong to the fact log's conflict module (FactConflictRules);
// this file only applies them to the documents the live session holds, because a pick written into the
// stored copy of a document that the session has open would be overwritten by the session's next save.
import type * as Y from 'yjs';
import type { SyncConflictView } from '../../shared/contract-sync';
import { MonadError } from '../../shared/errors';

/** What the fact conflict rules give the live sync: read conflicts from, and write a pick into, an open document. */
export interface FactConflictRules {
  /** The facts of one scope's document that wait for a pick (edited on two devices, two texts). */
  conflictsIn(scope: string, doc: Y.Doc): SyncConflictView[];
  /** Writes the person's pick: a new version whose parents are all the fact's heads (ends the conflict). */
  pickInDoc(doc: Y.Doc, factId: string, versionId: string, device: string, now: Date): unknown;
}

/** The identity files' rules (identity-conflicts.ts): a file saved apart on two devices, and its pick. */
export interface IdentityConflictRules {
  conflictIn(file: string, doc: Y.Doc): SyncConflictView | null;
  /** Writes the person's pick: a new version of the file whose parents are all its heads. */
  pickInDoc(doc: Y.Doc, file: string, versionId: string, device: string, now: Date): unknown;
}

/** The live session's documents, as SyncService offers them. */
export interface LiveDocs {
  docsOf(kind: string): { key: string; doc: Y.Doc }[];
  withDoc<T>(kind: string, key: string, change: (doc: Y.Doc, device: string, now: Date) => T): T;
}

export interface SyncConflicts {
  open(): SyncConflictView[];
  count(): number;
  pick(scope: string, factId: string, versionId: string): void;
  /** Keeps one version of an identity file saved on two devices apart. */
  pickFile(file: string, versionId: string): void;
}

const FACTS = 'facts';
const IDENTITY = 'identity';

export function liveConflicts(docs: LiveDocs, rules: FactConflictRules | null, identity: IdentityConflictRules | null = null): SyncConflicts {
  const open = (): SyncConflictView[] => [
    ...(rules ? docs.docsOf(FACTS).flatMap(({ key, doc }) => rules.conflictsIn(key, doc)) : []),
    ...(identity ? docs.docsOf(IDENTITY).flatMap(({ key, doc }) => identity.conflictIn(key, doc) ?? []) : []),
  ];
  return {
    open,
    count: () => open().length,
    pick(scope, factId, versionId) {
      if (!rules) throw new MonadError('BAD_INPUT', 'This Monad cannot pick between versions from two devices yet. Edit the fact in Memory to the text you want; that edit travels to every device.');
      docs.withDoc(FACTS, scope, (doc, device, now) => rules.pickInDoc(doc, factId, versionId, device, now));
    },
    pickFile(file, versionId) {
      if (!identity) throw new MonadError('BAD_INPUT', 'This Monad cannot pick between versions from two devices yet. Edit the file to the text you want; that save travels to every device.');
      docs.withDoc(IDENTITY, file, (doc, device, now) => identity.pickInDoc(doc, file, versionId, device, now));
    },
  };
}
