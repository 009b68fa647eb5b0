// Issue 30 §3 with real homes and a relay on loopback: the same fact recorded on two homes apart (fact ids are
// hashes of the text) is one write, not a concurrent edit. When one home merges or forgets it, the other's
// copy does not bring it back after sync; a real edit made apart from the forget, or a record made after
// seeing it, still wins.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { factSyncPort } from '../../src/main/engine-sync';
import { factConflicts, SYNC_CONFLICT_ACTION } from '../../src/main/engine-sync-facts';
import { syncStoreFile } from '../../src/cli/commands/sync';
import type { JournalActor } from '../../src/shared/journal';
import { relayHomes } from '../helpers/sync-devices';

const { sync, twoHomes: setUp } = relayHomes('home-under-test');
const texts = (engine: Engine): string[] => engine.facts.memory.read('global').facts.map((f) => f.text).sort();
const asPerson = <T>(engine: Engine, fn: () => T): T => engine.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, fn);
const told = (engine: Engine) => engine.journal.list({ layer: 'facts' }, { limit: 500 }).entries.filter((e) => e.action === SYNC_CONFLICT_ACTION);
const open = (engine: Engine) => factConflicts(factSyncPort(engine), syncStoreFile(engine.paths.root)).openConflicts();

const CAT = 'Has a cat';
const MIA = 'Owns a cat called Mia';
const MERGED = 'Has a cat called Mia';

/** The same facts written on a home on its own (an agent's extraction from the same conversation, say). */
function recordBoth(...engines: Engine[]): void {
  for (const e of engines) for (const t of [CAT, MIA]) e.facts.memory.record('global', t);
}

/** A merge as consolidation (or the person approving one) writes it: the covered facts become one. */
function merge(engine: Engine, actor: JournalActor): void {
  const facts = engine.facts.memory.read('global').facts;
  const preview = engine.facts.memory.preview(MERGED);
  if (!preview.ok) throw new Error('the merged text was refused');
  const merges = new Map([[preview.id, facts.map((f) => f.id)]]);
  engine.facts.ledger.as({ actor, source: { via: 'app' }, merges }, () => engine.facts.memory.replaceAll('global', [MERGED], facts.map((f) => f.id)));
}

async function rounds(url: string, ...engines: Engine[]): Promise<void> {
  for (let i = 0; i < 2; i++) for (const e of engines) await sync(e, url);
}

describe('monad sync: the same fact recorded on two homes is one write', () => {
  it('recorded on both before their first sync, merged on A after its first: the merged-away facts stay gone on both', async () => {
    const { url, a, b } = await setUp();
    recordBoth(a, b);
    await sync(a, url);
    merge(a, 'consolidation');
    await sync(a, url);
    await rounds(url, b, a); // B's first sync comes after the merge
    for (const home of [a, b]) {
      expect(texts(home)).toEqual([MERGED]);
      expect(open(home)).toEqual([]);
      expect(told(home)).toEqual([]);
    }
  }, 60_000);

  it('merged on A (the person approving it) before A ever synced: gone on both, whichever home syncs first', async () => {
    for (const first of ['a', 'b'] as const) {
      const { url, a, b } = await setUp();
      recordBoth(a, b);
      merge(a, 'person');
      await rounds(url, ...(first === 'a' ? [a, b] : [b, a]));
      for (const home of [a, b]) expect(texts(home), `${first} first`).toEqual([MERGED]);
    }
  }, 60_000);

  it('recorded on both before their first sync, forgotten on A after its first: forgotten on both', async () => {
    const { url, a, b } = await setUp();
    recordBoth(a, b);
    await sync(a, url);
    const cat = a.facts.memory.read('global').facts.find((f) => f.text === CAT)!;
    asPerson(a, () => a.facts.memory.forget('global', cat.id));
    await sync(a, url);
    await rounds(url, b, a);
    for (const home of [a, b]) expect(texts(home)).toEqual([MIA]);
  }, 60_000);

  it('edited on A before A ever synced: the old text does not come back from B, whichever home syncs first', async () => {
    for (const first of ['a', 'b'] as const) {
      const { url, a, b } = await setUp();
      recordBoth(a, b);
      const cat = a.facts.memory.read('global').facts.find((f) => f.text === CAT)!;
      asPerson(a, () => a.facts.memory.update('global', cat.id, 'Has two cats'));
      await rounds(url, ...(first === 'a' ? [a, b] : [b, a]));
      for (const home of [a, b]) expect(texts(home), `${first} first`).toEqual(['Has two cats', MIA]);
    }
  }, 60_000);

  it('a real edit on B made apart from A\'s forget still wins, and History says so', async () => {
    const { url, a, b } = await setUp();
    recordBoth(a);
    await rounds(url, a, b);
    const cat = a.facts.memory.read('global').facts.find((f) => f.text === CAT)!;
    asPerson(a, () => a.facts.memory.forget('global', cat.id));
    asPerson(b, () => b.facts.memory.update('global', cat.id, 'Has two cats'));
    await rounds(url, a, b);
    for (const home of [a, b]) {
      expect(texts(home)).toEqual(['Has two cats', MIA]);
      expect(told(home).map((e) => e.summary)).toEqual([expect.stringMatching(/^Kept “Has two cats”: edited on .* while forgotten on /)]);
    }
  }, 60_000);

  it('recorded again on B after B saw the forget: it stands on both', async () => {
    const { url, a, b } = await setUp();
    recordBoth(a, b);
    await rounds(url, a, b);
    const cat = a.facts.memory.read('global').facts.find((f) => f.text === CAT)!;
    asPerson(a, () => a.facts.memory.forget('global', cat.id));
    await rounds(url, a, b);
    expect(texts(b)).toEqual([MIA]);
    asPerson(b, () => b.facts.memory.record('global', CAT));
    await rounds(url, b, a);
    for (const home of [a, b]) expect(texts(home)).toEqual([CAT, MIA]);
  }, 60_000);
});
