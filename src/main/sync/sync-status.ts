// `monad sync status` (issue 30 §5): what a person needs to trust sync, from this device alone — paired or
// not, with which relay and home, when it last synced and what that run refused, what changed here since
// (not yet sent), and which facts devices edited apart and still disagree on. Read from the device's store
// and the home's files; the relay is not asked, so status answers offline too.
import * as Y from 'yjs';
import type { DocStore } from './doc-store';
import { resolveFact, type FactVersion } from './fact-log';
import { versionsOf } from './fact-bridge';
import type { Pairing } from './device-pairing';
import type { SyncReport } from './sync-client';
import { SYNC_FORMAT } from './sync-client';
import type { FactSyncPort } from './sync-ports';
import { identityConflictIn, lineCount } from './identity-conflicts';

const LAST_RUN_KEY = 'last-sync';
const LAST_FAILURE_KEY = 'last-sync-failure';
/** Refused items kept from the last run: enough to act on, bounded so a bad run cannot bloat the store. */
const MAX_REFUSED_KEPT = 50;

export interface LastRun {
  at: string;
  sent: number;
  received: number;
  forgotten: number;
  refused: { document: string; text: string; reason: string }[];
}

export interface SyncStatus {
  paired: boolean;
  relay: string | null;
  space: string | null;
  device: { id: string | null; name: string | null; localId: string | null };
  lastSync: LastRun | null;
  /** The last run that failed after the last success, with what it said. */
  lastFailure: { at: string; message: string } | null;
  /** Changes made on this device since its last sync (facts recorded or forgotten), not yet sent. */
  pending: number;
  /** Facts edited on several devices apart whose versions still disagree (History offers the pick). */
  conflicts: { document: string; factId: string; texts: (string | null)[] }[];
  format: { device: number; home: number | null };
}

/** Called after every successful run (the CLI's `sync now`, the app's live sync). */
export function recordSyncRun(store: DocStore, report: SyncReport, at: Date): void {
  const refused = report.documents.flatMap((d) => d.refused.map((r) => ({ document: `${d.kind}/${d.key}`, text: r.text.slice(0, 200), reason: r.reason })));
  const run: LastRun = { at: at.toISOString(), sent: report.sent, received: report.received, forgotten: report.forgotten, refused: refused.slice(0, MAX_REFUSED_KEPT) };
  store.set(LAST_RUN_KEY, JSON.stringify(run));
  store.set(LAST_FAILURE_KEY, '');
}

export function recordSyncFailure(store: DocStore, message: string, at: Date): void {
  store.set(LAST_FAILURE_KEY, JSON.stringify({ at: at.toISOString(), message }));
}

function parsed<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function docOf(store: DocStore, name: string): Y.Doc | null {
  const state = store.load(name);
  if (!state) return null;
  const doc = new Y.Doc();
  Y.applyUpdate(doc, state);
  return doc;
}

/** Facts recorded here and not in the last sync's list, plus facts that list had and the file no longer has. */
function pendingFacts(store: DocStore, facts: FactSyncPort): number {
  let n = 0;
  for (const scope of facts.scopes()) {
    const synced = new Set(parsed<string[]>(store.get(`facts/${scope}:synced`)) ?? []);
    const local = new Set(facts.facts(scope).map((f) => f.id));
    for (const id of local) if (!synced.has(id)) n++;
    for (const id of synced) if (!local.has(id)) n++;
  }
  return n;
}

function factConflicts(store: DocStore): SyncStatus['conflicts'] {
  const out: SyncStatus['conflicts'] = [];
  for (const name of store.names()) {
    if (name.startsWith('identity/')) {
      // An identity file saved apart: its versions by device and length (whole files would flood the status).
      const doc = docOf(store, name);
      const c = doc ? identityConflictIn(name.slice('identity/'.length), doc) : null;
      if (c) out.push({ document: name, factId: c.file, texts: c.versions.map((v) => (v.text === null ? null : `${v.device}'s version, ${lineCount(v.text)} lines`)) });
      doc?.destroy();
      continue;
    }
    if (!name.startsWith('facts/')) continue;
    const doc = docOf(store, name);
    if (!doc) continue;
    const byFact = new Map<string, FactVersion[]>();
    for (const v of versionsOf(doc).values()) byFact.set(v.factId, [...(byFact.get(v.factId) ?? []), v]);
    for (const [factId, versions] of byFact) {
      const r = resolveFact(versions);
      // The same text recorded on two devices apart is two heads that agree: nothing to look at.
      const distinct = new Set(r?.concurrent.map((v) => `${v.kind}\u0000${v.text ?? ''}`));
      if (r && distinct.size > 1) out.push({ document: name, factId, texts: r.concurrent.map((v) => v.text) });
    }
    doc.destroy();
  }
  return out;
}

export function syncStatus(store: DocStore, pairing: Pairing, facts: FactSyncPort): SyncStatus {
  const home = docOf(store, 'home');
  const homeFormat = home ? ((home.getMap<number>('meta').get('format') as number | undefined) ?? null) : null;
  home?.destroy();
  const lastSync = parsed<LastRun>(store.get(LAST_RUN_KEY));
  return {
    paired: Boolean(pairing.token && pairing.deviceId),
    relay: pairing.relay,
    space: pairing.space,
    device: { id: pairing.deviceId, name: pairing.deviceName, localId: store.get('device') },
    lastSync,
    lastFailure: parsed<{ at: string; message: string }>(store.get(LAST_FAILURE_KEY)),
    // Before the first sync every fact is pending; after it, what changed since.
    pending: pendingFacts(store, facts),
    conflicts: factConflicts(store),
    format: { device: SYNC_FORMAT, home: homeFormat },
  };
}
