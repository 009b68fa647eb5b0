// The live sync's wiring (issue 30 §5), in the composition root's room: when this home is paired, the host
// (the desktop app, `monad serve`) starts a session with the kinds engine-sync.ts lists, and the engine's own
// change events tell it what to reconcile. `MONAD_SYNC=off` keeps it stopped (tests that sync by hand).
import { conflictsIn, pickInDoc } from './sync/conflicts';
import { readPairing } from './sync/device-pairing';
import { DocStore } from './sync/doc-store';
import type { EventName } from '../shared/contract';
import type { Engine } from './engine';
import { syncKinds } from './engine-sync';
import { deviceStoreFile, pairingOf } from './sync/live-sync-service';
import { LiveSync, type LiveSyncOptions } from './sync/live-sync';
import type { FactConflictRules, IdentityConflictRules } from './sync/live-conflicts';
import { identityConflictIn, pickIdentityInDoc } from './sync/identity-conflicts';

/**
 * Which kinds an engine event may have changed (null: none). Memory changes reach every kind but chats (the
 * journal covers facts, the graph, laws, History, Inbox and identity files); chats have their own events.
 */
export function kindsChangedBy(event: EventName, kinds: readonly string[]): string[] | null {
  switch (event) {
    case 'memory.changed':
      return kinds.filter((k) => k !== 'chat');
    case 'sessions.changed':
    case 'chat.message':
      return kinds.includes('chat') ? ['chat'] : null;
    case 'config.changed':
      return kinds.includes('agents') ? ['agents'] : null;
    // An Inbox decision that writes nothing to memory (a dismissal, a rejection) still has to travel.
    case 'inbox.changed':
      return kinds.includes('inbox') ? ['inbox'] : null;
    default:
      return null;
  }
}

export interface LiveSyncStart {
  env?: NodeJS.ProcessEnv;
  /** Tests shorten the quiet time and the reconnection backoff. */
  tuning?: Pick<LiveSyncOptions, 'debounceMs' | 'reconnect' | 'idleCloseMs'>;
  /** The device's relay credential, once pairing keeps one. */
  credential?: () => string | null;
  /** The fact conflict rules (default: FACT_CONFLICT_RULES; tests give a stand-in). */
  conflictRules?: FactConflictRules | null;
}

/**
 * The fact log's conflict rules (issue 30 §3): only "edited on both devices" waits for a pick; an edit that
 * beat a forget and a correction that beat a derivation are settled by the rule and told in History.
 */
const FACT_CONFLICT_RULES: FactConflictRules = {
  conflictsIn: (scope, doc) =>
    conflictsIn(scope, doc)
      .filter((c) => c.kind === 'edited')
      .map((c) => ({ kind: 'fact' as const, scope: c.scope, factId: c.factId, summary: c.summary, versions: c.versions })),
  pickInDoc,
};

/** Identity files saved on two devices apart with different texts wait for a pick too (identity-conflicts.ts). */
const IDENTITY_CONFLICT_RULES: IdentityConflictRules = { conflictIn: identityConflictIn, pickInDoc: pickIdentityInDoc };

/** Starts the live sync when this home is paired; returns whether it runs (a bad saved relay: no, and the state says why). */
export function startLiveSync(engine: Engine, opts: LiveSyncStart = {}): boolean {
  const env = opts.env ?? process.env;
  if (env.MONAD_SYNC === 'off') return false;
  if (engine.sync.running) return true;
  // Pairing later (Settings → Devices, or the CLI while the app runs) starts it through engine.sync.tryStart().
  engine.sync.setStarter(() => startLiveSync(engine, opts));
  const storeFile = deviceStoreFile(engine.paths.root);
  const paired = pairingOf(storeFile);
  if (!paired) return false;
  const kinds = syncKinds(engine);
  const names = kinds.map((k) => k.kind);
  engine.sync.useConflictRules(opts.conflictRules === undefined ? FACT_CONFLICT_RULES : opts.conflictRules, IDENTITY_CONFLICT_RULES);
  engine.sync.start({
    ...paired,
    storeFile,
    kinds,
    // The device's own credential from pairing (its secret store, bound to the relay's origin); read at each
    // connection so a device paired again picks up its new one.
    credential: opts.credential ?? (() => credentialOf(engine, storeFile)),
    conflicts: () => engine.sync.conflicts.count(),
    now: () => engine.now(),
    onChange: (status) => engine.events.emit('sync.changed', status),
    ...opts.tuning,
  }, (o) => new LiveSync(o));
  const unsubscribe = engine.events.subscribe((e) => {
    const changed = kindsChangedBy(e.name, names);
    if (changed?.length) engine.sync.localChange(changed);
  });
  engine.sync.onStop(unsubscribe);
  return engine.sync.running;
}

/** This device's relay credential, or null before it joined (a space nobody paired, on a loopback relay). */
function credentialOf(engine: Engine, storeFile: string): string | null {
  const store = new DocStore(storeFile);
  try {
    return readPairing(store, engine.secrets).token;
  } finally {
    store.close();
  }
}
