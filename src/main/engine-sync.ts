// The sync room's port onto this home's facts (issue 30): built here, in the composition root's room, so
// that src/main/sync/ depends only on the narrow FactSyncPort and never on the memory layer.
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import type { JournalActor } from '../shared/journal';
import type { FactSyncPort } from './sync/sync-ports';
import { factsKind } from './sync/fact-bridge';
import { withOutgoingFilter, type SyncKind } from './sync/sync-kind';
import type { SyncOptions } from './sync/sync-client';
import { syncOutgoing } from './engine-sync-outgoing';
import { factId } from './memory/facts/fact-id';
import { sentFacts } from './sync/fact-sent-view';
import { addFactMessageSources, factMessageSources } from './engine-sync-fact-sources';
import { asUndoFromSync, editFactsFromSync, factEditedBack, factsForgottenHere, factUndoneHere, noteFactConflict } from './engine-sync-facts';
import { graphSyncPort } from './engine-sync-graph';
import { graphKind } from './sync/graph-bridge';
import { lawSyncPort } from './engine-sync-laws';
import { lawsKind } from './sync/laws-bridge';
import { inboxSyncPort } from './engine-sync-inbox';
import { inboxKind } from './sync/inbox-bridge';
import { chatsKind } from './sync/chat-bridge';
import { chatBlobPort, chatSyncPort } from './engine-sync-chats';
import { blobsKind } from './sync/chat-blobs';
import { identityKind } from './sync/identity-bridge';
import { identitySyncPort } from './engine-sync-identity';
import { agentsKind } from './sync/agents-bridge';
import { agentsSyncPort } from './engine-sync-agents';

/** The facts as they are sent (a stored secret redacted, under its redacted text's id): what `sync status` compares. */
export const sentFactSyncPort = (engine: Engine): FactSyncPort => sentFacts(factSyncPort(engine), syncOutgoing(engine));

export function factSyncPort(engine: Engine): FactSyncPort {
  const { memory, ledger } = engine.facts;
  const bySync = (actor: JournalActor, device: string) => ({ actor, source: { via: 'sync' as const, detail: `from device ${device}` } });
  return {
    scopes: () => memory.scopes().map((s) => s.scope),
    facts: (scope) =>
      memory.read(scope).facts.map((f) => {
        const source = ledger.sourceOf(scope, f.id);
        return { id: f.id, text: f.text, actor: source?.actor ?? null, replaces: source?.replaces ?? [], at: source?.at ?? null };
      }),
    // MemoryDir's record path is the one every local write takes: sanitizer, lock, dedup, History, versions.
    // recordMany (as an import uses) writes the file once per call: one call per author and device.
    record: (scope, items) => {
      const out: { id: string | null; reason: string | null }[] = new Array(items.length);
      const groups = new Map<string, number[]>();
      items.forEach((it, i) => {
        // A fact back by an undo on another device: on its own, so History marks the forget it reverses.
        if (it.undoOf !== undefined) {
          const r = ledger.as(bySync(it.actor, it.device), () => asUndoFromSync(engine, scope, it.undoOf, ['fact.forgotten'], () => memory.record(scope, it.text)));
          out[i] = r.fact ? { id: r.fact.id, reason: null } : { id: null, reason: r.reason ?? r.status };
          return;
        }
        const key = `${it.actor}\u0000${it.device}`;
        const g = groups.get(key);
        if (g) g.push(i);
        else groups.set(key, [i]);
      });
      for (const idx of groups.values()) {
        const { actor, device } = items[idx[0]];
        const results = ledger.as(bySync(actor, device), () => memory.recordMany(scope, idx.map((i) => items[i].text)));
        results.forEach((r, k) => (out[idx[k]] = r.fact ? { id: r.fact.id, reason: null } : { id: null, reason: r.reason ?? r.status }));
      }
      return out;
    },
    edit: (scope, items) => editFactsFromSync(engine, scope, items),
    noteConflict: (scope, note) => noteFactConflict(engine, scope, note),
    idOf: (text) => factId(text),
    undid: (scope, id) => factUndoneHere(engine, scope, id),
    editedBack: (scope, id) => factEditedBack(engine, scope, id),
    forgottenHere: (scope) => factsForgottenHere(engine, scope),
    replacedHere: (scope, id) => ledger.sourceOf(scope, id)?.replaces ?? [],
    messageSources: (scope) => factMessageSources(engine, scope),
    addMessageSources: (scope, items) => addFactMessageSources(engine, scope, items),
    forget: (scope, id, device, undo) => {
      try {
        ledger.as(bySync('person', device), () => asUndoFromSync(engine, scope, undo ? id : undefined, ['fact.recorded', 'fact.edited', 'fact.merged'], () => memory.forget(scope, id)));
      } catch (err) {
        // Already gone here (forgotten on both devices): nothing to do.
        if (!(err instanceof MonadError && err.code === 'NOT_FOUND')) throw err;
      }
    },
  };
}

/**
 * What a `sync now` of this home is given, wherever it runs (the CLI, the benches): every kind, and a hold on the
 * search's derived field, recomputed once when the run ends instead of after each document that changed memory.
 */
export function syncWith(engine: Engine): Pick<SyncOptions, 'kinds' | 'hold'> {
  return { kinds: syncKinds(engine), hold: () => engine.search.derived?.hold() ?? (() => {}) };
}

/** Everything that travels between this home's devices, one entry per kind (issue 30 §2). */
export function syncKinds(engine: Engine): SyncKind[] {
  // Agents before the chats and identity files that belong to them (a chat arriving with a new agent finds
  // it here in the same run, and the sidebar shows it under that agent at once); files before the chats
  // whose messages carry them; chats before the graph, whose relations name the messages that support them.
  const kinds = [
    factsKind(factSyncPort(engine)),
    agentsKind(agentsSyncPort(engine)),
    identityKind(identitySyncPort(engine)),
    blobsKind(chatBlobPort(engine)),
    chatsKind(chatSyncPort(engine)),
    graphKind(graphSyncPort(engine)),
    lawsKind(lawSyncPort(engine)),
    inboxKind(inboxSyncPort(engine)),
  ];
  // What is written into the documents leaves through the same egress filter as every other request: a
  // stored secret never reaches the relay inside a synced record (docs/sync.md §2).
  return kinds.map((k) => withOutgoingFilter(k, syncOutgoing(engine)));
}
