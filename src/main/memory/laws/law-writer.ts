// Every change to a law goes through here and is journaled: one entry per law per change, appended in the
// same SQLite transaction as the change (the journal and graph_law both live in memory.sqlite), with the
// whole row before and after. The row before is the undo: any law entry is undone by putting that row
// back (or removing the law when there was none), which is itself journaled.
import type { Database } from 'better-sqlite3';
import { MonadError } from '../../../shared/errors';
import type { JournalActor, JournalEntry, JournalSource } from '../../../shared/journal';
import type { MemoryJournal } from '../journal/journal';
import type { LawOrigin, LawRow, LawStore, NewLaw } from './law-store';

/** Who makes a change and from where (the journal's actor and source). */
export interface By {
  actor: JournalActor;
  source?: JournalSource;
}

export type LawAction =
  | 'law.derived'
  | 'law.added'
  | 'law.replaced'
  | 'law.rejected'
  | 'law.unrejected'
  | 'law.pinned'
  | 'law.unpinned'
  | 'law.edited'
  | 'law.suppressed'
  | 'law.unsuppressed'
  | 'law.contradicted'
  | 'law.removed'
  | 'law.restored'
  | 'law.uncontradicted';

/** The entry an undo of each action appends. Every action here can be undone. */
export const LAW_UNDO_ACTION: Partial<Record<LawAction, LawAction>> = {
  'law.derived': 'law.removed',
  'law.added': 'law.removed',
  'law.replaced': 'law.restored',
  'law.rejected': 'law.unrejected',
  'law.unrejected': 'law.rejected',
  'law.pinned': 'law.unpinned',
  'law.unpinned': 'law.pinned',
  'law.edited': 'law.edited',
  'law.suppressed': 'law.unsuppressed',
  'law.unsuppressed': 'law.suppressed',
  'law.contradicted': 'law.uncontradicted',
};

export const lawItem = (id: number): string => `law:${id}`;

/** A statement in a one-line summary: quoted, and cut so the line stays readable. */
export function quoted(statement: string): string {
  const t = statement.length > 120 ? `${statement.slice(0, 119)}…` : statement;
  return `“${t}”`;
}

export class LawWriter {
  constructor(
    private readonly db: Database,
    private readonly store: LawStore,
    private readonly journal: MemoryJournal,
  ) {}

  private append(action: LawAction, law: LawRow, before: LawRow | null, after: LawRow | null, by: By, summary: string): JournalEntry {
    return this.journal.append({ layer: 'laws', action, scope: law.scope, item: lawItem(law.id), actor: by.actor, source: by.source ?? null, before, after, summary });
  }

  /** Changes one law and journals it; throws NOT_FOUND for an unknown id. */
  change(id: number, patch: Partial<Omit<LawRow, 'id'>>, action: LawAction, by: By, summary: (before: LawRow, after: LawRow) => string): LawRow {
    return this.db.transaction(() => {
      const r = this.store.update(id, patch);
      if (!r) throw new MonadError('NOT_FOUND', `No law ${id}`);
      this.append(action, r.after, r.before, r.after, by, summary(r.before, r.after));
      return r.after;
    })();
  }

  /** `derivedAt`: when the law was derived, for one that another device derived (its decay runs from then). */
  add(scope: string, law: NewLaw, fingerprint: string, origin: LawOrigin, by: By, derivedAt?: string): LawRow {
    return this.db.transaction(() => {
      const row = this.store.insert(scope, law, fingerprint, origin, derivedAt);
      this.append('law.added', row, null, row, by, `Added law ${quoted(row.statement)}`);
      return row;
    })();
  }

  /**
   * A re-derivation of one scope: the inferred laws it replaces and the ones it derives, one entry each,
   * as one group (one undo brings the previous laws back). Person-asserted and rejected laws stay.
   */
  replaceDerived(scope: string, laws: NewLaw[], fingerprint: string, by: By): { removed: LawRow[]; added: LawRow[] } {
    return this.db.transaction(() =>
      this.journal.inGroup(() => {
        const r = this.store.replaceScope(scope, laws, fingerprint);
        for (const l of r.removed) this.append('law.replaced', l, l, null, by, `Replaced law ${quoted(l.statement)} (re-derived)`);
        for (const l of r.added) this.append('law.derived', l, null, l, by, `Derived law ${quoted(l.statement)}`);
        return r;
      }),
    )();
  }

  /** The inverse of one law entry: the row as it was before it, or no row when there was none. */
  undo(entry: JournalEntry): void {
    const id = lawIdOf(entry.item);
    const inverse = LAW_UNDO_ACTION[entry.action as LawAction];
    if (id === null || !inverse) throw new MonadError('CONFLICT', `"${entry.summary}" is not a change to a law that can be undone`);
    const before = asLawRow(entry.before);
    const by: By = { actor: 'person', source: { detail: `undo of history entry ${entry.id}` } };
    this.db.transaction(() => {
      const current = this.store.get(id);
      if (!before) {
        if (!current) return; // already gone: nothing to append, the journal marks the entry undone
        this.store.remove(id);
        this.append(inverse, current, current, null, by, `Undid: ${entry.summary}`);
        return;
      }
      const after = this.store.put(before);
      this.append(inverse, after, current, after, by, `Undid: ${entry.summary}`);
    })();
  }
}

export function lawIdOf(item: string): number | null {
  const m = /^law:(\d+)$/.exec(item);
  return m ? Number(m[1]) : null;
}

/** A journal snapshot read back as a law row; null when the entry held none (the law did not exist). */
export function asLawRow(value: unknown): LawRow | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<LawRow>;
  if (typeof v.id !== 'number' || typeof v.scope !== 'string' || typeof v.statement !== 'string') {
    throw new MonadError('CONFLICT', 'This history entry does not hold a law as it was, so it cannot be undone');
  }
  return {
    id: v.id,
    scope: v.scope,
    statement: v.statement,
    confidence: typeof v.confidence === 'number' ? v.confidence : 0.5,
    support: Array.isArray(v.support) ? v.support.filter((s): s is string => typeof s === 'string') : [],
    contradictedBy: v.contradictedBy ?? null,
    contradictedWhy: v.contradictedWhy ?? null,
    derivedAt: v.derivedAt ?? new Date(0).toISOString(),
    fingerprint: v.fingerprint ?? '',
    origin: v.origin ?? 'inference',
    derivedStatement: v.derivedStatement ?? null,
    supportText: v.supportText && typeof v.supportText === 'object' ? v.supportText : {},
    pinned: v.pinned === true,
    status: v.status === 'rejected' ? 'rejected' : 'active',
    rejectedReason: v.rejectedReason ?? null,
    rejectedAt: v.rejectedAt ?? null,
    suppressed: v.suppressed ?? null,
    editedAt: v.editedAt ?? null,
  };
}
