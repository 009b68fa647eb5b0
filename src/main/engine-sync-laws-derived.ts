// The sync room's port onto the laws this home derived and no one decided on (issue 30 §3), built beside the
// decision port (engine-sync-laws.ts), which hands in how a law is keyed and how a removed law left. Another
// device's law is written through the laws' own writer, by inference via sync (never a person's decision), after
// the same sanitizer as a law the model proposes here; a law taken out is one History entry whose undo brings
// it back, as every removal that sync makes.
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import { sanitizeFact } from './memory/facts/sanitize';
import { SYNCED_DERIVED, type LawRow } from './memory/laws/law-store';
import { lawItem, quoted } from './memory/laws/law-writer';
import type { DerivedLawPort, HeldLaw, LawRemoval } from './sync/laws-ports';

export interface DerivedLawDeps {
  /** The key a law has on every device: its scope and its statement as first derived (engine-sync-laws.ts). */
  keyOf(scope: string, derivedStatement: string): string;
  /** How a law row left this home (the decision port's reading of its History). */
  removal(id: number): LawRemoval | null;
}

/** Rows written from a synced decision (engine-sync-laws.ts writes them with this fingerprint) or derivation. */
const fromSync = (l: LawRow): boolean => l.fingerprint === 'sync' || l.fingerprint === SYNCED_DERIVED;

export function derivedLawPort(engine: Engine, deps: DerivedLawDeps): DerivedLawPort {
  const { store, writer } = engine.laws;
  // The engine's one compiled set of the stored values (the egress filter's), compiled again only when they change.
  const knownSecrets = () => engine.egress.known();
  const decided = (l: LawRow): boolean => engine.journal.itemHistory(lawItem(l.id)).some((e) => e.actor === 'person');
  return {
    held: (scope) =>
      [...store.list([scope]), ...store.rejected([scope])].map((l): HeldLaw => {
        const byPerson = decided(l);
        return {
          id: l.id,
          key: deps.keyOf(scope, l.derivedStatement ?? l.statement),
          statement: l.statement,
          confidence: l.confidence,
          support: l.support.filter((ref) => ref.startsWith('fact:')),
          derivedAt: l.derivedAt,
          status: l.status,
          synced: l.fingerprint === SYNCED_DERIVED,
          decided: byPerson,
          own: l.status === 'active' && l.origin === 'inference' && !l.pinned && !fromSync(l) && !byPerson,
        };
      }),
    keyOf: (scope, statement) => deps.keyOf(scope, statement),
    admit: (scope, statement) => {
      // The sanitizer may clean the text (invisible characters, a secret stored here): the key is the cleaned
      // law's, the one the row written here will have, so the next round finds it.
      const r = sanitizeFact(statement, { knownSecrets: knownSecrets() });
      return r.ok ? { key: deps.keyOf(scope, r.text), text: r.text } : { key: deps.keyOf(scope, statement), reason: r.reason };
    },
    add: (scope, law, device) => {
      // A derivation time ahead of this device's clock would keep the law from decaying: at most now.
      const now = new Date().toISOString();
      const at = new Date(law.derivedAt).toISOString();
      try {
        const row = writer.add(
          scope,
          { statement: law.statement, confidence: law.confidence, support: law.support },
          SYNCED_DERIVED,
          'inference',
          { actor: 'inference', source: { via: 'sync', detail: `from device ${device}` } },
          at < now ? at : now,
        );
        return { id: String(row.id), reason: null };
      } catch (err) {
        if (err instanceof MonadError && (err.code === 'BAD_INPUT' || err.code === 'CONFLICT')) return { id: null, reason: err.message };
        throw err;
      }
    },
    drop: (id, by, device) => {
      engine.memoryDb.transaction(() => {
        const row = store.remove(id);
        if (!row) return;
        engine.journal.append({
          layer: 'laws',
          // 'law.replaced': History's undo of it puts the row back.
          action: 'law.replaced',
          scope: row.scope,
          item: lawItem(row.id),
          actor: by,
          source: { via: 'sync', ...(device ? { detail: `from device ${device}` } : {}) },
          before: row,
          after: null,
          summary: by === 'inference' ? `Replaced law ${quoted(row.statement)} (re-derived on another device)` : `Removed law ${quoted(row.statement)}`,
        });
      })();
    },
    removal: (id) => deps.removal(id),
    batch: (fn) => engine.memoryDb.transaction(fn)(),
  };
}
