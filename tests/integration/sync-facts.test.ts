// Issue 30, first slice of the sync room: a relay started by `monad sync serve` on loopback and two (then
// three) homes. A fact recorded in home A reaches home B's Markdown file through the same write path as a
// local write; a forget travels back; the relay keeps what it serves across a restart; a home that cannot
// reach its relay is told so and nothing changes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { runCliAsync, spawnCli } from '../helpers/cli';
import { sharedCliRelay, spawnCliRelay, type CliRelay } from '../helpers/cli-relay';
import { openEngine, tempHome } from '../helpers/temp-home';
import { freePort } from '../helpers/ports';

/** The home's name on the relay: a new one for each test, so tests that share a relay never see each other's documents. */
let SPACE = '';
let tests = 0;
beforeEach(() => {
  SPACE = `home-under-test-${++tests}`;
});
const relays: ChildProcess[] = [];

afterEach(() => {
  for (const r of relays.splice(0)) if (r.exitCode === null) r.kill('SIGKILL');
});

/** A relay of this test's own (stopped after it): for tests that stop, kill or restart it. */
async function startRelay(dataDir: string, port = 0): Promise<CliRelay> {
  const relay = await spawnCliRelay(dataDir, port);
  relays.push(relay.child);
  return relay;
}

/** The relay the tests that neither stop nor restart one share. */
const sharedRelay = sharedCliRelay();

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
}

const sync = (engine: Engine, relayUrl: string) => syncNow({ relayUrl, space: SPACE, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) });

const markdown = (engine: Engine, scope: string): string => readFileSync(engine.facts.memory.pathOf(scope), 'utf8');

function recordAsPerson(engine: Engine, scope: string, text: string): string {
  const r = engine.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => engine.facts.memory.record(scope, text));
  return r.fact!.id;
}

describe('monad sync: facts between two homes through a relay on loopback', () => {
  it('a fact recorded in A appears in B\'s Markdown file, attributed to sync; a forget in B leaves A', async () => {
    const relay = sharedRelay();
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const id = recordAsPerson(a, 'global', 'Keeps two beehives on the roof of the workshop');
    recordAsPerson(b, 'agent:default', 'Prefers answers in French');

    const ra = await sync(a, relay.url);
    // The fact (a fresh home's first sync also sends its default agent: the agents kind, issue 30 §2).
    expect(ra.documents.filter((d) => d.kind === 'facts').reduce((n, d) => n + d.sent, 0)).toBe(1);
    const rb = await sync(b, relay.url);
    expect(rb.received).toBe(1);
    expect(markdown(b, 'global')).toContain('Keeps two beehives on the roof of the workshop');
    // Written through the memory layer: B's History and the fact's source say it came from another device.
    expect(b.facts.ledger.sourceOf('global', id)).toMatchObject({ actor: 'person', via: 'sync' });
    // B's own fact went the other way at A's next sync.
    await sync(a, relay.url);
    expect(markdown(a, 'agent:default')).toContain('Prefers answers in French');

    b.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => b.facts.memory.forget('global', id));
    await sync(b, relay.url);
    const again = await sync(a, relay.url);
    expect(again.forgotten).toBe(1);
    expect(a.facts.memory.read('global').facts.map((f) => f.id)).not.toContain(id);
    expect(markdown(a, 'global')).not.toContain('beehives');
  }, 120_000);

  it('a first sync writes each scope file once per author, not once per fact (5,000 facts pull in seconds)', async () => {
    const relay = sharedRelay();
    const a = openEngine({ home: tempHome() });
    const texts = Array.from({ length: 40 }, (_, i) => `Fact number ${i} about the garden plot ${i * 7}`);
    a.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => a.facts.memory.recordMany('global', texts));
    a.facts.ledger.as({ actor: 'agent' }, () => a.facts.memory.record('global', 'Said in a chat: grows basil'));
    await sync(a, relay.url);
    const b = openEngine({ home: tempHome() });
    const writes: string[] = [];
    b.facts.memory.onWrite((scope) => writes.push(scope));
    const r = await sync(b, relay.url);
    expect(r.received).toBe(41);
    expect(writes).toEqual(['global', 'global']); // one write for the person's 40, one for the agent's
    expect(b.facts.memory.read('global').facts).toHaveLength(41);
  }, 90_000);

  it('the relay keeps what it serves across a restart: a third home joining later gets everything', async () => {
    const data = join(tempHome(), 'relay');
    const port = await freePort();
    const first = await startRelay(data, port);
    const a = openEngine({ home: tempHome() });
    recordAsPerson(a, 'global', 'Was born in Trieste');
    await sync(a, first.url);
    first.child.kill('SIGTERM');
    await stopped(first.child);

    const second = await startRelay(data, port);
    // The CLI path, on a fresh home: remembers the relay and the name for its next run.
    const c = tempHome();
    const out = await runCliAsync(['sync', 'now', '--home', c, '--relay', second.url, '--space', SPACE, '--json']);
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ received: 1 });
    expect(readFileSync(join(c, 'memory', 'global.md'), 'utf8')).toContain('Was born in Trieste');
    const rerun = await runCliAsync(['sync', 'now', '--home', c, '--json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ sent: 0, received: 0, forgotten: 0 });
  }, 180_000);

  it('the relay killed (SIGKILL) in the middle of a pull: nothing is lost, the next sync completes', async () => {
    const data = join(tempHome(), 'relay');
    const port = await freePort();
    const first = await startRelay(data, port);
    const a = openEngine({ home: tempHome() });
    const texts = Array.from({ length: 300 }, (_, i) => `Remembers the name of neighbour ${i} on street ${i % 17}`);
    a.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => a.facts.memory.recordMany('global', texts));
    await sync(a, first.url);
    const b = openEngine({ home: tempHome() });
    const pulling = syncNow({ relayUrl: first.url, space: SPACE, storeFile: syncStoreFile(b.paths.root), kinds: syncKinds(b), timeoutMs: 3_000 }).catch((e: Error) => e);
    first.child.kill('SIGKILL');
    await stopped(first.child);
    const cut = await pulling;
    // Whatever the pull had reached, B's file is whole (each write is atomic) and holds only A's facts.
    for (const f of b.facts.memory.read('global').facts) expect(texts).toContain(f.text);
    expect(cut instanceof Error || cut.received <= 300).toBe(true);

    const second = await startRelay(data, port);
    // A resends what the relay may not have stored before it died; then B completes.
    await sync(a, second.url);
    await sync(b, second.url);
    expect(b.facts.memory.read('global').facts.map((f) => f.text).sort()).toEqual([...texts].sort());
    const settled = await sync(b, second.url);
    expect(settled).toMatchObject({ sent: 0, received: 0, forgotten: 0 });
  }, 180_000);

  it('a device SIGKILLed during `monad sync now`: its next run completes, its file whole, nothing lost', async () => {
    const relay = sharedRelay();
    const a = openEngine({ home: tempHome() });
    const texts = Array.from({ length: 300 }, (_, i) => `Keeps receipt ${i} in folder ${i % 11}`);
    a.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, () => a.facts.memory.recordMany('global', texts));
    await sync(a, relay.url);
    const c = tempHome();
    const child = spawnCli(['sync', 'now', '--home', c, '--relay', relay.url, '--space', SPACE]);
    // Killed as soon as the pulled facts reach its file: before it records what it synced.
    const file = join(c, 'memory', 'global.md');
    const t0 = Date.now();
    while (!existsSync(file) && Date.now() - t0 < 60_000 && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    await stopped(child);
    const rerun = await runCliAsync(['sync', 'now', '--home', c, '--json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    // Nothing sent back: the facts it already had are the log's, not new records or forgets.
    expect(JSON.parse(rerun.stdout)).toMatchObject({ sent: 0, forgotten: 0 });
    const lines = readFileSync(join(c, 'memory', 'global.md'), 'utf8').split('\n').filter((l) => l.startsWith('- '));
    expect(lines.map((l) => l.slice(2)).sort()).toEqual([...texts].sort());
  }, 180_000);

  it('a relay that cannot be reached: a clear error after a few tries, not the whole timeout, and the home is unchanged', async () => {
    const a = openEngine({ home: tempHome() });
    recordAsPerson(a, 'global', 'Plays the cello');
    const port = await freePort();
    // A timeout far longer than the test's own: only giving up on a relay that never answered ends this run.
    const err = await syncNow({ relayUrl: `ws://127.0.0.1:${port}`, space: SPACE, storeFile: syncStoreFile(a.paths.root), kinds: syncKinds(a), timeoutMs: 600_000 }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/Could not sync with the relay at ws:\/\/127\.0\.0\.1:\d+: nothing is answering there\. .*monad sync serve/);
    expect(a.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['Plays the cello']);
  }, 30_000);
});

describe('monad sync: a home synced by a newer Monad', () => {
  it('refuses politely, says to update, and writes nothing', async () => {
    const relay = sharedRelay();
    const newer = openEngine({ home: tempHome() });
    await sync(newer, relay.url);
    // A newer Monad raised the home's format: played by writing the home document's format directly.
    const { DocStore } = await import('../../src/main/sync/doc-store');
    const Y = await import('yjs');
    const store = new DocStore(syncStoreFile(newer.paths.root));
    const doc = new Y.Doc();
    Y.applyUpdate(doc, store.load('home')!);
    doc.getMap('meta').set('format', 99);
    store.save('home', Y.encodeStateAsUpdate(doc));
    store.close();
    await sync(newer, relay.url).catch(() => null); // its next sync carries the raised format to the relay

    const older = openEngine({ home: tempHome() });
    recordAsPerson(older, 'global', 'Reads before sleeping');
    const err = await sync(older, relay.url).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/synced by a newer Monad \(sync format 99; this one knows up to 2\)\. Update Monad on this device/);
    expect(older.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['Reads before sleeping']);
  }, 90_000);
});
