// The inverse of each L1 history entry, registered with the journal (journal.registerUndo). Each one
// brings the scope back to the state before the entry through MemoryDir's ordinary writes, which the
// ledger journals as the person's (marked by the journal as this undo). A fact that comes back keeps the
// source it had. An inverse that finds the state already as it was before changes nothing.
import type { FactWriteResult } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { JournalEntry } from '../../../shared/journal';
import type { MemoryJournal } from '../journal/journal';
import type { EditedSnapshot, FactLedger, FactSnapshot, MergedFrom } from './fact-ledger';
import { quoteFact } from './fact-ledger';
import type { MemoryDir } from './memory-dir';

export function registerFactUndo(journal: MemoryJournal, d: { memory: MemoryDir; ledger: FactLedger }): void {
  const ids = (scope: string) => new Set(d.memory.read(scope).facts.map((f) => f.id));
  const restoring = (facts: readonly FactSnapshot[]) => ({ actor: 'person' as const, restore: new Map(facts.map((f) => [f.id, f.source])) });
  const put = (scope: string, f: FactSnapshot) => written(d.memory.record(scope, f.text), f);

  journal.registerUndo('fact.recorded', (e) => {
    const a = e.after as FactSnapshot;
    if (ids(a.scope).has(a.id)) d.ledger.as({ actor: 'person' }, () => d.memory.forget(a.scope, a.id));
  });

  journal.registerUndo('fact.forgotten', (e) => {
    const b = e.before as FactSnapshot;
    if (!ids(b.scope).has(b.id)) d.ledger.as(restoring([b]), () => put(b.scope, b));
  });

  journal.registerUndo('fact.edited', (e) => {
    const b = e.before as FactSnapshot;
    const a = e.after as EditedSnapshot;
    const now = ids(b.scope);
    d.ledger.as(restoring([b]), () => {
      // The edit gave the fact a new text: give it the old one back (in place). When the new text was
      // already another fact, that fact stays and the edited one comes back beside it.
      if (now.has(a.id) && !a.existed) written(d.memory.update(b.scope, a.id, b.text), b);
      else if (!now.has(b.id)) put(b.scope, b);
    });
  });

  journal.registerUndo('fact.merged', (e) => undoMerge(e, d, ids, restoring, put));
}

function undoMerge(
  e: JournalEntry,
  d: { memory: MemoryDir; ledger: FactLedger },
  ids: (scope: string) => Set<string>,
  restoring: (facts: readonly FactSnapshot[]) => Parameters<FactLedger['as']>[0],
  put: (scope: string, f: FactSnapshot) => void,
): void {
  const b = e.before as MergedFrom;
  const a = e.after as FactSnapshot;
  const now = ids(b.scope);
  const missing = b.facts.filter((f) => !now.has(f.id));
  const same = b.facts.find((f) => f.id === a.id);
  d.ledger.as(restoring(b.facts), () => {
    if (now.has(a.id)) {
      if (same) {
        // The merged text kept the id of one of the facts (same words up to case and punctuation).
        if (same.text !== a.text) written(d.memory.update(b.scope, a.id, same.text), same);
      } else if (missing.length) {
        written(d.memory.update(b.scope, a.id, missing[0].text), missing[0]);
        missing.shift();
      } else d.memory.forget(b.scope, a.id);
    }
    for (const f of missing) put(b.scope, f);
  });
}

/** A fact that cannot be put back (the sanitizer refuses its text today) is said, not skipped. */
function written(r: FactWriteResult, f: FactSnapshot): void {
  if (r.status === 'rejected' || r.status === 'refused') {
    throw new MonadError('CONFLICT', `Could not put back ${quoteFact(f.text)}: ${r.reason ?? 'it was refused'}`);
  }
}
