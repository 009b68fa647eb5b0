// Issue 30 §3, the graph's corrections and re-derivations compared by the right times, between two homes
// through one relay on loopback: every edit of a relation the person makes (wording, start, end, "still
// holds") reaches the other home through its corrections and beats a re-derivation there, the later edit of a
// field wins, and a later mention merged into an existing relation is a later derivation.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { derive, graphRelay, person, relationRows, relations, syncEntries, tick } from '../helpers/sync-graph-homes';

const graphReport = async (p: Promise<{ documents: { kind: string }[] }>) => (await p).documents.find((d) => d.kind === 'graph');
const edgeId = (home: Engine, text: string) => {
  const snap = home.graph.store.snapshot('global');
  const name = new Map(snap.nodes.map((n) => [n.id, n.name]));
  return snap.edges.find((e) => `${name.get(e.src)} ${e.relation} ${name.get(e.dst)}` === text)!.id;
};

const relay = graphRelay();

describe('monad sync: graph edits and the times they are compared by', () => {
  it("a later mention merged into B's relation outlives a derived end made before it on A, on both homes", async () => {
    const { a, b, sync, round } = relay.pair();
    derive(a, 'Sam', 'lives_in', 'Lisbon', ['msg-1']);
    await sync(a);
    await sync(b);
    // Apart: a newer value closes Lisbon on A; then B hears Lisbon again, merged into the row it already has.
    derive(a, 'Sam', 'lives_in', 'Porto', ['msg-2'], { validFrom: '2026-05-01T00:00:00.000Z', supersede: true });
    await tick();
    derive(b, 'Sam', 'lives_in', 'Lisbon', ['msg-3']);
    expect(relationRows(b).filter((r) => r.text.endsWith('Lisbon'))).toHaveLength(1);
    await round();
    // The derivation after the end stands: Lisbon is open on both (A re-opens it, B does not close it).
    for (const home of [a, b]) {
      const lisbon = relationRows(home).filter((r) => r.text === 'Sam lives_in Lisbon');
      expect(lisbon.map((r) => r.validTo)).toEqual([null]);
    }
    expect(a.journal.list({ layer: 'graph' }, { limit: 100 }).entries.some((e) => e.action === 'relation.reopened' && e.source?.via === 'sync')).toBe(true);
  }, 60_000);

  it("the person's new wording and start on A reach B through its corrections and beat B's concurrent re-derivation of the old wording", async () => {
    const { a, b, sync, round } = relay.pair();
    const id = derive(a, 'Sam', 'works_at', 'Globex', ['msg-1']);
    await sync(a);
    await sync(b);
    // Apart: the person rewords it and moves its start on A; B hears the old wording again from a new message.
    a.graph.corrections.editRelation(id, { relation: 'employed by', validFrom: '2026-02-01T00:00:00.000Z' }, person);
    derive(b, 'Sam', 'works_at', 'Globex', ['msg-8']);
    await round();
    for (const home of [a, b]) {
      expect(relationRows(home)).toEqual([{ text: 'Sam employed_by Globex', validFrom: '2026-02-01T00:00:00.000Z', validTo: null, assertedBy: 'person' }]);
      expect(relations(home)[0].support).toEqual(['msg-1', 'msg-8']);
    }
    const edited = syncEntries(b).filter((e) => e.action === 'relation.edited');
    expect(edited.map((e) => e.actor)).toEqual(['person']);
    // Nothing left to do, on either home.
    for (const home of [b, a]) expect(await graphReport(sync(home))).toMatchObject({ sent: 0, received: 0, refused: [] });
  }, 60_000);

  it('an end the person removes ("still holds") reaches B, and of two edits of a field made apart the later wins on both', async () => {
    const { a, b, sync, round } = relay.pair();
    const id = derive(a, 'Sam', 'lives_in', 'Lisbon', ['msg-1']);
    a.graph.corrections.editRelation(id, { validTo: '2026-04-01T00:00:00.000Z' }, person);
    await sync(a);
    await sync(b);
    expect(relationRows(b).map((r) => r.validTo)).toEqual(['2026-04-01T00:00:00.000Z']);
    // The person takes the end back on A: it still holds.
    a.graph.corrections.editRelation(id, { validTo: null }, person);
    await round();
    for (const home of [a, b]) expect(relationRows(home)).toEqual([{ text: 'Sam lives_in Lisbon', validFrom: '2026-03-01T10:00:00.000Z', validTo: null, assertedBy: 'person' }]);
    // Apart: the start corrected on B, then again (later) on A, while B also rewords it: each field's later edit stands.
    b.graph.corrections.editRelation(edgeId(b, 'Sam lives_in Lisbon'), { validFrom: '2026-01-01T00:00:00.000Z' }, person);
    await tick();
    a.graph.corrections.editRelation(id, { validFrom: '2026-02-01T00:00:00.000Z' }, person);
    b.graph.corrections.editRelation(edgeId(b, 'Sam lives_in Lisbon'), { relation: 'resides in' }, person);
    await round();
    for (const home of [a, b]) expect(relationRows(home)).toEqual([{ text: 'Sam resides_in Lisbon', validFrom: '2026-02-01T00:00:00.000Z', validTo: null, assertedBy: 'person' }]);
    for (const home of [b, a]) expect(await graphReport(sync(home))).toMatchObject({ sent: 0, received: 0, refused: [] });
  }, 60_000);
});
