// Issue 30 §3, undoing the person's graph corrections between two homes through one relay on loopback: an
// undone rename, merge or delete on A is undone on B through B's own History; a relation the person brought
// back after marking it wrong comes back on B; an entity the person adds again under a name deleted before
// reaches B.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { derive, graphRelay, names, nodeId, person, relations, syncEntries } from '../helpers/sync-graph-homes';

const relay = graphRelay();
const graphReport = async (p: Promise<{ documents: { kind: string }[] }>) => (await p).documents.find((d) => d.kind === 'graph');
const texts = (home: Engine) => relations(home).map((r) => r.text);

describe('monad sync: undoing graph corrections', () => {
  it('a rename, a merge and a delete undone on A are undone on B through its History', async () => {
    const { a, b, sync, round } = relay.pair();
    derive(a, 'Sam', 'works_at', 'Globex', ['msg-1']);
    derive(a, 'Sammy', 'likes', 'Jazz', ['msg-2']);
    derive(a, 'Bob', 'lives_in', 'Lyon', ['msg-3']);
    await sync(a);
    await sync(b);
    const renamed = a.graph.corrections.renameEntity(nodeId(a, 'Sam')!, 'Samuel', person).journalId!;
    const merged = a.graph.corrections.mergeEntities(nodeId(a, 'Samuel')!, nodeId(a, 'Sammy')!, person).journalId!;
    const deleted = a.graph.corrections.deleteEntity(nodeId(a, 'Bob')!, person).journalId!;
    await round();
    expect(names(b)).toEqual(['Globex', 'Jazz', 'Lyon', 'Samuel']);

    // The person undoes all three on A, the latest first.
    for (const id of [deleted, merged, renamed]) expect(a.journal.undo(id, { confirm: true }).done).toBe(true);
    expect(names(a)).toEqual(['Bob', 'Globex', 'Jazz', 'Lyon', 'Sam', 'Sammy']);
    await round();
    for (const home of [a, b]) {
      expect(names(home)).toEqual(['Bob', 'Globex', 'Jazz', 'Lyon', 'Sam', 'Sammy']);
      expect(texts(home)).toEqual(['Bob lives_in Lyon', 'Sam works_at Globex', 'Sammy likes Jazz']);
      // As on A, the names the corrections had given are gone again.
      expect(nodeId(home, 'Samuel')).toBeNull();
    }
    // Through B's History: its undo's entries, said to come from another device.
    expect(syncEntries(b).some((e) => e.action === 'entity.restored')).toBe(true);
    expect(syncEntries(b).filter((e) => e.undoes !== null).length).toBeGreaterThanOrEqual(3);
    for (const home of [b, a]) expect(await graphReport(sync(home))).toMatchObject({ sent: 0, received: 0, refused: [] });
  }, 60_000);

  it('a relation the person brings back on A after marking it wrong comes back on B', async () => {
    const { a, b, sync, round } = relay.pair();
    const id = derive(a, 'Sam', 'works_at', 'Initech', ['msg-1']);
    await sync(a);
    await sync(b);
    const wrong = a.graph.corrections.retractRelation(id, { reason: 'not so' }, person).journalId!;
    await round();
    expect(texts(b)).toEqual([]);
    expect(a.journal.undo(wrong, { confirm: true }).done).toBe(true);
    await round();
    for (const home of [a, b]) expect(texts(home)).toEqual(['Sam works_at Initech']);
    const restored = syncEntries(b).filter((e) => e.action === 'relation.restored');
    expect(restored.map((e) => e.actor)).toEqual(['person']);
    // The bringing back is an undo on A: on B it is the undo of the retraction that arrived, not a new change.
    const retracted = syncEntries(b).find((e) => e.action === 'relation.retracted')!;
    expect(restored[0].undoes).toBe(retracted.id);
    expect(b.journal.get(retracted.id)!.undoneBy).toBe(restored[0].id);
    for (const home of [b, a]) expect(await graphReport(sync(home))).toMatchObject({ sent: 0, received: 0, refused: [] });
  }, 60_000);

  it('an entity the person adds again on A under a name deleted before reaches B', async () => {
    const { a, b, sync, round } = relay.pair();
    derive(a, 'Bob', 'lives_in', 'Lyon', ['msg-1']);
    await sync(a);
    await sync(b);
    a.graph.corrections.deleteEntity(nodeId(a, 'Bob')!, person);
    await round();
    expect(nodeId(b, 'Bob')).toBeNull();
    // Another Bob, whom the person adds by hand.
    a.graph.corrections.addEntity('global', 'Bob', 'person', person);
    await round();
    for (const home of [a, b]) expect(names(home)).toEqual(['Bob', 'Lyon']);
    expect(b.graph.store.snapshot('global').nodes.find((n) => n.name === 'Bob')?.assertedBy).toBe('person');
    for (const home of [b, a]) expect(await graphReport(sync(home))).toMatchObject({ sent: 0, received: 0, refused: [] });
  }, 60_000);
});
