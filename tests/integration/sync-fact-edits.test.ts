// Issue 30 §3 with real homes and a relay on loopback: an edit travels as one edit (History on the other home
// shows one fact.edited "on another device", no forget and record); edits made apart on both homes end with
// the same text on both, an open conflict each home lists and tells its History about, and the person's pick
// on one home ends it on both.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { factSyncPort, syncKinds } from '../../src/main/engine-sync';
import { factConflicts, SYNC_CONFLICT_ACTION } from '../../src/main/engine-sync-facts';
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
const conflicts = (engine: Engine) => factConflicts(factSyncPort(engine), syncStoreFile(engine.paths.root));
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('monad sync: fact edits between two homes', () => {
  it('an edit on A is one edit on B, in B\'s History "on another device"', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const first = asPerson(a, () => a.facts.memory.record('global', 'Keeps two beehives on the workshop roof')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);
    const before = entries(b).length;

    asPerson(a, () => a.facts.memory.update('global', first.id, 'Keeps three beehives on the workshop roof'));
    expect((await sync(a, relay.url)).sent).toBe(1);
    const rb = await sync(b, relay.url);
    expect(rb).toMatchObject({ received: 1, forgotten: 0, refused: 0 });
    expect(markdown(b)).toContain('Keeps three beehives on the workshop roof');
    expect(markdown(b)).not.toContain('two beehives');
    const added = entries(b).slice(before);
    expect(added.map((e) => e.action)).toEqual(['fact.edited']);
    expect(added[0]).toMatchObject({ actor: 'person', item: `fact:${first.id}`, source: { via: 'sync' } });
    expect(added[0].summary).toContain('two beehives');
    // The edit's source on B keeps the edit's lineage: it replaces the old fact.
    const now = b.facts.memory.read('global').facts[0];
    expect(b.facts.ledger.sourceOf('global', now.id)).toMatchObject({ event: 'edited', replaces: [first.id], via: 'sync' });
    // Nothing goes back.
    expect((await sync(b, relay.url)).sent).toBe(0);
    a.close();
    b.close();
  }, 60_000);

  it('a hand edit of A\'s Markdown file is one edit on B too', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const first = asPerson(a, () => a.facts.memory.record('global', 'Runs every Tuesday evening')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);
    const before = entries(b).length;
    // The person edits the bullet in an editor; the ledger pairs the removed and the added line as one edit.
    const file = a.facts.memory.pathOf('global');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Runs every Tuesday evening', 'Runs every Tuesday and Thursday evening'));
    await sync(a, relay.url);
    await sync(b, relay.url);
    expect(markdown(b)).toContain('Runs every Tuesday and Thursday evening');
    expect(markdown(b)).not.toContain('Runs every Tuesday evening');
    const added = entries(b).slice(before);
    expect(added.map((e) => e.action)).toEqual(['fact.edited']);
    expect(added[0].item).toBe(`fact:${first.id}`);
    a.close();
    b.close();
  }, 60_000);

  it('an undo on A reaches B as the change it makes, one History entry there, not a copy of A\'s History', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const fact = asPerson(a, () => a.facts.memory.record('global', 'Has a sister called Ana')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);
    asPerson(a, () => a.facts.memory.forget('global', fact.id));
    await sync(a, relay.url);
    await sync(b, relay.url);
    expect(markdown(b)).not.toContain('Ana');
    const before = entries(b).length;
    // The person undoes the forget on A: the fact is back, and so on B at its next sync.
    const forgot = entries(a).filter((e) => e.action === 'fact.forgotten').at(-1)!;
    a.journal.undo(forgot.id, { confirm: true });
    await sync(a, relay.url);
    await sync(b, relay.url);
    expect(markdown(b)).toContain('Has a sister called Ana');
    const added = entries(b).slice(before);
    expect(added.map((e) => [e.action, e.source?.via])).toEqual([['fact.recorded', 'sync']]);
    a.close();
    b.close();
  }, 60_000);

  it('edits made apart on both homes: the later everywhere, one conflict listed on each, a pick on A ends it on both', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const first = asPerson(a, () => a.facts.memory.record('global', 'Lives in Lyon')).fact!;
    await sync(a, relay.url);
    await sync(b, relay.url);

    asPerson(a, () => a.facts.memory.update('global', first.id, 'Lives in Paris'));
    await tick();
    asPerson(b, () => b.facts.memory.update('global', first.id, 'Lives in Nice')); // the later edit
    // B syncs first: the later edit wins whichever device sends first.
    await sync(b, relay.url);
    await sync(a, relay.url);
    await sync(b, relay.url);
    for (const home of [a, b]) {
      expect(home.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['Lives in Nice']);
      const open = conflicts(home).openConflicts();
      expect(open).toHaveLength(1);
      expect(open[0].versions.map((v) => v.text).sort()).toEqual(['Lives in Nice', 'Lives in Paris']);
      const told = entries(home).filter((e) => e.action === SYNC_CONFLICT_ACTION);
      expect(told).toHaveLength(1);
      expect(told[0].summary).toMatch(/^Edited on both devices: .*Lives in Paris.*Lives in Nice|^Edited on both devices: .*Lives in Nice.*Lives in Paris/);
    }
    // A's History: A's own edit, then B's edit arriving "on another device" (one edit, not a forget and a record).
    expect(entries(a).filter((e) => e.source?.via === 'sync').map((e) => e.action)).toEqual(['fact.edited', SYNC_CONFLICT_ACTION]);

    // The person picks Paris on A.
    const [c] = conflicts(a).openConflicts();
    const paris = c.versions.find((v) => v.text === 'Lives in Paris')!;
    conflicts(a).pickFactVersion('global', c.factId, paris.versionId);
    expect(markdown(a)).toContain('Lives in Paris');
    expect(markdown(a)).not.toContain('Lives in Nice');
    await sync(a, relay.url);
    await sync(b, relay.url);
    for (const home of [a, b]) {
      expect(home.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['Lives in Paris']);
      expect(conflicts(home).openConflicts()).toEqual([]);
    }
    // A pick of a conflict already settled is refused with what to do.
    expect(() => conflicts(b).pickFactVersion('global', c.factId, paris.versionId)).toThrow(/already settled/);
    a.close();
    b.close();
  }, 90_000);
});
