// The sync room's port onto this home's laws (issue 30 §2–§3), built in the composition root's room. A law is
// found by its content key (scope + its statement as first derived, normalised); the person's decisions made on
// another device are applied through LawCorrections as the person's, so History shows them and undo works.
import { createHash } from 'node:crypto';
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import { sanitizeFact } from './memory/facts/sanitize';
import { normalizeName } from './memory/graph/graph-normalize';
import type { LawRow } from './memory/laws/law-store';
import type { By } from './memory/laws/law-writer';
import type { LawSyncPort, SyncedLaw } from './sync/laws-ports';

export const lawKey = (scope: string, derivedStatement: string): string => createHash('sha256').update(JSON.stringify(['law', scope, normalizeName(derivedStatement)])).digest('hex').slice(0, 24);
const keyOf = (l: LawRow): string => lawKey(l.scope, l.derivedStatement ?? l.statement);

export function lawSyncPort(engine: Engine): LawSyncPort {
  const { store, writer, corrections } = engine.laws;
  const all = (scope: string): LawRow[] => [...store.list([scope]), ...store.rejected([scope])];
  /** When the person last decided on this law here: their latest History entry for it. */
  const decidedAt = (l: LawRow): string | null => engine.journal.itemHistory(`law:${l.id}`).filter((e) => e.actor === 'person').at(-1)?.at ?? null;

  return {
    scopes: () => store.scopes(),
    decided: (scope) =>
      all(scope).flatMap((l): SyncedLaw[] => {
        const at = decidedAt(l);
        if (!at) return [];
        return [
          {
            key: keyOf(l),
            statement: l.statement,
            derivedStatement: l.derivedStatement,
            confidence: l.confidence,
            support: l.support.filter((ref) => ref.startsWith('fact:')),
            origin: l.origin,
            status: l.status,
            rejectedReason: l.rejectedReason,
            pinned: l.pinned,
            decidedAt: at,
          },
        ];
      }),
    apply: (scope, law, device) => {
      const by: By = { actor: 'person', source: { via: 'sync', detail: `from device ${device}` } };
      // Text from another device passes the same sanitizer as a law the person types.
      for (const text of [law.statement, law.derivedStatement ?? '']) {
        const r = text ? sanitizeFact(text) : null;
        if (r && !r.ok) return { id: null, reason: r.reason };
      }
      try {
        return engine.memoryDb.transaction(() =>
          engine.journal.inGroup(() => {
            let row = all(scope).find((l) => keyOf(l) === law.key);
            if (!row) {
              const first = law.derivedStatement ?? law.statement;
              row = writer.add(scope, { statement: first, confidence: law.confidence, support: law.support }, 'sync', law.origin === 'person' && !law.derivedStatement ? 'person' : 'inference', by);
            }
            if (law.status === 'active' && row.status === 'rejected') row = corrections.unreject(row.id, by);
            if (law.status === 'active' || row.status === 'active') {
              if (law.statement !== row.statement && row.status === 'active') row = corrections.edit(row.id, law.statement, by);
              if (law.pinned !== row.pinned && row.status === 'active') row = corrections.pin(row.id, law.pinned, by);
            }
            if (law.status === 'rejected' && row.status === 'active') row = corrections.reject(row.id, { reason: law.rejectedReason }, by);
            return { id: law.key, reason: null };
          }),
        )();
      } catch (err) {
        if (err instanceof MonadError && (err.code === 'BAD_INPUT' || err.code === 'CONFLICT')) return { id: null, reason: err.message };
        throw err;
      }
    },
  };
}
