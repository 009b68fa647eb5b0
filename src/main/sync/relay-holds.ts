// Whether what the relay said it holds of a document covers everything this device's copy holds: every
// item (the state vector: for each writer, how many of its changes) and every deletion (the delete set).
// A Yjs document only grows, and the relay's copy too while one connection lasts, so a state the relay
// reported earlier on the connection that covers this copy now means the relay has everything written here.
import * as Y from 'yjs';

/** Yjs names its delete set's class in its types but does not export it by name. */
export type DeleteSet = Y.Snapshot['ds'];

/**
 * What the relay reported of one document: its state vector (step 1) and its delete set (step 2). The delete
 * set is read when first asked for (only once the items are covered), and without decoding the step 2's
 * items: a document's first answer is the whole document (a graph of 10,000 relations), which the provider
 * decodes already. `diffUpdate` against the relay's own state vector streams past every item (each is within
 * that vector) and keeps the delete set whole.
 */
export interface RelayState {
  sv: Map<number, number>;
  readonly ds: DeleteSet;
}

export function relayStateOf(stateVector: Uint8Array, update: Uint8Array): RelayState {
  let ds: DeleteSet | undefined;
  return {
    sv: Y.decodeStateVector(stateVector),
    get ds() {
      return (ds ??= Y.decodeUpdate(Y.diffUpdate(update, stateVector)).ds);
    },
  };
}

/** Every item this copy holds is within the relay's state vector. */
export function itemsCovered(relay: Map<number, number>, here: Map<number, number>): boolean {
  for (const [client, clock] of here) if ((relay.get(client) ?? 0) < clock) return false;
  return true;
}

type Range = { clock: number; len: number };

/** The ranges sorted and joined where they touch or overlap (a delete set may split one run in several). */
function joined(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const r of [...ranges].sort((a, b) => a.clock - b.clock)) {
    const last = out[out.length - 1];
    if (last && r.clock <= last.clock + last.len) last.len = Math.max(last.len, r.clock + r.len - last.clock);
    else out.push({ clock: r.clock, len: r.len });
  }
  return out;
}

/** Every deletion this copy holds is within the relay's delete set. */
export function deletionsCovered(relay: DeleteSet, here: DeleteSet): boolean {
  for (const [client, ranges] of here.clients) {
    const theirs = joined(relay.clients.get(client) ?? []);
    let i = 0;
    for (const r of joined(ranges)) {
      if (r.len === 0) continue;
      while (i < theirs.length && theirs[i].clock + theirs[i].len <= r.clock) i++;
      const t = theirs[i];
      if (!t || t.clock > r.clock || t.clock + t.len < r.clock + r.len) return false;
    }
  }
  return true;
}

/** The relay's reported state covers this copy of the document: items first (cheap), then deletions. */
export function relayHolds(relay: RelayState, doc: Y.Doc): boolean {
  if (!itemsCovered(relay.sv, Y.decodeStateVector(Y.encodeStateVector(doc)))) return false;
  return deletionsCovered(relay.ds, Y.createDeleteSetFromStructStore(doc.store));
}
