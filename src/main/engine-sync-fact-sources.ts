// The facts port's sources (issue 30 §2): which messages each fact held here was learned from, read from and
// written to fact_origin. A fact's earlier texts count: the walk is factMessages (memory/facts/fact-origins.ts),
// the one the search's derived field reads too.
import type { Engine } from './engine';
import { factMessages } from './memory/facts/fact-origins';
import { inTransaction } from './db/transactions';
import type { SyncedFactSource } from './sync/sync-ports';

/** What a source says on another device, in History's words. */
const LEARNED_ELSEWHERE = 'learned from this message on another device';

export function factMessageSources(engine: Engine, scope: string): SyncedFactSource[] {
  const facts = engine.facts.memory.read(scope).facts;
  const sources = factMessages(engine.memoryDb, scope, facts.map((f) => f.id));
  return facts.flatMap((f) => (sources.get(f.id) ?? []).map((m) => ({ factId: f.id, ...m })));
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
