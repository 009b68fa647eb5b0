// Issue 30 §3 with real homes and a relay on loopback: what a home did to a fact before it ever synced travels
// as what it was. An edit made before the first sync reaches a home holding the old text as one edit of that
// fact (not a forget and a record); a forget made before the first sync is not undone by another home's copy
// of the same text, while an edit of it made apart still wins and History says so.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { SYNC_CONFLICT_ACTION } from '../../src/main/engine-sync-facts';
import { factId } from '../../src/main/memory/facts/fact-id';
import { relayHomes } from '../helpers/sync-devices';

const { sync, twoHomes: setUp } = relayHomes('home-under-test');
const texts = (engine: Engine): string[] => engine.facts.memory.read('global').facts.map((f) => f.text).sort();
const asPerson = <T>(engine: Engine, fn: () => T): T => engine.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, fn);
const history = (engine: Engine) => engine.journal.list({ layer: 'facts' }, { limit: 500 }).entries;
const fromSync = (engine: Engine) => history(engine).filter((e) => e.source?.via === 'sync' && e.action !== SYNC_CONFLICT_ACTION);
const told = (engine: Engine) => history(engine).filter((e) => e.action === SYNC_CONFLICT_ACTION);

const CAT = 'Has a cat';
const MIA = 'Owns a cat called Mia';
const TWO = 'Has two cats';
const ORDERS = ['a', 'b'] as const;

function recordOn(engine: Engine, ...items: string[]): void {
  for (const t of items) asPerson(engine, () => engine.facts.memory.record('global', t));
}

const idOfText = (engine: Engine, text: string): string => engine.facts.memory.read('global').facts.find((f) => f.text === text)!.id;

async function rounds(url: string, first: 'a' | 'b', a: Engine, b: Engine): Promise<void> {
  const order = first === 'a' ? [a, b] : [b, a];
  for (let i = 0; i < 2; i++) for (const e of order) await sync(e, url);
}

describe('monad sync: what a home did before its first sync', () => {
  it('an edit made on A before A ever synced reaches B, which held the old text, as one edit of that fact', async () => {
    for (const first of ORDERS) {
      const { url, a, b } = await setUp();
      recordOn(a, CAT, MIA);
      recordOn(b, CAT, MIA);
      asPerson(a, () => a.facts.memory.update('global', idOfText(a, CAT), TWO));
      await rounds(url, first, a, b);
      for (const home of [a, b]) expect(texts(home), `${first} first`).toEqual([MIA, TWO].sort());
      // B's History: one edit from the other device, as a local edit would read — no forget, no record.
      const onB = fromSync(b);
      expect(onB.map((e) => e.action), `${first} first`).toEqual(['fact.edited']);
      expect(onB[0].item).toBe(`fact:${factId(CAT)}`);
      expect(onB[0].summary).toContain(TWO);
      // The fact keeps its lineage: its source names the text it replaced, as after a local edit.
      expect(b.facts.ledger.sourceOf('global', factId(TWO))?.replaces, `${first} first`).toEqual([factId(CAT)]);
      // Nothing came back to A, and neither home saw a conflict.
      expect(fromSync(a), `${first} first`).toEqual([]);
      for (const home of [a, b]) expect(told(home)).toEqual([]);
    }
  }, 120_000);

  it('edited twice on A, before A ever synced or between two syncs: one edit on B, from the text B held', async () => {
    for (const when of ['before the first sync', 'between two syncs'] as const) {
      const { url, a, b } = await setUp();
      recordOn(a, CAT);
      recordOn(b, CAT);
      if (when === 'between two syncs') {
        await rounds(url, 'a', a, b);
        expect(fromSync(b)).toEqual([]);
      }
      asPerson(a, () => a.facts.memory.update('global', idOfText(a, CAT), TWO));
      asPerson(a, () => a.facts.memory.update('global', idOfText(a, TWO), 'Has two black cats'));
      await rounds(url, 'a', a, b);
      for (const home of [a, b]) expect(texts(home), when).toEqual(['Has two black cats']);
      const onB = fromSync(b);
      expect(onB.map((e) => e.action), when).toEqual(['fact.edited']);
      expect(onB[0].item, when).toBe(`fact:${factId(CAT)}`);
      for (const home of [a, b]) expect(told(home), when).toEqual([]);
    }
  }, 120_000);

  it('an edit made on A before its first sync, after B edited the same text once synced: edited on both, the later stands', async () => {
    const { url, a, b } = await setUp();
    recordOn(a, CAT);
    recordOn(b, CAT);
    await rounds(url, 'b', b, b);
    asPerson(b, () => b.facts.memory.update('global', idOfText(b, CAT), 'Has a black cat'));
    await sync(b, url);
    asPerson(a, () => a.facts.memory.update('global', idOfText(a, CAT), TWO));
    await rounds(url, 'a', a, b);
    for (const home of [a, b]) {
      expect(texts(home)).toEqual([TWO]);
      expect(told(home).map((e) => e.summary)).toEqual([expect.stringMatching(/^Edited on both devices/)]);
    }
  }, 60_000);

  it('a forget made on A before A ever synced is not undone by B\'s copy of the same text, whichever home syncs first', async () => {
    for (const first of ORDERS) {
      const { url, a, b } = await setUp();
      recordOn(a, CAT, MIA);
      recordOn(b, CAT, MIA);
      asPerson(a, () => a.facts.memory.forget('global', idOfText(a, CAT)));
      await rounds(url, first, a, b);
      for (const home of [a, b]) expect(texts(home), `${first} first`).toEqual([MIA]);
      expect(fromSync(b).map((e) => e.action), `${first} first`).toEqual(['fact.forgotten']);
      expect(fromSync(a), `${first} first`).toEqual([]);
      for (const home of [a, b]) expect(told(home)).toEqual([]);
    }
  }, 120_000);

  it('an edit made on B apart from A\'s forget before either synced still wins, and History says so', async () => {
    for (const first of ORDERS) {
      const { url, a, b } = await setUp();
      recordOn(a, CAT, MIA);
      recordOn(b, CAT, MIA);
      asPerson(a, () => a.facts.memory.forget('global', idOfText(a, CAT)));
      asPerson(b, () => b.facts.memory.update('global', idOfText(b, CAT), TWO));
      await rounds(url, first, a, b);
      for (const home of [a, b]) {
        expect(texts(home), `${first} first`).toEqual([MIA, TWO].sort());
        expect(told(home).map((e) => e.summary), `${first} first`).toEqual([expect.stringMatching(/^Kept “Has two cats”: edited on .* while forgotten on /)]);
      }
    }
  }, 120_000);

  it('forgotten on A before its first sync, while B edited another fact into that text: B\'s edit stands on both', async () => {
    const { url, a, b } = await setUp();
    recordOn(a, CAT);
    recordOn(b, MIA);
    await rounds(url, 'b', b, b);
    asPerson(b, () => b.facts.memory.update('global', idOfText(b, MIA), CAT));
    await sync(b, url);
    asPerson(a, () => a.facts.memory.forget('global', idOfText(a, CAT)));
    await rounds(url, 'a', a, b);
    for (const home of [a, b]) expect(texts(home)).toEqual([CAT]);
  }, 60_000);

  it('forgotten on A, recorded again and then edited there, all before its first sync: one edit on B, no conflict', async () => {
    const { url, a, b } = await setUp();
    recordOn(a, CAT);
    recordOn(b, CAT);
    asPerson(a, () => a.facts.memory.forget('global', idOfText(a, CAT)));
    recordOn(a, CAT);
    asPerson(a, () => a.facts.memory.update('global', idOfText(a, CAT), TWO));
    await rounds(url, 'a', a, b);
    for (const home of [a, b]) {
      expect(texts(home)).toEqual([TWO]);
      expect(told(home)).toEqual([]);
    }
    expect(fromSync(b).map((e) => e.action)).toEqual(['fact.edited']);
  }, 60_000);

  it('a text forgotten on A and recorded again there before its first sync stands on both', async () => {
    const { url, a, b } = await setUp();
    recordOn(a, CAT);
    recordOn(b, CAT);
    asPerson(a, () => a.facts.memory.forget('global', idOfText(a, CAT)));
    recordOn(a, CAT);
    await rounds(url, 'a', a, b);
    for (const home of [a, b]) expect(texts(home)).toEqual([CAT]);
  }, 60_000);
});
