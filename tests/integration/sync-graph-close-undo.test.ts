// Issue 30: the person undoing a relation's close travels as an undo. A newer value closes "Sam lives in
// Lisbon" on A (as consolidation writes it: the new relation and the close, one History group), the close
// reaches B; then the person undoes it in History on A (taking out the newer value with it). On B, Lisbon is
// open again, B's entry for the close shows undone by one entry from A, History offers to undo neither, and
// A does not close it again. The relation stays as derived: a newer value derived after the undo closes it
// again on both homes. The same holds the other way (B undoing the close that came from A re-opens it on A),
// and for the person marking the newer value wrong, which re-opens what it had closed on every home.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { recordUpsert } from '../../src/main/memory/graph/graph-corrections';
import { derive, graphRelay, relationRows, tick } from '../helpers/sync-graph-homes';

const relay = graphRelay();

/** A relation as consolidation writes it: the store's upsert and its History entries (a close too), one group. */
function consolidate(home: Engine, src: string, relation: string, dst: string, support: string[], validFrom: string): void {
  const { store, corrections } = home.graph;
  corrections.g.group(() => {
    const s = store.upsertNode('global', src, 'person').id;
    const d = store.upsertNode('global', dst, 'place').id;
    const res = store.tryUpsertEdge({ scope: 'global', src: s, dst: d, relation, provClass: 'user', validFrom, support, supersede: true });
    if (res.kind === 'held') throw new Error('held');
    recordUpsert(corrections.g, res, { actor: 'extraction' });
  });
}

const edgeOf = (home: Engine, text: string): number => {
  const snap = home.graph.store.snapshot('global');
  const name = new Map(snap.nodes.map((n) => [n.id, n.name]));
  return snap.edges.find((e) => `${name.get(e.src)} ${e.relation} ${name.get(e.dst)}` === text)!.id;
};
const ends = (home: Engine) => relationRows(home).map((r) => [r.text, r.validTo, r.assertedBy]);
const history = (home: Engine, id: number) => home.journal.itemHistory(`relation:${id}`);
/** The entry that closed the relation on that home (a newer value's close, or an end that came in). */
const closing = (home: Engine, id: number) => history(home, id).filter((e) => (e.after as { validTo: string | null } | null)?.validTo && !(e.before as { validTo: string | null } | null)?.validTo).at(-1)!;
const canUndo = (home: Engine, ids: number[]) => home.history.list({ layer: 'graph', limit: 500 }).entries.filter((e) => ids.includes(e.id)).map((e) => e.canUndo);

const PORTO = '2026-05-01T00:00:00.000Z';

/** Both homes hold "Sam lives in Lisbon"; then A's consolidation learns Porto (closing Lisbon), not yet sent. */
async function lisbonThenPorto() {
  const pair = relay.pair();
  derive(pair.a, 'Sam', 'lives_in', 'Lisbon', ['msg-1']);
  await pair.sync(pair.a);
  await pair.sync(pair.b);
  await tick();
  consolidate(pair.a, 'Sam', 'lives_in', 'Porto', ['msg-2'], PORTO);
  return pair;
}

describe("monad sync: History's undo of a relation's close travels as an undo", () => {
  it("a close undone on A: Lisbon open again on both, B's entry for the close undone by one entry from A, not offered again", async () => {
    const { a, b, sync, round } = await lisbonThenPorto();
    await sync(a);
    await sync(b);
    expect(ends(b)).toEqual([
      ['Sam lives_in Lisbon', PORTO, 'model'],
      ['Sam lives_in Porto', null, 'model'],
    ]);
    const onB = edgeOf(b, 'Sam lives_in Lisbon');
    const closedOnB = closing(b, onB);
    expect(closedOnB).toMatchObject({ actor: 'extraction', source: { via: 'sync' }, undoneBy: null });

    // The person undoes the close in History on A (its group: the newer value goes with it).
    await tick();
    const onA = edgeOf(a, 'Sam lives_in Lisbon');
    const undone = a.journal.undo(closing(a, onA).id, { confirm: true });
    expect(undone.done).toBe(true);
    expect(ends(a)).toEqual([['Sam lives_in Lisbon', null, 'model']]);
    await sync(a);
    const before = history(b, onB).length;
    await sync(b);

    // Open again on B, still as derived; and A does not close it again.
    expect(ends(b)).toEqual([['Sam lives_in Lisbon', null, 'model']]);
    const added = history(b, onB).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'relation.reopened', undoes: closedOnB.id, actor: 'person', source: { via: 'sync' } });
    expect(b.journal.get(closedOnB.id)!.undoneBy).toBe(added[0].id);
    expect(canUndo(b, [closedOnB.id, added[0].id])).toEqual([false, false]);
    await round();
    for (const home of [a, b]) expect(ends(home)).toEqual([['Sam lives_in Lisbon', null, 'model']]);
    // Quiet afterwards: nothing more written on either home's Lisbon.
    expect(history(b, onB)).toHaveLength(before + 1);
    expect(history(a, onA).at(-1)).toMatchObject({ action: 'relation.reopened', source: { detail: 'undo' } });
    a.close();
    b.close();
  }, 90_000);

  it('a newer value derived after the undo closes it again on both homes', async () => {
    const { a, b, sync, round } = await lisbonThenPorto();
    await round();
    await tick();
    a.journal.undo(closing(a, edgeOf(a, 'Sam lives_in Lisbon')).id, { confirm: true });
    await round();
    expect(ends(b)).toEqual([['Sam lives_in Lisbon', null, 'model']]);
    // Later, B's consolidation learns Sam moved to Madrid: Lisbon ends there, on both.
    await tick();
    consolidate(b, 'Sam', 'lives_in', 'Madrid', ['msg-3'], '2026-07-01T00:00:00.000Z');
    await round();
    for (const home of [a, b]) {
      expect(ends(home)).toEqual([
        ['Sam lives_in Lisbon', '2026-07-01T00:00:00.000Z', 'model'],
        ['Sam lives_in Madrid', null, 'model'],
      ]);
    }
    a.close();
    b.close();
  }, 90_000);

  it('the person marking the newer value wrong on A re-opens what it had closed, on both homes', async () => {
    const { a, b, sync, round } = await lisbonThenPorto();
    await round();
    expect(ends(b).map((r) => r[1])).toEqual([PORTO, null]);
    await tick();
    const onB = edgeOf(b, 'Sam lives_in Lisbon');
    a.graph.corrections.retractRelation(edgeOf(a, 'Sam lives_in Porto'), { reason: 'Sam never moved' }, { actor: 'person', source: { via: 'app' } });
    expect(ends(a)).toEqual([['Sam lives_in Lisbon', null, 'model']]);
    await round();
    await round();
    for (const home of [a, b]) expect(ends(home)).toEqual([['Sam lives_in Lisbon', null, 'model']]);
    // B says why: re-opened as on A, one entry, from the other device.
    const reopened = history(b, onB).filter((e) => e.action === 'relation.reopened');
    expect(reopened.map((e) => [e.actor, e.source?.via])).toEqual([['person', 'sync']]);

    // The person takes the retraction back in History on A: Porto returns and closes Lisbon again, on both.
    await tick();
    const wrong = a.journal.list({ layer: 'graph', actor: 'person' }, { limit: 50 }).entries.find((e) => e.action === 'relation.retracted')!;
    a.journal.undo(wrong.id, { confirm: true });
    await round();
    const back = [
      ['Sam lives_in Lisbon', PORTO, 'model'],
      ['Sam lives_in Porto', null, 'model'],
    ];
    expect(ends(a)).toEqual(back);
    expect(ends(b)).toEqual(back);
    a.close();
    b.close();
  }, 90_000);

  it('B undoing the close that came from A re-opens it on A, as the undo of A\'s close', async () => {
    const { a, b, sync, round } = await lisbonThenPorto();
    await sync(a);
    await sync(b);
    await tick();
    const onB = edgeOf(b, 'Sam lives_in Lisbon');
    b.journal.undo(closing(b, onB).id, { confirm: true });
    const onA = edgeOf(a, 'Sam lives_in Lisbon');
    const closedOnA = closing(a, onA);
    await sync(b);
    const before = history(a, onA).length;
    await round();
    // Both values hold on both homes: the person said Lisbon was not ended by Porto.
    const want = [
      ['Sam lives_in Lisbon', null, 'model'],
      ['Sam lives_in Porto', null, 'model'],
    ];
    expect(ends(a)).toEqual(want);
    expect(ends(b)).toEqual(want);
    const added = history(a, onA).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ action: 'relation.reopened', undoes: closedOnA.id, actor: 'person', source: { via: 'sync' } });
    expect(a.journal.get(closedOnA.id)!.undoneBy).toBe(added[0].id);

    // A's consolidation hears of Porto again: it closes Lisbon again at the same date, after the undo, on both.
    await tick();
    consolidate(a, 'Sam', 'lives_in', 'Porto', ['msg-9'], PORTO);
    expect(ends(a)[0]).toEqual(['Sam lives_in Lisbon', PORTO, 'model']);
    await round();
    const closedAgain = [
      ['Sam lives_in Lisbon', PORTO, 'model'],
      ['Sam lives_in Porto', null, 'model'],
    ];
    expect(ends(a)).toEqual(closedAgain);
    expect(ends(b)).toEqual(closedAgain);
    a.close();
    b.close();
  }, 90_000);
});
