// Issue 30: History's undo of a law decision travels as an undo. The person decides on a law on A (reject,
// edit, pin, out of recall), it reaches B (journalled there "on another device"), then undoes it in History on
// A: on B the entry for that decision shows undone, the undo is one entry from the other device, History
// offers to undo neither, and the law is as it was. A home whose last decision is not the one undone journals
// the undo as an ordinary change.
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
const tick = () => new Promise((r) => setTimeout(r, 5));
const lawLike = (engine: Engine, start: string) => [...engine.laws.store.list(['global']), ...engine.laws.store.rejected(['global'])].find((l) => l.statement.startsWith(start))!;
const entriesOf = (engine: Engine, id: number) => engine.journal.itemHistory(`law:${id}`);
const shown = (engine: Engine, id: number) => engine.history.list({ layer: 'laws', limit: 500 }).entries.filter((e) => e.item === `law:${id}`);
const state = (engine: Engine, start: string) => {
  const l = lawLike(engine, start);
  return { statement: l.statement, status: l.status, pinned: l.pinned, outOfRecall: l.suppressed !== null };
};

async function twoHomes() {
  const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
  relays.push(relay);
  return { url: relay.url, a: openEngine({ home: tempHome() }), b: openEngine({ home: tempHome() }) };
}

const decisions: [string, (a: Engine, id: number) => void][] = [
  ['a rejection', (a, id) => a.laws.corrections.reject(id, { reason: 'not me' }, person)],
  ['an edit', (a, id) => a.laws.corrections.edit(id, 'The user swims on Sundays', person)],
  ['a pin', (a, id) => a.laws.corrections.pin(id, true, person)],
  ['taking it out of recall', (a, id) => a.laws.corrections.suppress(id, 'Only in summer', person)],
];

describe('monad sync: History\'s undo of a law decision travels as an undo', () => {
  it.each(decisions)('%s undone on A: B\'s entry for it shows undone, one new entry from A, nothing left to undo', async (_name, decide) => {
    const { url, a, b } = await twoHomes();
    // Both homes inferred the law on their own: on B the decision is the one entry that arrives.
    const law = infer(a, 'The user swims on Saturdays');
    infer(b, 'The user swims on Saturdays');
    decide(a, law.id);
    await sync(a, url);
    await sync(b, url);
    const onB = lawLike(b, 'The user swims');
    const arrived = entriesOf(b, onB.id).filter((e) => e.source?.via === 'sync' && e.actor === 'person');
    expect(arrived).toHaveLength(1);
    expect(arrived[0].undoneBy).toBeNull();
    expect(state(b, 'The user swims')).toEqual(state(a, 'The user swims'));

    await tick();
    a.journal.undo(entriesOf(a, law.id).at(-1)!.id, { confirm: true });
    await sync(a, url);
    const before = entriesOf(b, onB.id).length;
    await sync(b, url);

    // The law is back as it was on both homes.
    const original = { statement: 'The user swims on Saturdays', status: 'active', pinned: false, outOfRecall: false };
    expect(state(a, 'The user swims')).toEqual(original);
    expect(state(b, 'The user swims')).toEqual(original);
    // One new entry on B: the undo of the entry that brought the decision, from the other device.
    const added = entriesOf(b, onB.id).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ undoes: arrived[0].id, actor: 'person', source: { via: 'sync' } });
    expect(b.journal.get(arrived[0].id)!.undoneBy).toBe(added[0].id);
    // History offers to undo neither the decision nor its undo.
    const offered = shown(b, onB.id).filter((e) => e.id === arrived[0].id || e.id === added[0].id);
    expect(offered.map((e) => e.canUndo)).toEqual([false, false]);
    // A quiet round after: nothing sent back, nothing more written.
    expect((await sync(b, url)).documents.find((d) => d.kind === 'laws')).toMatchObject({ sent: 0, received: 0 });
    await sync(a, url);
    await sync(b, url);
    expect(entriesOf(b, onB.id)).toHaveLength(before + 1);
    a.close();
    b.close();
  }, 60_000);

  it('a law the person added on A and removed by undoing the addition: B\'s addition shows undone by the removal', async () => {
    const { url, a, b } = await twoHomes();
    const added = a.laws.writer.add('global', { statement: 'The user answers email on Fridays', confidence: 1, support: [] }, 'person', 'person', person);
    await sync(a, url);
    await sync(b, url);
    const onB = lawLike(b, 'The user answers email');
    const arrived = entriesOf(b, onB.id).at(-1)!;
    expect(arrived).toMatchObject({ action: 'law.added', undoneBy: null });

    await tick();
    a.journal.undo(entriesOf(a, added.id).at(-1)!.id, { confirm: true });
    await sync(a, url);
    await sync(b, url);
    expect(lawLike(b, 'The user answers email')).toBeUndefined();
    const all = entriesOf(b, onB.id);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ undoes: arrived.id, after: null, source: { via: 'sync' } });
    expect(b.journal.get(arrived.id)!.undoneBy).toBe(all[1].id);
    a.close();
    b.close();
  }, 60_000);

  it('a home that no longer holds the decision in its History journals the undo as an ordinary change', async () => {
    const { url, a, b } = await twoHomes();
    const law = infer(a, 'The user reads before sleep');
    infer(b, 'The user reads before sleep');
    a.laws.corrections.reject(law.id, { reason: 'not me' }, person);
    await sync(a, url);
    await sync(b, url);
    const onB = lawLike(b, 'The user reads');
    expect(onB.status).toBe('rejected');
    // B's History was cut (retention): the entry that brought the rejection is gone.
    await tick();
    b.journal.compact(0);
    expect(entriesOf(b, onB.id)).toEqual([]);
    await tick();
    a.journal.undo(entriesOf(a, law.id).at(-1)!.id, { confirm: true });
    await sync(a, url);
    await sync(b, url);
    expect(state(b, 'The user reads')).toMatchObject({ status: 'active' });
    const added = entriesOf(b, onB.id);
    expect(added.map((e) => [e.action, e.undoes, e.source?.via])).toEqual([['law.unrejected', null, 'sync']]);
    // An ordinary change: History offers to undo it.
    expect(shown(b, onB.id).map((e) => e.canUndo)).toEqual([true]);
    a.close();
    b.close();
  }, 60_000);
});
