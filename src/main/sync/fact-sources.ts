// The messages facts were learned from, beside a fact scope's version log (issue 30 §2: facts travel with their
// sources). A map of its own in the scope's document, add-only, one entry per (fact text id, message): devices
// that know nothing of it (format 2) ignore it, and the versions' ids do not change. Outgoing: every source this
// home knows of a fact it holds. Incoming: a source of a fact held here that this home does not know yet.
import * as Y from 'yjs';
import type { FactOriginKind } from '../../shared/facts';
import type { FactSyncPort, SyncedFactSource } from './sync-ports';

export function factSourcesOf(doc: Y.Doc): Y.Map<SyncedFactSource> {
  return doc.getMap<SyncedFactSource>('sources');
}

const keyOf = (s: SyncedFactSource): string => `${s.factId}\u0000${s.messageId}`;

const ORIGINS: ReadonlySet<FactOriginKind> = new Set(['typed', 'pasted', 'forwarded', 'imported', 'person', 'agent', 'consolidated']);
/** Ids as Monad makes them (UUIDs, hashes): a record from the relay is untrusted, and anything else is left out. */
const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

/** An entry as another device may have written it: well-formed, or not taken. */
export function wellFormedSource(s: unknown): s is SyncedFactSource {
  if (!s || typeof s !== 'object') return false;
  const r = s as Record<string, unknown>;
  return typeof r.factId === 'string' && ID.test(r.factId) && typeof r.messageId === 'string' && ID.test(r.messageId) && (r.sessionId === null || (typeof r.sessionId === 'string' && ID.test(r.sessionId))) && typeof r.origin === 'string' && ORIGINS.has(r.origin as FactOriginKind);
}

/** Writes into the document the sources of facts held here that it does not have yet; returns how many. */
export function sendFactSources(scope: string, doc: Y.Doc, facts: FactSyncPort): number {
  if (!facts.messageSources) return 0;
  const map = factSourcesOf(doc);
  let sent = 0;
  for (const s of facts.messageSources(scope)) {
    const key = keyOf(s);
    if (map.has(key)) continue;
    map.set(key, { factId: s.factId, messageId: s.messageId, sessionId: s.sessionId, origin: s.origin });
    sent++;
  }
  return sent;
}

/** Gives the facts held here (by id) the sources the document knows for them; returns how many were new here. */
export function takeFactSources(scope: string, doc: Y.Doc, facts: FactSyncPort, held: ReadonlySet<string>): number {
  if (!facts.addMessageSources) return 0;
  const wanted = [...factSourcesOf(doc).values()].filter((s) => wellFormedSource(s) && held.has(s.factId));
  return wanted.length ? facts.addMessageSources(scope, wanted) : 0;
}
