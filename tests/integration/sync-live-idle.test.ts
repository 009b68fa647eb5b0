// Issue 30 §5, idle documents: a live device closes the documents nobody touched for a while (their state
// stays in its device store) and still follows every change — its own, reconciled from the stored copy and
// sent, and another device's, which the relay announces on the home's root document. The relay runs in this
// process on loopback; A and B are live homes, C syncs with one-shot `sync now` runs (a writer that is not
// live at all, so only the relay can tell B).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startLiveSync } from '../../src/main/engine-sync-live';
import { DocStore } from '../../src/main/sync/doc-store';
import { deviceStoreFile } from '../../src/main/sync/live-sync-service';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';
import { freePort } from '../helpers/ports';
import { createHandlers } from '../../src/main/contract/handlers';
import { dispatch } from '../../src/main/contract/dispatch';
import type { SyncConflictView } from '../../src/shared/contract-sync';

const SPACE = 'idle-home-under-test';
const IDLE_MS = 400;
const engines: Engine[] = [];
const relays: RunningRelay[] = [];

afterEach(async () => {
  for (const e of engines.splice(0)) {
    await e.sync.stop();
    e.close();
  }
  for (const r of relays.splice(0)) await r.close();
});

function pairedHome(relayUrl: string): Engine {
  const home = tempHome();
  const store = new DocStore(deviceStoreFile(home));
  store.set('relay', relayUrl);
  store.set('space', SPACE);
  store.close();
  const engine = openEngine({ home });
  engines.push(engine);
  return engine;
}

function liveHome(relayUrl: string, idleCloseMs = IDLE_MS): Engine {
  const engine = pairedHome(relayUrl);
  expect(startLiveSync(engine, { env: {}, tuning: { debounceMs: 50, idleCloseMs, reconnect: { minDelayMs: 100, maxDelayMs: 500 } } })).toBe(true);
  return engine;
}

function record(engine: Engine, scope: string, text: string): void {
  engine.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => engine.facts.memory.record(scope, text));
}

/** What the scope's Markdown file says, read through the memory layer (the file is the truth). */
const markdown = (e: Engine, scope: string): string => e.facts.memory.read(scope).facts.map((f) => f.text).join('\n');

/** Only the home's root document is left open (every other one was idle long enough). */
const onlyRootOpen = (e: Engine): boolean => e.sync.openDocuments() === 1;

async function relay(dataDir = join(tempHome(), 'relay'), port = 0): Promise<RunningRelay> {
  const r = await startRelay({ dataDir, port });
  relays.push(r);
  return r;
}

describe('live sync: idle documents are closed and still follow every change', () => {
  it('a live device releases the documents it synced once they are idle, and keeps their state', async () => {
    const r = await relay();
    const a = liveHome(r.url);
    record(a, 'global', 'Grows chillies on the kitchen windowsill');
    record(a, 'project:garden', 'The plum tree was planted in March');
    const b = liveHome(r.url);
    await waitFor(() => markdown(b, 'project:garden').includes('plum tree') && markdown(b, 'global').includes('chillies'), 30_000, 'both scopes on B');
    // Both facts scopes are open on B while they sync (with the root and whatever else the home has).
    const peak = b.sync.openDocuments();
    expect(peak).toBeGreaterThanOrEqual(3);
    await waitFor(() => onlyRootOpen(a) && onlyRootOpen(b), 20_000, 'idle documents closed on A and B');
    expect(b.sync.status()).toMatchObject({ state: 'synced', pending: 0, lastError: null });
    // Closed, not lost: the device store holds each document's state.
    const store = new DocStore(deviceStoreFile(b.paths.root));
    try {
      expect(store.load('facts/project:garden')?.byteLength ?? 0).toBeGreaterThan(0);
    } finally {
      store.close();
    }
  }, 90_000);

  it('a change to a closed document arrives live: from a live device, and from a device that only runs `sync now`', async () => {
    const r = await relay();
    const a = liveHome(r.url);
    const b = liveHome(r.url);
    record(a, 'project:garden', 'The plum tree was planted in March');
    await waitFor(() => markdown(b, 'project:garden').includes('plum tree'), 30_000, 'first fact on B');
    await waitFor(() => onlyRootOpen(a) && onlyRootOpen(b), 20_000, 'idle documents closed');

    // A changes a document both have closed: A reopens it to send, the relay tells B, B reopens it.
    const t0 = Date.now();
    record(a, 'project:garden', 'The pear tree needs a stake');
    await waitFor(() => markdown(b, 'project:garden').includes('pear tree'), 15_000, 'the change from live A on B');
    console.log(`[sync-live-idle] a closed document's change A → B: ${Date.now() - t0} ms`);
    await waitFor(() => onlyRootOpen(a) && onlyRootOpen(b), 20_000, 'closed again once idle');

    // C is no live device: its one-shot run writes the document on the relay, which tells B.
    const c = pairedHome(r.url);
    record(c, 'project:garden', 'The apple tree was grafted last spring');
    await syncNow({ relayUrl: r.url, space: SPACE, storeFile: deviceStoreFile(c.paths.root), kinds: syncKinds(c) });
    await waitFor(() => markdown(b, 'project:garden').includes('apple tree'), 15_000, 'the change from `sync now` on C reaches B');
    await waitFor(() => markdown(a, 'project:garden').includes('apple tree'), 15_000, 'and A');
    // Nothing was lost on the way: each home has all three facts.
    for (const e of [a, b]) for (const t of ['plum tree', 'pear tree', 'apple tree']) expect(markdown(e, 'project:garden')).toContain(t);
  }, 120_000);

  it('idle closing off (0): documents stay open, as before', async () => {
    const r = await relay();
    const a = liveHome(r.url, 0);
    record(a, 'project:garden', 'The plum tree was planted in March');
    await waitFor(() => a.sync.status().state === 'synced' && a.sync.openDocuments() >= 2, 20_000, 'synced');
    const open = a.sync.openDocuments();
    await new Promise((res) => setTimeout(res, IDLE_MS * 3));
    expect(a.sync.openDocuments()).toBe(open);
  }, 60_000);

  it('"edited on both devices" in a closed document: listed from the stored copy, and a pick ends it on both', async () => {
    const dataDir = join(tempHome(), 'relay');
    const port = await freePort();
    const first = await relay(dataDir, port);
    const a = liveHome(first.url);
    const b = liveHome(first.url);
    record(a, 'project:garden', 'Waters the roses every morning');
    await waitFor(() => markdown(b, 'project:garden').includes('roses'), 30_000, 'the fact on B');
    const id = a.facts.memory.read('project:garden').facts[0].id;

    // Apart, both edit the fact: two heads once they meet.
    await first.close();
    relays.splice(relays.indexOf(first), 1);
    await waitFor(() => a.sync.status().state === 'offline' && b.sync.status().state === 'offline', 30_000, 'both offline');
    for (const [e, text] of [[a, 'Waters the roses every evening'], [b, 'Waters the roses twice a week']] as const) e.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => e.facts.memory.update('project:garden', id, text));
    await relay(dataDir, port);
    await waitFor(() => a.sync.status().conflicts === 1 && b.sync.status().conflicts === 1, 60_000, 'a conflict on both');
    await waitFor(() => onlyRootOpen(a) && onlyRootOpen(b), 20_000, 'the scope closed as idle on both');

    const handlers = createHandlers(b);
    const listed = (await dispatch(handlers, 'sync.conflicts', {})) as { ok: true; data: SyncConflictView[] };
    expect(listed.ok).toBe(true);
    expect(listed.data).toHaveLength(1);
    const [conflict] = listed.data;
    expect(conflict).toMatchObject({ scope: 'project:garden', factId: id });
    const loser = conflict.versions.find((v) => !markdown(b, 'project:garden').includes(v.text!))!;
    const picked = await dispatch(handlers, 'sync.pick', { scope: 'project:garden', factId: id, versionId: loser.versionId });
    expect(picked).toMatchObject({ ok: true });
    await waitFor(() => markdown(a, 'project:garden').includes(loser.text!) && markdown(b, 'project:garden').includes(loser.text!), 30_000, 'the picked text on both');
    await waitFor(() => a.sync.status().conflicts === 0 && b.sync.status().conflicts === 0, 30_000, 'the conflict gone on both');
  }, 180_000);
});
