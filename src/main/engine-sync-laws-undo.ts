// An undo of a law decision made in History on another device (issue 30): which entry of this home's History
// it undoes. The undo arrives as the state it left the law in, marked `undo`; this home's entry for the
// decision it reverses (journalled when that decision arrived, or made here) is marked undone by what the
// apply writes, so History shows one undo "on another device" and offers to undo neither. An entry is that
// decision only when undoing it here would leave the law as the undo left it there; otherwise (this home
// never had the decision, or decided again since) the undo is journalled as an ordinary change.
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import type { LawRow } from './memory/laws/law-store';
import { asLawRow, lawItem } from './memory/laws/law-writer';
import type { SyncedLaw } from './sync/laws-ports';

/** The id of this home's History entry that a synced undo reverses, or null when there is none to mark. */
export function reversedHere(engine: Engine, row: LawRow, law: SyncedLaw): number | null {
  const last = engine.journal
    .itemHistory(lawItem(row.id))
    .filter((e) => e.actor === 'person' && e.undoneBy === null && e.undoes === null)
    .at(-1);
  if (!last) return null;
  let before: LawRow | null;
  try {
    before = asLawRow(last.before);
  } catch (err) {
    if (err instanceof MonadError) return null; // an entry without a law as it was: not one an undo reverses
    throw err;
  }
  // An addition undone is a removal; any other decision undone puts the law back as it was before it.
  if (!before) return law.status === 'removed' ? last.id : null;
  if (law.status === 'removed' || before.status !== law.status || before.statement !== law.statement || before.pinned !== law.pinned) return null;
  // Recall only where the undo was about it: each device's own cascade takes laws out of recall on its own.
  if (law.recall && (before.suppressed !== null) !== law.recall.out) return null;
  return last.id;
}
