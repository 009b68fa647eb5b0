// Two real homes and one relay on loopback for the graph's sync tests (issue 30 §2–§3). One relay serves a
// whole test file (started in beforeAll); each case syncs in a space of its own, so cases never see each
// other's documents, and gets two fresh homes.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { openEngine, tempHome } from './temp-home';

export const person = { actor: 'person' as const, source: { via: 'app' as const } };

/** Starts one relay for the file; `pair()` gives a case its space and two homes. */
export function graphRelay() {
  let relay: RunningRelay;
  beforeAll(async () => {
    relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
  });
  afterAll(async () => {
    await relay?.close();
  });
  return {
    pair() {
      const space = `graph-${randomUUID().slice(0, 8)}`;
      const a = openEngine({ home: tempHome() });
      const b = openEngine({ home: tempHome() });
      /** One `sync now` of every kind, or only of the kinds named. */
      const sync = (engine: Engine, only?: string[]) =>
        syncNow({ relayUrl: relay.url, space, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine).filter((k) => !only || only.includes(k.kind)) });
      /** B, A, B, A: enough for what either made to reach the other and be answered. */
      const round = async () => {
        for (const home of [b, a, b, a]) await sync(home);
      };
      return { a, b, sync, round };
    },
  };
}

/** A relation as extraction writes it: the entities, then the store's upsert with the messages it came from. */
export function derive(engine: Engine, src: string, relation: string, dst: string, support: string[], opts: { validFrom?: string; supersede?: boolean } = {}): number {
  const { store } = engine.graph;
  const s = store.upsertNode('global', src, 'person').id;
  const d = store.upsertNode('global', dst, 'organization').id;
  const r = store.tryUpsertEdge({ scope: 'global', src: s, dst: d, relation, provClass: 'user', validFrom: opts.validFrom ?? '2026-03-01T10:00:00.000Z', support, supersede: opts.supersede ?? false });
  if (r.kind === 'held') throw new Error('held');
  return r.id;
}

/** The live relations of the scope, as sentences with their support. */
export function relations(engine: Engine): { text: string; support: string[] }[] {
  const snap = engine.graph.store.snapshot('global');
  const name = new Map(snap.nodes.map((n) => [n.id, n.name]));
  return snap.edges.map((e) => ({ text: `${name.get(e.src)} ${e.relation} ${name.get(e.dst)}`, support: [...e.support].sort() })).sort((a, b) => a.text.localeCompare(b.text));
}

/** Every live relation row (ended ones too) with its dates and who stands behind it, sorted by sentence. */
export function relationRows(engine: Engine): { text: string; validFrom: string; validTo: string | null; assertedBy: string }[] {
  const snap = engine.graph.store.snapshot('global');
  const name = new Map(snap.nodes.map((n) => [n.id, n.name]));
  return snap.edges
    .map((e) => ({ text: `${name.get(e.src)} ${e.relation} ${name.get(e.dst)}`, validFrom: e.validFrom, validTo: e.validTo, assertedBy: e.assertedBy ?? 'model' }))
    .sort((x, y) => x.text.localeCompare(y.text) || x.validFrom.localeCompare(y.validFrom));
}

export const syncEntries = (engine: Engine) => engine.journal.list({ layer: 'graph' }, { limit: 500 }).entries.filter((e) => e.source?.via === 'sync');
export const nodeId = (home: Engine, name: string) => home.graph.store.resolveName('global', name)?.id ?? null;
export const names = (home: Engine) => home.graph.store.snapshot('global').nodes.map((n) => n.name).sort();
export const tick = () => new Promise((r) => setTimeout(r, 5));
