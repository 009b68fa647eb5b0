// Issue 30 §2–§3, laws between two homes through a relay on loopback: the person's decisions travel (a
// rejection with its reason, an edit, a pin), applied through the laws' own correction paths as the person's
// (History "on another device"); the latest decision wins on both homes; a law no one decided on stays home.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { openEngine, tempHome } from '../helpers/temp-home';

const SPACE = 'home-under-test';
const relays: RunningRelay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

const sync = (engine: Engine, relayUrl: string) => syncNow({ relayUrl, space: SPACE, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) });
const infer = (engine: Engine, statement: string) => engine.laws.writer.add('global', { statement, confidence: 0.8, support: [] }, 'fp', 'inference', { actor: 'inference' });
const person = { actor: 'person' as const, source: { via: 'app' as const } };
const lawsOf = (engine: Engine) =>
  [...engine.laws.store.list(['global']), ...engine.laws.store.rejected(['global'])].map((l) => ({ statement: l.statement, status: l.status, pinned: l.pinned, reason: l.rejectedReason })).sort((a, b) => a.statement.localeCompare(b.statement));
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('monad sync: laws and the person\'s decisions between two homes', () => {
  it('a rejection, an edit and a pin travel; an undecided law stays home; History says they came from another device', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    // Both homes inferred the same law on their own (worded with different case); A's only other law is undecided.
    const onA = infer(a, 'The user prefers trains to planes');
    infer(b, 'The user prefers trains to Planes');
    infer(a, 'The user drinks coffee in the morning');
    const toEdit = infer(b, 'The user walks to work');

    a.laws.corrections.reject(onA.id, { reason: 'I fly for work every week' }, person);
    b.laws.corrections.edit(toEdit.id, 'The user cycles to work', person);
    b.laws.corrections.pin(toEdit.id, true, person);
    await sync(a, relay.url);
    await sync(b, relay.url);
    await sync(a, relay.url);

    expect(lawsOf(b).find((l) => l.statement.startsWith('The user prefers trains'))).toMatchObject({ status: 'rejected', reason: 'I fly for work every week' });
    expect(lawsOf(a).find((l) => l.statement === 'The user cycles to work')).toMatchObject({ status: 'active', pinned: true });
    // The undecided law did not travel.
    expect(lawsOf(b).map((l) => l.statement)).not.toContain('The user drinks coffee in the morning');
    const viaSync = b.journal.list({ layer: 'laws' }, { limit: 100 }).entries.filter((e) => e.source?.via === 'sync');
    expect(viaSync.map((e) => e.action)).toContain('law.rejected');
    expect(viaSync.every((e) => e.actor === 'person')).toBe(true);
    // A quiet second round sends nothing back.
    const again = await sync(b, relay.url);
    expect(again.documents.find((d) => d.kind === 'laws')).toMatchObject({ sent: 0, received: 0 });
    a.close();
    b.close();
  }, 60_000);

  it('decisions made apart: the later one wins on both homes', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const la = infer(a, 'The user reads before sleeping');
    const lb = infer(b, 'The user reads before sleeping');
    a.laws.corrections.pin(la.id, true, person);
    await tick();
    b.laws.corrections.reject(lb.id, { reason: 'not any more' }, person); // later
    await sync(a, relay.url);
    await sync(b, relay.url);
    await sync(a, relay.url);
    for (const home of [a, b]) expect(lawsOf(home)).toEqual([{ statement: 'The user reads before sleeping', status: 'rejected', pinned: false, reason: 'not any more' }]);
    a.close();
    b.close();
  }, 60_000);
});
