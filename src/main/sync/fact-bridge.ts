// Between a fact scope's Markdown file (the truth on each device) and its synced version log (a Yjs map of
// FactVersion records, add-only). Outgoing: what changed in the file since the last sync becomes new
// versions. Incoming: the facts the log says stand are written through the port — the same path as a local
// write — and those it says were forgotten are forgotten. After a run the file and the log agree, so
// applying a synced write sends nothing back.
import * as Y from 'yjs';
import type { JournalActor } from '../../shared/journal';
import { resolveFact, versionId, type FactVersion } from './fact-log';
import type { FactSyncPort, IncomingFact } from './sync-ports';
import type { SyncKind } from './sync-kind';

export interface ScopeReport {
  scope: string;
  sent: number;
  received: number;
  forgotten: number;
  refused: { text: string; reason: string }[];
}

/** The versions map of a scope's document. */
export function versionsOf(doc: Y.Doc): Y.Map<FactVersion> {
  return doc.getMap<FactVersion>('versions');
}

interface Standing {
  state: 'live' | 'forgotten';
  /** The version that stands (a forget for a forgotten fact). */
  version: FactVersion;
  /** The ids of the fact's heads: the parents of the next version this device writes. */
  heads: string[];
}

function standing(map: Y.Map<FactVersion>): Map<string, Standing> {
  const byFact = new Map<string, FactVersion[]>();
  for (const v of map.values()) {
    const list = byFact.get(v.factId);
    if (list) list.push(v);
    else byFact.set(v.factId, [v]);
  }
  const out = new Map<string, Standing>();
  for (const [factId, list] of byFact) {
    const r = resolveFact(list);
    if (!r) continue;
    const heads = (r.concurrent.length ? r.concurrent : [r.current]).map((v) => v.id);
    out.set(factId, { state: r.current.kind === 'record' ? 'live' : 'forgotten', version: r.current, heads });
  }
  return out;
}

export interface ReconcileInput {
  scope: string;
  doc: Y.Doc;
  facts: FactSyncPort;
  /** Fact ids the file held at the end of the last sync of this scope (empty the first time). */
  lastSynced: ReadonlySet<string>;
  device: string;
  now: () => Date;
}

export function reconcileScope(input: ReconcileInput): { report: ScopeReport; synced: Set<string> } {
  const { scope, doc, facts, lastSynced, device } = input;
  const map = versionsOf(doc);
  const report: ScopeReport = { scope, sent: 0, received: 0, forgotten: 0, refused: [] };
  const push = (v: Omit<FactVersion, 'id'>): void => {
    const full = { ...v, id: versionId(v) };
    map.set(full.id, full);
    report.sent++;
  };

  // Outgoing, in one transaction (one update to the relay).
  const local = new Map(facts.facts(scope).map((f) => [f.id, f]));
  doc.transact(() => {
    const known = standing(map);
    const at = input.now().toISOString();
    for (const [id, f] of local) {
      // Synced before and still in the log: nothing new (a forget from elsewhere is applied below).
      if (lastSynced.has(id) && known.has(id)) continue;
      const k = known.get(id);
      if (k?.state === 'live') continue; // already in the log (recorded on another device too)
      // A fact the log never had, or one forgotten elsewhere that this device (re)recorded since.
      // A fact kept without a source predates kept sources: it is the person's memory file.
      const actor: JournalActor = f.actor ?? 'person';
      push({ factId: id, parents: k?.heads ?? [], kind: 'record', text: f.text, actor, at, device });
    }
    for (const id of lastSynced) {
      if (local.has(id)) continue;
      const k = known.get(id);
      if (k?.state === 'live') push({ factId: id, parents: k.heads, kind: 'forget', text: null, actor: 'person', at, device });
    }
  });

  // Incoming: the file follows what stands in the merged log.
  const incoming: IncomingFact[] = [];
  for (const [id, s] of standing(map)) {
    if (s.state === 'live' && !local.has(id)) incoming.push({ text: s.version.text ?? '', actor: s.version.actor, device: s.version.device });
    else if (s.state === 'forgotten' && local.has(id)) {
      facts.forget(scope, id, s.version.device);
      report.forgotten++;
    }
  }
  if (incoming.length) {
    facts.record(scope, incoming).forEach((r, i) => {
      if (r.id) report.received++;
      else report.refused.push({ text: incoming[i].text, reason: r.reason ?? 'refused' });
    });
  }
  return { report, synced: new Set(facts.facts(scope).map((f) => f.id)) };
}

/** L1 facts as a sync kind: one document per scope, `facts/<scope>`. */
export function factsKind(facts: FactSyncPort): SyncKind {
  return {
    kind: 'facts',
    localKeys: () => facts.scopes(),
    reconcile(scope, doc, ctx) {
      const lastSynced = new Set<string>(JSON.parse(ctx.memory.get('synced') ?? '[]') as string[]);
      const { report, synced } = reconcileScope({ scope, doc, facts, lastSynced, device: ctx.device, now: ctx.now });
      ctx.memory.set('synced', JSON.stringify([...synced].sort()));
      return { kind: 'facts', key: scope, sent: report.sent, received: report.received, forgotten: report.forgotten, refused: report.refused };
    },
  };
}
