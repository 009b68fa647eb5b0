// The sync room's port onto this home's laws (issue 30 §2–§3), built in the composition root's room. A law is
// found by its content key (scope + its statement as first derived, normalised); the person's decisions made on
// another device are applied through LawCorrections as the person's, so History shows them and undo works. A
// removal is written as the laws' own writer writes one: the row out and one History entry, undoable.
import { createHash } from 'node:crypto';
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import { sanitizeFact } from './memory/facts/sanitize';
import { normalizeName } from './memory/graph/graph-normalize';
import type { LawRow } from './memory/laws/law-store';
import { asLawRow, lawItem, quoted, type By } from './memory/laws/law-writer';
import type { LawSyncPort, LocalLaw, SyncedLaw } from './sync/laws-ports';
import type { WriteOutcome } from './sync/sync-ports';
import { reversedHere } from './engine-sync-laws-undo';
import { derivedLawPort } from './engine-sync-laws-derived';

export const lawKey = (scope: string, derivedStatement: string): string => createHash('sha256').update(JSON.stringify(['law', scope, normalizeName(derivedStatement)])).digest('hex').slice(0, 24);
const keyOf = (l: LawRow): string => lawKey(l.scope, l.derivedStatement ?? l.statement);

export function lawSyncPort(engine: Engine): LawSyncPort {
  const { store, writer, corrections } = engine.laws;
  const all = (scope: string): LawRow[] => [...store.list([scope]), ...store.rejected([scope])];
  /** The person's latest History entry for this law here (a decision made here, or one applied from sync). */
  const lastDecision = (l: LawRow) => engine.journal.itemHistory(lawItem(l.id)).filter((e) => e.actor === 'person').at(-1) ?? null;

  /** Takes a law out as a removal from another device: one History entry, whose undo puts the row back. */
  const remove = (row: LawRow, law: SyncedLaw, by: By): void => {
    const derivation = law.removedBy === 'derivation';
    engine.memoryDb.transaction(() => {
      store.remove(row.id);
      engine.journal.append({
        layer: 'laws',
        // 'law.replaced' either way: History's undo of it puts the row back (a 'law.removed' has no undo).
        action: 'law.replaced',
        scope: row.scope,
        item: lawItem(row.id),
        actor: derivation ? 'inference' : 'person',
        source: by.source ?? null,
        before: row,
        after: null,
        summary: derivation ? `Replaced law ${quoted(row.statement)} (re-derived on another device)` : `Removed law ${quoted(row.statement)}`,
      });
    })();
  };

  const port: LawSyncPort = {
    keyOf: lawKey,
    // Every scope holding a law, rejected ones too: a scope whose only law the person rejected has a decision to send.
    scopes: () => engine.memoryDb.prepare(`SELECT DISTINCT scope FROM graph_law ORDER BY scope`).pluck().all() as string[],
    keys: (scope) => all(scope).map(keyOf),
    decided: (scope) =>
      all(scope).flatMap((l): LocalLaw[] => {
        const e = lastDecision(l);
        if (!e) return [];
        return [
          {
            id: l.id,
            entry: e.id,
            key: keyOf(l),
            statement: l.statement,
            derivedStatement: l.derivedStatement,
            confidence: l.confidence,
            support: l.support.filter((ref) => ref.startsWith('fact:')),
            origin: l.origin,
            status: l.status,
            rejectedReason: l.rejectedReason,
            pinned: l.pinned,
            recall: e.action === 'law.suppressed' ? { out: true, reason: l.suppressed?.reason ?? null } : e.action === 'law.unsuppressed' ? { out: false, reason: null } : null,
            suppressed: l.suppressed !== null,
            decidedAt: e.at,
            ...(e.undoes !== null ? { undo: true as const } : {}),
          },
        ];
      }),
    removal: (id) => {
      if (store.get(id)) return null;
      const history = engine.journal.itemHistory(lawItem(id));
      const last = history.at(-1);
      if (!last || last.after !== null) return null;
      const before = asLawRow(last.before);
      if (!before) return null;
      const decision = history.filter((e) => e.actor === 'person' && e !== last).at(-1);
      // Only a re-derivation here is the system's: the person's undo of an addition is their decision.
      return {
        by: last.action === 'law.replaced' && last.actor !== 'person' ? 'derivation' : 'person',
        at: last.at,
        statement: before.statement,
        lastDecision: decision ? { entry: decision.id, at: decision.at } : null,
        ...(last.undoes !== null && last.actor === 'person' ? { undo: true as const } : {}),
      };
    },
    apply: (scope, law, device) => {
      // A removal by re-derivation is a person's decision only in the ways re-derivation honours them.
      const person: By = { actor: 'person', source: { via: 'sync', detail: `from device ${device}` } };
      // Text from another device passes the same sanitizer as a law the person types.
      for (const text of [law.statement, law.derivedStatement ?? '', law.recall?.reason ?? '']) {
        const r = text ? sanitizeFact(text) : null;
        if (r && !r.ok) return { id: null, reason: r.reason };
      }
      /** Brings this home's law (found: its row here, if any) to the synced state through the laws' own paths. */
      const applyState = (found: LawRow | undefined): WriteOutcome => {
        let row = found;
        if (law.status === 'removed') {
          if (!row) return { id: null, reason: null };
          // A removal by re-derivation stands only over the person's decisions its device had seen (the
          // standing rule), so the law's state here came from those: it goes. Not a rejected law (an
          // exclusion, never re-derived away), nor one this device derived again on its own since.
          const ownLater = !lastDecision(row) && row.derivedAt > law.decidedAt;
          if (law.removedBy === 'derivation' && (row.status === 'rejected' || ownLater)) return { id: null, reason: null };
          remove(row, law, person);
          return { id: law.key, reason: null };
        }
        if (!row) {
          const first = law.derivedStatement ?? law.statement;
          row = writer.add(scope, { statement: first, confidence: law.confidence, support: law.support }, 'sync', law.origin === 'person' && !law.derivedStatement ? 'person' : 'inference', person);
        }
        if (law.status === 'active' && row.status === 'rejected') row = corrections.unreject(row.id, person);
        if (row.status === 'active') {
          if (law.statement !== row.statement) {
            // The person's edit reverted (History's undo) on the other device: the law is the inferred one again.
            const reverted = law.derivedStatement === null && law.origin !== 'person' && row.derivedStatement !== null && law.statement === row.derivedStatement;
            row = reverted
              ? writer.change(row.id, { statement: law.statement, origin: law.origin, derivedStatement: null, editedAt: null }, 'law.edited', person, (b, a) => `Edited law ${quoted(b.statement)} → ${quoted(a.statement)}`)
              : corrections.edit(row.id, law.statement, person);
          }
          if (law.pinned !== row.pinned) row = corrections.pin(row.id, law.pinned, person);
          // Out of recall or back: only a law that was here before the decision (a re-derivation since is
          // a new law), and never over a suppression this device's cascade made after it.
          if (law.recall?.out && !row.suppressed && row.derivedAt <= law.decidedAt) row = corrections.suppress(row.id, law.recall.reason ?? 'Taken out of recall on another device', person);
          if (law.recall && !law.recall.out && row.suppressed && row.suppressed.at <= law.decidedAt) row = corrections.unsuppress(row.id, person);
        }
        if (law.status === 'rejected' && row.status === 'active') row = corrections.reject(row.id, { reason: law.rejectedReason }, person);
        // Nothing to write (e.g. a rejected law worded differently here): not counted as received.
        const changed = !found || found.status !== row.status || found.statement !== row.statement || found.pinned !== row.pinned || (found.suppressed === null) !== (row.suppressed === null);
        return { id: changed ? law.key : null, reason: null };
      };
      try {
        return engine.memoryDb.transaction(() =>
          engine.journal.inGroup(() => {
            const found = all(scope).find((l) => keyOf(l) === law.key);
            // An undo made in History there is the undo of this home's entry for the decision it reverses.
            const reversed = law.undo && found ? reversedHere(engine, found, law) : null;
            return reversed === null ? applyState(found) : engine.journal.asUndoOf(reversed, () => applyState(found));
          }),
        )();
      } catch (err) {
        if (err instanceof MonadError && (err.code === 'BAD_INPUT' || err.code === 'CONFLICT')) return { id: null, reason: err.message };
        throw err;
      }
    },
  };
  // Laws derived here and no one decided on travel beside the decisions (engine-sync-laws-derived.ts).
  return { ...port, derived: derivedLawPort(engine, { keyOf: lawKey, removal: (id) => port.removal(id) }) };
}
