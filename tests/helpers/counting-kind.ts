// A sync kind with one document whose every reconcile appends a record numbered by the run: each reconcile
// is a change made on this device, to send (live-sync tests that count or hold what is in flight).
import type * as Y from 'yjs';
import { emptyReport, type SyncKind } from '../../src/main/sync/sync-kind';

export function countingKind(): SyncKind & { runs: number } {
  const kind = {
    kind: 'notes',
    runs: 0,
    localKeys: () => ['only'],
    reconcile(key: string, doc: Y.Doc) {
      kind.runs++;
      doc.getArray<number>('runs').push([kind.runs]);
      return { ...emptyReport('notes', key), sent: 1 };
    },
  };
  return kind;
}
