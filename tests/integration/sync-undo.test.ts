// Issue 30: an undo in History travels as an undo. The person undoes a change on A; on B the change it
// reverses (journalled when it arrived) shows undone, and the undo as an undo made on the other device: one
// entry on B, never the original beside a new, unmarked change.
import { readFileSync } from 'node:fs';
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
const markdown = (engine: Engine): string => readFileSync(engine.facts.memory.pathOf('global'), 'utf8');
const asPerson = <T>(engine: Engine, fn: () => T): T => engine.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, fn);
const entries = (engine: Engine) => engine.journal.list({ layer: 'facts' }, { limit: 500 }).entries.reverse();
const history = (engine: Engine) => engine.history.list({ layer: 'facts' }).entries;

async function twoHomes() {
  const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
  relays.push(relay);
  return { relay, a: openEngine({ home: tempHome() }), b: openEngine({ home: tempHome() }) };
}

describe('monad sync: an undo in History travels as an undo', () => {
  it('a fact recorded on A and undone there: B forgets it, its entry for the fact shows undone, one entry not two', async () => {
    const { relay, a, b } = await twoHomes();
    const fact = asPerson(a, () => a.facts.memory.record('global', 'Keeps bees on the workshop roof')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);
    const arrived = entries(b).filter((e) => e.item === `fact:${fact.id}`);
    expect(arrived.map((e) => [e.action, e.source?.via, e.undoneBy])).toEqual([['fact.recorded', 'sync', null]]);

    const recorded = entries(a).find((e) => e.action === 'fact.recorded' && e.item === `fact:${fact.id}`)!;
    a.journal.undo(recorded.id, { confirm: true });
    expect(markdown(a)).not.toContain('bees');
    await sync(a, relay.url);
    const before = entries(b).length;
    const rb = await sync(b, relay.url);
    expect(rb.forgotten).toBe(1);
    expect(markdown(b)).not.toContain('bees');

    // One new entry on B: the forget, as the undo of the record that brought the fact, from device A.
    const added = entries(b).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'fact.forgotten', item: `fact:${fact.id}`, undoes: arrived[0].id, actor: 'person', source: { via: 'sync' } });
    expect(b.journal.get(arrived[0].id)!.undoneBy).toBe(added[0].id);
    // History offers no second undo of the entry, and none of the undo itself.
    const shown = history(b).filter((e) => e.item === `fact:${fact.id}`);
    expect(shown.map((e) => [e.action, e.canUndo])).toEqual([['fact.forgotten', false], ['fact.recorded', false]]);

    // Nothing travels back, and a later sync on either home changes nothing more.
    expect((await sync(b, relay.url)).sent).toBe(0);
    await sync(a, relay.url);
    expect(entries(b)).toHaveLength(before + 1);
    a.close();
    b.close();
  }, 60_000);

  it('a forget undone on A: the fact is back on B, and B\'s forget entry shows undone by it', async () => {
    const { relay, a, b } = await twoHomes();
    const fact = asPerson(a, () => a.facts.memory.record('global', 'Has a sister called Ana')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);
    asPerson(a, () => a.facts.memory.forget('global', fact.id));
    await sync(a, relay.url);
    await sync(b, relay.url);
    const forgotOnB = entries(b).filter((e) => e.action === 'fact.forgotten').at(-1)!;
    expect(forgotOnB.undoneBy).toBeNull();

    const forgotOnA = entries(a).filter((e) => e.action === 'fact.forgotten').at(-1)!;
    a.journal.undo(forgotOnA.id, { confirm: true });
    await sync(a, relay.url);
    const before = entries(b).length;
    await sync(b, relay.url);
    expect(markdown(b)).toContain('Has a sister called Ana');
    const added = entries(b).slice(before);
    expect(added.map((e) => [e.action, e.source?.via, e.undoes])).toEqual([['fact.recorded', 'sync', forgotOnB.id]]);
    expect(b.journal.get(forgotOnB.id)!.undoneBy).toBe(added[0].id);
    a.close();
    b.close();
  }, 60_000);

  it('an edit undone on A: B has the old text back, its edit entry undone by the edit back', async () => {
    const { relay, a, b } = await twoHomes();
    const fact = asPerson(a, () => a.facts.memory.record('global', 'Lives in Lyon')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);
    asPerson(a, () => a.facts.memory.update('global', fact.id, 'Lives in Paris'));
    await sync(a, relay.url);
    await sync(b, relay.url);
    const editedOnB = entries(b).filter((e) => e.action === 'fact.edited').at(-1)!;

    const editedOnA = entries(a).filter((e) => e.action === 'fact.edited').at(-1)!;
    a.journal.undo(editedOnA.id, { confirm: true });
    await sync(a, relay.url);
    const before = entries(b).length;
    await sync(b, relay.url);
    expect(b.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['Lives in Lyon']);
    const added = entries(b).slice(before);
    expect(added.map((e) => [e.action, e.undoes])).toEqual([['fact.edited', editedOnB.id]]);
    expect(b.journal.get(editedOnB.id)!.undoneBy).toBe(added[0].id);
    a.close();
    b.close();
  }, 60_000);

  it('a change made apart that is no undo is journalled as before: nothing on B is marked undone', async () => {
    const { relay, a, b } = await twoHomes();
    const fact = asPerson(a, () => a.facts.memory.record('global', 'Plays the cello')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);
    asPerson(a, () => a.facts.memory.forget('global', fact.id));
    await sync(a, relay.url);
    await sync(b, relay.url);
    expect(entries(b).filter((e) => e.undoes !== null || e.undoneBy !== null)).toEqual([]);
    a.close();
    b.close();
  }, 60_000);
});
