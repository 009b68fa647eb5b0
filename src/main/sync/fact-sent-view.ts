// The facts port as it is sent (issue 26 §2, issue 30 §2): a stored secret quoted in a fact leaves this
// device as `[REDACTED:stored-secret]`, even when the key was saved after the fact was written (the
// sanitizer only caught key shapes at write time). Fact ids are content hashes of the text, so the redacted
// fact's identity is the id its redacted text has: the id the other device gives it when it records it. The
// bridge (reconcileScope) then sees this home only in sent form: it compares, sends and remembers sent ids,
// so the redacted copy read back is this device's own fact (no loop, no rewrite of the text kept here), and
// every write it asks of the home (forget, edit) is turned back onto the fact as this home holds it.
import type { OutgoingFilter } from './sync-kind';
import type { FactSyncPort, SyncedFact, SyncedFactSource } from './sync-ports';

/**
 * `facts` seen through `outgoing`. Without `facts.idOf` (a bridge tested on its own, with no fact ids to
 * compute) the port is returned as it is: its texts cannot be given the redacted text's identity.
 */
export function sentFacts(facts: FactSyncPort, outgoing: OutgoingFilter | undefined): FactSyncPort {
  const idOf = facts.idOf?.bind(facts);
  if (!outgoing || !idOf) return facts;
  // Per scope: the id each fact has here, by its sent id (refreshed at every read of the scope).
  const held = new Map<string, Map<string, string>>();
  const back = (scope: string, id: string): string => held.get(scope)?.get(id) ?? id;
  const sent = (f: SyncedFact): SyncedFact => {
    const text = outgoing(f.text);
    return text === f.text ? f : { ...f, id: idOf(text), text };
  };
  return {
    ...facts,
    facts(scope) {
      const out = facts.facts(scope).map((f) => [f.id, sent(f)] as const);
      held.set(scope, new Map(out.filter(([id, s]) => s.id !== id).map(([id, s]) => [s.id, id])));
      return out.map(([, s]) => s);
    },
    edit: (scope, items) => facts.edit(scope, items.map((it) => ({ ...it, fromId: back(scope, it.fromId), ...(it.undoOf !== undefined ? { undoOf: back(scope, it.undoOf) } : {}) }))),
    record: (scope, items) => facts.record(scope, items.map((it) => (it.undoOf !== undefined ? { ...it, undoOf: back(scope, it.undoOf) } : it))),
    forget: (scope, id, device, undo) => facts.forget(scope, back(scope, id), device, undo),
    // A forgotten text is named as it would have been sent (it may quote a key saved since).
    ...(facts.forgottenHere
      ? {
          forgottenHere: (scope: string) =>
            facts.forgottenHere!(scope).map((g) => {
              const text = outgoing(g.text);
              return text === g.text ? g : { ...g, id: idOf(text), text };
            }),
        }
      : {}),
    // Sources travel under the fact's id as sent, and come back onto the fact as this home holds it.
    ...(facts.messageSources
      ? {
          messageSources: (scope: string) => {
            const sentId = new Map([...(held.get(scope) ?? new Map<string, string>())].map(([s, local]) => [local, s]));
            return facts.messageSources!(scope).map((x) => (sentId.has(x.factId) ? { ...x, factId: sentId.get(x.factId)! } : x));
          },
        }
      : {}),
    ...(facts.addMessageSources ? { addMessageSources: (scope: string, items: readonly SyncedFactSource[]) => facts.addMessageSources!(scope, items.map((x) => ({ ...x, factId: back(scope, x.factId) }))) } : {}),
    ...(facts.replacedHere ? { replacedHere: (scope: string, id: string) => facts.replacedHere!(scope, back(scope, id)) } : {}),
    ...(facts.undid ? { undid: (scope: string, id: string) => facts.undid!(scope, back(scope, id)) } : {}),
    ...(facts.editedBack ? { editedBack: (scope: string, id: string) => facts.editedBack!(scope, back(scope, id)) } : {}),
  };
}
