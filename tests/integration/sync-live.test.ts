// Issue 30 §5, the live sync: paired homes keep one connection to the relay open and follow each other with
// no command. Two engines in this process (each with its own home and live session) and the CLI's relay on
// loopback; a device in a process of its own (`monad serve`) for the SIGKILL case. Times are printed, never
// asserted (the bench `sync-live` measures them).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startLiveSync } from '../../src/main/engine-sync-live';
import * as Y from 'yjs';
import { syncKinds } from '../../src/main/engine-sync';
import { syncNow } from '../../src/main/sync/sync-client';
import { DocStore } from '../../src/main/sync/doc-store';
import { deviceStoreFile } from '../../src/main/sync/live-sync-service';
import { spawnCli, waitForLine } from '../helpers/cli';
import { sharedCliRelay, spawnCliRelay, type CliRelay } from '../helpers/cli-relay';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';
import { freePort } from '../helpers/ports';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { SyncConflictView } from '../../src/shared/contract-sync';

/** The home's name on the relay: a new one for each test, so tests that share a relay never see each other's documents. */
let SPACE = '';
let tests = 0;
beforeEach(() => {
  SPACE = `live-home-under-test-${++tests}`;
});
const children: ChildProcess[] = [];
const engines: Engine[] = [];

afterEach(async () => {
  // Sessions first: their sockets must not retry against a relay the next test reuses the port of.
  for (const e of engines.splice(0)) await e.sync.stop();
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** A relay of this test's own (stopped after it): for tests that stop, kill or restart it. */
async function startRelay(dataDir: string, port = 0): Promise<CliRelay> {
  const relay = await spawnCliRelay(dataDir, port);
  children.push(relay.child);
  return relay;
}

/** The relay the tests that neither stop nor restart one share. */
const sharedRelay = sharedCliRelay();

const exited = (child: ChildProcess): Promise<void> => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

/** Pairs a home the way `monad sync now --relay --space` does: the device store names the relay and space. */
function pair(home: string, relayUrl: string): void {
  const store = new DocStore(deviceStoreFile(home));
  store.set('relay', relayUrl);
  store.set('space', SPACE);
  store.close();
}

/** A home paired with the relay and its live sync started, as the app and `monad serve` do when paired. */
function liveHome(relayUrl: string): Engine {
  const home = tempHome();
  pair(home, relayUrl);
  const engine = openEngine({ home });
  engines.push(engine);
  expect(startLiveSync(engine, { env: {}, tuning: { debounceMs: 50, reconnect: { minDelayMs: 100, maxDelayMs: 500 } } })).toBe(true);
  return engine;
}

function record(engine: Engine, scope: string, text: string): string {
  return engine.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => engine.facts.memory.record(scope, text)).fact!.id;
}

const texts = (engine: Engine, scope: string): string[] => engine.facts.memory.read(scope).facts.map((f) => f.text).sort();
const markdown = (home: string, scope = 'global'): string => {
  const file = join(home, 'memory', `${scope}.md`);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

describe('live sync: paired homes follow each other without a command', () => {
  it('a fact recorded on A reaches B\'s Markdown file; a forget on B leaves A; both end synced', async () => {
    const relay = sharedRelay();
    const a = liveHome(relay.url);
    const b = liveHome(relay.url);
    await waitFor(() => a.sync.status().state === 'synced' && b.sync.status().state === 'synced', 30_000, 'both synced');

    const t0 = Date.now();
    const id = record(a, 'global', 'Keeps two beehives on the roof of the workshop');
    await waitFor(() => markdown(b.paths.root).includes('Keeps two beehives'), 30_000, 'the fact on B');
    console.log(`[sync-live] A → B into the Markdown file: ${Date.now() - t0} ms`);
    // Written through the memory layer on B: its source says it came from another device.
    expect(b.facts.ledger.sourceOf('global', id)).toMatchObject({ actor: 'person', via: 'sync' });

    b.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => b.facts.memory.forget('global', id));
    await waitFor(() => !markdown(a.paths.root).includes('beehives'), 30_000, 'the forget on A');
    await waitFor(() => a.sync.status().state === 'synced' && b.sync.status().state === 'synced', 30_000, 'both synced again');
    expect(a.sync.status()).toMatchObject({ relay: relay.url, pending: 0, lastError: null });
    expect(a.sync.status().lastSyncedAt).not.toBeNull();
  }, 120_000);

  it('relay killed: both say offline; edits on both while apart; relay back: both converge with no command', async () => {
    const data = join(tempHome(), 'relay');
    const port = await freePort();
    const first = await startRelay(data, port);
    const a = liveHome(first.url);
    const b = liveHome(first.url);
    record(a, 'global', 'Was born in Trieste');
    await waitFor(() => texts(b, 'global').includes('Was born in Trieste'), 30_000, 'first fact on B');

    first.child.kill('SIGKILL');
    await exited(first.child);
    await waitFor(() => a.sync.status().state === 'offline' && b.sync.status().state === 'offline', 30_000, 'both offline');
    expect(a.sync.status().lastError).toMatch(/cannot be reached; retrying.*monad sync serve/);

    record(a, 'global', 'Learned to sail in Grado');
    record(b, 'agent:default', 'Prefers answers in French');
    record(b, 'global', 'Plays the cello on Sundays');
    // Apart: neither sees the other's edit, and each counts what the relay has not acknowledged.
    await waitFor(() => a.sync.status().pending > 0 && b.sync.status().pending > 0, 30_000, 'pending while apart');
    expect(texts(a, 'global')).not.toContain('Plays the cello on Sundays');

    await startRelay(data, port);
    const t0 = Date.now();
    const want = ['Learned to sail in Grado', 'Plays the cello on Sundays', 'Was born in Trieste'];
    await waitFor(() => [a, b].every((e) => want.every((t) => texts(e, 'global').includes(t)) && texts(e, 'agent:default').includes('Prefers answers in French')), 60_000, 'both converged');
    console.log(`[sync-live] reconnect and converge after the relay came back: ${Date.now() - t0} ms`);
    expect(texts(a, 'global')).toEqual(texts(b, 'global'));
    await waitFor(() => a.sync.status().state === 'synced' && b.sync.status().state === 'synced', 30_000, 'both synced after');
  }, 180_000);

  it('a device process (monad serve) SIGKILLed mid-sync: restarted, it completes and nothing is lost', async () => {
    const relay = sharedRelay();
    const a = liveHome(relay.url);
    const many = Array.from({ length: 300 }, (_, i) => `Remembers the name of neighbour ${i} on street ${i % 17}`);
    a.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => a.facts.memory.recordMany('global', many));
    await waitFor(() => a.sync.status().state === 'synced' && a.sync.status().lastSyncedAt !== null, 30_000, 'A pushed');

    const c = tempHome();
    pair(c, relay.url);
    const serve = () => {
      const child = spawnCli(['serve', '--home', c, '--port', '0'], { MONAD_SYNC: 'on' });
      children.push(child);
      return child;
    };
    const first = serve();
    // Killed as soon as the pulled facts reach its file: before it saves what it synced.
    const t0 = Date.now();
    while (!markdown(c).includes('neighbour') && Date.now() - t0 < 90_000 && first.exitCode === null) await new Promise((r) => setTimeout(r, 5));
    first.kill('SIGKILL');
    await exited(first);
    // Meanwhile A goes on: a fact the killed device has never seen.
    record(a, 'global', 'Moved to a flat by the harbour');

    const second = serve();
    await waitForLine(second, /Syncing with ws:\/\/127\.0\.0\.1:\d+/, 90_000);
    const want = [...many, 'Moved to a flat by the harbour'].sort();
    const lines = (): string[] => markdown(c).split('\n').filter((l) => l.startsWith('- ')).map((l) => l.slice(2)).sort();
    await waitFor(() => lines().length === want.length, 60_000, 'the restarted device complete');
    expect(lines()).toEqual(want);
    // Nothing sent back as a forget or a duplicate: A holds exactly what it had.
    await new Promise((r) => setTimeout(r, 500));
    expect(texts(a, 'global')).toEqual(want);
  }, 240_000);

  it('a home synced by a newer Monad: the live sync stops, says to update, and writes nothing', async () => {
    const relay = sharedRelay();
    const newer = openEngine({ home: tempHome() });
    const storeFile = deviceStoreFile(newer.paths.root);
    const kinds = syncKinds(newer);
    await syncNow({ relayUrl: relay.url, space: SPACE, storeFile, kinds });
    // A newer Monad raised the home's format: played by writing the home document's format directly.
    const store = new DocStore(storeFile);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, store.load('home')!);
    doc.getMap('meta').set('format', 99);
    store.save('home', Y.encodeStateAsUpdate(doc));
    store.close();
    await syncNow({ relayUrl: relay.url, space: SPACE, storeFile, kinds }).catch(() => null); // carries it to the relay

    const older = liveHome(relay.url);
    record(older, 'global', 'Reads before sleeping');
    await waitFor(() => /synced by a newer Monad/.test(older.sync.status().lastError ?? ''), 30_000, 'the refusal');
    expect(older.sync.status().lastError).toMatch(/sync format 99; this one knows up to 2\)\. Update Monad on this device to keep syncing; nothing here was changed/);
    expect(older.sync.status().state).not.toBe('synced');
    expect(texts(older, 'global')).toEqual(['Reads before sleeping']);
  }, 90_000);

  it('not paired, or MONAD_SYNC=off: no session, and the state says "not set up"', async () => {
    const lone = openEngine({ home: tempHome() });
    expect(startLiveSync(lone, { env: {} })).toBe(false);
    expect(lone.sync.status()).toMatchObject({ state: 'not-set-up', relay: null });
    const home = tempHome();
    pair(home, 'ws://127.0.0.1:1');
    const off = openEngine({ home });
    expect(startLiveSync(off, { env: { MONAD_SYNC: 'off' } })).toBe(false);
    expect(off.sync.status().state).toBe('not-set-up');
  });

  it('paired while the host runs: sync.now starts the live sync instead of saying "not set up"', async () => {
    const relay = sharedRelay();
    const engine = openEngine({ home: tempHome() });
    engines.push(engine);
    expect(startLiveSync(engine, { env: {} })).toBe(false);
    const handlers = createHandlers(engine);
    expect((await dispatch(handlers, 'sync.now', {})).ok).toBe(false);
    record(engine, 'global', 'Paired after the app started');
    pair(engine.paths.root, relay.url);
    const r = await dispatch(handlers, 'sync.now', {});
    // Sent: the fact and, at a first sync, the home's default agent.
    expect(r).toMatchObject({ ok: true, data: { sent: 2, status: { state: 'synced', relay: relay.url } } });
    // Another home on the relay gets the fact: the session pushed it.
    const other = liveHome(relay.url);
    await waitFor(() => texts(other, 'global').includes('Paired after the app started'), 30_000, 'the fact on the other home');
  }, 60_000);

  it.each([
    ['relay.example:1234', /A relay address starts with wss:\/\/ \(or ws:\/\/ on this machine\)/],
    // Clear text to another machine: the credential and the memory would cross the network readable.
    ['ws://192.168.1.20:4000', /Refusing ws:\/\/192\.168\.1\.20:4000: without TLS/],
  ])('a saved relay address it must not use (%s): the host still starts; the state says what to do', async (relay, why) => {
    const home = tempHome();
    const store = new DocStore(deviceStoreFile(home));
    store.set('relay', relay);
    store.set('space', SPACE);
    store.close();
    const engine = openEngine({ home });
    engines.push(engine);
    expect(startLiveSync(engine, { env: {} })).toBe(false);
    expect(engine.sync.status()).toMatchObject({ state: 'offline', relay });
    expect(engine.sync.status().lastError).toMatch(why);
    expect(engine.sync.status().lastError).toMatch(/Join again from Settings → Devices/);
    const r = await dispatch(createHandlers(engine), 'sync.now', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'PROVIDER_ERROR' } });
  });
});

describe('live sync: "edited on both devices" through the open documents', () => {
  // The fact log's own conflict rules (conflicts.ts) over the live session's open documents: conflicts read
  // from the open documents, the count in the state, the pick written into the open document (not the stored
  // copy), reconciled at once and sent, ending the conflict on both devices.
  it('changes made apart show as one conflict on both devices; a pick through the contract on B ends it on both', async () => {
    const data = join(tempHome(), 'relay');
    const port = await freePort();
    const first = await startRelay(data, port);
    const a = liveHome(first.url);
    const b = liveHome(first.url);
    const id = record(a, 'global', 'Drinks coffee black');
    await waitFor(() => texts(b, 'global').includes('Drinks coffee black'), 30_000, 'the fact on B');

    first.child.kill('SIGKILL');
    await exited(first.child);
    await waitFor(() => a.sync.status().state === 'offline' && b.sync.status().state === 'offline', 30_000, 'both offline');
    // Apart, both devices edit the same fact to different texts: two heads once they meet.
    for (const [e, text] of [[a, 'Drinks coffee with oat milk'], [b, 'Drinks green tea now']] as const) e.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => e.facts.memory.update('global', id, text));
    await startRelay(data, port);
    await waitFor(() => a.sync.status().state === 'conflict' && b.sync.status().state === 'conflict', 60_000, 'a conflict on both');
    expect(a.sync.status().conflicts).toBe(1);

    const handlers = createHandlers(b);
    const listed = await dispatch(handlers, 'sync.conflicts', {});
    expect(listed.ok).toBe(true);
    const [conflict] = (listed as { ok: true; data: SyncConflictView[] }).data;
    expect(conflict).toMatchObject({ scope: 'global', factId: id });
    expect(conflict.versions).toHaveLength(2);
    const picked = await dispatch(handlers, 'sync.pick', { scope: 'global', factId: id, versionId: conflict.versions[1].versionId });
    expect(picked).toMatchObject({ ok: true, data: { status: { conflicts: 0 } } });
    await waitFor(() => a.sync.status().conflicts === 0 && a.sync.status().state === 'synced' && b.sync.status().state === 'synced', 30_000, 'the conflict gone on A too');
    // The version picked (the one that had lost: the later edit stood) now stands on both devices.
    const kept = conflict.versions[1].text!;
    expect(conflict.versions.map((v) => v.text).sort()).toEqual(['Drinks coffee with oat milk', 'Drinks green tea now']);
    await waitFor(() => texts(a, 'global').includes(kept) && texts(b, 'global').includes(kept), 30_000, 'the picked text on both');
    expect(texts(a, 'global')).toEqual(texts(b, 'global'));
    // A second pick of the same conflict: nothing to pick any more, and nothing written.
    expect((await dispatch(handlers, 'sync.conflicts', {})) as { data: unknown[] }).toMatchObject({ ok: true, data: [] });
  }, 180_000);
});
