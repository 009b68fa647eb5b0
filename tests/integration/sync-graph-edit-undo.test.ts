// Issue 30: History's undo of a relation edit travels as an undo. The person edits a relation on A (its
// wording, its start, its end), the edit reaches B (journalled there "on another device"), then the person
// undoes it in History on A: on B the entry for that edit shows undone, the undo is one entry from the other
// device, History offers to undo neither, and the relation reads as before. A home whose last edit of the
// relation is not the one undone journals the undo as an ordinary edit.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { derive, graphRelay, person, relationRows, tick } from '../helpers/sync-graph-homes';

const relay = graphRelay();
const edgeOf = (home: Engine, start: string) => {
  const snap = home.graph.store.snapshot('global');
  const name = new Map(snap.nodes.map((n) => [n.id, n.name]));
  return snap.edges.find((e) => `${name.get(e.src)} ${e.relation} ${name.get(e.dst)}`.startsWith(start))!.id;
};
const edits = (home: Engine, id: number) => home.journal.itemHistory(`relation:${id}`).filter((e) => e.action === 'relation.edited');
const canUndo = (home: Engine, ids: number[]) =>
  home.history.list({ layer: 'graph', limit: 500 }).entries.filter((e) => ids.includes(e.id)).map((e) => e.canUndo);

const cases: [string, Parameters<Engine['graph']['corrections']['editRelation']>[1]][] = [
  ['its wording', { relation: 'employed by' }],
  ['its start', { validFrom: '2026-01-15T00:00:00.000Z' }],
  ['its end', { validTo: '2026-06-01T00:00:00.000Z' }],
];

describe('monad sync: History\'s undo of a relation edit travels as an undo', () => {
  it.each(cases)('an edit of %s undone on A: B\'s entry for it shows undone, one new entry from A, the relation as before', async (_name, patch) => {
    const { a, b, sync } = relay.pair();
    const id = derive(a, 'Sam', 'works_at', 'Globex', ['msg-1']);
    await sync(a);
    await sync(b);
    const original = relationRows(b);
    expect(original.map((r) => r.text)).toEqual(['Sam works_at Globex']);

    a.graph.corrections.editRelation(id, patch, person);
    await sync(a);
    await sync(b);
    const onB = edgeOf(b, 'Sam ');
    const arrived = edits(b, onB);
    expect(arrived.map((e) => [e.actor, e.source?.via, e.undoneBy])).toEqual([['person', 'sync', null]]);

    await tick();
    a.journal.undo(edits(a, id).at(-1)!.id, { confirm: true });
    await sync(a);
    const before = b.journal.itemHistory(`relation:${onB}`).length;
    await sync(b);

    // The relation reads as it did before the edit, on both homes.
    expect(relationRows(a).map(({ text, validFrom, validTo }) => ({ text, validFrom, validTo }))).toEqual(original.map(({ text, validFrom, validTo }) => ({ text, validFrom, validTo })));
    expect(relationRows(b).map(({ text, validFrom, validTo }) => ({ text, validFrom, validTo }))).toEqual(original.map(({ text, validFrom, validTo }) => ({ text, validFrom, validTo })));
    // One new entry on B: the undo of the entry that brought the edit, from the other device.
    const added = b.journal.itemHistory(`relation:${onB}`).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'relation.edited', undoes: arrived[0].id, actor: 'person', source: { via: 'sync' } });
    expect(b.journal.get(arrived[0].id)!.undoneBy).toBe(added[0].id);
    expect(canUndo(b, [arrived[0].id, added[0].id])).toEqual([false, false]);
    // Quiet afterwards: nothing more written on B.
    await sync(b);
    await sync(a);
    await sync(b);
    expect(b.journal.itemHistory(`relation:${onB}`)).toHaveLength(before + 1);
    a.close();
    b.close();
  }, 60_000);

  it('B edited the relation again on its own: the undo from A is an ordinary edit there, B\'s own edit not marked undone', async () => {
    const { a, b, sync } = relay.pair();
    const id = derive(a, 'Sam', 'works_at', 'Globex', ['msg-1']);
    await sync(a);
    await sync(b);
    a.graph.corrections.editRelation(id, { validFrom: '2026-01-15T00:00:00.000Z' }, person);
    await sync(a);
    await sync(b);
    // On B the person moves the start again (not yet synced); then A undoes its edit, later.
    const onB = edgeOf(b, 'Sam ');
    await tick();
    b.graph.corrections.editRelation(onB, { validFrom: '2026-02-01T00:00:00.000Z' }, person);
    const mine = edits(b, onB).at(-1)!;
    await tick();
    a.journal.undo(edits(a, id).at(-1)!.id, { confirm: true });
    await sync(a);
    const before = b.journal.itemHistory(`relation:${onB}`).length;
    await sync(b);
    // A's undo is the later edit of the start: it stands on B, as an ordinary edit from A.
    expect(relationRows(b)[0].validFrom).toBe(relationRows(a)[0].validFrom);
    const added = b.journal.itemHistory(`relation:${onB}`).slice(before);
    expect(added.map((e) => [e.action, e.undoes, e.source?.via])).toEqual([['relation.edited', null, 'sync']]);
    expect(b.journal.get(mine.id)!.undoneBy).toBeNull();
    expect(canUndo(b, [added[0].id])).toEqual([true]);
    a.close();
    b.close();
  }, 60_000);
});
