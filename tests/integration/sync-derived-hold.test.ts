// A pull changes memory document by document between network waits. The search's derived field (issue 31) is
// recomputed from the whole home after a change; during a `sync now` it waits for the run to end (the hold
// `syncWith` gives), so a first pull recomputes it once, not after each fact scope and graph scope that arrived.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syncWith } from '../../src/main/engine-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { derive } from '../helpers/sync-graph-homes';
import { openEngine, tempHome } from '../helpers/temp-home';

let relay: RunningRelay;
beforeAll(async () => {
  relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
});
afterAll(async () => {
  await relay?.close();
});

const tick = () => new Promise((r) => setImmediate(r));

describe('sync now holds the derived field until the run ends', () => {
  it('a first pull of facts in two scopes and a graph recomputes the field once, after the run, and search then finds through it', async () => {
    const space = `derived-${randomUUID().slice(0, 8)}`;
    const a = openEngine({ home: tempHome() });
    const session = a.sessions.create({ agentId: 'default', title: 'Fair' });
    const target = a.messages.append({ sessionId: session.id, role: 'user', content: 'I grabbed a few classics for the kids at the fair' }).id;
    const other = a.messages.append({ sessionId: session.id, role: 'user', content: 'The train was late again this morning' }).id;
    const third = a.messages.append({ sessionId: session.id, role: 'user', content: 'We ate at the place by the canal' }).id;
    await a.facts.record('agent:default', 'Collects Dr. Seuss books for the kids', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: target } });
    await a.facts.record('global', 'Commutes by train to Utrecht', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: other } });
    derive(a, 'Nadia', 'works_at', 'Globex', [other]);
    derive(a, 'Nadia', 'lives_in', 'Utrecht', [third]);
    derive(a, 'Tom', 'works_at', 'Initech', [target]);
    const run = (e: typeof a) => syncNow({ relayUrl: relay.url, space, storeFile: syncStoreFile(e.paths.root), ...syncWith(e) });
    await run(a);

    const b = openEngine({ home: tempHome() });
    // The recomputation every opened home makes soon after start (the rebuild path), out of the way first.
    await tick();
    const derived = b.search.derived!;
    const recomputed = vi.spyOn(derived, 'sync');
    const report = await run(b);
    expect(report.received).toBeGreaterThanOrEqual(4);
    // Nothing recomputed while documents arrived, though memory changed in three documents with waits between.
    expect(recomputed).toHaveBeenCalledTimes(0);
    await tick();
    expect(recomputed).toHaveBeenCalledTimes(1);
    // And the field is whole: each relation finds the message it came from by words the message does not have.
    const ids = (q: string) => b.search.search({ query: q, agentId: 'default' }).messages.map((m) => m.messageId);
    expect(ids('Globex')).toContain(other);
    expect(ids('Initech')).toContain(target);
  });

  it('a run that fails still lets the field go: the next change is recomputed as before', async () => {
    const b = openEngine({ home: tempHome() });
    await tick();
    const derived = b.search.derived!;
    const recomputed = vi.spyOn(derived, 'sync');
    // Nothing listens on this port: the run gives up after its tries.
    await expect(syncNow({ relayUrl: 'ws://127.0.0.1:9', space: 'nowhere', storeFile: syncStoreFile(b.paths.root), ...syncWith(b), timeoutMs: 5_000 })).rejects.toThrow(/nothing is answering|Could not sync/);
    const session = b.sessions.create({ agentId: 'default', title: 'After' });
    const m = b.messages.append({ sessionId: session.id, role: 'user', content: 'We watched the boats leave' }).id;
    await b.facts.record('agent:default', 'Likes sailing', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: m } });
    await tick();
    expect(recomputed).toHaveBeenCalled();
  });
});

