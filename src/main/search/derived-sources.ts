// What memory learned from each message, read from memory as it is now (issue 31 §1): the live L1 facts
// whose source is the message, and the current L2 relations it supports, as sentences. A fact that was
// edited keeps the message its first version came from (the edit corrects what was learned from it); a
// forgotten fact, a retracted or merged-away relation, a removed entity, a closed relation are not here.
import type { Database } from 'better-sqlite3';
import { relationSentence } from '../../shared/relation-words';
import { factMessages } from '../memory/facts/fact-origins';
import { LIVE_E } from '../memory/graph/graph-rows';
import type { DerivedEntry } from './derived-store';
import type { FactSource } from './search-service';

export function derivedFromMemory(memoryDb: Database, facts: FactSource): Map<string, DerivedEntry[]> {
  const out = new Map<string, DerivedEntry[]>();
  const add = (messageId: string, entry: DerivedEntry) => {
    const list = out.get(messageId);
    if (list) list.push(entry);
    else out.set(messageId, [entry]);
  };
  for (const { scope } of facts.scopes()) {
    const live = facts.read(scope).facts;
    if (!live.length) continue;
    const sources = factMessages(memoryDb, scope, live.map((f) => f.id));
    for (const fact of live) for (const m of sources.get(fact.id) ?? []) add(m.messageId, { kind: 'fact', text: fact.text });
  }
  const relations = memoryDb
    .prepare(
      `SELECT sup.message_id, s.name, e.relation, d.name
       FROM graph_edge e JOIN graph_edge_support sup ON sup.edge_id = e.id
       JOIN graph_node s ON s.id = e.src JOIN graph_node d ON d.id = e.dst
       WHERE ${LIVE_E} AND e.valid_to IS NULL AND s.removed_at IS NULL AND d.removed_at IS NULL`,
    )
    .raw()
    .all() as Array<[string, string, string, string]>;
  for (const [messageId, src, relation, dst] of relations) add(messageId, { kind: 'relation', text: relationSentence(src, relation, dst) });
  return out;
}
