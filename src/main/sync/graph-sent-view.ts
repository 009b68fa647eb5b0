// The graph port as it is sent (issue 26 §2, issue 30 §2): a stored secret quoted in an entity's name, a
// relation's wording or a retraction's reason leaves this device as `[REDACTED:stored-secret]`, even when the
// key was saved after the relation was written. Records are named by content keys (hashes of names and
// wording), so a redacted entity or relation travels under the key its redacted text has — the key the other
// device computes for what it adds — and every record naming it (retraction, end, correction, edit) names that
// key. The bridge sees this home only in sent form; what comes in for such a key is applied to the entity or
// relation as this home holds it. A wording is also looked at in the graph's normalised form (port.sendWording).
import type { GraphSyncPort, SyncedEntity, SyncedRelation } from './graph-ports';
import type { OutgoingFilter } from './sync-kind';

/** `port` seen through `outgoing`; as it is without `port.keysOf` (no keys to compute: nothing can be matched). */
export function sentGraph(port: GraphSyncPort, outgoing: OutgoingFilter | undefined): GraphSyncPort {
  const keysOf = port.keysOf;
  if (!outgoing || !keysOf) return port;
  // Per scope: sent key → this home's key, and the reverse (refreshed whenever entities or relations are read).
  const back = new Map<string, Map<string, string>>();
  const forth = new Map<string, Map<string, string>>();
  const note = (scope: string, key: string, sentKey: string): void => {
    if (key === sentKey) return;
    if (!back.has(scope)) back.set(scope, new Map()), forth.set(scope, new Map());
    back.get(scope)!.set(sentKey, key);
    forth.get(scope)!.set(key, sentKey);
  };
  const fwd = (scope: string, key: string): string => forth.get(scope)?.get(key) ?? key;
  const bwd = (scope: string, key: string): string => back.get(scope)?.get(key) ?? key;
  const entity = (scope: string, e: SyncedEntity): SyncedEntity => {
    const s = outgoing(e);
    if (s === e) return e;
    const key = keysOf.entity(scope, s.name);
    note(scope, e.key, key);
    return { ...s, key };
  };
  // A wording is stored normalised (lower case, `_` for other characters, cut short), so the egress filter
  // alone misses a stored secret quoted in it: the port, which owns the normalisation, looks for that form too.
  const wording = <T extends { relation: string }>(x: T): T => {
    const w = port.sendWording ? port.sendWording(x.relation) : x.relation;
    return w === x.relation ? x : { ...x, relation: w };
  };
  const relation = (scope: string, r: SyncedRelation): SyncedRelation => {
    const s = wording(outgoing(r));
    if (s === r) return r;
    const key = keysOf.relation(scope, s.src, s.relation, s.dst, s.provClass);
    note(scope, r.key, key);
    return { ...s, key };
  };
  const read = new Set<string>();
  const relations = (scope: string): SyncedRelation[] => {
    read.add(scope);
    return port.relations(scope).map((r) => relation(scope, r));
  };
  // The keys of records naming a relation follow its sent key: known once the relations were read this round.
  const ensure = (scope: string): void => void (read.has(scope) || relations(scope));
  return {
    ...port,
    entities: (scope) => port.entities(scope).map((e) => entity(scope, e)),
    relations,
    retractions: (scope) => {
      ensure(scope);
      return port.retractions(scope).map((x) => ({ ...outgoing(x), key: fwd(scope, x.key) }));
    },
    ends: (scope) => {
      ensure(scope);
      return port.ends(scope).map((x) => ({ ...x, key: fwd(scope, x.key) }));
    },
    entityFixes: (scope) => port.entityFixes(scope).map((x) => ({ ...outgoing(x), key: fwd(scope, x.key) })),
    relationEdits: (scope) => {
      ensure(scope);
      return port.relationEdits(scope).map((x) => ({ ...wording(outgoing(x)), from: fwd(scope, x.from), to: fwd(scope, x.to) }));
    },
    endRelation: (scope, end, device) => port.endRelation(scope, { ...end, key: bwd(scope, end.key) }, device),
    fixEntity: (scope, fix, device) => port.fixEntity(scope, { ...fix, key: bwd(scope, fix.key) }, device),
    undoEntityFix: (scope, fix, device) => port.undoEntityFix(scope, { ...fix, key: bwd(scope, fix.key) }, device),
    editRelation: (scope, keys, patch, device, undo) => port.editRelation(scope, keys.map((k) => bwd(scope, k)), patch, device, undo),
    restoreRelation: (scope, keys, device, undo) => port.restoreRelation(scope, keys.map((k) => bwd(scope, k)), device, undo),
    reopenRelation: (scope, key, device) => port.reopenRelation(scope, bwd(scope, key), device),
    retract: (scope, key, reason, device) => port.retract(scope, bwd(scope, key), reason, device),
  };
}
