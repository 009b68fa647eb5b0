// The facts port's sources (issue 30 §2): which messages each fact held here was learned from, read from and
// written to fact_origin. A fact's earlier texts count (an edit keeps what the first text was learned from, as
// the search's derived field reads it: search/derived-sources.ts).
import type { FactOriginKind } from '../shared/facts';
import type { Engine } from './engine';
import { statement } from './db/statements';
import { inTransaction } from './db/transactions';
import type { SyncedFactSource } from './sync/sync-ports';

type Row = [factId: string, previousId: string | null, messageId: string | null, sessionId: string | null, origin: FactOriginKind];

/** What a source says on another device, in History's words. */
const LEARNED_ELSEWHERE = 'learned from this message on another device';

export function factMessageSources(engine: Engine, scope: string): SyncedFactSource[] {
  const rows = statement(engine.memoryDb, `SELECT fact_id, previous_id, message_id, session_id, origin FROM fact_origin WHERE scope = ? ORDER BY id`, 'raw').all(scope) as Row[];
  if (!rows.length) return [];
  const own = new Map<string, { messageId: string; sessionId: string | null; origin: FactOriginKind }[]>();
  const previous = new Map<string, string>();
  for (const [factId, previousId, messageId, sessionId, origin] of rows) {
    if (messageId) own.set(factId, [...(own.get(factId) ?? []), { messageId, sessionId, origin }]);
    if (previousId && previousId !== factId && !previous.has(factId)) previous.set(factId, previousId);
  }
  const out: SyncedFactSource[] = [];
  for (const fact of engine.facts.memory.read(scope).facts) {
    const seen = new Set<string>();
    const messages = new Set<string>();
    for (let id: string | undefined = fact.id; id && !seen.has(id); id = previous.get(id)) {
      seen.add(id);
      for (const s of own.get(id) ?? []) {
        if (messages.has(s.messageId)) continue;
        messages.add(s.messageId);
        out.push({ factId: fact.id, ...s });
      }
    }
  }
  return out;
}

export function addFactMessageSources(engine: Engine, scope: string, items: readonly SyncedFactSource[]): number {
  const db = engine.memoryDb;
  const known = new Set(factMessageSources(engine, scope).map((s) => `${s.factId}\u0000${s.messageId}`));
  const fresh = items.filter((s) => !known.has(`${s.factId}\u0000${s.messageId}`));
  if (!fresh.length) return 0;
  // A row of its own kind ('duplicate': the same fact, recorded again there), so a fact's own history here —
  // who wrote it, when — is unchanged; what reads fact_origin for messages (search, a chat's deletion, recall's
  // second-hand mark) reads it.
  inTransaction(db, () => {
    for (const s of fresh) {
      known.add(`${s.factId}\u0000${s.messageId}`);
      engine.facts.origins.record({ scope, factId: s.factId, origin: s.origin, event: 'duplicate', sessionId: s.sessionId, messageId: s.messageId, detail: LEARNED_ELSEWHERE });
    }
  });
  // The search's derived field reads fact_origin: it is told, as a journaled change would tell it.
  engine.search.derived?.changed();
  return fresh.length;
}
